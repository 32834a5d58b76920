"""Cohort metrics and the study summary, from the tables, with their uncertainty.

The counts come from the SQL in ``sql/metrics/`` (run with the cut-off and the
study window as parameters); intervals and tests come from scipy: Wilson score
intervals (``binomtest(...).proportion_ci(method="wilson")``) and Fisher's
exact test (two-sided) on the 2x2 table included / not included.

Features are three-valued: a share of papers training a >= 30B policy, making
a loss-level change or releasing code is over the papers whose value is known;
the unknown ones are counted beside it (``study_summary.unknown``).

Screening error: beside every raw count and share that depends on the screener,
an estimate corrected for the screener's error measured out of sample on
labelled papers (``screening_error``; ``rl_inclusion.screening.estimate``:
adjusted classify-and-count, bootstrap 95 % interval) in ``eligible_est*``
(cohort_metrics) and ``estimate``/``est_low``/``est_high`` (study_summary).
Papers decided by a label count as labelled; included papers count as
included (their inclusion is checked evidence).  The error is measured on the
labelled papers drawn as the query returns them (``labelled_set = 'real'``)
when there are at least ``MIN_REAL_ERROR`` of them with both classes, else on
all labelled papers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

import duckdb
import polars as pl
from scipy.stats import binomtest, fisher_exact

from ..screening.estimate import MIN_REAL_ERROR, ErrorModel, Group, error_model_from, share_estimate
from ..storage import sql_dir
from ..study import WINDOW_DAYS

__all__ = ["MIN_REAL_ERROR", "cohort_metrics", "study_summary", "error_model", "failure_error_model", "share_estimate"]

# The figures the study published ("From RL Papers to Framework Code", October 2026).
PUBLISHED = {
    "papers_screened": (6939, "6,939 papers screened (Jan 2025 - Jun 2026)"),
    "eligible": (1598, "1,598 propose a general RL training method"),
    "included_share": (37 / 1598, "37 of 1,598 (2.3 %) reached a framework's main branch"),
    "policy_30b_included": (0.41, "41 % of included papers train a >= 30B policy"),
    "policy_30b_not_included": (0.10, "10 % of not-included papers train a >= 30B policy"),
    "loss_level_included": (0.29, "29 % of included papers change the loss"),
    "loss_level_not_included": (0.09, "9 % of not-included papers change the loss"),
    "code_included": (0.44, "44 % of included papers released code"),
    "code_not_included": (0.44, "44 % of not-included papers released code"),
    "no_thread_by_id": (0.96, "about 96 % of not-included papers are cited by no thread"),
    "no_thread_by_id_or_name": (None, "searching by method name as well reduced the share only slightly "
                                      "(no figure published)"),
    "rejected_or_redirected": (None, "relatively few had a public record of maintainers explicitly rejecting or "
                                     "redirecting them (no figure published)"),
    "unmerged_implementation_pr": (None, "no figure published"),
    "failure_issues_discussions_share": (48 / 7075, "48 of 7,075 framework issues and discussions opened since "
                                                    "January 2025 report a training failure"),
    "not_included": (1561, "1,561 eligible papers reached no framework"),
    "included_within_180d_share": (None, "5 to 7 per cohort of 72 to 386 eligible papers; no pooled share published"),
}

# The study's cohort series (six quarterly cohorts, 2025Q1 to 2026Q2): ranges, as published.
PUBLISHED_COHORTS = {
    "eligible": (72, 386, "72 to 386 eligible papers per cohort"),
    "included_within_180d": (5, 7, "5 to 7 included within 180 days per cohort"),
    "first_implementations": (3, 10, "3 to 10 first implementations a quarter"),
}


def _load(name: str) -> str:
    return (sql_dir() / "metrics" / f"{name}.sql").read_text()


def prepare_outcomes(con: duckdb.DuckDBPyConnection, cutoff: datetime) -> None:
    """(Re)build the temporary table ``paper_outcomes`` for this connection."""
    con.execute("CREATE OR REPLACE TEMP TABLE paper_outcomes AS " + _load("paper_outcomes"), {"cutoff": cutoff})


def _has_table(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    return con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = ?", [name]).fetchone()[0] > 0


def error_model(con: duckdb.DuckDBPyConnection) -> tuple[ErrorModel | None, str]:
    """The screener's measured error (from ``screening_error``) and which labelled papers it is measured on."""
    if not _has_table(con, "screening_error"):
        return None, "no screening_error table"
    return error_model_from(con.execute("SELECT eligible, predicted, labelled_set FROM screening_error").pl())


def failure_error_model(con: duckdb.DuckDBPyConnection) -> tuple[ErrorModel | None, str]:
    """The failure classifier's measured error on labelled real issues and discussions (``failure_error``; pull
    requests are not in the study's denominator), and what it is measured on: the true-positive rate on every
    labelled failure, the false-positive rate on the parts drawn as a tracker delivers threads (``drawn =
    'general'``; see :mod:`rl_inclusion.threads.failure_error`)."""
    if not _has_table(con, "failure_error"):
        return None, "no failure_error table"
    from ..threads.failure_error import error_model as from_rows
    return from_rows(con.execute(
        "SELECT labelled_set, kind, drawn, training_failure, predicted, classifier FROM failure_error").pl())


_LABELLED = pl.col("decision_source") == "label"
# What the estimator needs of a set of papers (labelled papers count as labelled), as aggregations.
GROUP_AGGS = {"flagged": (pl.col("eligible") & ~_LABELLED).sum(), "total": (~_LABELLED).sum(),
              "labelled_eligible": (pl.col("eligible") & _LABELLED).sum()}


def group_of(df: pl.DataFrame) -> Group:
    """A paper_outcomes frame -> the Group the estimator needs."""
    return Group(**{k: int(v) for k, v in df.select(**GROUP_AGGS).row(0, named=True).items()})


def groups_by(df: pl.DataFrame, key: str, values: list) -> list[Group]:
    """The Group of each value of ``key`` in ``values`` (in that order; an absent value has an empty group)."""
    agg = df.group_by(key).agg(**GROUP_AGGS)
    rows = pl.DataFrame({key: values}, schema={key: df.schema[key]}).join(agg, on=key, how="left", maintain_order="left")
    return [Group(**{k: int(r[k] or 0) for k in GROUP_AGGS}) for r in rows.iter_rows(named=True)]


def cohort_metrics(con: duckdb.DuckDBPyConnection, cutoff: datetime) -> pl.DataFrame:
    prepare_outcomes(con, cutoff)
    df = con.execute(_load("cohort_metrics"), {"cutoff": cutoff, "window_days": WINDOW_DAYS}).pl()
    outcomes = con.execute("SELECT quarter, eligible, decision_source FROM paper_outcomes").pl()
    model, _ = error_model(con)
    groups = groups_by(outcomes, "quarter", df["quarter"].to_list())
    ests = model.counts(groups) if model is not None else [None] * len(groups)
    return df.with_columns(
        pl.Series("eligible_est", [e.estimate if e else None for e in ests], dtype=pl.Float64),
        pl.Series("eligible_est_low", [e.low if e else None for e in ests], dtype=pl.Float64),
        pl.Series("eligible_est_high", [e.high if e else None for e in ests], dtype=pl.Float64),
    )


def implementation_quarters(con: duckdb.DuckDBPyConnection, cutoff: datetime) -> pl.DataFrame:
    """First implementations and inclusions per quarter of implementation (``implementation_quarters``)."""
    return con.execute(_load("implementation_quarters"), {"cutoff": cutoff}).pl()


def wilson(k: int, n: int) -> tuple[float | None, float | None]:
    """95 % Wilson score interval for k successes of n (None when n is 0)."""
    if n == 0:
        return None, None
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


def fisher_p(a: int, b: int, c: int, d: int) -> float | None:
    """Two-sided Fisher exact p for [[a, b], [c, d]]; None when a margin is empty."""
    if (a + b) == 0 or (c + d) == 0:
        return None
    return float(fisher_exact([[a, b], [c, d]], alternative="two-sided").pvalue)


@dataclass(frozen=True)
class StudyWindow:
    start: date = date(2025, 1, 1)
    end: date = date(2026, 6, 30)


def study_summary(con: duckdb.DuckDBPyConnection, cutoff: datetime, window: StudyWindow) -> pl.DataFrame:
    prepare_outcomes(con, cutoff)
    bounds = {"window_start": window.start, "window_end": window.end}
    o = con.execute(_load("window_outcomes"), bounds).pl()  # the window's papers, read once
    con.register("window_outcomes", o.to_arrow())
    try:
        counts = con.execute(_load("study_counts"), {"cutoff": cutoff, "window_days": WINDOW_DAYS, **bounds})
        c = dict(zip([d[0] for d in counts.description], counts.fetchone()))
    finally:
        con.unregister("window_outcomes")
    inc, notinc = c["included"], c["not_included"]
    rows: list[dict] = []
    model, error_set = error_model(con)
    open_ = o.filter(pl.col("first_implementation").is_null())  # papers with no inclusion, eligible or not

    def add(metric: str, description: str, k: float | None, n: float | None, p: float | None = None,
            ci: bool = True, unknown: int | None = None, est=None) -> None:
        value = None if not n else k / n
        lo, hi = wilson(int(k), int(n)) if ci and n else (None, None)
        pub = PUBLISHED.get(metric)
        rows.append({"metric": metric, "description": description, "numerator": k, "denominator": n,
                     "value": value, "ci_low": lo, "ci_high": hi, "p_value": p, "unknown": unknown,
                     "estimate": est.estimate if est else None, "est_low": est.low if est else None,
                     "est_high": est.high if est else None,
                     "published_value": pub[0] if pub else None, "published_text": pub[1] if pub else None,
                     "window_start": window.start, "window_end": window.end})

    def not_included_share(yes: pl.Expr, no: pl.Expr):
        """The corrected share among not-included eligible papers (the screener's errors live there)."""
        if model is None:
            return None
        return model.share(group_of(open_.filter(yes)), group_of(open_.filter(no)))

    eligible_est = model.count(group_of(o)) if model is not None else None
    add("papers_screened", "papers first submitted in the window that were screened", c["papers_screened"], None, ci=False)
    rows[-1]["value"] = float(c["papers_screened"])
    add("eligible", "screened papers that propose a general RL training method (estimate: corrected for the "
        f"screener's error measured on {error_set})", c["eligible"], None, ci=False, est=eligible_est)
    rows[-1]["value"] = float(c["eligible"])
    inc_est = None
    if eligible_est is not None and eligible_est.estimate:
        from ..screening.estimate import Estimate
        inc_est = Estimate(inc / c["eligible"] if c["eligible"] else float("nan"), inc / eligible_est.estimate,
                           inc / eligible_est.high if eligible_est.high else float("nan"),
                           inc / eligible_est.low if eligible_est.low else float("nan"))
    add("included_share", "eligible papers included in at least one framework", inc, c["eligible"], est=inc_est)
    add("not_included", "eligible papers included in no framework by the cut-off (the naive comparisons' "
        "denominator, whatever their follow-up)", notinc, None, ci=False)
    rows[-1]["value"] = float(notinc)
    still_open = c["eligible"] - c["eligible_window_closed"]
    add("included_within_180d_share",
        "eligible papers included within 180 days of first submission, among those whose 180-day window "
        f"had closed by the cut-off ({still_open} still open, left out)",
        c["included_within_180d"], c["eligible_window_closed"])
    size = pl.col("max_policy_params_b")
    p30 = fisher_p(c["inc_30b"], c["inc_size_known"] - c["inc_30b"], c["not_30b"], c["not_size_known"] - c["not_30b"])
    add("policy_30b_included", "included papers training a policy of >= 30B parameters (of those whose size is known)",
        c["inc_30b"], c["inc_size_known"], p30, unknown=inc - c["inc_size_known"])
    add("policy_30b_not_included", "not-included eligible papers training a policy of >= 30B parameters (of those "
        "whose size is known)", c["not_30b"], c["not_size_known"], p30, unknown=notinc - c["not_size_known"],
        est=not_included_share(size >= 30, size < 30))
    ploss = fisher_p(c["inc_loss"], c["inc_loss_known"] - c["inc_loss"], c["not_loss"], c["not_loss_known"] - c["not_loss"])
    add("loss_level_included", "included papers whose change is loss-level (of those whose type is known)",
        c["inc_loss"], c["inc_loss_known"], ploss, unknown=inc - c["inc_loss_known"])
    add("loss_level_not_included", "not-included eligible papers whose change is loss-level (of those whose type is "
        "known)", c["not_loss"], c["not_loss_known"], ploss, unknown=notinc - c["not_loss_known"],
        est=not_included_share(pl.col("loss_level").eq(True), pl.col("loss_level").eq(False)))
    pcode = fisher_p(c["inc_code"], c["inc_code_known"] - c["inc_code"], c["not_code"], c["not_code_known"] - c["not_code"])
    add("code_included", "included papers that released code (of those where it is known)", c["inc_code"],
        c["inc_code_known"], pcode, unknown=inc - c["inc_code_known"])
    add("code_not_included", "not-included eligible papers that released code (of those where it is known)",
        c["not_code"], c["not_code_known"], pcode, unknown=notinc - c["not_code_known"],
        est=not_included_share(pl.col("code_released").eq(True), pl.col("code_released").eq(False)))
    add("no_thread_by_id", "not-included eligible papers cited by no thread (by arXiv id)", c["not_inc_no_thread_id"], notinc,
        est=not_included_share(pl.col("threads_by_id") == 0, pl.col("threads_by_id") > 0))
    add("no_thread_by_id_or_name", "not-included eligible papers cited by no thread (by arXiv id or method name)",
        c["not_inc_no_thread_any"], notinc,
        est=not_included_share(pl.col("threads_by_id_or_name") == 0, pl.col("threads_by_id_or_name") > 0))
    add("failure_threads_share", "threads (pull requests included) opened in the study window that report a "
        "training failure", c["failure_threads"], c["threads"])
    failure_model, failure_set = failure_error_model(con)
    add("failure_issues_discussions_share", "issues and discussions (not pull requests: the study's denominator) "
        "opened in the study window that report a training failure (estimate: corrected for the classifier's "
        f"error measured on {failure_set})", c["failure_issues_discussions"], c["issues_discussions"],
        est=share_estimate(failure_model, c["failure_issues_discussions"], c["issues_discussions"]))
    n_threads, n_blind = c["not_inc_citing_threads"], c["not_inc_threads_without_association"]
    add("rejected_or_redirected", "not-included eligible papers with a thread in which a maintainer explicitly "
        "rejects or redirects the method" + (
            f" (value unknown: {n_blind} of the {n_threads} threads citing not-included papers have commenters "
            "without an author association (a source that does not give it, e.g. a format-1 snapshot), so the "
            "numerator is only a lower bound)" if n_blind else ""),
        c["not_inc_rejected_redirected"], notinc)
    if n_blind:
        rows[-1].update(value=None, ci_low=None, ci_high=None)
    add("unmerged_implementation_pr", "not-included eligible papers with an implementation pull request that was "
        "not merged (closed without a merge or still open)", c["not_inc_unmerged_pr"], notinc)
    df = pl.DataFrame(rows, schema={
        "metric": pl.Utf8, "description": pl.Utf8, "numerator": pl.Float64, "denominator": pl.Float64,
        "value": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64, "p_value": pl.Float64,
        "unknown": pl.Float64, "estimate": pl.Float64, "est_low": pl.Float64, "est_high": pl.Float64,
        "published_value": pl.Float64, "published_text": pl.Utf8, "window_start": pl.Date, "window_end": pl.Date})
    return df.with_columns(pl.col("value").fill_nan(None), pl.col("estimate").fill_nan(None),
                           pl.col("est_low").fill_nan(None), pl.col("est_high").fill_nan(None))
