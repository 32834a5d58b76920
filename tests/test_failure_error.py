"""The failure classifier's measured error and the corrected failure count (issue 12, ``failure_error``)."""

from __future__ import annotations

import csv
import json

import duckdb
import numpy as np
import polars as pl
import pytest

from rl_inclusion.errors import ConfigError
from rl_inclusion.metrics import failure_error_model, share_estimate
from rl_inclusion.screening.estimate import ErrorModel
from rl_inclusion.storage import apply_schema
from rl_inclusion.threads import failure_error
from rl_inclusion.threads.labelled import read_labels
from rl_inclusion.threads.learned_failure import LABELLED_SETS, REAL_DIR, read_relabels


def th(number, title, body, kind="issue"):
    return {"framework": "verl", "repo": "verl-project/verl", "number": number, "kind": kind, "title": title,
            "body": body, "state": "open", "author": "a", "labels": [], "created_at": "2025-05-01T00:00:00Z",
            "updated_at": "2025-05-02T00:00:00Z", "closed_at": None, "merged_at": None,
            "url": f"https://github.com/verl-project/verl/issues/{number}", "comments": []}


def write_set(folder, threads, labels):
    with (folder / "t.jsonl").open("w") as f:
        f.writelines(json.dumps(t) + "\n" for t in threads)
    with (folder / "l.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["framework", "number", "training_failure"])
        w.writerows(labels)


def test_the_rules_decide_every_labelled_thread(tmp_path):
    write_set(tmp_path, [th(1, "Loss becomes NaN after 200 steps", "grad norm inf then nan"),
                         th(2, "How do I install flash-attn?", "pip fails to build the wheel"),
                         th(3, "Reward does not go up at all", "flat for 500 steps"),
                         th(4, "Question about the config", "which file sets the batch size")],
              [("verl", 1, "true"), ("verl", 2, "false"), ("verl", 3, "true"), ("verl", 4, "true")])
    got = failure_error.out_of_sample("rules", sets=(("t.jsonl", "l.csv"),), real_dir=tmp_path)
    assert got.columns == list(failure_error.ERROR_SCHEMA)
    # the NaN report and the flat reward are rules failures; #4 is labelled a failure (for this test) but says
    # nothing a rule reads: a miss, which is what the table is for
    assert set(got["drawn"]) == {"enriched"}   # a labels file without a split column
    assert got.sort("number").select("number", "training_failure", "predicted").rows() == [
        (1, True, True), (2, False, False), (3, True, True), (4, True, False)]
    assert set(got["labelled_set"]) == {"l"} and set(got["classifier"]) == {"rules"}


def test_an_unknown_classifier_is_refused():
    with pytest.raises(Exception, match="unknown failure classifier 'words'"):
        failure_error.out_of_sample("words")
    with pytest.raises(Exception, match="unknown failure classifier 'words'"):
        failure_error.load("words")


def test_the_shipped_error_file_is_current_and_holds_every_labelled_thread():
    """The file is regenerated whenever the labels, rules or model change (``python -m
    rl_inclusion.threads.failure_error``); its digest says what it was computed from."""
    stamp = json.loads(failure_error.STAMP_FILE.read_text())
    assert stamp["digest"] == failure_error.inputs_digest()
    both = pl.read_csv(failure_error.ERROR_FILE, schema=failure_error.ERROR_SCHEMA)
    assert both.group_by("classifier").len().sort("classifier").rows() == [("rules", 14852), ("rules+learned", 14852)]
    shipped = both.filter(pl.col("classifier") == "rules+learned")
    labels = pl.concat([read_labels(REAL_DIR / lf).select(
        "framework", "number", pl.col("label").alias("training_failure"), labelled_set=pl.lit(lf.removesuffix(".csv")))
        for _, lf in LABELLED_SETS])
    assert shipped.height == labels.height == 14852
    # every label as drawn, but those adjudicated later (relabels.csv: Qwen3-VL #600 of v10, forgetting, the 72
    # reproduction gaps of reproduction_review.csv, the 44 poor end results of end_result_review.csv and the 283 outputs
    # gone wrong after training of output_review.csv, all no longer failures)
    differ = shipped.join(labels, on=["labelled_set", "framework", "number"]).filter(
        pl.col("training_failure") != pl.col("training_failure_right"))
    adjudicated = {(f.removesuffix(".csv"), fw, n, tf.lower() == "true")
                   for f, fw, n, tf, _ in read_relabels(REAL_DIR).rows()}
    assert len(adjudicated) == 400 and ("labels_v10", "Qwen3-VL", 600, False) in adjudicated
    assert set(differ.select("labelled_set", "framework", "number", "training_failure").rows()) == adjudicated
    assert differ.height == 400 and not differ["training_failure"].any()
    assert stamp["threads"] == 14852


def test_the_shipped_rules_rows_are_what_the_rules_decide_now():
    """The rules' rows ship too (deciding 13,000 threads takes a minute); on two sets they are what the rules
    decide today, and ``load`` reads them from the file."""
    rows, origin = failure_error.load("rules")
    assert origin == "shipped failure_error.csv (the rules on every labelled thread)" and rows.height == 14852
    now = failure_error.out_of_sample("rules", sets=LABELLED_SETS[:2])
    assert now.height == 317 + 216
    assert rows.join(now.select("labelled_set"), on="labelled_set", how="semi").sort(
        "labelled_set", "framework", "number").equals(now.sort("labelled_set", "framework", "number"))


@pytest.mark.parametrize("p", [0.9, 0.1])
def test_the_rules_rows_read_off_a_rules_learned_pass_are_the_rules_own(monkeypatch, p):
    """``write`` decides every thread once: the rules' rows are the rules+learned pass less what the model added, and
    with the flags the model overruled.  A model sure of every thread (0.9) flags all the rules leave, bar pull
    requests and vetoed titles; a model doubtful of every thread (0.1) overrules every flag of the rules."""
    class Fixed:
        threshold, rule_gate = 0.55, 0.2
        def predict_proba(self, texts): return np.full(len(texts), p)
        def cues(self, texts): return [None] * len(texts)
    monkeypatch.setattr(failure_error, "bundled_model", lambda exclude: Fixed())
    both = failure_error.out_of_sample("rules+learned", sets=LABELLED_SETS[:1], rules_too=True)
    key = ["framework", "number"]
    rules_now = failure_error.out_of_sample("rules", sets=LABELLED_SETS[:1]).sort(key)
    read_off = both.filter(pl.col("classifier") == "rules").sort(key)
    learned = both.filter(pl.col("classifier") == "rules+learned").sort(key)
    assert read_off.height == learned.height == rules_now.height == 317
    assert read_off.equals(rules_now)
    if p == 0.9:
        assert int(learned["predicted"].sum()) > int(read_off["predicted"].sum())
        assert not (read_off["predicted"] & ~learned["predicted"]).any()
    else:
        assert int(read_off["predicted"].sum()) > 0 and not learned["predicted"].any()
    with pytest.raises(ConfigError):
        failure_error.out_of_sample("rules", sets=LABELLED_SETS[:1], rules_too=True)


def test_a_file_of_rules_learned_rows_only_leaves_the_rules_to_be_computed(monkeypatch, tmp_path):
    """A file written before the rules' rows shipped: the rules are decided when asked."""
    rows = pl.read_csv(failure_error.ERROR_FILE, schema=failure_error.ERROR_SCHEMA)
    path = tmp_path / "failure_error.csv"
    rows.filter(pl.col("classifier") == "rules+learned").write_csv(path)
    monkeypatch.setattr(failure_error, "ERROR_FILE", path)
    monkeypatch.setattr(failure_error, "_decided_by_rules", lambda digest: "decided now")
    assert failure_error.load("rules") == ("decided now", "the rules on every labelled thread")
    assert failure_error.load("rules+learned")[0].height == 14852


def test_a_stale_file_is_recomputed_and_said(monkeypatch, tmp_path):
    stamp = tmp_path / "failure_error.json"
    stamp.write_text(json.dumps({"digest": "0" * 64}))
    monkeypatch.setattr(failure_error, "STAMP_FILE", stamp)
    fresh = pl.DataFrame(schema=failure_error.ERROR_SCHEMA)
    monkeypatch.setattr(failure_error, "out_of_sample", lambda classifier: fresh)
    df, origin = failure_error.load("rules+learned")
    assert df is fresh and origin.startswith("recomputed: the shipped failure_error.csv does not match")


def test_the_corrected_share_by_hand():
    # 10 labelled failures, 8 flagged (tpr 0.8); 90 others, 9 flagged (fpr 0.1)
    truth = np.array([True] * 10 + [False] * 90)
    predicted = np.array([True] * 8 + [False] * 2 + [True] * 9 + [False] * 81)
    model = ErrorModel(truth, predicted)
    # 30 of 200 flagged: (0.15 - 0.1) / (0.8 - 0.1) * 200 = 14.2857 failures, a share of 0.0714
    est = share_estimate(model, 30, 200)
    assert est.raw == pytest.approx(0.15)
    assert est.estimate == pytest.approx(0.05 / 0.7)
    # ten labelled failures measure tpr loosely: the interval reaches zero and passes the raw share
    assert est.low == 0.0 and est.estimate < 0.15 < est.high
    assert share_estimate(model, 3, 0) is None and share_estimate(None, 3, 10) is None


def test_the_error_model_reads_issues_and_discussions_only():
    con = duckdb.connect()
    apply_schema(con)
    rows = [("labels", "verl", 1, "issue", "general", True, True), ("labels", "verl", 2, "issue", "general", False, True),
            ("labels", "verl", 3, "discussion", "general", False, False),
            ("labels", "verl", 4, "pull", "general", True, False),
            ("labels", "TRL", 1, "issue", "enriched", True, False),
            ("labels", "TRL", 2, "issue", "enriched", False, True)]
    con.executemany("INSERT INTO failure_error VALUES (?, ?, ?, ?, ?, ?, ?, 'rules')", rows)
    model, what = failure_error_model(con)
    # the pull request's miss is left out; so is the false alarm of a symptom-drawn part (TRL #2), while its
    # failure (TRL #1, missed) counts: tpr 1 of 2, fpr 1 of 2 (verl #2 flagged, #3 not)
    assert (model.tpr, model.fpr) == (0.5, 0.5)
    assert what == "2 labelled failures and 2 other issues and discussions of real trackers drawn as they come (rules)"
    con.execute("DELETE FROM failure_error")
    assert failure_error_model(con) == (None, "no labelled threads")


def test_eval_threads_states_the_corrected_count_beside_the_true_one(monkeypatch):
    from rl_inclusion.threads.evaluate import failure_count_line

    # labelled error rows: 10 failures (8 flagged), 90 others drawn as trackers deliver them (9 flagged), plus a
    # row for the evaluated thread verl#1 itself, which must not count (it would make 11 failures, 9 flagged)
    def row(i, fw, failure, predicted, drawn="general", kind="issue"):
        return {"labelled_set": "labels_x", "framework": fw, "number": i, "kind": kind, "drawn": drawn,
                "training_failure": failure, "predicted": predicted, "classifier": "rules+learned"}
    rows = ([row(i, "TRL", True, i < 8) for i in range(10)] + [row(100 + i, "TRL", False, i < 9) for i in range(90)]
            + [row(1, "verl", True, True), row(200, "TRL", False, True, drawn="enriched")])
    monkeypatch.setattr(failure_error, "load", lambda classifier: (pl.DataFrame(rows, schema=failure_error.ERROR_SCHEMA), ""))
    # 20 evaluated issues (6 flagged, 4 really failures) and a pull request, which the count leaves out
    joined = pl.DataFrame({"framework": ["verl"] * 21, "number": list(range(1, 22)),
                           "kind": ["issue"] * 20 + ["pull"], "training_failure": [True] * 6 + [False] * 14 + [True],
                           "label": [True] * 4 + [False] * 16 + [True]})
    line = failure_count_line(joined, "rules+learned", None, None)
    # (6/20 - 0.1) / (0.8 - 0.1) * 20 = 5.714
    assert line.startswith("failure reports among the 20 issues and discussions: true 4, flagged 6, corrected 5.7 "
                           "(95 % interval ")
    assert line.endswith("for the error measured on 10 labelled failures and 90 other issues and discussions of real "
                         "trackers drawn as they come (rules+learned)")
    assert failure_count_line(joined, "rules+learned", 0.65, None).endswith(
        "(no corrected count: the measured error is the shipped classifier's, at its own rules and threshold)")


def test_coverage_leaves_each_general_part_out_and_corrects_it_with_the_others_error():
    def row(labelled_set, i, failure, predicted, drawn="general", kind="issue"):
        return {"labelled_set": labelled_set, "framework": "verl", "number": i, "kind": kind, "drawn": drawn,
                "training_failure": failure, "predicted": predicted, "classifier": "rules+learned"}
    # set a (symptom-drawn, so never a part of its own): 4 failures, 3 flagged; set b (general): 100 ordinary
    # issues, 5 flagged, and a flagged pull request that the issue count leaves out
    a = [row("a", i, True, i < 3, drawn="enriched") for i in range(4)] + [row("a", 9, False, True, drawn="enriched")]
    b = [row("b", 10 + i, False, i < 5) for i in range(100)] + [row("b", 200, True, True, kind="pull")]
    # set c (general): 20 issues, 5 flagged of which 2 are failures; set d (general): 10 issues, none flagged,
    # one of them a failure
    c = [row("c", 300 + i, i < 2, i < 5) for i in range(20)]
    d = [row("d", 400 + i, i == 0, False) for i in range(10)]
    table = failure_error.coverage(pl.DataFrame(a + b + c + d, schema=failure_error.ERROR_SCHEMA))
    assert table["labelled_set"].to_list() == ["b", "c", "d"]  # a has no general part
    assert table.select("issues", "failures", "flagged").rows() == [(100, 0, 5), (20, 2, 5), (10, 1, 0)]
    got = dict(zip(table["labelled_set"], table["estimate"]))
    # c corrected with the error on a, b and d: tpr 3 of 5 failures (a 3 of 4, d 0 of 1; b's pull request left
    # out), fpr 5 of 109 ordinary general issues (b 5 of 100, d 0 of 9; a's false alarm is symptom-drawn)
    assert got["c"] == pytest.approx(20 * (0.25 - 5 / 109) / (0.6 - 5 / 109))
    # d: nothing flagged; its flagged rate is redrawn from Beta(0.5, 10.5), so the interval leaves 0 and covers
    # the one failure (with a binomial redraw at the observed rate it would be 0 - 0)
    d_row = table.row(2, named=True)
    assert (d_row["estimate"], d_row["low"], d_row["covers"]) == (0.0, 0.0, True) and d_row["high"] >= 1.0
    # b: measured on a, c and d, tpr 5 of 7 (a 3 of 4, c 2 of 2, d 0 of 1) and fpr 3 of 27 (c 3 of 18, d 0 of 9);
    # b's flagged rate 0.05 is below that fpr, so the corrected count clips at 0 (and covers b's 0 failures)
    assert got["b"] == 0.0 and table.row(0, named=True)["covers"] is True


def test_the_coverage_command_prints_each_part_and_a_result_line(monkeypatch, capsys):
    def row(labelled_set, i, failure, predicted):
        return {"labelled_set": labelled_set, "framework": "verl", "number": i, "kind": "issue", "drawn": "general",
                "training_failure": failure, "predicted": predicted, "classifier": "rules+learned"}
    # two general parts; each is corrected with the other's error; p has nothing flagged but one failure, and its
    # interval (the flagged rate redrawn from Beta(0.5, 10.5)) reaches past it
    rows = [row("p", i, i == 0, False) for i in range(10)] + [row("q", 100 + i, i < 2, i < 3) for i in range(30)]
    monkeypatch.setattr(failure_error, "load",
                        lambda classifier: (pl.DataFrame(rows, schema=failure_error.ERROR_SCHEMA), "given rows"))
    assert failure_error.main(["--coverage"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "rows: given rows"
    assert out[1] == "p: 10 issues, 1 failures, 0 flagged; corrected 0.0 (0.0 - 1.8)"
    # q measured on p alone: tpr 0 of 1 is not above fpr 0 of 9, so no correction is possible: the raw count
    assert out[2] == "q: 30 issues, 2 failures, 3 flagged; corrected 3.0 (3.0 - 3.0), not covered"
    assert out[-1] == "RESULT covered=1 parts=2"


def test_adjudicated_labels_replace_the_drawn_ones_for_the_model_and_the_error(tmp_path, monkeypatch):
    from rl_inclusion.threads import learned_failure

    write_set(tmp_path, [th(1, "Loss becomes NaN after 200 steps", "grad norm inf then nan"),
                         th(2, "Garbled output after merging the LoRA", "the merged model prints nonsense")], [])
    (tmp_path / "l.csv").write_text("framework,repo,number,training_failure\n"
                                    "verl,verl-project/verl,1,true\nverl,verl-project/verl,2,true\n")
    (tmp_path / learned_failure.RELABELS_FILE).write_text(
        "labels_file,framework,number,training_failure,reason\n"
        "l.csv,verl,2,false,the cause is the merge (boundary 1)\n")
    got = failure_error.out_of_sample("rules", sets=(("t.jsonl", "l.csv"),), real_dir=tmp_path)
    assert got.sort("number").select("number", "training_failure").rows() == [(1, True), (2, False)]
    monkeypatch.setattr(learned_failure, "LABELLED_SETS", (("t.jsonl", "l.csv"),))
    texts, labels = learned_failure.labelled_threads(real_dir=tmp_path)
    assert len(texts) == 2 and labels.tolist() == [True, False]
    # a value other than true/false is refused with the file named
    (tmp_path / learned_failure.RELABELS_FILE).write_text(
        "labels_file,framework,number,training_failure,reason\nl.csv,verl,2,maybe,unsure\n")
    with pytest.raises(Exception, match="training_failure must be true or false"):
        learned_failure.read_relabels(tmp_path)
