"""Recording a live fetch as a snapshot, so that it can be replayed offline."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any


from ...snapshot import PAPER_KEYS, Snapshot, write_snapshot
from .results import RawEntry


# --- recording -----------------------------------------------------------------

def paper_records(entries: Iterable[RawEntry]) -> list[dict[str, Any]]:
    """The snapshot records of fetched entries: in arXiv id order, one per id and version (the first
    seen); entries that never became a record (malformed XML, a non-UTF-8 byte) have none."""
    records: dict[tuple[str, int], dict[str, Any]] = {}
    for e in entries:
        if e.data is not None:
            rec = {k: e.data.get(k) for k in PAPER_KEYS}
            records.setdefault((str(rec["arxiv_id"]), int(rec.get("version") or 0)), rec)
    return [records[k] for k in sorted(records)]


def record_snapshot(folder: str | Path, entries: Iterable[RawEntry], created_at: datetime | None = None) -> tuple[Path, int]:
    """Write fetched entries as ``papers.jsonl`` of a snapshot folder (manifest included).

    Every entry that has a record is written (including ones normalisation will
    quarantine, e.g. an unknown category, so the snapshot reproduces the run);
    entries that never became a record (malformed XML, a non-UTF-8 byte) cannot
    be written as one and are counted in the second value returned.  Members a
    folder already holds (``threads.jsonl``, ``frameworks/...``) are kept.
    Records are written in arXiv id order, duplicates (same id and version) once.
    """
    folder = Path(folder)
    entries = list(entries)
    ordered = paper_records(entries)
    skipped = sum(1 for e in entries if e.data is None)
    keep: dict[str, Path] = {}
    if (folder / "manifest.json").is_file():
        existing = Snapshot.open(folder)
        keep = {name: existing.path(name) for name in existing.files if name != "papers.jsonl"}
    write_snapshot(folder, {"papers.jsonl": ordered}, keep, created_at=created_at)
    return folder, skipped
