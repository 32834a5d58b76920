"""The modification type of an eligible paper's method, learned from the labelled types (issue 13).

The cue scores of ``modification_types.toml`` alone agreed with the labels on 0.595 of the 116
labelled-eligible papers of the development part of ``real/`` (in-sample for three cues written from
them).  Most disagreements are not a missing type (the labels use the same five types the cues
score) but which of several changes a paper leads with, and papers no cue names (11 of 116 unknown).
The typer adds what the labelled papers say:

- a multinomial logistic regression (C=16) on word TF-IDF of title + abstract + comment plus, as
  extra columns, ``CUE_WEIGHT * log(1 + score)`` of each type's cue score;
- its class probabilities averaged with the cue scores' shares (``MIX`` of each; a paper with no cue
  takes the classifier's alone);
- the type with the highest combined value, ties in the order of ``ALL_MODIFICATION_TYPES``.

It always names a type: the target counts an unknown as a disagreement, so abstaining cannot raise
agreement.  Trained on the labelled eligible papers that carry a type: ``screening/data`` and
the real drawn sets (``learned.REAL_SETS``, each measured and read), a given label replacing the
shipped one for the same id.  Chosen by 5-fold cross-validation (3 shuffles) on the development part
of ``real/``, training on ``data/`` plus the other folds, among C in {4, 16, 64}, cue weight {0, 0.5,
1, 2}, mix {0, 0.3, 0.5}, balanced or no class weights, word uni/bigrams and character n-grams:
agreement 0.690 (classifier alone 0.60, cue scores alone 0.595).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .. import kept_models
from .features import ALL_MODIFICATION_TYPES

C = 16.0
CUE_WEIGHT = 0.5
MIX = 0.5


def cue_columns(cue_scores: np.ndarray, weight: float = CUE_WEIGHT) -> np.ndarray:
    """The cue scores as classifier columns: ``weight * log(1 + score)``."""
    return weight * np.log1p(np.asarray(cue_scores, dtype=float))


def cue_shares(cue_scores: np.ndarray) -> np.ndarray:
    """Each row's cue scores divided by their sum (a row with no cue stays all zero)."""
    s = np.asarray(cue_scores, dtype=float)
    total = s.sum(axis=1, keepdims=True)
    return np.divide(s, total, out=np.zeros_like(s), where=total > 0)


def combine(proba: np.ndarray, cue_scores: np.ndarray, mix: float = MIX) -> np.ndarray:
    """``(1 - mix) * proba + mix * shares``, where a row with no cue keeps ``proba`` alone.

    Columns of both in the order of ``ALL_MODIFICATION_TYPES``.
    """
    proba = np.asarray(proba, dtype=float)
    shares = cue_shares(cue_scores)
    has_cue = shares.sum(axis=1, keepdims=True) > 0
    return np.where(has_cue, (1 - mix) * proba + mix * shares, proba)


def decide(combined: np.ndarray) -> list[str]:
    """The type of each row's highest value (first in ``ALL_MODIFICATION_TYPES`` on a tie)."""
    return [ALL_MODIFICATION_TYPES[i] for i in np.asarray(combined).argmax(axis=1)]


def _features(words, cue_scores: np.ndarray):
    """The classifier's columns: the word TF-IDF matrix, then the cue columns."""
    from scipy.sparse import csr_matrix, hstack
    return hstack([words, csr_matrix(cue_columns(cue_scores))]).tocsr()


@dataclass
class Typer:
    vectorizer: Any
    classifier: Any
    n_train: int

    def _matrix(self, texts: list[str], cue_scores: np.ndarray):
        return _features(self.vectorizer.transform(texts), cue_scores)

    def proba(self, texts: list[str], cue_scores: np.ndarray) -> np.ndarray:
        """Class probabilities, columns in the order of ``ALL_MODIFICATION_TYPES`` (0 for a type never seen)."""
        out = np.zeros((len(texts), len(ALL_MODIFICATION_TYPES)))
        if not texts:
            return out
        p = self.classifier.predict_proba(self._matrix(texts, cue_scores))
        for j, cls in enumerate(self.classifier.classes_):
            out[:, ALL_MODIFICATION_TYPES.index(cls)] = p[:, j]
        return out

    def predict(self, texts: list[str], cue_scores: np.ndarray) -> list[str]:
        if not texts:
            return []
        return decide(combine(self.proba(texts, cue_scores), cue_scores))


def train_typer(texts: list[str], cue_scores: np.ndarray, types: list[str], c: float = C) -> Typer:
    """Fit the typer on labelled eligible papers (``types``: one of ``ALL_MODIFICATION_TYPES`` each)."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    if len(texts) != len(types) or len(texts) != len(cue_scores):
        raise ValueError("texts, cue scores and types differ in length")
    bad = sorted({t for t in types if t not in ALL_MODIFICATION_TYPES})
    if bad:
        raise ValueError(f"unknown modification types {bad}")
    if len(set(types)) < 2:
        raise ValueError("the typer needs at least two types among its labelled papers")
    vec = TfidfVectorizer(sublinear_tf=True, min_df=1, max_df=0.9, strip_accents="unicode", lowercase=True,
                          dtype=np.float64)
    X = _features(vec.fit_transform(texts), cue_scores)
    clf = LogisticRegression(C=c, max_iter=3000)
    clf.fit(X, np.asarray(types))
    return Typer(vec, clf, len(types))


def training_digest(texts: list[str], cue_scores: np.ndarray, types: list[str], c: float = C) -> str:
    """SHA-256 over everything a trained typer depends on: this module's code, the libraries, ``c`` and the
    training papers (texts, cue scores, types)."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    h.update(f"{kept_models.library_versions()} C {c}\0".encode())
    for text, kind in zip(texts, types, strict=True):
        h.update(f"{text}\0{kind}\0".encode())
    h.update(np.ascontiguousarray(cue_scores, dtype=np.float64).tobytes())
    return h.hexdigest()


def trained_typer(texts: list[str], cue_scores: np.ndarray, types: list[str], c: float = C) -> Typer:
    """``train_typer``'s typer, loaded when an earlier process trained it on the same papers
    (``kept_models``: each step of a run is a process of its own, and the fit takes seconds)."""
    return kept_models.load_or_train(
        f"typer-{training_digest(texts, cue_scores, types, c)[:24]}.skops",
        lambda: train_typer(texts, cue_scores, types, c),
        lambda t: {"vectorizer": t.vectorizer, "classifier": t.classifier, "n_train": t.n_train},
        lambda k: Typer(k["vectorizer"], k["classifier"], int(k["n_train"])),
        lambda k: [k["vectorizer"]])


def cue_score_matrix(frame, cues=None) -> np.ndarray:
    """The cue scores of a raw_papers-like frame (``title``, ``abstract``, ``comment``), one column per type
    in the order of ``ALL_MODIFICATION_TYPES``."""
    from . import features as F
    from .rules import text_columns
    if frame.height == 0:
        return np.zeros((0, len(ALL_MODIFICATION_TYPES)))
    df = frame if "_text_lower" in frame.columns else frame.with_columns(text_columns(frame))
    scores = F.modification_scores(cues=cues)
    return df.select([scores[k].alias(k) for k in ALL_MODIFICATION_TYPES]).to_numpy().astype(float)


def typer_for(papers, labels=None, cues=None) -> Typer | None:
    """The typer trained on the labelled types: the shipped ones (``screening/data`` and the real drawn
    sets) with a given label replacing the shipped one for the same id, plus the given
    labels' types.  Texts as ``papers`` has them for its ids, the shipped summaries otherwise.  None when
    fewer than two types are labelled."""
    import polars as pl

    from .learned import TEXT_COLUMNS, bundled_set, paper_texts
    bp, bl = bundled_set()
    lab = bl.select("arxiv_id", "eligible", pl.col("modification_type").cast(pl.Utf8))
    if labels is not None and labels.height:
        given = labels.select("arxiv_id", "eligible", pl.col("modification_type").cast(pl.Utf8))
        lab = pl.concat([given, lab.join(given.select("arxiv_id"), on="arxiv_id", how="anti")])
    lab = lab.filter(pl.col("eligible") & pl.col("modification_type").is_in(list(ALL_MODIFICATION_TYPES)))
    src = pl.concat([papers.select(TEXT_COLUMNS),
                     bp.select(TEXT_COLUMNS).join(papers.select("arxiv_id"), on="arxiv_id", how="anti")],
                    how="vertical_relaxed").unique("arxiv_id", keep="first")
    train = lab.join(src, on="arxiv_id", how="inner").sort("arxiv_id")
    types = train["modification_type"].to_list()
    if len(set(types)) < 2:
        return None
    return trained_typer(paper_texts(train), cue_score_matrix(train, cues), types)
