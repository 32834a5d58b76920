"""Included against not-included papers with equal follow-up.

The naive comparison (included by the cut-off against not included yet) puts a
paper submitted a month before the cut-off into the not-included group beside
one that had eighteen months to be picked up.  Here every paper has the same
follow-up: only papers whose 180-day window closed before the cut-off count,
the outcome is "included within 180 days", and the comparison is stratified by
cohort (first-submission quarter), so papers are compared with papers from the
same research period.

Per feature (policy >= 30B, loss-level change, code released), only the
papers whose value is known count (as in ``study_summary``: a size or a code
release the labels and the text do not give is unknown, not "no"); the 2x2
table of each cohort is [[included & feature, included & not], [not included
& feature, not included & not]].  statsmodels' ``StratifiedTable`` gives the
Mantel-Haenszel pooled odds ratio (with its 95 % interval) and the
Cochran-Mantel-Haenszel test of a common odds ratio of 1 (no continuity
correction).  A cohort with fewer than two papers carries no information for
the test and is left out of it.  The naive figures (all eligible papers in the
window, included by the cut-off) stand beside it with their own denominators.
"""

from __future__ import annotations

import math
import warnings
from datetime import date, datetime

import duckdb
import numpy as np
import polars as pl
from statsmodels.stats.contingency_tables import StratifiedTable

from ..study import WINDOW_DAYS, window_closed_expr
from . import fisher_p
from .survival import eligible_papers, follow_up, inclusion_pairs

FEATURES = {
    "policy_30b": ">= 30B-parameter policy",
    "loss_level": "loss-level modification",
    "code_released": "code released",
}

SCHEMA = {
    "feature": pl.Utf8, "description": pl.Utf8,
    "naive_included_k": pl.Int32, "naive_included_n": pl.Int32,
    "naive_not_included_k": pl.Int32, "naive_not_included_n": pl.Int32, "naive_fisher_p": pl.Float64,
    "closed_included_k": pl.Int32, "closed_included_n": pl.Int32,
    "closed_not_included_k": pl.Int32, "closed_not_included_n": pl.Int32,
    "strata": pl.Int32, "mh_odds_ratio": pl.Float64, "mh_ci_low": pl.Float64, "mh_ci_high": pl.Float64,
    "cmh_statistic": pl.Float64, "cmh_p": pl.Float64, "window_days": pl.Int32,
}


def cohort_tables(closed: pl.DataFrame, feature: str) -> list[np.ndarray]:
    """The 2x2 table of each cohort with at least two papers (included within the window x feature, known)."""
    tables = []
    for quarter in sorted(closed["quarter"].unique().to_list()):
        c = closed.filter(pl.col("quarter") == quarter)
        if c.height < 2:
            continue
        inc, feat = c["included"], c[feature]
        tables.append(np.array([[int((inc & feat).sum()), int((inc & ~feat).sum())],
                                [int((~inc & feat).sum()), int((~inc & ~feat).sum())]], dtype=float))
    return tables


def _finite(v) -> float | None:
    v = float(v)
    return v if math.isfinite(v) else None


def stratified(tables: list[np.ndarray]) -> dict:
    """Mantel-Haenszel odds ratio, its interval, and the CMH statistic and p (None where undefined)."""
    out = {"mh_odds_ratio": None, "mh_ci_low": None, "mh_ci_high": None, "cmh_statistic": None, "cmh_p": None}
    if not tables:
        return out
    st = StratifiedTable(np.dstack(tables))
    with warnings.catch_warnings(), np.errstate(divide="ignore", invalid="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        out["mh_odds_ratio"] = _finite(st.oddsratio_pooled)
        if out["mh_odds_ratio"] not in (None, 0.0):
            lo, hi = st.oddsratio_pooled_confint()
            out["mh_ci_low"], out["mh_ci_high"] = _finite(lo), _finite(hi)
        test = st.test_null_odds(correction=False)
        out["cmh_statistic"], out["cmh_p"] = _finite(test.statistic), _finite(test.pvalue)
    return out


def equal_followup(con: duckdb.DuckDBPyConnection, cutoff: datetime, start: date, end: date,
                   window_days: int = WINDOW_DAYS) -> pl.DataFrame:
    """The ``equal_followup`` table: one row per feature, naive and equal-follow-up figures side by side."""
    papers = eligible_papers(con, start, end)
    times = follow_up(papers, inclusion_pairs(con, cutoff), cutoff)
    # closed: day `window_days` after first submission is before the cut-off date (study.window_closed)
    closed = times.filter(window_closed_expr("published", cutoff, window_days)).with_columns(
        (pl.col("event") & (pl.col("lag_days") <= window_days)).alias("included"))
    rows = []
    for feature, description in FEATURES.items():
        known, closed_known = times.filter(pl.col(feature).is_not_null()), closed.filter(pl.col(feature).is_not_null())
        inc = known.filter(pl.col("event"))
        notinc = known.filter(~pl.col("event"))
        k_inc, k_not = int(inc[feature].sum()), int(notinc[feature].sum())
        c_inc, c_not = closed_known.filter(pl.col("included")), closed_known.filter(~pl.col("included"))
        tables = cohort_tables(closed_known, feature)
        rows.append({
            "feature": feature, "description": description,
            "naive_included_k": k_inc, "naive_included_n": inc.height,
            "naive_not_included_k": k_not, "naive_not_included_n": notinc.height,
            "naive_fisher_p": fisher_p(k_inc, inc.height - k_inc, k_not, notinc.height - k_not),
            "closed_included_k": int(c_inc[feature].sum()), "closed_included_n": c_inc.height,
            "closed_not_included_k": int(c_not[feature].sum()), "closed_not_included_n": c_not.height,
            "strata": len(tables), **stratified(tables), "window_days": window_days,
        })
    return pl.DataFrame(rows, schema=SCHEMA)
