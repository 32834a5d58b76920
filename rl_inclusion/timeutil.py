"""Timestamps: the one home of how text and datetimes become aware UTC datetimes, and of days between two."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import polars as pl

DAYS_DECIMALS = 2  # days to merge, days to a first maintainer response: 2 decimals (0.01 day is under 15 minutes)


def parse_utc(value: Any) -> datetime:
    """An ISO-8601 timestamp (``...Z`` or with an offset) or a datetime -> an aware UTC datetime.

    A timestamp without a zone is read as UTC. Anything else raises ``ValueError``.
    """
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, str):
        dt = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    else:
        raise ValueError(f"not a timestamp: {value!r}")
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc)


def days_between(start: str | pl.Expr, end: str | pl.Expr) -> pl.Expr:
    """Days from the timestamp ``start`` to ``end`` (column names or expressions), rounded to ``DAYS_DECIMALS``;
    null when either is null.  The one home of days to merge (``inclusion_prs``, ``paper_thread_reviews``,
    ``rl-inclusion path``) and of days to a first maintainer response."""
    start, end = (pl.col(c) if isinstance(c, str) else c for c in (start, end))
    return ((end - start).dt.total_microseconds() / 86_400_000_000).round(DAYS_DECIMALS)
