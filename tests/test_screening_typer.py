"""The learned modification-type typer (issue 13) and the learned screener's rules gate: small inputs, values
worked by hand."""

import math

import numpy as np
import polars as pl
import pytest

from rl_inclusion.screening import ScreeningConfig, labels_from_frame, screen
from rl_inclusion.screening.learned import gated
from rl_inclusion.screening.typer import combine, cue_columns, cue_shares, decide, train_typer

from test_screening_screen import GSPO, MEDR1, QWEN3, papers

LOSS, ADV, SAMP, NEW, OTHER = ("loss_coefficients_clipping_masking_weighting", "advantage_estimator",
                               "sampling_filtering", "new_objective", "other")


def test_cue_columns_are_weighted_log1p():
    # 0.5 * log(1 + 0) = 0; 0.5 * log(1 + (e - 1)) = 0.5 * 1
    assert cue_columns(np.array([[0.0, math.e - 1]]), 0.5).tolist() == [[0.0, 0.5]]


def test_cue_shares_and_combination():
    scores = np.array([[2.0, 0, 0, 2.0, 0], [0, 0, 0, 0, 0]])
    assert cue_shares(scores).tolist() == [[0.5, 0, 0, 0.5, 0], [0, 0, 0, 0, 0]]
    proba = np.array([[0.1, 0.2, 0.3, 0.3, 0.1]] * 2)
    out = combine(proba, scores, 0.5)
    # row 1: 0.5 * [0.1, 0.2, 0.3, 0.3, 0.1] + 0.5 * [0.5, 0, 0, 0.5, 0] = [0.3, 0.1, 0.15, 0.4, 0.05]
    assert np.allclose(out[0], [0.3, 0.1, 0.15, 0.4, 0.05])
    # row 2 has no cue: the classifier's probabilities alone
    assert out[1].tolist() == [0.1, 0.2, 0.3, 0.3, 0.1]
    # new_objective wins row 1; row 2 ties sampling_filtering and new_objective at 0.3: the first in order
    assert decide(out) == [NEW, SAMP]


def test_typer_learns_words_of_its_labelled_types():
    texts = ["alpha clip", "alpha mask", "beta baseline", "beta critic"]
    typer = train_typer(texts, np.zeros((4, 5)), [LOSS, LOSS, ADV, ADV])
    assert typer.n_train == 4
    p = typer.proba(["alpha", "beta"], np.zeros((2, 5)))
    # columns of types never seen are 0; the two seen types share each row
    assert p[:, [2, 3, 4]].tolist() == [[0, 0, 0], [0, 0, 0]] and np.allclose(p.sum(axis=1), 1)
    assert typer.predict(["alpha", "beta"], np.zeros((2, 5))) == [LOSS, ADV]
    # a cue pulls: with only an advantage cue its share is 1, so LOSS gets 0.5 * pL <= 0.5 and ADV gets
    # 0.5 * pA + 0.5 > 0.5: ADV whatever the classifier says
    assert typer.predict(["alpha"], np.array([[0, 9.0, 0, 0, 0]])) == [ADV]
    assert typer.predict([], np.zeros((0, 5))) == []


def test_typer_refuses_bad_training_sets():
    with pytest.raises(ValueError, match="unknown modification types"):
        train_typer(["a", "b"], np.zeros((2, 5)), [LOSS, "loss"])
    with pytest.raises(ValueError, match="at least two types"):
        train_typer(["a", "b"], np.zeros((2, 5)), [LOSS, LOSS])
    with pytest.raises(ValueError, match="differ in length"):
        train_typer(["a"], np.zeros((2, 5)), [LOSS, ADV])


def test_screen_types_eligible_papers_with_the_typer():
    labels = labels_from_frame(pl.DataFrame({"arxiv_id": ["2503.13939"], "eligible": [True]}))
    cues = screen(papers(MEDR1, QWEN3), labels, ScreeningConfig(modification_typer="cues")).sort("arxiv_id")
    learned = screen(papers(MEDR1, QWEN3), labels, ScreeningConfig(modification_typer="learned")).sort("arxiv_id")
    # Med-R1 (eligible by label) has no cue word: unknown for the cues, a type for the typer (always one of five)
    assert cues["modification_type"].to_list()[0] is None
    assert learned["modification_type"].to_list()[0] in (LOSS, ADV, SAMP, NEW, OTHER)
    # Qwen3 is not eligible: the typer leaves it to the cue scores, so both agree
    assert cues["modification_type"].to_list()[1] == learned["modification_type"].to_list()[1]
    with pytest.raises(Exception, match="modification_typer"):
        ScreeningConfig(modification_typer="guess")
    # by default the typer follows the screener
    assert (ScreeningConfig().typer, ScreeningConfig(screener="learned").typer) == ("cues", "learned")


def test_rules_gate():
    p = np.array([0.9, 0.9, 0.4, 0.5])
    rules = np.array([0.5, 0.0, 3.0, -1.0])
    # yes needs p >= 0.5 and a positive rules score: only the first
    assert gated(p, rules, 0.5).tolist() == [True, False, False, False]
    # without the gate, p alone: 0.9, 0.9, 0.5 pass
    assert gated(p, None, 0.5).tolist() == [True, True, False, True]


def test_learned_screener_says_why_the_gate_refused():
    # Qwen3's report: the rules score -11, so whatever the model's probability the paper is not eligible
    out = screen(papers(GSPO, QWEN3), None, ScreeningConfig(screener="learned")).sort("arxiv_id")
    q = out.filter(pl.col("arxiv_id") == "2505.09388").row(0, named=True)
    assert q["eligible"] is False and q["decision_source"] == "model"
    ungated = screen(papers(GSPO, QWEN3), None, ScreeningConfig(screener="learned", rules_gate=False))
    uq = ungated.filter(pl.col("arxiv_id") == "2505.09388").row(0, named=True)
    assert uq["score"] == q["score"]  # the same model's probability
    if uq["eligible"]:
        assert q["reason"].endswith("so the model's yes is not taken.")


def test_a_kept_typer_is_loaded_by_the_next_process_and_predicts_the_same(tmp_path, monkeypatch):
    """Each step of a run is a process of its own: the typer trained in one is kept (keyed by its training
    papers) and loaded by the next instead of trained again."""
    from rl_inclusion.screening import typer as T

    monkeypatch.setenv("RL_INCLUSION_MODEL_CACHE", str(tmp_path))
    texts = ["alpha clip", "alpha mask", "beta baseline", "beta critic"]
    cues, types = np.zeros((4, 5)), [LOSS, LOSS, ADV, ADV]
    first = T.trained_typer(texts, cues, types)
    assert [p.name for p in tmp_path.iterdir()] == [f"typer-{T.training_digest(texts, cues, types)[:24]}.skops"]
    monkeypatch.setattr(T, "train_typer", lambda *a, **k: pytest.fail("trained again although a typer was kept"))
    again = T.trained_typer(texts, cues, types)
    assert again.n_train == 4 and again.vectorizer.vocabulary_ == first.vectorizer.vocabulary_
    probe = (["alpha", "beta critic"], np.array([[0, 0, 0, 0, 0], [0, 1.0, 0, 0, 0]]))
    assert np.array_equal(again.proba(*probe), first.proba(*probe)) and again.predict(*probe) == [LOSS, ADV]
    # another type, another cue score or another text is another typer
    digests = {T.training_digest(texts, cues, types), T.training_digest(texts, cues, [LOSS, ADV, ADV, ADV]),
               T.training_digest(texts, np.eye(4, 5), types), T.training_digest(["alpha"] + texts[1:], cues, types)}
    assert len(digests) == 4


def test_no_typer_is_kept_when_the_cache_is_switched_off(tmp_path, monkeypatch):
    from rl_inclusion.screening import typer as T

    monkeypatch.setenv("RL_INCLUSION_MODEL_CACHE", "")
    monkeypatch.chdir(tmp_path)
    typer = T.trained_typer(["alpha clip", "beta critic"], np.zeros((2, 5)), [LOSS, ADV])
    assert typer.predict(["alpha"], np.zeros((1, 5))) == [LOSS] and list(tmp_path.iterdir()) == []
