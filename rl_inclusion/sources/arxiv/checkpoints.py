"""Checkpoints of a live fetch: each completed date window, so a failed run resumes where it stopped."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Protocol

import polars as pl

from ...partitions import quarter_label
from .query import utc
from .results import RawEntry, WindowRecord


# --- checkpoints ---------------------------------------------------------------

class WindowStore(Protocol):
    """Where completed windows of a live fetch are kept, so a failed run resumes."""

    def load(self, fingerprint: str, start: datetime, end: datetime) -> list[WindowRecord]: ...
    def save(self, fingerprint: str, start: datetime, end: datetime, window: WindowRecord) -> None: ...
    def clear(self, fingerprint: str, start: datetime, end: datetime) -> int: ...


class MemoryWindowStore:
    """A checkpoint in memory (tests, one process)."""

    def __init__(self):
        self._data: dict[tuple[str, datetime, datetime], dict[datetime, WindowRecord]] = {}

    def load(self, fingerprint, start, end):
        return sorted(self._data.get((fingerprint, start, end), {}).values(), key=lambda w: w.window_start)

    def save(self, fingerprint, start, end, window):
        self._data.setdefault((fingerprint, start, end), {})[window.window_start] = window

    def clear(self, fingerprint, start, end):
        return len(self._data.pop((fingerprint, start, end), {}))


class DuckDBWindowStore:
    """The checkpoint as the ``arxiv_fetch_windows`` table (``sql/tables/arxiv_fetch_windows.sql``).

    Each save is its own short transaction, so a window once saved survives a
    failure of the run; the asset clears a partition's windows once its rows are
    written.
    """

    TABLE = "arxiv_fetch_windows"

    def __init__(self, db_path: str | Path):
        from ... import storage

        self._storage = storage
        self.db_path = Path(db_path)
        with storage.connect(self.db_path) as con:
            con.execute((storage.sql_dir() / "tables" / f"{self.TABLE}.sql").read_text())

    def load(self, fingerprint, start, end):
        with self._storage.connect(self.db_path) as con:
            rows = con.execute(
                "SELECT window_start, window_end, query, announced, entries, requests, fetched_at "
                "FROM arxiv_fetch_windows WHERE query_hash = ? AND fetch_start = ? AND fetch_end = ? "
                "ORDER BY window_start", [fingerprint, start, end]).fetchall()
        return [WindowRecord(utc(ws), utc(we), q, a, [RawEntry.from_json(e) for e in json.loads(ents)], r, utc(fa))
                for ws, we, q, a, ents, r, fa in rows]

    def save(self, fingerprint, start, end, window):
        df = pl.DataFrame([{
            "query_hash": fingerprint, "fetch_start": start, "fetch_end": end, "quarter": quarter_label(start),
            "window_start": window.window_start, "window_end": window.window_end, "query": window.query,
            "announced": window.announced, "received": window.received, "requests": window.requests,
            "entries": json.dumps([e.to_json() for e in window.entries], ensure_ascii=False),
            "fetched_at": window.fetched_at,
        }])
        with self._storage.connect(self.db_path) as con:
            self._storage.upsert(con, self.TABLE, df, ["query_hash", "fetch_start", "fetch_end", "window_start"])

    def clear(self, fingerprint, start, end):
        with self._storage.connect(self.db_path) as con:
            n = con.execute("SELECT count(*) FROM arxiv_fetch_windows WHERE query_hash = ? AND fetch_start = ? "
                            "AND fetch_end = ?", [fingerprint, start, end]).fetchone()[0]
            con.execute("DELETE FROM arxiv_fetch_windows WHERE query_hash = ? AND fetch_start = ? AND fetch_end = ?",
                        [fingerprint, start, end])
        return n
