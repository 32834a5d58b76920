"""The learned screener's model and its cross-validated scores are kept on disk (``kept_models``), keyed by
everything they were trained from: a later run (each materialization, each test) loads them instead of
training again, and what it loads decides exactly as a fresh training would."""

from __future__ import annotations

import numpy as np
import pytest

from rl_inclusion.screening import learned as L

TEXTS = ["a clipped surrogate loss for group rollouts", "an advantage baseline for policy updates",
         "a new reward model objective for preference data", "token level entropy bonus in the policy loss",
         "a survey of benchmarks", "a dataset of math problems", "an inference server for chat models",
         "a study of tokenizer choices"]
Y = np.array([True, True, True, True, False, False, False, False])


def test_a_kept_model_is_loaded_instead_of_trained_and_gives_the_same_probabilities(tmp_path, monkeypatch):
    monkeypatch.setenv("RL_INCLUSION_MODEL_CACHE", str(tmp_path))
    first = L.trained_model(TEXTS, Y)
    digest = L.screener_digest("model", TEXTS, Y, "tfidf", 8.0, 1)
    assert [p.name for p in tmp_path.iterdir()] == [f"screener-{digest[:24]}.skops"]
    monkeypatch.setattr(L, "train_model", lambda *a, **k: pytest.fail("trained again although a model was kept"))
    again = L.trained_model(TEXTS, Y)
    assert (again.n_train, again.n_positive, again.features) == (8, 4, "tfidf")
    probe = ["entropy bonus for the policy", "a math dataset", "nothing known here"]
    assert np.array_equal(again.predict_proba(probe), first.predict_proba(probe))
    assert again.cues(probe) == first.cues(probe)


def test_the_key_changes_with_a_text_a_label_or_a_setting():
    flipped = Y.copy()
    flipped[0] = False
    digests = {L.screener_digest("model", TEXTS, Y, "tfidf", 8.0, 1),
               L.screener_digest("model", ["x"] + TEXTS[1:], Y, "tfidf", 8.0, 1),
               L.screener_digest("model", TEXTS, flipped, "tfidf", 8.0, 1),
               L.screener_digest("model", TEXTS, Y, "tfidf", 4.0, 1),
               L.screener_digest("model", TEXTS, Y, "tfidf", 8.0, 2),
               L.screener_digest("cv", TEXTS, Y, "tfidf", 8.0, 1, "5")}
    assert len(digests) == 6


def test_kept_cross_validated_scores_equal_a_fresh_cross_validation(tmp_path, monkeypatch):
    monkeypatch.setenv("RL_INCLUSION_MODEL_CACHE", "")
    fresh = L.cross_validated_scores(TEXTS, Y, 5)
    # 4 papers of each class: 4 folds, each paper scored once by a model that never saw it
    assert fresh.shape == (8,) and not np.isnan(fresh).any() and ((fresh > 0) & (fresh < 1)).all()
    monkeypatch.setenv("RL_INCLUSION_MODEL_CACHE", str(tmp_path))
    kept = L.cross_validated_scores(TEXTS, Y, 5)
    assert np.array_equal(kept, fresh) and len(list(tmp_path.iterdir())) == 1
    monkeypatch.setattr(L, "train_model", lambda *a, **k: pytest.fail("cross-validated again although kept"))
    assert np.array_equal(L.cross_validated_scores(TEXTS, Y, 5), fresh)


def test_too_few_of_a_class_gives_no_scores_and_keeps_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("RL_INCLUSION_MODEL_CACHE", str(tmp_path))
    scores = L.cross_validated_scores(TEXTS[:5], Y[:5], 5)   # one paper that is not eligible
    assert np.isnan(scores).all() and scores.shape == (5,) and list(tmp_path.iterdir()) == []


def test_nothing_is_kept_when_the_cache_is_switched_off(tmp_path, monkeypatch):
    monkeypatch.setenv("RL_INCLUSION_MODEL_CACHE", "")
    monkeypatch.chdir(tmp_path)
    model = L.trained_model(TEXTS, Y)
    assert model.n_train == 8 and list(tmp_path.iterdir()) == []


def test_texts_and_labels_of_different_lengths_are_refused_and_nothing_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("RL_INCLUSION_MODEL_CACHE", str(tmp_path))
    with pytest.raises(ValueError, match="texts and labels differ in length"):
        L.trained_model(TEXTS, Y[:3])
    assert list(tmp_path.iterdir()) == []
