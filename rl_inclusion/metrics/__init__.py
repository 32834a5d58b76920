"""Cohort metrics and the study summary, from the tables, with their uncertainty.

The counts come from the SQL in ``sql/metrics/`` (run with the cut-off and the
study window as parameters); intervals and tests come from scipy: Wilson score
intervals (``binomtest(...).proportion_ci(method="wilson")``) and Fisher's
exact test (two-sided) on the 2x2 table included / not included.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

import duckdb
import polars as pl
from scipy.stats import binomtest, fisher_exact

from ..storage import sql_dir
from ..study import WINDOW_DAYS

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
    "failure_threads_share": (48 / 7075, "48 of 7,075 threads report a training failure"),
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


def cohort_metrics(con: duckdb.DuckDBPyConnection, cutoff: datetime) -> pl.DataFrame:
    prepare_outcomes(con, cutoff)
    return con.execute(_load("cohort_metrics"), {"cutoff": cutoff, "window_days": WINDOW_DAYS}).pl()


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
    row = con.execute(_load("study_counts"), {"cutoff": cutoff, "window_days": WINDOW_DAYS, "window_start": window.start,
                                              "window_end": window.end}).fetchone()
    cols = [d[0] for d in con.description]
    c = dict(zip(cols, row))
    inc, notinc = c["included"], c["not_included"]
    rows: list[dict] = []

    def add(metric: str, description: str, k: float | None, n: float | None, p: float | None = None,
            ci: bool = True) -> None:
        value = None if not n else k / n
        lo, hi = wilson(int(k), int(n)) if ci and n else (None, None)
        pub = PUBLISHED.get(metric)
        rows.append({"metric": metric, "description": description, "numerator": k, "denominator": n,
                     "value": value, "ci_low": lo, "ci_high": hi, "p_value": p,
                     "published_value": pub[0] if pub else None, "published_text": pub[1] if pub else None,
                     "window_start": window.start, "window_end": window.end})

    add("papers_screened", "papers first submitted in the window that were screened", c["papers_screened"], None, ci=False)
    rows[-1]["value"] = float(c["papers_screened"])
    add("eligible", "screened papers that propose a general RL training method", c["eligible"], None, ci=False)
    rows[-1]["value"] = float(c["eligible"])
    add("included_share", "eligible papers included in at least one framework", inc, c["eligible"])
    add("not_included", "eligible papers included in no framework by the cut-off (the naive comparisons' "
        "denominator, whatever their follow-up)", notinc, None, ci=False)
    rows[-1]["value"] = float(notinc)
    still_open = c["eligible"] - c["eligible_window_closed"]
    add("included_within_180d_share",
        "eligible papers included within 180 days of first submission, among those whose 180-day window "
        f"had closed by the cut-off ({still_open} still open, left out)",
        c["included_within_180d"], c["eligible_window_closed"])
    p30 = fisher_p(c["inc_30b"], inc - c["inc_30b"], c["not_30b"], notinc - c["not_30b"])
    add("policy_30b_included", "included papers training a policy of >= 30B parameters", c["inc_30b"], inc, p30)
    add("policy_30b_not_included", "not-included eligible papers training a policy of >= 30B parameters", c["not_30b"], notinc, p30)
    ploss = fisher_p(c["inc_loss"], inc - c["inc_loss"], c["not_loss"], notinc - c["not_loss"])
    add("loss_level_included", "included papers whose change is loss-level", c["inc_loss"], inc, ploss)
    add("loss_level_not_included", "not-included eligible papers whose change is loss-level", c["not_loss"], notinc, ploss)
    pcode = fisher_p(c["inc_code"], inc - c["inc_code"], c["not_code"], notinc - c["not_code"])
    add("code_included", "included papers with a code link", c["inc_code"], inc, pcode)
    add("code_not_included", "not-included eligible papers with a code link", c["not_code"], notinc, pcode)
    add("no_thread_by_id", "not-included eligible papers cited by no thread (by arXiv id)", c["not_inc_no_thread_id"], notinc)
    add("no_thread_by_id_or_name", "not-included eligible papers cited by no thread (by arXiv id or method name)",
        c["not_inc_no_thread_any"], notinc)
    add("failure_threads_share", "threads opened in the study window that report a training failure",
        c["failure_threads"], c["threads"])
    df = pl.DataFrame(rows, schema={
        "metric": pl.Utf8, "description": pl.Utf8, "numerator": pl.Float64, "denominator": pl.Float64,
        "value": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64, "p_value": pl.Float64,
        "published_value": pl.Float64, "published_text": pl.Utf8, "window_start": pl.Date, "window_end": pl.Date})
    return df.with_columns(pl.col("value").fill_nan(None))
