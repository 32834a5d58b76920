"""The two paper sources: a snapshot's ``papers.jsonl`` and the live arXiv API, windowed by submission minute."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime, timezone

import arxiv

from ...errors import SourceError
from ...partitions import quarter_label
from ...raw_papers import parse_timestamp
from ...snapshot import Snapshot
from .checkpoints import WindowStore
from .client import API_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, ArxivApiClient
from .query import ArxivQuery, floor_minute, utc
from .results import FetchResult, RawEntry, WindowRecord


log = logging.getLogger(__name__)


# --- the snapshot source -------------------------------------------------------

class SnapshotPaperSource:
    """Reads ``papers.jsonl`` of a snapshot (checksum verified)."""

    # Unreadable and undated lines are returned to every window: they do not belong to the window asked for.
    entries_belong_to_window = False
    checkpoint = None  # a snapshot is read whole: nothing to resume

    def __init__(self, snapshot: Snapshot):
        self.snapshot = snapshot
        self.label = f"snapshot:{snapshot.root}"
        self._dated: list[tuple[datetime | None, RawEntry]] | None = None

    def _entries(self) -> list[tuple[datetime | None, RawEntry]]:
        """Every line as (first-submission time or None, entry), read and dated once for all windows."""
        if self._dated is None:
            self._dated = []
            for line in self.snapshot.read_jsonl("papers.jsonl"):
                data = line.data
                key = data["arxiv_id"] if data and isinstance(data.get("arxiv_id"), str) else f"papers.jsonl:{line.lineno}"
                try:
                    published = parse_timestamp(data.get("published")) if data is not None else None
                except (ValueError, TypeError):
                    published = None
                self._dated.append((published, RawEntry(key, data, line.error, line.raw)))
        return self._dated

    def fetch(self, start: datetime, end: datetime) -> FetchResult:
        out = FetchResult(queries=[f"snapshot {self.snapshot.root}/papers.jsonl published in [{start:%Y-%m-%d}, {end:%Y-%m-%d})"])
        # An unreadable or undated line cannot be placed in a quarter: every window reports it.
        out.entries = [e for published, e in self._entries() if published is None or start <= published < end]
        out.announced_total = len(out.entries)
        out.windows = 1
        return out


# --- the live source -----------------------------------------------------------

def _published(entry: RawEntry) -> datetime | None:
    if entry.data is None:
        return None
    try:
        return parse_timestamp(entry.data.get("published"))
    except (ValueError, TypeError):
        return None


class LiveArxivSource:
    """The arXiv API, one date window per request (see the module docstring)."""

    label = "arxiv-api"
    entries_belong_to_window = True  # the API returned them for the window's submittedDate range

    def __init__(self, query: ArxivQuery | None = None, page_size: int = DEFAULT_PAGE_SIZE,
                 delay_seconds: float = 3.0, num_retries: int = 6, timeout: float | tuple[float, float] = (10.0, 120.0),
                 client: ArxivApiClient | None = None, checkpoint: WindowStore | None = None,
                 progress: Callable[[str], None] | None = None, sleep: Callable[[float], None] | None = None,
                 clock: Callable[[], float] | None = None):
        self.query = query or ArxivQuery()
        self.client = client or ArxivApiClient(page_size=page_size, delay_seconds=delay_seconds,
                                               num_retries=num_retries, timeout=timeout,
                                               sleep=sleep or time.sleep, clock=clock or time.monotonic)
        self.checkpoint = checkpoint
        self.progress = progress or log.info

    def _search(self, query: str) -> arxiv.Search:
        return arxiv.Search(query=query, max_results=None, sort_by=arxiv.SortCriterion.SubmittedDate,
                            sort_order=arxiv.SortOrder.Ascending)

    def fetch(self, start: datetime, end: datetime, checkpoint: WindowStore | None = None) -> FetchResult:
        start, end = utc(start), utc(end)
        if end <= start:
            raise ValueError(f"empty window [{start}, {end})")
        if start != floor_minute(start) or end != floor_minute(end):
            raise ValueError("the API reads submittedDate to the minute: window bounds must be whole minutes")
        store = checkpoint if checkpoint is not None else self.checkpoint
        fp = self.query.fingerprint()
        out = FetchResult()
        label = quarter_label(start)
        requests0, retries0 = self.client.requests, self.client.retries
        cursor, expected = start, None  # expected: entries still to come in [cursor, end)

        for w in (store.load(fp, start, end) if store else []):
            if w.window_start != cursor:
                break
            self._accept(out, w, start)
            out.resumed_windows += 1
            cursor, expected = w.window_end, w.announced - w.received
        if out.resumed_windows:
            self.progress(f"arXiv {label}: resumed {out.resumed_windows} stored windows up to {cursor:%Y-%m-%d %H:%M} "
                          f"({out.received} of {out.announced_total} entries)")

        while cursor < end:
            query = self.query.for_window(cursor, end)
            before = self.client.requests
            page = self.client.fetch_page(self._search(query), 0, expected=expected)
            if expected is not None and page.total != expected:
                out.notes.append(f"window from {cursor:%Y-%m-%d %H:%M} announces {page.total} entries; "
                                 f"the earlier windows left {expected}")
            dated = [d for d in map(_published, page.entries) if d is not None]
            if len(page.entries) >= page.total or not dated:
                cut, keep = end, page.entries
            else:
                cut = floor_minute(max(dated))
                if cut <= cursor:
                    raise SourceError(
                        f"arXiv: the {len(page.entries)} entries of a full page were all submitted in the minute "
                        f"{cursor:%Y-%m-%d %H:%M}; the window cannot be split further: raise page_size "
                        f"(now {self.client.page_size}, at most {API_MAX_PAGE_SIZE})")
                keep = [e for e, d in zip(page.entries, map(_published, page.entries)) if d is None or d < cut]
            window = WindowRecord(cursor, cut, query, page.total, keep, self.client.requests - before,
                                  datetime.now(timezone.utc))
            if store:
                store.save(fp, start, end, window)
            self._accept(out, window, start)
            cursor, expected = cut, page.total - len(keep)
            self.progress(f"arXiv {label}: {out.received} of {out.announced_total} entries "
                          f"(window {out.windows} up to {cut:%Y-%m-%d %H:%M}, {self.client.requests - requests0} requests)")

        outside = [e for e in out.entries if (d := _published(e)) is not None and not start <= d < end]
        if outside:
            out.notes.append(f"{len(outside)} entries are dated outside [{start:%Y-%m-%d}, {end:%Y-%m-%d}) "
                             f"(first {outside[0].key}); they are kept for the partition of their date")
        if out.duplicates:
            out.notes.append(f"{out.duplicates} entries were listed more than once; raw_papers keeps one row each")
        out.requests = self.client.requests - requests0
        out.retries = self.client.retries - retries0
        return out

    @staticmethod
    def _accept(out: FetchResult, w: WindowRecord, start: datetime) -> None:
        """Add a window's entries.  An entry listed again (same key) is counted in
        ``duplicates`` and kept: the API counted it in its total, and ``to_frame``
        collapses it, so received = announced and stored + duplicates add up."""
        if w.window_start == start:
            out.announced_total = w.announced
        for e in w.entries:
            if e.key in out._seen:
                out.duplicates += 1
            out._seen.add(e.key)
            out.entries.append(e)
        out.queries.append(w.query)
        out.windows += 1
        out.window_log.append(w)
