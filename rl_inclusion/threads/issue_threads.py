"""One run of ``issue_threads``: fetch each framework's threads, hold the cursor back, store.

Live mode is incremental: each framework is asked only for the threads updated
since its cursor (``thread_cursors``), and every thread that comes back is
stored (updated in place) whatever the run's partition range, since an edit to
a thread of an earlier quarter arrives in the same fetch.  Threads created in a
quarter that has not ended yet are not stored (it is no partition), so the
cursor must not pass them, or they would never be asked for again: the cursor
kept is the earlier of the source's cursor and the oldest update among the
threads held back (:func:`hold_back`).  A snapshot is read whole and replaces
the run's partitions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import polars as pl

QUARANTINE_SCHEMA = {"source": pl.Utf8, "entry_key": pl.Utf8, "framework": pl.Utf8, "reason": pl.Utf8, "raw": pl.Utf8}
CURSOR_SCHEMA = {"framework": pl.Utf8, "updated_since": pl.Datetime("us", "UTC"), "fetched_at": pl.Datetime("us", "UTC"),
                 "requests": pl.Int64, "threads": pl.Int64}


@dataclass
class Collected:
    """Every framework's fetch of one run."""

    threads: list[dict[str, Any]] = field(default_factory=list)
    fetches: dict[str, Any] = field(default_factory=dict)      # framework -> ThreadFetch
    notes: list[str] = field(default_factory=list)
    requests: int = 0
    incomplete: list[str] = field(default_factory=list)
    budget: dict[str, str] = field(default_factory=dict)
    rejected: dict[str, dict[str, Any]] = field(default_factory=dict)  # entry_key -> quarantine record

    @property
    def requests_per_1k(self) -> float:
        return round(1000 * self.requests / len(self.threads), 2) if self.threads else 0.0


def collect(source: Any, frameworks: list[Any], cursors: dict[str, datetime], incremental: bool) -> Collected:
    """Fetch each framework's threads (since its cursor when ``incremental``)."""
    out = Collected()
    for fw in frameworks:
        fetched = source.fetch(fw.name, fw.repo, cursors.get(fw.name) if incremental else None, aliases=fw.aliases)
        out.fetches[fw.name] = fetched
        out.requests += fetched.requests
        out.notes += [f"{fw.name}: {n}" for n in fetched.notes]
        out.threads += fetched.threads
        for r in fetched.rejected:
            out.rejected.setdefault(r["entry_key"], {"framework": r.get("framework"), **r})
        if not fetched.complete:
            out.incomplete.append(fw.name)
        if fetched.budget_remaining is not None:
            out.budget[fw.name] = f"{fetched.budget_remaining}/{fetched.budget_limit}"
    # Threads under a repository no framework claims (by name or alias) are quarantined, never dropped.
    for r in source.unmatched(frameworks):
        out.rejected.setdefault(r["entry_key"], r)
    return out


def hold_back(classified: pl.DataFrame, fetches: dict[str, Any], closed: list[str],
              now: datetime) -> tuple[pl.DataFrame, pl.DataFrame, list[str]]:
    """The rows to store (threads of ended quarters), the cursors to keep, and a note per held-back framework.

    A framework's cursor is its fetch's ``max_updated_at`` (safe after a partial
    fetch too), moved back to the oldest ``updated_at`` of its threads created in
    a quarter not in ``closed``.  A fetch without a cursor keeps none.
    """
    open_ = ~pl.col("quarter").is_in(closed)
    rows = classified.filter(~open_)
    held = (classified.filter(open_).group_by("framework")
            .agg(pl.col("updated_at").min().alias("oldest_held"), pl.len().alias("n_held")))
    held_by = {r["framework"]: r for r in held.iter_rows(named=True)}
    cursors, notes = [], []
    for name, fetched in fetches.items():
        if fetched.max_updated_at is None:
            continue
        cursor = fetched.max_updated_at
        if name in held_by:
            cursor = min(cursor, held_by[name]["oldest_held"])
            notes.append(f"{name}: {held_by[name]['n_held']} thread(s) of the open quarter held back; "
                         f"cursor kept at {cursor:%Y-%m-%d %H:%M}")
        cursors.append({"framework": name, "updated_since": cursor, "fetched_at": now,
                        "requests": fetched.requests, "threads": len(fetched.threads)})
    return rows, pl.DataFrame(cursors, schema=CURSOR_SCHEMA), notes


def store(con: Any, rows: pl.DataFrame, cursors: pl.DataFrame, collected: Collected, source_label: str,
          incremental: bool, quarters: list[str], guard_ratio: float, guard_min_rows: int) -> dict[str, str]:
    """Write the threads, the cursors and the quarantine; returns the quarters the drop guard refused.

    Incremental runs upsert threads and quarantine by key; a snapshot run
    replaces the run's quarters (drop guard first) and the source's whole quarantine.
    """
    from ..storage import counts_by_quarter, guard_drops, replace_partitions, upsert

    refused: dict[str, str] = {}
    if incremental:
        upsert(con, "issue_threads", rows, ["thread_id"])
    else:
        ok, refused = guard_drops(con, "issue_threads", counts_by_quarter(rows), quarters, guard_ratio, guard_min_rows)
        replace_partitions(con, "issue_threads", rows.filter(pl.col("quarter").is_in(ok)), ok)
    if cursors.height:
        upsert(con, "thread_cursors", cursors, ["framework"])
    qdf = pl.DataFrame([{"source": source_label, **r} for r in collected.rejected.values()], schema=QUARANTINE_SCHEMA)
    if incremental:
        upsert(con, "issue_threads_quarantine", qdf, ["source", "entry_key"])
    else:
        replace_partitions(con, "issue_threads_quarantine", qdf, [source_label], partition_column="source")
    return refused
