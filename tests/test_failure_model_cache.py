"""The trained failure model is kept on disk, keyed by everything it depends on (issue 12: every process that
classifies threads needed ten seconds of training)."""
import logging
import shutil

import numpy as np
import pytest

from rl_inclusion import kept_models
from rl_inclusion.threads import learned_failure as lf


def test_a_new_process_loads_the_kept_model_instead_of_training(model_cache, monkeypatch):
    first = lf.bundled_model()
    kept = list(model_cache.glob("failure-*.skops"))
    assert [p.name for p in kept] == [f"failure-{lf.training_digest(frozenset())[:24]}.skops"]
    lf._trained_without.cache_clear()                       # as a fresh process would start
    monkeypatch.setattr(lf, "train", lambda *a, **k: pytest.fail("trained again although a model was kept"))
    again = lf.bundled_model()
    texts = ["reward collapses to zero after step 300 and entropy explodes", "how do I install flash-attn"]
    assert (again.n_train, again.n_positive) == (first.n_train, first.n_positive)
    assert np.array_equal(again.predict_proba(texts), first.predict_proba(texts))
    # the vocabularies travel as arrays of terms and come back as the same dicts
    assert [v.vocabulary_ for v in lf._vectorizers(again.pipeline)] == \
        [v.vocabulary_ for v in lf._vectorizers(first.pipeline)]


def test_the_key_changes_with_the_labels_and_with_the_threads_left_out(tmp_path):
    copy = tmp_path / "labels_real"
    shutil.copytree(lf.REAL_DIR, copy)
    base = lf.training_digest(frozenset(), copy)
    assert lf.training_digest(frozenset(), lf.REAL_DIR) == base          # same content, same key
    assert lf.training_digest(frozenset({("volcengine/verl", 1)}), copy) != base
    labels = copy / lf.LABELLED_SETS[-1][1]
    labels.write_text(labels.read_text().replace(",true,", ",false,", 1))
    changed = lf.training_digest(frozenset(), copy)
    assert changed != base
    (copy / lf.RELABELS_FILE).unlink()
    assert lf.training_digest(frozenset(), copy) not in (base, changed)


def test_a_broken_kept_file_is_ignored_with_a_warning_and_replaced_whole(tmp_path, caplog):
    path = tmp_path / "failure-x.skops"
    path.write_bytes(b"PK\x03\x04 not a whole zip")
    with caplog.at_level(logging.WARNING, logger=kept_models.__name__):
        assert lf._cached(path) is None
    assert "ignoring the kept model" in caplog.text
    assert lf._cached(tmp_path / "absent.skops") is None
    texts = ["loss is nan from step one", "nan loss after 20 steps", "how to set the batch size", "docs typo"]
    model = lf.train(texts, np.array([True, True, False, False]))
    lf._keep(model, path)
    again = lf._cached(path)
    assert (again.n_train, again.n_positive) == (4, 2)
    assert np.array_equal(again.predict_proba(texts), model.predict_proba(texts))
    assert [p.name for p in tmp_path.iterdir()] == ["failure-x.skops"]  # no temporary file left behind


def test_a_term_an_array_would_cut_is_not_kept_and_the_model_stays_whole(tmp_path, caplog):
    """numpy strings drop trailing NUL characters: a vocabulary holding such a term is not written (the next process
    trains again) rather than read back with a term changed; the model in memory keeps its vocabularies."""
    texts = ["nan\x00 loss", "nan\x00 loss again", "batch size", "batch size docs"]
    model = lf.train(texts, np.array([True, True, False, False]))
    before = [dict(v.vocabulary_) for v in lf._vectorizers(model.pipeline)]
    with caplog.at_level(logging.WARNING, logger=kept_models.__name__):
        lf._keep(model, tmp_path / "failure-z.skops")
    assert "does not survive an array of strings" in caplog.text
    assert list(tmp_path.iterdir()) == []
    assert [v.vocabulary_ for v in lf._vectorizers(model.pipeline)] == before


def test_a_kept_file_that_would_run_code_is_refused(tmp_path, caplog):
    """A kept file is data: one whose types skops does not trust (here a function that could run anything) is not
    loaded, it is ignored and the model trained again."""
    import skops.io as sio

    path = tmp_path / "failure-y.skops"
    sio.dump({"pipeline": __import__("os").system, "n_train": 1, "n_positive": 1}, path)
    with caplog.at_level(logging.WARNING, logger=kept_models.__name__):
        assert lf._cached(path) is None
    assert "untrusted" in caplog.text.lower()


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(kept_models.CACHE_ENV, str(tmp_path / "m"))
    assert kept_models.cache_dir() == tmp_path / "m"
    monkeypatch.setenv(kept_models.CACHE_ENV, "")
    assert kept_models.cache_dir() is None                   # empty: keep nothing, train in every process
    monkeypatch.delenv(kept_models.CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert kept_models.cache_dir() == tmp_path / "xdg" / "rl_inclusion" / "models"
