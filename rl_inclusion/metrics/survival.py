"""Time to inclusion as survival data.

A paper enters follow-up on the day it was first submitted and leaves it on
the day its first implementation reached a main branch (the event) or on the
data cut-off (censored: the paper has not been included *yet*).  Counting only
the papers included so far treats a paper submitted last month like one
submitted eighteen months ago; the Kaplan-Meier estimator does not.

The estimator is statsmodels' ``SurvfuncRight`` (Kaplan-Meier with Greenwood
standard errors).  Cumulative incidence is ``1 - S(t)``; its pointwise 95 %
band is the log-log (Kalbfleisch-Prentice) interval of ``S(t)`` built from
statsmodels' Greenwood standard error, which stays inside [0, 1].

An implementation dated before the first submission (``pre_submission``) is
an event at day 0.  A horizon beyond the longest follow-up in a group has no
estimate (NULL), rather than the last value carried forward, unless every
paper of the group was included by then (the estimate is then 100 %).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime

import duckdb
import numpy as np
import polars as pl
from scipy.stats import norm
from statsmodels.duration.survfunc import SurvfuncRight

from ..storage import read_frame
from ..study import cutoff_date

HORIZONS = (90, 180, 365)
CONFIDENCE_SETTINGS = ("high", "high+medium", "all")

CURVE_SCHEMA = {
    "scope": pl.Utf8, "group_name": pl.Utf8, "day": pl.Int32, "papers": pl.Int32, "at_risk": pl.Int32,
    "events": pl.Int32, "incidence": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64,
    "horizon": pl.Boolean,
}


def eligible_papers(con: duckdb.DuckDBPyConnection, start: date, end: date,
                    eligible_ids: list[str] | None = None) -> pl.DataFrame:
    """Eligible papers first submitted in [start, end] (or, with ``eligible_ids``, those papers of
    ``eligible_methods`` in the window, whatever the run decided), with their cohort and features
    (three-valued: NULL where the labels and the text do not say)."""
    where = "eligible" if eligible_ids is None else "arxiv_id IN (SELECT unnest(?::VARCHAR[]))"
    params: list = [] if eligible_ids is None else [eligible_ids]
    return read_frame(con, f"""
        SELECT arxiv_id, quarter, CAST(timezone('UTC', published) AS DATE) AS published,
               max_policy_params_b >= 30 AS policy_30b, loss_level, code_released
        FROM eligible_methods
        WHERE {where} AND CAST(timezone('UTC', published) AS DATE) BETWEEN ? AND ?
        ORDER BY arxiv_id""", [*params, start, end])


def inclusion_pairs(con: duckdb.DuckDBPyConnection, cutoff: datetime, confidence: str = "high+medium") -> pl.DataFrame:
    """(arxiv_id, framework, first_date) of every inclusion known at the cut-off, under a confidence setting.

    ``high+medium`` is ``paper_inclusion`` as the pipeline built it.  ``high`` keeps its pairs whose best
    evidence is high, dated by their first high-confidence code event (a reviewer's pair keeps its date).
    ``all`` adds the low-confidence-only pairs of ``inclusion_review``.
    """
    if confidence not in CONFIDENCE_SETTINGS:
        raise ValueError(f"confidence must be one of {CONFIDENCE_SETTINGS}, got {confidence!r}")
    base = read_frame(con, """
        SELECT arxiv_id, framework, implementation_date AS first_at, confidence, decided_by
        FROM paper_inclusion WHERE implementation_date <= ?""", [cutoff])
    if confidence == "high":
        from ..linking.inclusion import code_events

        events = read_frame(con, "SELECT * FROM framework_events WHERE confidence = 'high' AND commit_date <= ?", [cutoff])
        high = (code_events(events, ("high",)).group_by("linked_arxiv_id", "framework")
                .agg(pl.col("commit_date").min().alias("_high_at"))
                .rename({"linked_arxiv_id": "arxiv_id"}))
        reviewer = pl.col("decided_by").fill_null("").str.starts_with("reviewer:")
        base = (base.join(high, on=["arxiv_id", "framework"], how="left")
                .filter(reviewer | pl.col("_high_at").is_not_null())
                .with_columns(pl.when(reviewer).then(pl.col("first_at")).otherwise(pl.col("_high_at")).alias("first_at")))
    elif confidence == "all":
        low = read_frame(con, "SELECT arxiv_id, framework, first_date AS first_at FROM inclusion_review WHERE first_date <= ?",
                         [cutoff])
        base = pl.concat([base.select("arxiv_id", "framework", "first_at"), low.select("arxiv_id", "framework", "first_at")],
                         how="vertical_relaxed")
    return (base.select("arxiv_id", "framework",
                        pl.col("first_at").cast(pl.Datetime("us", "UTC")).dt.date().alias("first_date"))
            .sort("arxiv_id", "framework"))


def follow_up(papers: pl.DataFrame, pairs: pl.DataFrame, cutoff: datetime, framework: str | None = None) -> pl.DataFrame:
    """One row per paper: ``first_date`` of its first inclusion (in ``framework``, or in any), ``lag_days``,
    ``followup_days`` (submission to cut-off), ``event`` and ``duration`` (lag, or follow-up when censored)."""
    chosen = pairs if framework is None else pairs.filter(pl.col("framework") == framework)
    firsts = chosen.group_by("arxiv_id").agg(pl.col("first_date").min())
    end = cutoff_date(cutoff)
    df = papers.join(firsts, on="arxiv_id", how="left").with_columns(
        (pl.col("first_date") - pl.col("published")).dt.total_days().cast(pl.Int32).alias("lag_days"),
        (pl.lit(end) - pl.col("published")).dt.total_days().cast(pl.Int32).alias("followup_days"),
        pl.col("first_date").is_not_null().alias("event"))
    return df.with_columns(
        pl.when(pl.col("event")).then(pl.col("lag_days").clip(lower_bound=0)).otherwise(pl.col("followup_days"))
        .cast(pl.Int32).alias("duration"))


@dataclass(frozen=True)
class Estimate:
    day: int
    at_risk: int        # papers still followed and not yet included at the start of that day
    events: int         # inclusions up to and including that day
    incidence: float | None
    ci_low: float | None
    ci_high: float | None


class KaplanMeier:
    """Kaplan-Meier estimate of time to inclusion (statsmodels), read as cumulative incidence."""

    def __init__(self, duration, event):
        self.duration = np.asarray(duration, dtype=float)
        self.event = np.asarray(event, dtype=int)
        self.n = len(self.duration)
        self._sf = SurvfuncRight(self.duration, self.event) if self.n and self.event.any() else None

    def at(self, day: int, alpha: float = 0.05) -> Estimate:
        at_risk = int((self.duration >= day).sum())
        events = int(((self.duration <= day) & (self.event == 1)).sum())
        if self.n == 0:
            return Estimate(day, at_risk, events, None, None, None)
        if self._sf is None or not (self._sf.surv_times <= day).any():
            s, se = 1.0, 0.0
        else:
            i = int(np.searchsorted(self._sf.surv_times, day, side="right")) - 1
            s, se = float(self._sf.surv_prob[i]), float(self._sf.surv_prob_se[i])
        if day > self.duration.max() and s > 0:
            # papers not included yet were censored before this day: nobody is followed this long
            return Estimate(day, at_risk, events, None, None, None)
        lo_s, hi_s = loglog_interval(s, se, alpha)
        return Estimate(day, at_risk, events, 1.0 - s, 1.0 - hi_s, 1.0 - lo_s)

    def steps(self) -> list[int]:
        """Day 0 and every day with an event or a censoring: where the curve (or the risk set) changes."""
        return sorted({0, *(int(d) for d in self.duration)})


def loglog_interval(s: float, se: float, alpha: float = 0.05) -> tuple[float, float]:
    """The log-log confidence interval of a survival probability ``s`` with standard error ``se``."""
    if s <= 0.0:
        return 0.0, 0.0
    if s >= 1.0 or se == 0.0:
        return s, s
    z = norm.ppf(1 - alpha / 2)
    half = z * se / (s * abs(math.log(s)))
    return s ** math.exp(half), s ** math.exp(-half)


def curve_rows(scope: str, group: str, times: pl.DataFrame, horizons=HORIZONS) -> list[dict]:
    km = KaplanMeier(times["duration"].to_list(), times["event"].to_list())
    rows = []
    marks = set(horizons)
    for day in sorted(set(km.steps()) | marks):
        if day not in marks and day > max(horizons):
            continue  # the curve is drawn to the last horizon
        e = km.at(day)
        rows.append({"scope": scope, "group_name": group, "day": day, "papers": km.n, "at_risk": e.at_risk,
                     "events": e.events, "incidence": e.incidence, "ci_low": e.ci_low, "ci_high": e.ci_high,
                     "horizon": day in marks})
    return rows


def time_to_inclusion(con: duckdb.DuckDBPyConnection, cutoff: datetime, start: date, end: date,
                      horizons=HORIZONS) -> pl.DataFrame:
    """The ``time_to_inclusion`` table: Kaplan-Meier curves (any framework, per framework, per cohort) of the
    eligible papers first submitted in [start, end], censored at the cut-off; ``horizon`` marks the 90/180/365-day rows."""
    papers = eligible_papers(con, start, end)
    pairs = inclusion_pairs(con, cutoff)
    times = follow_up(papers, pairs, cutoff)  # inclusion in any framework: the first curve and the cohorts'
    rows = curve_rows("any framework", "all", times, horizons)
    frameworks = [r[0] for r in con.execute(
        "SELECT framework FROM framework_mining_runs UNION SELECT framework FROM paper_inclusion ORDER BY 1").fetchall()]
    for fw in frameworks:
        rows += curve_rows("framework", fw, follow_up(papers, pairs, cutoff, framework=fw), horizons)
    for quarter in sorted(times["quarter"].unique().to_list()):
        rows += curve_rows("cohort", quarter, times.filter(pl.col("quarter") == quarter), horizons)
    return pl.DataFrame(rows, schema=CURVE_SCHEMA)
