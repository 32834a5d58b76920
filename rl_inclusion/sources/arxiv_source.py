"""Where ``raw_papers`` comes from: a snapshot folder, or the live arXiv API.

Both sources answer one question, ``fetch(start, end)``: the entries first
submitted in the half-open UTC window [start, end), as snapshot-format records
(plus the ones that could not be read, with the reason), and what the fetch
cost (requests, the query, the totals the feed announced).

The live source queries the API through the ``arxiv`` package, one date window
at a time: a window whose announced total would need deep paging is halved, so
no request asks for a start offset past ``max_offset`` (the API returns
spurious empty pages beyond a few hundred and caps the total).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from ..errors import SourceError
from ..snapshot import Snapshot
from .papers import parse_timestamp

log = logging.getLogger(__name__)

DEFAULT_CATEGORIES = ("cs.LG", "cs.CL", "cs.AI", "stat.ML")
DEFAULT_KEYWORDS = (
    '(abs:"reinforcement learning" OR abs:"policy optimization" OR abs:RLHF OR abs:RLVR OR abs:GRPO OR abs:PPO) '
    'AND (abs:"language model" OR abs:LLM OR abs:LLMs OR abs:reasoning)'
)


@dataclass
class RawEntry:
    key: str
    data: dict[str, Any] | None
    error: str | None
    raw: str


@dataclass
class FetchResult:
    entries: list[RawEntry] = field(default_factory=list)
    requests: int = 0
    announced_total: int = 0
    queries: list[str] = field(default_factory=list)
    windows: int = 0
    notes: list[str] = field(default_factory=list)


class SnapshotPaperSource:
    """Reads ``papers.jsonl`` of a snapshot (checksum verified)."""

    def __init__(self, snapshot: Snapshot):
        self.snapshot = snapshot
        self.label = f"snapshot:{snapshot.root}"

    def fetch(self, start: datetime, end: datetime) -> FetchResult:
        out = FetchResult(queries=[f"snapshot {self.snapshot.root}/papers.jsonl published in [{start:%Y-%m-%d}, {end:%Y-%m-%d})"])
        for line in self.snapshot.read_jsonl("papers.jsonl"):
            key = line.data.get("arxiv_id") if line.data and isinstance(line.data.get("arxiv_id"), str) else f"papers.jsonl:{line.lineno}"
            if line.data is None:
                out.entries.append(RawEntry(key, None, line.error, line.raw))
                continue
            try:
                published = parse_timestamp(line.data.get("published"))
            except (ValueError, TypeError):
                # Undated: it cannot be placed in a quarter; every window reports it.
                out.entries.append(RawEntry(key, line.data, None, line.raw))
                continue
            if start <= published < end:
                out.entries.append(RawEntry(key, line.data, None, line.raw))
        out.announced_total = sum(1 for e in out.entries if e.data is not None)
        return out


@dataclass
class ArxivQuery:
    """The screening query: configuration, not code."""

    categories: tuple[str, ...] = DEFAULT_CATEGORIES
    keywords: str = DEFAULT_KEYWORDS

    def for_window(self, start: datetime, end: datetime) -> str:
        cats = " OR ".join(f"cat:{c}" for c in self.categories)
        # submittedDate bounds are inclusive to the minute: end one minute before `end`.
        last = end - timedelta(minutes=1)
        window = f"submittedDate:[{start:%Y%m%d%H%M} TO {last:%Y%m%d%H%M}]"
        parts = [f"({cats})" if cats else "", f"({self.keywords})" if self.keywords else "", window]
        return " AND ".join(p for p in parts if p)


def result_to_record(result: Any) -> dict[str, Any]:
    """An ``arxiv.Result`` -> a snapshot-format record."""
    from ..ids import parse_arxiv_id

    pid = parse_arxiv_id(result.entry_id)
    return {
        "arxiv_id": pid.base,
        "version": pid.version or 1,
        "title": result.title,
        "abstract": result.summary,
        "authors": [a.name for a in result.authors],
        "primary_category": result.primary_category,
        "categories": list(result.categories),
        "published": result.published.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "updated": result.updated.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "comment": result.comment,
        "journal_ref": result.journal_ref,
        "doi": result.doi,
        "links": [link.href for link in result.links],
    }


class LiveArxivSource:
    """The arXiv API through ``arxiv.Client``, windowed so that no page is deep."""

    label = "arxiv-api"

    def __init__(self, query: ArxivQuery | None = None, page_size: int = 2000, delay_seconds: float = 3.0,
                 num_retries: int = 5, max_offset: int = 2000, min_window: timedelta = timedelta(hours=6),
                 client: Any = None, progress: Callable[[str], None] | None = None):
        import arxiv

        self.query = query or ArxivQuery()
        self.page_size = page_size
        self.max_offset = max_offset
        self.min_window = min_window
        self.client = client or arxiv.Client(page_size=page_size, delay_seconds=delay_seconds, num_retries=num_retries)
        self.progress = progress or log.info
        self._arxiv = arxiv

    def _pages(self, query: str, out: FetchResult) -> Iterator[list[Any]]:
        arxiv = self._arxiv
        search = arxiv.Search(query=query, max_results=None, sort_by=arxiv.SortCriterion.SubmittedDate,
                              sort_order=arxiv.SortOrder.Ascending)
        offset, total, first = 0, None, True
        while total is None or offset < total:
            url = self.client._format_url(search, offset, self.page_size)
            try:
                feed = self.client._parse_feed(url, first_page=first)
            except (arxiv.HTTPError, arxiv.UnexpectedEmptyPageError) as exc:
                raise SourceError(f"arXiv API failed for {query!r} at offset {offset}: {exc}") from exc
            out.requests += 1
            first = False
            total = feed.header.total_results
            if not feed.results:
                break
            offset += len(feed.results)
            self.progress(f"arXiv: {offset} of {total} entries for {query}")
            yield feed.results
            if offset >= total:
                break

    def _announced(self, query: str, out: FetchResult) -> int:
        arxiv = self._arxiv
        search = arxiv.Search(query=query, max_results=1)
        feed = self.client._parse_feed(self.client._format_url(search, 0, 1), first_page=True)
        out.requests += 1
        return feed.header.total_results

    def fetch(self, start: datetime, end: datetime) -> FetchResult:
        out = FetchResult()
        windows = [(start, end)]
        while windows:
            w_start, w_end = windows.pop(0)
            query = self.query.for_window(w_start, w_end)
            total = self._announced(query, out)
            if total > self.max_offset and (w_end - w_start) > self.min_window:
                mid = w_start + (w_end - w_start) / 2
                self.progress(f"arXiv: {total} entries in [{w_start:%Y-%m-%d %H:%M}, {w_end:%Y-%m-%d %H:%M}) is too deep; halving")
                windows[:0] = [(w_start, mid), (mid, w_end)]
                continue
            if total > self.max_offset:
                out.notes.append(f"window {query} announces {total} > {self.max_offset} even at the smallest window")
            out.queries.append(query)
            out.windows += 1
            out.announced_total += total
            if total == 0:
                continue
            for page in self._pages(query, out):
                for result in page:
                    try:
                        rec = result_to_record(result)
                        out.entries.append(RawEntry(rec["arxiv_id"], rec, None, repr(result.entry_id)))
                    except Exception as exc:  # a malformed entry: quarantined, the rest kept
                        out.entries.append(RawEntry(str(getattr(result, "entry_id", "?")), None, f"malformed entry: {exc}", repr(result)))
        return out
