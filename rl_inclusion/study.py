"""Constants of the study's design, in one place (Python, SQL parameters and checks read them here).

The closed-window rule has one home per language: :func:`window_closed` (Python),
:func:`window_closed_expr` (polars) and the SQL macro ``window_closed`` of ``sql/macros/study.sql``;
``tests/test_study_window.py`` keeps them equal.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import polars as pl

# An inclusion counts as fast when it lands within this many days of the paper's first submission;
# a cohort's outcome is known once this many days have passed after its last paper (censoring).
WINDOW_DAYS = 180


def cutoff_date(cutoff: datetime | date) -> date:
    """The cut-off as a UTC calendar date (the unit of every lag); a naive datetime is read as UTC."""
    if isinstance(cutoff, datetime):
        return cutoff.astimezone(timezone.utc).date() if cutoff.tzinfo else cutoff.date()
    return cutoff


def window_closed(day: date, cutoff: datetime | date, window_days: int = WINDOW_DAYS) -> bool:
    """Whether the ``window_days`` window that opens on ``day`` (a first submission, or a cohort's last day)
    closed before the cut-off: ``day + window_days`` is before the cut-off's UTC date.  On day
    ``window_days`` itself the window is still open (evidence later that day is not in the data yet)."""
    return day + timedelta(days=window_days) < cutoff_date(cutoff)


def window_closed_expr(day: str | pl.Expr, cutoff: datetime | date, window_days: int = WINDOW_DAYS) -> pl.Expr:
    """:func:`window_closed` over a date column (a name or an expression)."""
    day = pl.col(day) if isinstance(day, str) else day
    return (day + pl.duration(days=window_days)) < pl.lit(cutoff_date(cutoff))
