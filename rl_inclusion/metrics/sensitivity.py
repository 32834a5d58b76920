"""How much the headline figures move under each analysis choice.

One row per (choice, setting); every other choice stays at the run's setting
(the run's screener, high and medium evidence, the study window, 180 days):

- screener: the run's decisions; the rules alone; the learned screener alone
  (trained on the bundled labelled set; both with the run's screening
  configuration, ``StudySettings.screening_config``); reviewers' labels only (papers a
  label decided, nothing else).  Inclusions are the run's: the miner links a
  method *name* only to the papers the run found eligible, so a paper only
  another screener accepts counts as included only through the run's pairs.
- evidence confidence: high only; high and medium (the run); all, adding the
  low-confidence pairs of ``inclusion_review``.
- window end: the last day of first submission counted.
- window: 90, 180 or 365 days to count as included "within the window",
  over the papers whose window had closed by the cut-off.

Shares come with 95 % Wilson intervals; ``within_by_cohort`` lists each
cohort's within-window count over its eligible papers (``open`` while the
cohort's window has not closed).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

import duckdb
import polars as pl

from ..partitions import quarter_bounds
from ..storage import read_frame
from ..study import WINDOW_DAYS, window_closed, window_closed_expr
from . import wilson
from .survival import eligible_papers, follow_up, inclusion_pairs

if TYPE_CHECKING:
    from ..screening import ScreeningConfig

SCHEMA = {
    "choice": pl.Utf8, "setting": pl.Utf8, "is_run": pl.Boolean, "eligible": pl.Int32, "included": pl.Int32,
    "included_share": pl.Float64, "share_ci_low": pl.Float64, "share_ci_high": pl.Float64,
    "window_days": pl.Int32, "closed": pl.Int32, "included_within": pl.Int32, "within_share": pl.Float64,
    "within_by_cohort": pl.List(pl.Utf8),
}


@dataclass(frozen=True)
class Setting:
    screener: str = "run"           # run | rules | learned | labels
    confidence: str = "high+medium"  # high | high+medium | all
    window_end: date = date(2026, 6, 30)
    window_days: int = WINDOW_DAYS


def headline(papers: pl.DataFrame, pairs: pl.DataFrame, cutoff: datetime, window_days: int) -> dict:
    """Eligible, included, share, included within ``window_days`` among the closed windows, and per cohort."""
    t = follow_up(papers, pairs, cutoff)
    n, k = t.height, int(t["event"].sum()) if t.height else 0
    closed = t.filter(window_closed_expr("published", cutoff, window_days))
    within = int((closed["event"] & (closed["lag_days"] <= window_days)).sum()) if closed.height else 0
    by_cohort = []
    for quarter in sorted(t["quarter"].unique().to_list()):
        c = t.filter(pl.col("quarter") == quarter)
        last_day = quarter_bounds(quarter)[1].date() - timedelta(days=1)
        if not window_closed(last_day, cutoff, window_days):
            by_cohort.append(f"{quarter}: open")
        else:
            w = int((c["event"] & (c["lag_days"] <= window_days)).sum())
            by_cohort.append(f"{quarter}: {w}/{c.height}")
    lo, hi = wilson(k, n)
    return {"eligible": n, "included": k, "included_share": k / n if n else None, "share_ci_low": lo,
            "share_ci_high": hi, "window_days": window_days, "closed": closed.height, "included_within": within,
            "within_share": within / closed.height if closed.height else None, "within_by_cohort": by_cohort}


def screener_ids(con: duckdb.DuckDBPyConnection, screener: str,
                 config: ScreeningConfig | None = None) -> list[str] | None:
    """The papers a screener finds eligible (None: the run's own decisions).  ``rules`` and ``learned`` rescreen
    ``raw_papers`` with ``config`` (the run's screening configuration; default: ``ScreeningConfig()``), its
    screener replaced, and without reviewer labels."""
    if screener == "run":
        return None
    if screener == "labels":
        return [r[0] for r in con.execute(
            "SELECT arxiv_id FROM eligible_methods WHERE decision_source = 'label' AND eligible").fetchall()]
    from ..screening import ScreeningConfig, screen

    papers = read_frame(con, "SELECT * FROM raw_papers")
    if papers.is_empty():
        return []
    decided = screen(papers, None, replace(config or ScreeningConfig(), screener=screener))
    return decided.filter(pl.col("eligible"))["arxiv_id"].to_list()


def settings(run: Setting, window_ends: list[date]) -> list[tuple[str, str, Setting]]:
    out = [("screener", {"run": "as run", "rules": "rules only", "learned": "learned only",
                         "labels": "reviewer labels only"}[s], replace(run, screener=s))
           for s in ("run", "rules", "learned", "labels")]
    out += [("evidence confidence", {"high": "high only", "high+medium": "high and medium",
                                     "all": "all (with low)"}[c], replace(run, confidence=c))
            for c in ("high", "high+medium", "all")]
    out += [("window end", e.isoformat(), replace(run, window_end=e)) for e in sorted(set(window_ends) | {run.window_end})]
    out += [("days to count as fast", f"{d} days", replace(run, window_days=d)) for d in (90, 180, 365)]
    return out


def sensitivity(con: duckdb.DuckDBPyConnection, cutoff: datetime, start: date, end: date,
                window_ends: list[date] | None = None, screening: ScreeningConfig | None = None) -> pl.DataFrame:
    """The ``sensitivity`` table; ``screening`` is the run's screening configuration (``eligible_methods``')."""
    run = Setting(window_end=end)
    if window_ends is None:
        window_ends = [date(2025, 12, 31), date(2026, 3, 31)]
    ids = {s: screener_ids(con, s, screening) for s in ("run", "rules", "learned", "labels")}
    pairs = {c: inclusion_pairs(con, cutoff, c) for c in ("high", "high+medium", "all")}
    rows = []
    for choice, label, s in settings(run, [e for e in window_ends if start <= e]):
        papers = eligible_papers(con, start, s.window_end, ids[s.screener])
        rows.append({"choice": choice, "setting": label, "is_run": s == run,
                     **headline(papers, pairs[s.confidence], cutoff, s.window_days)})
    return pl.DataFrame(rows, schema=SCHEMA)
