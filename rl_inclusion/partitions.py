"""Quarterly windows.

Partitions are Dagster time windows starting 2025-01-01, one a calendar quarter,
open-ended: a new quarter appears once it has ended.  Dagster's keys are the
first day of the quarter (``2025-01-01``); every partitioned table also carries
the human label ``quarter`` (``2025Q1``).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timezone

import dagster as dg

START = "2025-01-01"

quarterly_partitions = dg.TimeWindowPartitionsDefinition(
    cron_schedule="0 0 1 */3 *",
    start=START,
    fmt="%Y-%m-%d",
    timezone="UTC",
)


def quarter_label(d: date | datetime | str) -> str:
    """``2025-04-01`` (a key or any date in the quarter) -> ``2025Q2``."""
    if isinstance(d, str):
        d = date.fromisoformat(d[:10])
    return f"{d.year}Q{(d.month - 1) // 3 + 1}"


def quarter_label_expr(expr: "pl.Expr") -> "pl.Expr":
    """``quarter_label`` as a polars expression over a date or datetime column (a test keeps them equal)."""
    import polars as pl

    return expr.dt.year().cast(pl.Utf8) + pl.lit("Q") + ((expr.dt.month() - 1) // 3 + 1).cast(pl.Utf8)


def quarter_bounds(label_or_key: str) -> tuple[datetime, datetime]:
    """Half-open UTC window [start, end) of a quarter given as ``2025Q2`` or ``2025-04-01``."""
    if "Q" in label_or_key:
        if not re.fullmatch(r"\d{4}Q[1-4]", label_or_key):
            raise ValueError(f"not a quarter: {label_or_key!r} (write 2025Q3, or a date such as 2025-07-01)")
        year, q = label_or_key.split("Q")
        y, m = int(year), (int(q) - 1) * 3 + 1
    else:
        try:
            d = date.fromisoformat(label_or_key)
        except ValueError:
            raise ValueError(f"not a quarter: {label_or_key!r} (write 2025Q3, or a date such as 2025-07-01)") from None
        y, m = d.year, (d.month - 1) // 3 * 3 + 1
    start = datetime(y, m, 1, tzinfo=timezone.utc)
    end = datetime(y + (m + 3 > 12), (m + 3 - 1) % 12 + 1, 1, tzinfo=timezone.utc)
    return start, end


def key_for_label(label: str) -> str:
    return quarter_bounds(label)[0].strftime("%Y-%m-%d")


def labels_for_keys(keys: list[str]) -> list[str]:
    return [quarter_label(k) for k in keys]


def quarter_windows(labels: list[str]) -> list[tuple[str, datetime, datetime]]:
    """Each quarter label with its half-open UTC bounds [start, end)."""
    return [(q, *quarter_bounds(q)) for q in labels]
