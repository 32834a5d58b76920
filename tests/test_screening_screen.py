"""The screeners, label override, label loading, rules loading and the evaluation."""

from pathlib import Path

import polars as pl
import pytest

from rl_inclusion.errors import ConfigError
from rl_inclusion.screening import (ELIGIBLE_METHODS_SCHEMA, ScreeningConfig, eval_screening, labels_from_frame,
                                    load_labels, load_rules, rank_for_review, screen)
from rl_inclusion.raw_papers import normalize, to_frame

REPO = Path(__file__).resolve().parents[1]
DDL = (REPO / "sql" / "tables" / "eligible_methods.sql").read_text()

GSPO = {"arxiv_id": "2507.18071", "title": "Group Sequence Policy Optimization",
        "abstract": "This paper introduces Group Sequence Policy Optimization (GSPO), a stable, efficient and "
                    "performant reinforcement learning algorithm for training large language models. GSPO defines "
                    "the importance ratio from sequence likelihood and performs sequence-level clipping. It "
                    "outperforms GRPO when training Qwen3-30B-A3B-Base.",
        "primary_category": "cs.LG", "categories": ["cs.LG"], "published": "2025-07-24T17:50:36Z",
        "comment": "Code: https://github.com/QwenLM/Qwen3", "links": []}
QWEN3 = {"arxiv_id": "2505.09388", "title": "Qwen3 Technical Report",
         "abstract": "In this work, we present Qwen3, the latest version of the Qwen model family, with dense and "
                     "mixture-of-experts models from 0.6 to 235 billion parameters.",
         "primary_category": "cs.CL", "categories": ["cs.CL"], "published": "2025-05-14T17:34:24Z", "links": []}
MEDR1 = {"arxiv_id": "2503.13939", "title": "Med-R1: Reinforcement Learning for Generalizable Medical Reasoning in "
                                            "Vision-Language Models",
         "abstract": "We train a vision-language model for medical reasoning with GRPO across CT, MRI and X-ray.",
         "primary_category": "cs.CV", "categories": ["cs.CV"], "published": "2025-03-18T00:00:00Z", "links": []}


def papers(*recs):
    return to_frame(normalize([(r["arxiv_id"], r, None, "") for r in recs]).rows)


def test_output_columns_are_the_ddl_columns():
    ddl_cols = [line.split()[0] for line in DDL.splitlines() if line.startswith("    ") and not line.strip().startswith("--")]
    out = screen(papers(GSPO, QWEN3), None, ScreeningConfig())
    assert sorted(out.columns) == sorted(ddl_cols)
    assert dict(out.schema) == ELIGIBLE_METHODS_SCHEMA


def test_rules_screener_decisions_and_features():
    out = screen(papers(GSPO, QWEN3, MEDR1), None, ScreeningConfig()).sort("arxiv_id")
    gspo = out.filter(pl.col("arxiv_id") == "2507.18071").row(0, named=True)
    assert gspo["eligible"] is True and gspo["decision_source"] == "rules"
    assert gspo["rules_fired"] == ["rl_for_lm_context", "proposes_algorithm", "names_new_method",
                                   "policy_optimization_title", "objective_modification", "general_improvement_claim"]
    assert gspo["score"] == 7.0  # 1 + 2 + 1 + 1.5 + 1 + 0.5
    assert gspo["reason"].startswith("Eligible: RL training of language models; proposes a training algorithm")
    assert (gspo["method_name"], gspo["aliases"]) == ("GSPO", ["gspo"])
    assert (gspo["max_policy_params_b"], gspo["params_evidence"]) == (30.0, "Qwen3-30B-A3B")
    # cues: importance ratio 1 + clipping 1 (loss-level 2) against sequence likelihood 3 (new objective)
    assert (gspo["modification_type"], gspo["loss_level"]) == ("new_objective", False)
    assert (gspo["code_released"], gspo["code_urls"], gspo["quarter"]) == (True, ["https://github.com/QwenLM/Qwen3"], "2025Q3")

    qwen = out.filter(pl.col("arxiv_id") == "2505.09388").row(0, named=True)
    assert qwen["eligible"] is False
    assert qwen["rules_fired"] == ["technical_report", "model_release", "no_rl_training"]
    assert qwen["reason"] == ("Not eligible: it is a model technical report; it mainly releases a model; it does not "
                              "train a policy with RL (rules score -11.0 vs threshold 3).")
    assert (qwen["max_policy_params_b"], qwen["params_evidence"]) == (235.0, "235 billion")
    assert qwen["modification_type"] is None and qwen["loss_level"] is None

    med = out.filter(pl.col("arxiv_id") == "2503.13939").row(0, named=True)
    assert med["eligible"] is False
    assert "domain_in_title" in med["rules_fired"] and "uses_existing_method" in med["rules_fired"]
    assert "its title names one application domain or modality" in med["reason"]


def test_label_overrides_screener_and_names():
    labels = labels_from_frame(pl.DataFrame({
        "arxiv_id": ["2505.09388v2", "2507.18071"], "eligible": ["true", "false"],
        "note": ["reviewer says so", ""], "reviewer": ["ab", "cd"],
        "method_name": ["Qwen3-RL", ""], "aliases": ["qwen3_rl|q3rl", ""]}))
    # The cue scores alone (the learned typer, the default, always names a type for an eligible paper).
    out = screen(papers(GSPO, QWEN3), labels, ScreeningConfig(modification_typer="cues")).sort("arxiv_id")
    q, g = out.row(0, named=True), out.row(1, named=True)
    assert (q["eligible"], q["decision_source"], q["score"]) == (True, "label", 1.0)
    assert q["reason"] == "Eligible by reviewer label (ab): reviewer says so (the rules screener said not eligible)."
    assert (q["method_name"], q["aliases"]) == ("Qwen3-RL", ["qwen3_rl", "q3rl"])
    assert q["modification_type"] is None and q["loss_level"] is None  # eligible by label, no cue words: unknown
    assert (g["eligible"], g["decision_source"], g["score"]) == (False, "label", 0.0)
    assert g["reason"] == "Not eligible by reviewer label (cd) (the rules screener said eligible)."
    assert (g["method_name"], g["aliases"]) == ("GSPO", ["gspo"])  # no label name: extracted one kept
    assert g["rules_fired"][0] == "rl_for_lm_context"  # audit trail kept under a label


def test_label_features_override_extracted_ones():
    # GSPO: extracted 30.0 from "Qwen3-30B-A3B" and new_objective; the label says 235 and loss-level.
    # Qwen3: eligible by label, params labelled empty -> extracted 235 kept; type labelled sampling_filtering.
    labels = labels_from_frame(pl.DataFrame({
        "arxiv_id": ["2507.18071", "2505.09388", "2503.13939"], "eligible": ["true", "true", "true"],
        "reviewer": ["demo", "", "ab"],
        "modification_type": ["loss_coefficients_clipping_masking_weighting", "sampling_filtering", ""],
        "max_policy_params_b": ["235", "", "2.5"]}))
    out = screen(papers(GSPO, QWEN3, MEDR1), labels, ScreeningConfig(modification_typer="cues")).sort("arxiv_id")
    cols = ["arxiv_id", "max_policy_params_b", "params_evidence", "modification_type", "loss_level"]
    assert out.select(cols).rows() == [
        ("2503.13939", 2.5, "label (ab)", None, None),  # no cue word in its text: unknown, kept
        ("2505.09388", 235.0, "235 billion", "sampling_filtering", False),
        ("2507.18071", 235.0, "label (demo)", "loss_coefficients_clipping_masking_weighting", True)]
    unlabelled = screen(papers(GSPO), None, ScreeningConfig()).select(cols).rows()
    assert unlabelled == [("2507.18071", 30.0, "Qwen3-30B-A3B", "new_objective", False)]
    # A labels frame built before the feature columns existed still works (features extracted).
    old = labels.drop("modification_type", "max_policy_params_b")
    assert screen(papers(GSPO), old, ScreeningConfig()).select(cols).rows() == unlabelled
    # A label without a reviewer says just "label".
    lab2 = labels_from_frame(pl.DataFrame({"arxiv_id": ["2507.18071"], "eligible": ["true"], "max_policy_params_b": ["32"],
                                           "modification_type": ["advantage_estimator"]}))
    assert screen(papers(GSPO), lab2, ScreeningConfig()).select(cols).rows() == [
        ("2507.18071", 32.0, "label", "advantage_estimator", False)]


def test_load_labels(tmp_path):
    p = tmp_path / "labels.csv"
    p.write_text('arxiv_id,eligible,note,reviewer,method_name,aliases\n'
                 'arXiv:2503.20783v3,yes,"fixes GRPO, normalisation",x,Dr. GRPO,dr_grpo| drgrpo\n'
                 '2501.12948,0,,,,\n')
    df = load_labels(p)
    assert df.to_dicts() == [
        {"arxiv_id": "2503.20783", "eligible": True, "note": "fixes GRPO, normalisation", "reviewer": "x",
         "method_name": "Dr. GRPO", "aliases": ["dr_grpo", "drgrpo"], "modification_type": None,
         "max_policy_params_b": None, "code_released": None, "mechanisms": []},
        {"arxiv_id": "2501.12948", "eligible": False, "note": "", "reviewer": "", "method_name": None, "aliases": [],
         "modification_type": None, "max_policy_params_b": None, "code_released": None, "mechanisms": []}]


def test_load_labels_feature_columns(tmp_path):
    p = tmp_path / "labels.csv"
    p.write_text("arxiv_id,eligible,modification_type,max_policy_params_b\n"
                 "2503.20783,true,loss_coefficients_clipping_masking_weighting,7\n"
                 "2507.18071,true, new_objective ,1.5\n"
                 "2504.14945,true,,\n"
                 "2501.12948,false,,\n")
    df = load_labels(p)
    assert df.select("arxiv_id", "modification_type", "max_policy_params_b").rows() == [
        ("2503.20783", "loss_coefficients_clipping_masking_weighting", 7.0),
        ("2507.18071", "new_objective", 1.5),
        ("2504.14945", None, None),
        ("2501.12948", None, None)]


@pytest.mark.parametrize("body, message", [
    ("arxiv_id,eligible\n2501.12948,maybe\n", "line(s) 2: eligible must be true/false"),
    ("arxiv_id,eligible\n2501.12948,true\nnot-an-id,false\n", "line(s) 3: arxiv_id is empty or not an arXiv id"),
    ("arxiv_id,eligible\n2501.12948,true\n2501.12948v2,false\n", "line(s) 2, 3: arxiv_id 2501.12948 is labelled more than once"),
    ("arxiv_id,note\n2501.12948,x\n", "missing column(s) ['eligible']"),
    ("arxiv_id,eligible,colour\n2501.12948,true,red\n", "unknown column(s) ['colour']"),
    ("arxiv_id,eligible,modification_type\n2501.12948,true,other\n2503.20783,true,clipping\n",
     "line(s) 3: modification_type must be empty or one of loss_coefficients_clipping_masking_weighting | "
     "advantage_estimator | sampling_filtering | new_objective | other, got 'clipping'"),
    ("arxiv_id,eligible,max_policy_params_b\n2501.12948,true,32B\n2503.20783,true,7\n",
     "line(s) 2: max_policy_params_b must be empty or a number of billions such as 7 or 1.5, got '32B'"),
])
def test_load_labels_errors(tmp_path, body, message):
    p = tmp_path / "labels.csv"
    p.write_text(body)
    with pytest.raises(ConfigError) as exc:
        load_labels(p)
    assert message in str(exc.value)


@pytest.mark.parametrize("rule, message", [
    ("pattern = '(?=x)y'", "look-around and back-references are not supported"),
    ("pattern = '(unclosed'", "is not a valid regular expression"),
    ("pattern = 'x'\nweight_fix = 1", "unknown keys"),
])
def test_rules_file_errors(tmp_path, rule, message):
    p = tmp_path / "rules.toml"
    p.write_text(f"threshold = 1\n[[rule]]\nname = 'r'\nkind = 'include'\nweight = 1\nreason = 'why'\n{rule}\n")
    with pytest.raises(ConfigError) as exc:
        load_rules(p)
    assert message in str(exc.value)


def test_rules_file_sign_checked(tmp_path):
    p = tmp_path / "rules.toml"
    p.write_text("threshold = 1\n[[rule]]\nname = 'r'\nkind = 'exclude'\nweight = 2\nreason = 'w'\npattern = 'x'\n")
    with pytest.raises(ConfigError, match="an exclude rule needs a negative weight"):
        load_rules(p)


def test_custom_rules_and_threshold(tmp_path):
    p = tmp_path / "rules.toml"
    p.write_text("threshold = 1\n[[rule]]\nname = 'says_sequence'\nkind = 'include'\nweight = 1\n"
                 "reason = 'mentions sequences'\npattern = '(?i)sequence'\n")
    out = screen(papers(GSPO, QWEN3), None, ScreeningConfig(rules_path=str(p))).sort("arxiv_id")
    assert out["eligible"].to_list() == [False, True]
    assert out["rules_fired"].to_list() == [[], ["says_sequence"]]
    assert out["reason"].to_list()[1] == "Eligible: mentions sequences (rules score 1.0 vs threshold 1)."
    out2 = screen(papers(GSPO), None, ScreeningConfig(rules_path=str(p), rules_threshold=2))
    assert out2["eligible"].to_list() == [False]


def test_config_errors():
    with pytest.raises(ConfigError, match="screener must be one of"):
        ScreeningConfig(screener="magic")
    with pytest.raises(ConfigError, match="model_threshold"):
        ScreeningConfig(model_threshold=1.5)


def test_learned_screener_trained_on_bundled_set():
    out = screen(papers(GSPO, QWEN3, MEDR1), None, ScreeningConfig(screener="learned")).sort("arxiv_id")
    assert out["decision_source"].to_list() == ["model"] * 3
    by_id = dict(zip(out["arxiv_id"], out["score"]))
    assert by_id["2507.18071"] > 0.5 > by_id["2505.09388"]
    assert by_id["2503.13939"] < 0.5
    # The shipped training data: screening/data plus the development part of screening/real.
    from rl_inclusion.screening.learned import bundled_set
    _, bl = bundled_set()
    assert out.filter(pl.col("arxiv_id") == "2507.18071")["reason"].item().startswith(
        f"Eligible: a tfidf model trained on {bl.height} labelled papers ({int(bl['eligible'].sum())} eligible) "
        "gives probability")


def test_learned_needs_both_classes():
    labels = labels_from_frame(pl.DataFrame({"arxiv_id": ["2507.18071"], "eligible": ["true"]}))
    with pytest.raises(ConfigError, match="both classes"):
        screen(papers(GSPO, QWEN3), labels, ScreeningConfig(screener="learned", use_bundled_labels=False))


def test_learned_embeddings_need_the_extra():
    pytest.importorskip("sklearn")
    try:
        import sentence_transformers  # noqa: F401
        pytest.skip("sentence-transformers is installed")
    except ImportError:
        pass
    with pytest.raises(ConfigError, match=r"pip install '\.\[embeddings\]'"):
        screen(papers(GSPO, QWEN3), None, ScreeningConfig(screener="learned", learned_features="embeddings"))


def test_rank_for_review_orders_by_uncertainty_and_skips_labelled():
    labels = labels_from_frame(pl.DataFrame({"arxiv_id": ["2505.09388"], "eligible": ["false"]}))
    ranked = rank_for_review(papers(GSPO, QWEN3, MEDR1), labels)
    assert ranked["arxiv_id"].to_list() != [] and "2505.09388" not in ranked["arxiv_id"].to_list()
    assert ranked["rank"].to_list() == [1, 2]
    u = ranked["uncertainty"].to_list()
    assert u == sorted(u, reverse=True)
    p = ranked["probability"].to_list()
    assert u == pytest.approx([1 - 2 * abs(x - 0.5) for x in p])


def _write_set(tmp_path, recs, labels):
    import json
    pp, lp = tmp_path / "papers.jsonl", tmp_path / "labels.csv"
    pp.write_text("".join(json.dumps(r) + "\n" for r in recs))
    lp.write_text("arxiv_id,eligible\n" + "".join(f"{a},{e}\n" for a, e in labels))
    return pp, lp


def test_eval_screening_small_set(tmp_path):
    pp, lp = _write_set(tmp_path, [GSPO, QWEN3, MEDR1], [("2507.18071", "true"), ("2505.09388", "false"),
                                                         ("2503.13939", "false"), ("2401.00001", "true")])
    text = eval_screening(pp, lp)
    assert "note: 1 label(s) name a paper absent from the papers file; ignored" in text
    # rules: 1 tp, 0 fp, 0 fn, 2 tn; cross-validation impossible with one eligible paper
    assert "rules                                  1.000   1.000  1.000    1    0    0    2" in text
    assert "learned, 5-fold cross-validation         n/a" in text
    import re
    assert re.fullmatch(r"RESULT rules_f1=1\.000 learned_f1=0\.000 shipped_f1=\d\.\d{3} est_eligible=[\d.]+ "
                        r"est_lo=[\d.]+ est_hi=[\d.]+ true_eligible=1 n=3", text.splitlines()[-1])
    r = dict(kv.split("=") for kv in text.splitlines()[-1].split()[1:])
    assert float(r["est_lo"]) <= float(r["est_eligible"]) <= float(r["est_hi"]) <= 3


def test_eval_screening_on_bundled_set_runs():
    data = REPO / "rl_inclusion" / "screening" / "data"
    text = eval_screening(data / "papers.jsonl", data / "labels.csv")
    last = text.splitlines()[-1]
    assert last.startswith("RESULT rules_f1=") and last.endswith(" n=169")


DEMO = REPO / "rl_inclusion" / "demo"


@pytest.mark.skipif(not (DEMO / "labels.csv").exists() or not (DEMO / "snapshot" / "manifest.json").exists(),
                    reason="demo snapshot not written yet")
def test_demo_labels_reproduced_and_rules_reject_demo_negatives():
    from rl_inclusion.snapshot import Snapshot
    snap = Snapshot.open(DEMO / "snapshot")
    df = to_frame(normalize([(str(l.lineno), l.data, l.error, l.raw) for l in snap.read_jsonl("papers.jsonl")]).rows)
    labels = load_labels(DEMO / "labels.csv")
    with_labels = screen(df, labels, ScreeningConfig()).join(
        labels.select("arxiv_id", pl.col("eligible").alias("truth")), on="arxiv_id")
    assert with_labels.height == labels.height
    assert (with_labels["eligible"] == with_labels["truth"]).all()
    assert (with_labels["decision_source"] == "label").all()
    rules_only = screen(df, None, ScreeningConfig()).join(
        labels.filter(~pl.col("eligible")).select("arxiv_id"), on="arxiv_id")
    assert rules_only.height == labels.filter(~pl.col("eligible")).height
    assert not rules_only["eligible"].any()
    assert rules_only["reason"].str.starts_with("Not eligible: ").all()
    # The labelled features win: every eligible paper carries its label's type and size (EXPECTED.md's).
    elig = with_labels.filter(pl.col("truth")).join(
        labels.select("arxiv_id", pl.col("modification_type").alias("l_kind"),
                      pl.col("max_policy_params_b").alias("l_b")), on="arxiv_id")
    assert elig.height == 28 and (elig["modification_type"] == elig["l_kind"]).all()
    assert elig.filter(pl.col("l_b").is_not_null()).select(
        (pl.col("max_policy_params_b") == pl.col("l_b")).all(), pl.col("params_evidence").eq("label (demo)").all()).row(0) == (True, True)
    # DAPO, Dr. GRPO, Clip-Cov, high-entropy tokens, SAPO, MHPO, WAPO, DTGPO, CISPO, off-policy sequence masking
    assert elig["loss_level"].sum() == 10
    # The cue scores alone get every type but PIPO's ("sliding-window baseline": advantage cue, no objective cue);
    # the demo's labels were used to write the cues, so this is in-sample.
    from rl_inclusion.screening.evaluate import feature_agreement
    unlabelled = labels.with_columns(pl.lit(None, dtype=pl.Utf8).alias("modification_type"),
                                     pl.lit(None, dtype=pl.Float64).alias("max_policy_params_b"))
    a = feature_agreement(screen(df, unlabelled, ScreeningConfig(modification_typer="cues")),
                          labels.filter(pl.col("eligible")))
    assert a["disagreements"] == [("2604.00860", "new_objective", "advantage_estimator")]
    assert (a["kind_agree"], a["params_agree"], a["n"]) == (27, 28, 28)


DRGRPO = {"arxiv_id": "2503.20783", "title": "Understanding R1-Zero-Like Training: A Critical Perspective",
          "abstract": "We propose Dr. GRPO, an unbiased variant that drops the per-response length normalisation and "
                      "the standard deviation term of the advantage. A 7B base model reaches state-of-the-art accuracy.",
          "primary_category": "cs.LG", "categories": ["cs.LG"], "published": "2025-03-26T00:00:00Z", "links": []}


def test_eval_screening_reports_feature_agreement(tmp_path):
    import json
    pp, lp = tmp_path / "papers.jsonl", tmp_path / "labels.csv"
    pp.write_text("".join(json.dumps(r) + "\n" for r in [GSPO, QWEN3, MEDR1, DRGRPO]))
    lp.write_text("arxiv_id,eligible,modification_type,max_policy_params_b\n"
                  "2507.18071,true,new_objective,30\n"              # extracted new_objective, 30: both agree
                  "2505.09388,false,,\n"                            # no feature label: not counted
                  "2503.13939,true,advantage_estimator,\n"          # no cue -> unknown (not agreeing); both params empty: a match
                  "2503.20783,true,loss_coefficients_clipping_masking_weighting,32\n")  # loss-level right; 7 != 32
    lines = eval_screening(pp, lp, modification_typer="cues").splitlines()
    i = lines.index("features against the 3 feature-labelled papers (extracted with the labelled eligibility):")
    assert lines[i + 1:i + 9] == [
        "modification_type: 2/3 agree (0.667)",
        "  label / extracted      loss      adv sampling  new_obj    other   (none)",
        "  loss                      1        0        0        0        0        0",
        "  adv                       0        0        0        0        0        1",
        "  new_obj                   0        0        0        1        0        0",
        "modification_type right or unknown: 3/3 (1.000)",
        "max_policy_params_b: 2/3 exact (0.667; both empty counts as a match)",
        "max_policy_params_b right or unknown (never a wrong number): 2/3 (0.667)"]
    assert lines[-1].startswith("RESULT rules_f1=") and lines[-1].endswith(" n=4")


def test_eval_screening_without_feature_labels_prints_no_feature_block(tmp_path):
    pp, lp = _write_set(tmp_path, [GSPO, QWEN3], [("2507.18071", "true"), ("2505.09388", "false")])
    assert "feature-labelled" not in eval_screening(pp, lp)


def test_feature_agreement_counts():
    from rl_inclusion.screening.evaluate import feature_agreement
    extracted = pl.DataFrame({"arxiv_id": ["a", "b", "c", "d"],
                              "modification_type": ["other", "new_objective", None, "advantage_estimator"],
                              "max_policy_params_b": [7.0, None, 32.0, None]})
    truth = pl.DataFrame({"arxiv_id": ["a", "b", "c", "d"],
                          "modification_type": ["other", "advantage_estimator", "other", None],
                          "max_policy_params_b": [7.0, None, 30.0, 8.0]})
    a = feature_agreement(extracted, truth)
    assert (a["n"], a["kind_n"], a["kind_agree"], a["params_agree"]) == (4, 3, 1, 2)
    # right or unknown: sizes a (7 = 7), b (both empty), d (extractor does not know); c says 32 for 30: wrong
    assert (a["params_right_or_unknown"], a["kind_right_or_unknown"]) == (3, 2)  # types a right, c unknown
    assert a["confusion"] == {("other", "other"): 1, ("advantage_estimator", "new_objective"): 1, ("other", None): 1}
    assert a["disagreements"] == [("b", "advantage_estimator", "new_objective"), ("c", "other", None)]


@pytest.mark.parametrize("rule, message", [
    ("pattern = 'x'\nkind = 'maybe'", "kind: Input should be 'include' or 'exclude'"),
    ("pattern = 'x'\nfield = 'body'", "field: Input should be 'title' or 'text'"),
    ("pattern = 'x'\nnegate = 'yes'", "negate: Input should be a valid boolean"),
    ("pattern = 'x'\nunless = ''", "unless: Value error, must be a non-empty string"),
    ("pattern = '   '", "pattern: Value error, must be a non-empty string"),
])
def test_rules_file_entries_are_validated_with_the_rule_named(tmp_path, rule, message):
    p = tmp_path / "rules.toml"
    body = f"threshold = 1\n[[rule]]\nname = 'r'\nweight = 1\nreason = 'why'\n{rule}\n"
    if "kind =" not in rule:
        body = body.replace("weight = 1", "kind = 'include'\nweight = 1")
    p.write_text(body)
    with pytest.raises(ConfigError) as exc:
        load_rules(p)
    assert "rule 'r'" in str(exc.value) and message.replace("Value error, ", "") in str(exc.value)
