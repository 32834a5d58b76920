"""The snapshot thread source, and recording fetched threads into a snapshot."""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any


from ...errors import SourceError
from ...snapshot import Snapshot, write_snapshot
from .records import THREADS_MEMBER, ThreadFetch, parse_ts, thread_record, validate_thread
from .repos import framework_by_repo, normalise_repo, repo_names, unmatched_reason


# --- snapshot ----------------------------------------------------------------------

class SnapshotThreadSource:
    """Reads ``threads.jsonl`` of a snapshot (checksum verified by :class:`Snapshot`).

    A line that is not JSON, or a thread that lacks a field, is reported in
    ``notes`` and skipped; the rest are read.
    """

    def __init__(self, snapshot: Snapshot):
        self.snapshot = snapshot
        self.label = f"snapshot:{snapshot.root}"

    def fetch(self, framework: str, repo: str, since: datetime | None = None,
              aliases: tuple[str, ...] = ()) -> ThreadFetch:

        since = parse_ts(since)
        out = ThreadFetch(strategy="snapshot", max_updated_at=since)
        if not self.snapshot.has(THREADS_MEMBER):
            out.notes.append(f"{self.snapshot.root}: the snapshot has no {THREADS_MEMBER}; no threads")
            return out
        names = repo_names(repo, aliases)
        newest = since
        for line in self.snapshot.read_jsonl(THREADS_MEMBER):
            if line.data is None:
                out.notes.append(f"{THREADS_MEMBER} line {line.lineno}: {line.error}; skipped")
                out.rejected.append({"entry_key": f"{THREADS_MEMBER}:{line.lineno}", "framework": None,
                                     "reason": line.error or "unreadable", "raw": line.raw[:100_000]})
                continue
            d = line.data
            if normalise_repo(d.get("repo")) not in names:  # the repository decides, under any of its names
                continue
            problem = validate_thread(d)
            if problem:
                out.notes.append(f"{THREADS_MEMBER} line {line.lineno}: {problem}; skipped")
                out.rejected.append({"entry_key": f"{THREADS_MEMBER}:{line.lineno}", "framework": framework,
                                     "reason": problem, "raw": line.raw[:100_000]})
                continue
            updated = parse_ts(d["updated_at"])
            if since is not None and updated < since:
                continue
            out.threads.append(thread_record(d))
            newest = updated if newest is None or updated > newest else newest
        out.max_updated_at = newest
        if self.snapshot.format < 2 and out.threads:
            out.notes.append(f"{self.snapshot.root}: snapshot format {self.snapshot.format} records no review fields "
                             "(author association, state reason, merge commit, closed issues, reviews): they are empty")
        return out

    def unmatched(self, frameworks: Iterable[Any]) -> list[dict[str, Any]]:
        """Quarantine records for readable lines whose repository matches no framework (see
        :mod:`rl_inclusion.sources.github.repos`): such threads are reported, never silently dropped."""

        frameworks = list(frameworks)
        known = framework_by_repo(frameworks)
        if not self.snapshot.has(THREADS_MEMBER):
            return []
        out = []
        for line in self.snapshot.read_jsonl(THREADS_MEMBER):
            if line.data is None or normalise_repo(line.data.get("repo")) in known:
                continue
            out.append({"entry_key": f"{THREADS_MEMBER}:{line.lineno}", "framework": None,
                        "reason": unmatched_reason(line.data.get("repo"), frameworks), "raw": line.raw[:100_000]})
        return out


def record_threads(folder: str | os.PathLike, threads: Iterable[dict[str, Any]],
                   created_at: datetime | None = None) -> Path:
    """Write fetched threads into the snapshot at ``folder`` (``threads.jsonl``).

    Threads already in the snapshot are kept unless a new one has the same
    repository, kind and number (the newer replaces it); other members of an
    existing snapshot are kept as they are.  Every thread is validated first.
    """
    folder = Path(folder)
    existing: list[dict[str, Any]] = []
    binaries: dict[str, Path] = {}
    if (folder / "manifest.json").is_file():
        snap = Snapshot.open(folder)
        if snap.has(THREADS_MEMBER):
            existing = [line.data for line in snap.read_jsonl(THREADS_MEMBER)
                        if line.data is not None and validate_thread(line.data) is None]
        binaries = {name: snap.path(name) for name in snap.files if name != THREADS_MEMBER}
    return write_snapshot(folder, {THREADS_MEMBER: thread_records(threads, existing)}, binaries, created_at=created_at)


def thread_records(threads: Iterable[dict[str, Any]], existing: Iterable[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The snapshot records of fetched threads, validated, merged over ``existing`` (a newer thread
    with the same repository, kind and number replaces the older), in repository, kind, number order."""
    def key(d: dict[str, Any]) -> tuple[str, str, int]:
        return d["repo"].lower(), d["kind"], d["number"]

    merged = {key(d): thread_record(d) for d in existing}
    for t in threads:
        problem = validate_thread(t)
        if problem:
            raise SourceError(f"cannot record thread {t.get('repo')}#{t.get('number')}: {problem}")
        merged[key(t)] = thread_record(t)
    return [merged[k] for k in sorted(merged)]
