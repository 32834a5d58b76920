"""Reviewer inclusion labels win over the rules; eval-inclusion scores the miner on real clones."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import polars as pl
import pytest

from rl_inclusion.cli import main
from rl_inclusion.errors import ConfigError
from rl_inclusion.linking.evidence import name_distinctiveness
from rl_inclusion.linking.labels import apply_inclusion_labels, load_inclusion_labels
from gitbuild import GitBuilder
from rl_inclusion.frameworks_config import default_frameworks_path


def utc(y, m, d, h=12):
    return datetime(y, m, d, h, tzinfo=timezone.utc)


ELIGIBLE = pl.DataFrame({
    "arxiv_id": ["2507.18071", "2503.14476", "2511.20347"], "eligible": [True, True, True],
    "method_name": ["GSPO", "DAPO", "SAPO"], "published": [utc(2025, 7, 24), utc(2025, 3, 18), utc(2025, 11, 25)],
    "quarter": ["2025Q3", "2025Q1", "2025Q4"]}, schema_overrides={"published": pl.Datetime("us", "UTC")})


def inclusion_rows() -> pl.DataFrame:
    from rl_inclusion.linking.inclusion import INCLUSION_SCHEMA

    return pl.DataFrame([
        {"arxiv_id": "2507.18071", "framework": "verl", "method_name": "GSPO", "published": utc(2025, 7, 24),
         "quarter": "2025Q3", "implementation_date": utc(2025, 8, 1), "implementation_quarter": "2025Q3",
         "first_sha": "a" * 40, "first_pr": 1, "integration_level": "selectable algorithm", "lag_days": 8,
         "within_180_days": True, "removed": False, "removed_date": None, "evidence_count": 3, "confidence": "high",
         "pre_submission": False, "decided_by": "rules", "review_note": None},
        {"arxiv_id": "2503.14476", "framework": "verl", "method_name": "DAPO", "published": utc(2025, 3, 18),
         "quarter": "2025Q1", "implementation_date": utc(2025, 4, 4), "implementation_quarter": "2025Q2",
         "first_sha": "b" * 40, "first_pr": 2, "integration_level": "configuration option", "lag_days": 17,
         "within_180_days": True, "removed": False, "removed_date": None, "evidence_count": 1, "confidence": "medium",
         "pre_submission": False, "decided_by": "rules", "review_note": None},
    ], schema=INCLUSION_SCHEMA)


def write(tmp_path, text: str):
    p = tmp_path / "inclusion_labels.csv"
    p.write_text(text)
    return p


def test_labels_reject_confirm_correct_and_add(tmp_path):
    labels = load_inclusion_labels(write(tmp_path, (
        "arxiv_id,framework,included,level,first_sha,first_date,reviewer,note\n"
        "2503.14476,verl,false,,,,ana,only a recipe comment\n"                     # rejected
        f"2507.18071,verl,true,,{'c' * 40},2025-07-30,ben,the loss landed first\n"  # confirmed, date corrected
        f"2511.20347,TRL,true,selectable algorithm,{'d' * 40},2025-12-03,ana,loss_type sapo\n")))  # added
    out = apply_inclusion_labels(inclusion_rows(), labels, ELIGIBLE)
    got = out.select("arxiv_id", "framework", "first_sha", "implementation_date", "integration_level", "lag_days",
                     "pre_submission", "decided_by", "review_note").sort("arxiv_id").rows()
    assert got == [
        # 2025-07-24 -> 2025-07-30: 6 days; the rules' level kept (the label gave none)
        ("2507.18071", "verl", "c" * 40, utc(2025, 7, 30, 0), "selectable algorithm", 6, False, "reviewer:ben",
         "the loss landed first"),
        # 2025-11-25 -> 2025-12-03: 8 days
        ("2511.20347", "TRL", "d" * 40, utc(2025, 12, 3, 0), "selectable algorithm", 8, False, "reviewer:ana",
         "loss_type sapo"),
    ]


def test_an_added_pair_needs_its_commit_and_an_eligible_paper(tmp_path):
    no_sha = load_inclusion_labels(write(tmp_path, "arxiv_id,framework,included\n2511.20347,TRL,true\n"))
    with pytest.raises(ConfigError, match="lacks first_sha or first_date: 2511.20347/TRL"):
        apply_inclusion_labels(inclusion_rows(), no_sha, ELIGIBLE)
    stranger = load_inclusion_labels(write(tmp_path, (
        f"arxiv_id,framework,included,first_sha,first_date\n2401.00001,TRL,true,{'e' * 40},2025-01-01\n")))
    with pytest.raises(ConfigError, match="not eligible: 2401.00001"):
        apply_inclusion_labels(inclusion_rows(), stranger, ELIGIBLE)


@pytest.mark.parametrize("body,message", [
    ("arxiv_id,framework\n2507.18071,verl\n", "missing columns \\['included'\\]"),
    ("arxiv_id,framework,included\n2507.18071,verl,maybe\n", "line 2: included must be true or false"),
    ("arxiv_id,framework,included\nnot-an-id,verl,true\n", "line 2: not an arXiv id"),
    ("arxiv_id,framework,included,level\n2507.18071,verl,true,core\n", "line 2: level must be one of"),
    ("arxiv_id,framework,included,first_date\n2507.18071,verl,true,30/07/2025\n", "line 2: first_date must be"),
    ("arxiv_id,framework,included\n2507.18071,verl,true\n2507.18071,verl,false\n", "labelled twice: 2507.18071/verl"),
])
def test_bad_label_files_are_refused_with_the_line(tmp_path, body, message):
    with pytest.raises(ConfigError, match=message):
        load_inclusion_labels(write(tmp_path, body))


def test_distinctiveness_by_hand():
    ev = pl.DataFrame({
        "method_name": ["gspo", "hint", "dppo", "dppo", "dppo", "geomean", "geomean", "geomean"],
        "evidence_kind": ["method_name_code"] * 8,
        "context": ["code", "code", "comment", "code", "code", "code", "code", "code"],
        "framework": ["verl", "AReaL", "TRL", "TRL", "TRL", "verl", "TRL", "NeMo-RL"],
        "path": ["a.py", "b.py", "c.py", "d.py", "d.py", "e.py", "f.py", "g.py"],
        "commit_date": [utc(2025, 8, 1), utc(2024, 1, 1), utc(2023, 5, 2), utc(2023, 5, 2), utc(2024, 6, 1),
                        utc(2024, 1, 1), utc(2024, 2, 1), utc(2024, 3, 1)],
    }, schema_overrides={"commit_date": pl.Datetime("us", "UTC")})
    got = name_distinctiveness(ev).select("method_name", "prior_code_files", "distinctive").rows()
    # dppo: one code file before 2025 (the comment does not count); geomean: three files -> ordinary code vocabulary;
    # hint: an English word (Zipf >= 1.5) whatever the code says
    assert got == [("dppo", 1, True), ("geomean", 3, False), ("gspo", 0, True), ("hint", 1, False)]


def test_eval_inclusion_on_a_small_real_clone(tmp_path, capsys):
    g = GitBuilder(tmp_path / "verl")
    g.commit("init", "2025-01-05T12:00:00+00:00", files={"verl/core.py": "x = 1\n"})
    gspo = g.commit("Add GSPO (#10)", "2025-07-30T12:00:00+00:00", files={
        "verl/trainer/ppo/core_algos.py": '@register_policy_loss("gspo")\ndef compute_policy_loss_gspo(x):\n    pass\n'})
    g.commit("Tidy (#11)", "2025-09-01T12:00:00+00:00", files={"verl/utils/x.py": "# e.g. PPO or a type hint\n"})
    fw = tmp_path / "frameworks.toml"  # the packaged rules, with verl pointing at the clone
    packaged = default_frameworks_path().read_text()
    fw.write_text(packaged.replace('name = "verl"\n', f'name = "verl"\nlocal_path = "{g.path}"\n', 1))
    papers = tmp_path / "papers.jsonl"
    papers.write_text("".join(json.dumps({
        "arxiv_id": i, "version": 1, "title": t, "abstract": "s", "authors": [], "primary_category": "cs.LG",
        "categories": ["cs.LG"], "published": p, "updated": p, "comment": None, "journal_ref": None, "doi": None,
        "links": []}) + "\n" for i, t, p in [("2507.18071", "Group Sequence Policy Optimization", "2025-07-24T00:00:00Z"),
                                              ("2510.09388", "HINT", "2025-10-10T00:00:00Z"),
                                              ("2511.20347", "SAPO", "2025-11-25T00:00:00Z")]))
    paper_labels = tmp_path / "paper_labels.csv"
    paper_labels.write_text("arxiv_id,eligible,method_name,aliases\n2507.18071,true,GSPO,gspo\n"
                            "2510.09388,true,HINT,hint\n2511.20347,true,SAPO,sapo\n")
    labels = write(tmp_path, (
        "arxiv_id,framework,included,level,first_sha,first_date,split,note\n"
        f"2507.18071,verl,true,selectable algorithm,{gspo},2025-07-30,heldout,\n"
        "2510.09388,verl,false,,,,heldout,\n"
        f"2511.20347,verl,true,selectable algorithm,{'f' * 40},2025-12-27,heldout,UNCERTAIN: never named\n"))
    assert main(["eval-inclusion", "--frameworks", str(fw), "--papers", str(papers), "--paper-labels",
                 str(paper_labels), "--labels", str(labels), "--split", "heldout"]) == 0
    out = capsys.readouterr().out
    assert "  TP verl      2507.18071  selectable algorithm   date ok" in out
    assert "  TN verl      2510.09388" in out
    assert "  verl 2511.20347 (label 2025-12-27 selectable algorithm): no evidence at all" in out
    # the miss is the labeller's open call: without it 1 TP, 0 FP, 0 FN
    assert ("without the pairs labelled UNCERTAIN (1): true positives 1, false positives 0, false negatives 0; "
            "precision 1.000 recall 1.000 date_match 1.000") in out
    # the one true pair found is at its labelled level
    assert "levels: 1 of 1 true pairs at the labelled level (1.000)\n" in out
    # 1 TP, 0 FP, 1 FN: precision 1, recall 0.5, first commit right for the one found
    assert out.strip().splitlines()[-1] == "RESULT precision=1.000 recall=0.500 date_match=1.000 n=3"


def test_the_level_line_counts_true_pairs_at_their_labelled_level_and_where_the_others_went():
    from rl_inclusion.linking.evaluate import level_line

    tp = pl.DataFrame({"level": ["configuration option", "configuration option", "default", "example"],
                       "p_level": ["selectable algorithm", "selectable algorithm", "selectable algorithm", "example"]})
    assert level_line(tp) == ("levels: 1 of 4 true pairs at the labelled level (0.250); "
                              "configuration option -> selectable algorithm: 2; default -> selectable algorithm: 1")


def test_the_pipeline_applies_a_reviewers_inclusion_labels(tmp_path):
    """The demo graph with a label file: one found pair rejected, one pair the rules missed added."""
    import dagster as dg

    from rl_inclusion.definitions import ASSETS
    from rl_inclusion.defs.resources import default_resources
    from rl_inclusion.storage import connect

    labels = write(tmp_path, (
        "arxiv_id,framework,included,level,first_sha,first_date,reviewer,note\n"
        "2507.18071,verl,false,,,,ana,checked by hand\n"
        f"2507.18071,slime,true,,{'b' * 40},2025-08-01,ana,an earlier commit\n"
        f"2507.18071,OpenRLHF,true,selectable algorithm,{'a' * 40},2025-07-30,ana,PR 1100\n"))
    res = default_resources(tmp_path / "demo.duckdb", cache_dir=str(tmp_path / "cache"),
                            reports_dir=str(tmp_path / "reports"), inclusion_labels_file=str(labels))
    selection = [a for a in ASSETS if a.key.path[-1] in
                 ("raw_papers", "eligible_methods", "framework_events", "paper_inclusion")]
    tags = {"dagster/asset_partition_range_start": "2025-01-01", "dagster/asset_partition_range_end": "2026-07-01"}
    assert dg.materialize(selection, resources=res, tags=tags, instance=dg.DagsterInstance.ephemeral()).success
    with connect(tmp_path / "demo.duckdb", read_only=True) as con:
        rows = con.execute("SELECT framework, first_sha, lag_days, decided_by, review_note FROM paper_inclusion "
                           "WHERE arxiv_id = '2507.18071' ORDER BY framework").fetchall()
        total = con.execute("SELECT count(*) FROM paper_inclusion").fetchone()[0]
    assert "verl" not in [r[0] for r in rows]                                   # rejected
    assert ("OpenRLHF", "a" * 40, 6, "reviewer:ana", "PR 1100") in rows          # added: 07-24 -> 07-30
    assert ("slime", "b" * 40, 8, "reviewer:ana", "an earlier commit") in rows   # corrected: 08-05 -> 08-01
    assert total == 35  # 35 found by the rules on the demo, one rejected, one added


def test_confidence_rules_by_hand():
    """One event per rule of evidence.assess_events, with the confidence worked out by hand."""
    from rl_inclusion.linking.evidence import assess_events

    eligible = pl.DataFrame({"arxiv_id": ["2507.18071", "2505.14970"], "eligible": [True, True],
                             "published": [utc(2025, 7, 24), utc(2025, 5, 20)]},
                            schema_overrides={"published": pl.Datetime("us", "UTC")})
    rows = [  # (sha, date, path, kind, arxiv_id, name, context, identifier, snippet, paper)
        ("s1", utc(2025, 7, 30), "a.py", "arxiv_id_code", "2507.18071", None, "comment", None, "# see 2507.18071", "2507.18071"),
        ("s1", utc(2025, 7, 30), "b.py", "method_name_code", None, "gspo", "comment", None, "# GSPO here", "2507.18071"),
        ("s2", utc(2025, 8, 1), "c.py", "method_name_code", None, "gspo", "code", "registry", 'loss_mode == "gspo"', "2507.18071"),
        ("s3", utc(2025, 8, 2), "d.py", "method_name_code", None, "gspo", "code", None, "gspo_ratio = 1", "2507.18071"),
        ("s4", utc(2025, 8, 3), "e.py", "method_name_code", None, "gspo", "todo", None, "# TODO: GSPO", "2507.18071"),
        ("s5", utc(2025, 8, 4), "f.py", "method_name_commit", None, "gspo", "subject", None, "Add GSPO (#9)", "2507.18071"),
        ("s6", utc(2025, 8, 5), "g.py", "method_name_code", None, "sec", "code", None, "timeout_sec = 5", "2505.14970"),
        ("s7", utc(2025, 8, 6), "h.py", "method_name_code", None, "sec", "code", "registry", 'estimator == "sec"', "2505.14970"),
        ("s8", utc(2025, 8, 7), "i.py", "method_name_commit", None, "sec", "subject", None, "sec fix", "2505.14970"),
        ("s9", utc(2024, 1, 5), "j.py", "method_name_code", None, "gspo", "code", None, "gspo = 0", "2507.18071"),
        ("s10", utc(2024, 2, 5), "a.py", "method_name_code", None, "gspo", "code", None, "gspo = 0", "2507.18071"),
    ]
    ev = pl.DataFrame(
        {"event_id": [f"e{i}" for i in range(len(rows))], "framework": ["verl"] * len(rows),
         "sha": [r[0] for r in rows], "commit_date": [r[1] for r in rows], "path": [r[2] for r in rows],
         "evidence_kind": [r[3] for r in rows], "change": ["added"] * len(rows), "arxiv_id": [r[4] for r in rows],
         "method_name": [r[5] for r in rows], "context": [r[6] for r in rows], "identifier": [r[7] for r in rows],
         "snippet": [r[8] for r in rows], "link_status": ["linked"] * len(rows),
         "linked_arxiv_id": [r[9] for r in rows], "integration_level": ["configuration option"] * len(rows)},
        schema_overrides={"commit_date": pl.Datetime("us", "UTC"), "identifier": pl.Utf8, "arxiv_id": pl.Utf8,
                          "method_name": pl.Utf8})
    got = assess_events(ev, eligible).sort("event_id").select("sha", "link_status", "confidence", "pre_submission").rows()
    assert sorted(got, key=lambda r: int(r[0][1:])) == [
        ("s1", "linked", "high", False),     # the paper's id in code (a comment is fine for an id)
        ("s1", "linked", "medium", False),   # a comment naming it, the id cited on another line of the commit
        ("s2", "linked", "high", False),     # distinctive name as a registry value
        ("s3", "linked", "medium", False),   # distinctive name elsewhere in code
        ("s4", "linked", "low", False),      # a TODO
        ("s5", "linked", "medium", False),   # distinctive name in the subject of a commit adding code
        ("s6", "linked", "low", False),      # "sec" is an English word: part of timeout_sec says nothing
        ("s7", "linked", "medium", False),   # ... but as an estimator's value it counts
        ("s8", "linked", "low", False),      # ... and in a subject it does not
        ("s9", "prior_art", None, False),    # 2024-01-05: more than 90 days before 2025-07-24
        ("s10", "linked", "medium", True),   # as early, but a.py later cites the paper: the same component
    ]


def test_an_unknown_split_is_refused_with_the_ones_there(tmp_path):
    from rl_inclusion.linking.evaluate import compare

    labels = load_inclusion_labels(write(tmp_path, "arxiv_id,framework,included,split\n2507.18071,verl,true,dev\n"))
    with pytest.raises(ConfigError, match="no labelled pairs in split 'heldout-v2'; the labels have \\['dev'\\]"):
        compare(inclusion_rows(), labels, pl.DataFrame(), "heldout-v2")


def test_lookup_says_how_sure_and_what_waits_for_review():
    from rl_inclusion.lookup import render

    paper = {"arxiv_id": "2501.03262", "title": "REINFORCE++", "method_name": "REINFORCE++",
             "published": utc(2025, 1, 4), "quarter": "2025Q1", "eligible": True, "reason": "label",
             "inclusions": [
                 {"framework": "OpenRLHF", "integration_level": "selectable algorithm", "implementation_date": utc(2024, 11, 10),
                  "first_sha": "6089a8ca3a" + "0" * 30, "first_pr": 513, "lag_days": -55, "within_180_days": True,
                  "removed": False, "confidence": "high", "pre_submission": True, "decided_by": "rules"},
                 {"framework": "TRL", "integration_level": "configuration option", "implementation_date": utc(2025, 1, 9),
                  "first_sha": "edabe0a2d8" + "0" * 30, "first_pr": None, "lag_days": 5, "within_180_days": True,
                  "removed": False, "confidence": None, "pre_submission": False, "decided_by": "reviewer:ana"}],
             "review": [{"framework": "AReaL", "first_date": utc(2025, 9, 30), "path": "examples/math/gsm8k_reinforce.yaml",
                         "evidence_note": "name in a comment or prose"}],
             "mentions": [], "threads": []}
    assert render([paper]).splitlines()[2:5] == [
        "  in OpenRLHF  as selectable algorithm   since 2024-11-10 (PR #513, commit 6089a8ca3a, lag -55 days, "
        "within 180 days, before the paper, confidence high)",
        "  in TRL       as configuration option   since 2025-01-09 (no PR, commit edabe0a2d8, lag 5 days, "
        "within 180 days, reviewer:ana)",
        "  low-confidence evidence in AReaL since 2025-09-30 (examples/math/gsm8k_reinforce.yaml: name in a comment "
        "or prose): not counted, listed for review",
    ]


def test_a_set_scores_only_the_frameworks_it_labels(tmp_path):
    """v5 labels five other frameworks: a prediction of its paper in verl is outside it, not a false pair."""
    from rl_inclusion.linking.evaluate import compare, labelled_scope

    labels = load_inclusion_labels(write(tmp_path, (
        "arxiv_id,framework,included,level,first_sha,first_date,split\n"
        f"2507.18071,verl,true,selectable algorithm,{'a' * 40},2025-08-01,dev\n"
        "2503.14476,EasyR1,false,,,,heldout-v5\n")))
    assert sorted(labelled_scope(labels).iter_rows()) == [("2503.14476", "EasyR1"), ("2507.18071", "verl")]
    easyr1_gspo = inclusion_rows().head(1).with_columns(pl.lit("EasyR1").alias("framework"))
    predicted = pl.concat([inclusion_rows(), easyr1_gspo])  # GSPO in verl and EasyR1, DAPO in verl
    ev = compare(predicted, labels, pl.DataFrame(), "all")
    # GSPO/verl found (dev labels verl); DAPO/verl and GSPO/EasyR1 lie outside the sets that hold those papers
    assert (ev.tp, ev.fp, ev.fn, ev.tn, ev.date_match, ev.n) == (1, 0, 0, 1, 1, 2)
    ev5 = compare(predicted, labels, pl.DataFrame(), "heldout-v5")
    assert (ev5.tp, ev5.fp, ev5.fn, ev5.tn, ev5.n) == (0, 0, 0, 1, 1)


def test_papers_of_a_later_set_are_read_beside_the_older_ones(tmp_path):
    from rl_inclusion.linking.evaluate import eligible_from_labels

    def paper(i, title, day):
        return json.dumps({"arxiv_id": i, "version": 1, "title": title, "abstract": "s", "authors": [],
                           "primary_category": "cs.LG", "categories": ["cs.LG"], "published": day, "updated": day,
                           "comment": None, "journal_ref": None, "doi": None, "links": []}) + "\n"

    (tmp_path / "a.jsonl").write_text(paper("2507.18071", "Group Sequence Policy Optimization", "2025-07-24T00:00:00Z"))
    (tmp_path / "b.jsonl").write_text(paper("2511.20347", "SAPO", "2025-11-25T00:00:00Z"))
    (tmp_path / "a.csv").write_text("arxiv_id,eligible,method_name,aliases\n2507.18071,true,GSPO,gspo\n")
    (tmp_path / "b.csv").write_text("arxiv_id,eligible,method_name,aliases\n2511.20347,true,SAPO,sapo\n")
    got = eligible_from_labels([tmp_path / "a.jsonl", tmp_path / "b.jsonl"], [tmp_path / "a.csv", tmp_path / "b.csv"])
    assert got.sort("arxiv_id").select("arxiv_id", "method_name", "quarter").rows() == [
        ("2507.18071", "GSPO", "2025Q3"), ("2511.20347", "SAPO", "2025Q4")]
    with pytest.raises(ConfigError, match=r"paper labels given twice .*\['2507.18071'\]"):
        eligible_from_labels([tmp_path / "a.jsonl", tmp_path / "b.jsonl"], [tmp_path / "a.csv", tmp_path / "a.csv"])
