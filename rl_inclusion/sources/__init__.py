"""Where the data comes from: arXiv (``sources.arxiv``), GitHub (``sources.github``) and git (``sources.git``).

Each source system has a snapshot form (a recorded folder, replayed offline)
and a live form; both answer the same protocol below, so the assets never ask
which one they hold.  Nothing here imports Dagster.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .arxiv import FetchResult, WindowStore
    from .github import ThreadFetch


class PaperSource(Protocol):
    """``SnapshotPaperSource`` or ``LiveArxivSource``: the entries first submitted in [start, end)."""

    label: str
    entries_belong_to_window: bool   # False: undated lines are returned to every window
    checkpoint: WindowStore | None   # resume checkpoints of a live fetch (None for a snapshot)

    def fetch(self, start: datetime, end: datetime) -> FetchResult: ...


class ThreadSource(Protocol):
    """``SnapshotThreadSource`` or ``LiveGitHubSource``: one repository's threads updated since a time."""

    label: str

    def fetch(self, framework: str, repo: str, since: datetime | None = None,
              aliases: tuple[str, ...] = ()) -> ThreadFetch: ...

    def unmatched(self, frameworks: Iterable[Any]) -> list[dict[str, Any]]:
        """Quarantine records of threads whose repository no framework claims."""
        ...
