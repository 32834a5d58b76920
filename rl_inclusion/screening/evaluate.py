"""Accuracy of the screeners against a labelled set (``rl-inclusion eval-screening``).

For a papers file (snapshot format) and a labels file (``arxiv_id,eligible``
at least) it reports, on the papers that carry a label:

- the rules screener applied to every paper;
- the learned screener by stratified k-fold cross-validation on the given set
  (each paper scored by a model that never saw its label);
- the learned screener trained on the labelled set shipped with the package
  (minus any paper of the given set, so nothing is scored by a model trained
  on its own label) and applied to the given set;
- the method-name feature against the labels' ``method_name`` where given.

The last line is ``RESULT rules_f1=<x> learned_f1=<y> n=<n>`` (learned_f1 is
the cross-validated one).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from ..ids import normalize_name
from .labels import load_labels
from .learned import bundled_set, paper_texts, read_papers_jsonl, train_model


def confusion(y_true, y_pred) -> dict[str, int]:
    t, p = np.asarray(y_true, dtype=bool), np.asarray(y_pred, dtype=bool)
    return {"tp": int((t & p).sum()), "fp": int((~t & p).sum()), "fn": int((t & ~p).sum()), "tn": int((~t & ~p).sum())}


def scores(c: dict[str, int]) -> tuple[float, float, float]:
    precision = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 0.0
    recall = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def cross_validated(texts: list[str], y: np.ndarray, folds: int = 5, seed: int = 0) -> np.ndarray | None:
    """Out-of-fold predictions, or None when a class has fewer than 2 papers."""
    from sklearn.model_selection import StratifiedKFold

    minority = int(min(y.sum(), (~y).sum()))
    if minority < 2:
        return None
    k = min(folds, minority)
    pred = np.zeros(len(y), dtype=bool)
    arr = np.asarray(texts, dtype=object)
    for train, test in StratifiedKFold(n_splits=k, shuffle=True, random_state=seed).split(arr, y):
        model = train_model(arr[train].tolist(), y[train])
        pred[test] = model.predict_proba(arr[test].tolist()) >= 0.5
    return pred


def _row(name: str, c: dict[str, int] | None) -> str:
    if c is None:
        return f"{name:<34} {'n/a':>9}"
    p, r, f = scores(c)
    return f"{name:<34} {p:>9.3f} {r:>7.3f} {f:>6.3f} {c['tp']:>4} {c['fp']:>4} {c['fn']:>4} {c['tn']:>4}"


def eval_screening(papers_path: str | Path, labels_path: str | Path, folds: int = 5) -> str:
    from . import ScreeningConfig, screen

    papers = read_papers_jsonl(papers_path)
    labels = load_labels(labels_path)
    data = papers.join(labels.select("arxiv_id", pl.col("eligible").alias("_truth"), pl.col("method_name").alias("_name")),
                       on="arxiv_id", how="inner").sort("arxiv_id")
    n = data.height
    lines = [f"papers: {papers.height} in {papers_path}; labels: {labels.height} in {labels_path}; "
             f"labelled papers evaluated: {n} ({int(data['_truth'].sum()) if n else 0} eligible)"]
    unmatched = labels.height - n
    if unmatched:
        lines.append(f"note: {unmatched} label(s) name a paper absent from the papers file; ignored")
    if n == 0:
        lines.append("RESULT rules_f1=0.000 learned_f1=0.000 n=0")
        return "\n".join(lines)
    truth = data["_truth"].to_numpy()

    screened = screen(data.drop("_truth", "_name"), None, ScreeningConfig(screener="rules"))
    screened = data.select("arxiv_id").join(screened, on="arxiv_id", how="left", maintain_order="left")
    rules_c = confusion(truth, screened["eligible"].to_numpy())

    texts = paper_texts(data)
    cv_pred = cross_validated(texts, truth, folds)
    cv_c = confusion(truth, cv_pred) if cv_pred is not None else None

    bp, bl = bundled_set()
    train = bp.join(bl.select("arxiv_id", "eligible"), on="arxiv_id", how="inner").join(
        data.select("arxiv_id"), on="arxiv_id", how="anti")
    bundled_c, bundled_note = None, ""
    if train.height and 0 < int(train["eligible"].sum()) < train.height:
        model = train_model(paper_texts(train), train["eligible"].to_numpy())
        bundled_c = confusion(truth, model.predict_proba(texts) >= 0.5)
        bundled_note = f" (trained on {train.height} bundled papers not in the given set)"
    else:
        bundled_note = " (n/a: every bundled labelled paper is in the given set)"

    lines += ["", f"{'screener':<34} {'precision':>9} {'recall':>7} {'f1':>6} {'tp':>4} {'fp':>4} {'fn':>4} {'tn':>4}",
              _row("rules", rules_c),
              _row(f"learned, {folds}-fold cross-validation", cv_c),
              _row("learned, trained on bundled set", bundled_c) + bundled_note]

    # Features against the labels that name a method.
    named = data.select("arxiv_id", "_name").join(screened.select("arxiv_id", "method_name"), on="arxiv_id") \
        .filter(pl.col("_name").is_not_null())
    if named.height:
        agree = sum(1 for a, b in named.select("_name", "method_name").iter_rows()
                    if b is not None and normalize_name(a) == normalize_name(b))
        lines += ["", f"method_name: {agree}/{named.height} labelled names extracted exactly "
                      f"({agree / named.height:.3f})"]
    elig = screened.filter(pl.Series(truth))
    if elig.height:
        lines.append(f"features on the {elig.height} labelled-eligible papers: params found "
                     f"{elig['max_policy_params_b'].is_not_null().sum()}, >= 30B "
                     f"{(elig['max_policy_params_b'] >= 30).sum()}, code released {elig['code_released'].sum()}, "
                     f"loss-level {elig['loss_level'].sum()}")
    rules_f1 = scores(rules_c)[2]
    learned_f1 = scores(cv_c)[2] if cv_c is not None else 0.0
    lines.append(f"RESULT rules_f1={rules_f1:.3f} learned_f1={learned_f1:.3f} n={n}")
    return "\n".join(lines)
