"""Where ``raw_papers`` comes from: a snapshot folder, or the live arXiv API.

Both sources answer one question, ``fetch(start, end)``: the entries first
submitted in the half-open UTC window [start, end), as snapshot-format records
(plus the ones that could not be read, with the reason), and what the fetch
cost (requests, the exact queries, the total the feed announced).

The live source
---------------
Requests go through :class:`ArxivApiClient`, a subclass of ``arxiv.Client``
(arxiv 4.0.2): its URL format, its HTTP session, its error classes, with what
the package lacks added around them: a request timeout, retries with
exponential backoff on HTTP 429/500/502/503/504, timeouts, connection errors,
truncated or non-Atom responses and the spurious empty pages of the API
(``arxiv.UnexpectedEmptyPageError``), ``Retry-After`` honoured, the 3-second
courtesy delay between any two requests, and sleeping and the clock injectable
so that tests never sleep.

Deep paging is never used: the API returns empty pages once the start offset
passes a few hundred and caps the total.  Every request asks for the first
page (``start=0``) of a date window, sorted by submission date ascending.  If
the feed announces more entries than the page holds, the window is split at
the submission minute of the last entry on the page: the entries before that
minute are complete (the page holds everything submitted before it), and the
rest of the window, from that minute on, is asked for next.  One request thus
stores about one page of entries, and the total announced by the first request
(the whole partition) is what the stored rows must add up to.

Each completed window can be saved to a checkpoint (:class:`WindowStore`;
:class:`DuckDBWindowStore` keeps them in the ``arxiv_fetch_windows`` table), so
a run that fails part-way resumes from the first window it had not stored.

Bad input
---------
The package's parser skips an entry without ``<id>``, ``<published>`` or
``<updated>`` without a word, fails the whole page on a date it cannot read,
and lets lxml's recovery drop the rest of a page at a byte that is not UTF-8.
So pages are read here (:func:`parse_page`, :func:`read_entry`: the package's
reading rules, checked against its parser in the tests): strictly with lxml,
and when that fails, one ``<entry>`` at a time, so that a malformed entry, a non-UTF-8 byte, a missing
field or an id that does not parse becomes a :class:`RawEntry` with the reason
(quarantined downstream) and the other entries of the page are kept.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import logging
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Protocol

import arxiv
import polars as pl
import requests
import urllib3
import tenacity
from arxiv import _feed
from lxml import etree

from ..errors import ConfigError, SourceError
from ..ids import ArxivIdError, parse_arxiv_id
from ..partitions import quarter_label
from ..snapshot import PAPER_KEYS, Snapshot, write_snapshot
from .papers import parse_timestamp, valid_category

log = logging.getLogger(__name__)

DEFAULT_CATEGORIES = ("cs.LG", "cs.CL", "cs.AI", "stat.ML")
DEFAULT_KEYWORDS = (
    '(abs:"reinforcement learning" OR abs:"policy optimization" OR abs:RLHF OR abs:RLVR OR abs:GRPO OR abs:PPO) '
    'AND (abs:"language model" OR abs:LLM OR abs:LLMs OR abs:reasoning)'
)
DEFAULT_PAGE_SIZE = 2000
API_MAX_PAGE_SIZE = 2000
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
_ATOM = "{http://www.w3.org/2005/Atom}"
_OPENSEARCH = "{http://a9.com/-/spec/opensearch/1.1/}"
_API_ERROR_ID = "arxiv.org/api/errors"


# --- what a fetch returns ------------------------------------------------------

@dataclass
class RawEntry:
    """One entry as received: a snapshot-format record, or why there is none."""

    key: str
    data: dict[str, Any] | None
    error: str | None
    raw: str

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "data": self.data, "error": self.error, "raw": self.raw}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> RawEntry:
        return cls(obj["key"], obj.get("data"), obj.get("error"), obj.get("raw", ""))


@dataclass
class WindowRecord:
    """One completed date window of a live fetch: what a checkpoint stores.

    ``announced`` is the total the feed announced for [window_start, fetch end):
    the window and everything after it; ``entries`` are the ones submitted in
    [window_start, window_end).
    """

    window_start: datetime
    window_end: datetime
    query: str
    announced: int
    entries: list[RawEntry]
    requests: int
    fetched_at: datetime

    @property
    def received(self) -> int:
        return len(self.entries)


@dataclass
class FetchResult:
    """A fetch of one partition window.

    ``announced_total`` is what the source says the window holds (the live feed's
    ``opensearch:totalResults`` for the whole window): the asset check compares
    it with ``received`` and with the rows stored plus quarantined.
    """

    entries: list[RawEntry] = field(default_factory=list)
    requests: int = 0
    announced_total: int = 0
    queries: list[str] = field(default_factory=list)
    windows: int = 0
    notes: list[str] = field(default_factory=list)
    retries: int = 0
    resumed_windows: int = 0
    duplicates: int = 0
    window_log: list[WindowRecord] = field(default_factory=list)
    _seen: set[str] = field(default_factory=set, repr=False)

    @property
    def received(self) -> int:
        return len(self.entries)

    @property
    def complete(self) -> bool:
        """Every entry the source announced was received."""
        return self.received == self.announced_total


def count_check(result: FetchResult, stored: int, quarantined: int, duplicates: int = 0) -> tuple[bool, str]:
    """Do the rows stored (+ quarantined + duplicates collapsed) add up to the total announced?"""
    accounted = stored + quarantined + duplicates
    ok = result.received == result.announced_total and accounted == result.received
    msg = (f"announced {result.announced_total}, received {result.received}, stored {stored}, "
           f"quarantined {quarantined}, duplicates {duplicates}")
    return ok, msg


# --- the snapshot source -------------------------------------------------------

class SnapshotPaperSource:
    """Reads ``papers.jsonl`` of a snapshot (checksum verified)."""

    # Unreadable and undated lines are returned to every window: they do not belong to the window asked for.
    entries_belong_to_window = False

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


# --- the query -----------------------------------------------------------------

def _utc(dt: datetime) -> datetime:
    if dt.tzinfo is None:
        raise ValueError(f"window bounds must be timezone-aware: {dt!r}")
    return dt.astimezone(timezone.utc)


def floor_minute(dt: datetime) -> datetime:
    return dt.replace(second=0, microsecond=0)


@dataclass(frozen=True)
class ArxivQuery:
    """The screening query: configuration, not code.

    ``for_window`` adds the ``submittedDate`` window, whose bounds the API reads
    to the minute, inclusive at both ends: [start, end) is sent as
    ``[start TO end - 1 minute]``.
    """

    categories: tuple[str, ...] = DEFAULT_CATEGORIES
    keywords: str = DEFAULT_KEYWORDS

    def __post_init__(self):
        bad = [c for c in self.categories if not valid_category(c)]
        if bad:
            raise ConfigError(f"arXiv query: unknown categories {bad}")
        if not self.categories and not self.keywords.strip():
            raise ConfigError("arXiv query: give categories or keywords (an empty query would ask for all of arXiv)")

    @classmethod
    def from_mapping(cls, conf: dict[str, Any] | None) -> ArxivQuery:
        """From a config section ``{categories: [...], keywords: "..."}``; missing keys take the defaults."""
        conf = dict(conf or {})
        unknown = set(conf) - {"categories", "keywords"}
        if unknown:
            raise ConfigError(f"arXiv query: unknown settings {sorted(unknown)} (expected categories, keywords)")
        cats = conf.get("categories", DEFAULT_CATEGORIES)
        kw = conf.get("keywords", DEFAULT_KEYWORDS)
        if not isinstance(cats, (list, tuple)) or not all(isinstance(c, str) for c in cats):
            raise ConfigError("arXiv query: categories must be a list of strings")
        if not isinstance(kw, str):
            raise ConfigError("arXiv query: keywords must be a string")
        return cls(tuple(cats), kw)

    def base(self) -> str:
        cats = " OR ".join(f"cat:{c}" for c in self.categories)
        parts = [f"({cats})" if cats else "", f"({self.keywords})" if self.keywords.strip() else ""]
        return " AND ".join(p for p in parts if p)

    def for_window(self, start: datetime, end: datetime) -> str:
        start, end = _utc(start), _utc(end)
        last = floor_minute(end - timedelta(minutes=1)) if end.second == 0 and end.microsecond == 0 else floor_minute(end)
        window = f"submittedDate:[{floor_minute(start):%Y%m%d%H%M} TO {last:%Y%m%d%H%M}]"
        return f"{self.base()} AND {window}" if self.base() else window

    def fingerprint(self) -> str:
        """Identifies the query in a checkpoint: windows of another query are not reused."""
        return hashlib.sha256(self.base().encode("utf-8")).hexdigest()[:16]


# --- reading one page ----------------------------------------------------------

class MalformedPageError(arxiv.ArxivError):
    """A response that is not a complete Atom feed (cut short, an HTML error page...)."""

    def __init__(self, url: str, retry: int, reason: str):
        super().__init__(url, retry, f"malformed response: {reason}")


class ArxivHTTPError(arxiv.HTTPError):
    """``arxiv.HTTPError`` with the ``Retry-After`` the server sent (seconds), if any."""

    def __init__(self, url: str, retry: int, status: int, retry_after: float | None = None):
        super().__init__(url, retry, status)
        self.retry_after = retry_after

    def __reduce__(self) -> tuple:
        return (self.__class__, (self.url, self.retry, self.status, self.retry_after))


class ArxivApiError(SourceError):
    """The API answered with its error feed (a query it cannot run): retrying will not help."""


def parse_retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """``Retry-After``: delay-seconds or an HTTP date -> seconds from now (never negative)."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    if re.fullmatch(r"\d+(?:\.\d+)?", value):
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    now = now or datetime.now(timezone.utc)
    return max(0.0, (when - now).total_seconds())


@dataclass
class Page:
    url: str
    total: int
    start_index: int
    entries: list[RawEntry]


_STRICT = dict(resolve_entities=False, no_network=True, huge_tree=False, recover=False)
_ENTRY_START = re.compile(rb"<entry[\s>/]")
_FEED_START = re.compile(rb"<feed\b[^>]*>")
_FEED_END = re.compile(rb"</feed\s*>\s*$")
_ID_IN_CHUNK = re.compile(rb"<id>\s*([^<\s]+)\s*</id>")


def result_to_record(result: arxiv.Result) -> dict[str, Any]:
    """An ``arxiv.Result`` -> a snapshot-format record (``PAPER_KEYS``); ArxivIdError if its id does not parse."""
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


def _chunk_key(chunk: bytes) -> str:
    m = _ID_IN_CHUNK.search(chunk)
    if m:
        return m.group(1).decode("utf-8", errors="replace")
    return "sha1:" + hashlib.sha1(chunk).hexdigest()[:16]


_A = "{http://www.w3.org/2005/Atom}"
_X = "{http://arxiv.org/schemas/atom}"
_WS = re.compile(r"\s+")


def _atom_datetime(text: str) -> datetime:
    # As the package reads it: RFC 3339, ``Z`` for UTC, naive taken as UTC.
    return parse_timestamp(text)


def read_entry(el: Any) -> tuple[dict[str, Any] | None, str | None]:
    """An ``<entry>`` element -> (snapshot-format record, None) or (None, why not).

    Reads what ``arxiv._feed._build_result`` reads, with the same rules (first
    child of each kind, whitespace of the title collapsed, dates in UTC), in one
    pass over the children: six times faster, and it says why an entry cannot be
    read where the package skips it.  ``tests/test_arxiv_records.py`` checks
    that both give the same record.
    """
    first: dict[str, Any] = {}
    authors: list[str] = []
    links: list[str] = []
    cats: list[str] = []
    for child in el:
        tag = child.tag
        if tag == _A + "author":
            name = child.find(_A + "name")
            authors.append(name.text if name is not None and name.text is not None else "")
        elif tag == _A + "link":
            href = child.get("href")
            if href is not None:
                links.append(href)
        elif tag == _A + "category":
            term = child.get("term")
            if term is not None:
                cats.append(term)
        elif isinstance(tag, str) and tag not in first:
            first[tag] = child

    def text(tag: str) -> str | None:
        node = first.get(tag)
        return node.text if node is not None else None

    entry_id = text(_A + "id")
    if not entry_id:
        return None, "entry lacks <id>"
    if _API_ERROR_ID in entry_id:
        message = text(_A + "summary") or text(_A + "title") or "(no message)"
        raise ArxivApiError(f"the arXiv API refused the query: {message.strip()}")
    dates = {}
    for name in ("updated", "published"):
        value = text(_A + name)
        try:
            dates[name] = _atom_datetime(value) if value is not None else None
        except ValueError as exc:
            return None, f"bad date: {exc}"
    for name in ("updated", "published"):
        if dates[name] is None:
            return None, f"entry lacks <{name}>"
    try:
        pid = parse_arxiv_id(entry_id)
    except ArxivIdError as exc:
        return None, f"id does not parse: {exc}"
    primary = first.get(_X + "primary_category")
    return {
        "arxiv_id": pid.base,
        "version": pid.version or 1,
        "title": _WS.sub(" ", text(_A + "title") or ""),
        "abstract": text(_A + "summary") or "",
        "authors": authors,
        "primary_category": (primary.get("term") if primary is not None else "") or "",
        "categories": cats,
        "published": dates["published"].isoformat()[:19] + "Z",  # = strftime("%Y-%m-%dT%H:%M:%SZ"), faster
        "updated": dates["updated"].isoformat()[:19] + "Z",
        "comment": text(_X + "comment"),
        "journal_ref": text(_X + "journal_ref"),
        "doi": text(_X + "doi"),
        "links": links,
    }, None


def _entry_from_element(el: Any, raw: str | None = None) -> RawEntry:
    if raw is None:
        raw = etree.tostring(el, encoding="unicode")
    rec, error = read_entry(el)
    if rec is not None:
        return RawEntry(rec["arxiv_id"], rec, None, raw)
    key = (el.findtext(_A + "id") or "").strip() or "sha1:" + hashlib.sha1(raw.encode("utf-8")).hexdigest()[:16]
    return RawEntry(key, None, error, raw)


def _header(root: Any, url: str) -> tuple[int, int]:
    if root is None or root.tag != _ATOM + "feed":
        raise MalformedPageError(url, 0, f"root element is {getattr(root, 'tag', None)!r}, not an Atom <feed>")
    total = root.findtext(_OPENSEARCH + "totalResults")
    if total is None or not total.strip().isdigit():
        raise MalformedPageError(url, 0, "no opensearch:totalResults")
    start = (root.findtext(_OPENSEARCH + "startIndex") or "0").strip()
    return int(total), int(start) if start.isdigit() else 0


def parse_page(content: bytes, url: str = "") -> Page:
    """One API response -> the announced total and every entry, good or bad.

    A response that is not a complete feed raises :class:`MalformedPageError`
    (retried); an entry that cannot be read comes back with its reason.
    """
    if not _FEED_END.search(content[-200:]):
        raise MalformedPageError(url, 0, "no closing </feed>: the response was cut short")
    try:
        content.decode("utf-8")
        root = etree.fromstring(content, parser=etree.XMLParser(**_STRICT))
    except (UnicodeDecodeError, etree.XMLSyntaxError):
        root = None
    if root is not None:
        total, start = _header(root, url)
        return Page(url, total, start, [_entry_from_element(el) for el in root.iterfind(_ATOM + "entry")])
    return _parse_page_by_entry(content, url)


def _parse_page_by_entry(content: bytes, url: str) -> Page:
    """The slow path: the feed does not parse as a whole, so read each ``<entry>`` alone."""
    starts = [m.start() for m in _ENTRY_START.finditer(content)]
    feed_end = _FEED_END.search(content)
    stop = feed_end.start() if feed_end else len(content)
    head = content[: starts[0] if starts else stop]
    feed_tag = _FEED_START.search(head)
    if feed_tag is None:
        raise MalformedPageError(url, 0, "no <feed> element")
    try:
        head_root = etree.fromstring(head + b"</feed>", parser=etree.XMLParser(**_STRICT))
    except etree.XMLSyntaxError as exc:
        raise MalformedPageError(url, 0, f"feed header does not parse: {exc}") from exc
    total, start_index = _header(head_root, url)
    entries: list[RawEntry] = []
    for i, s in enumerate(starts):
        chunk = content[s: starts[i + 1] if i + 1 < len(starts) else stop].rstrip()
        try:
            text = chunk.decode("utf-8")
        except UnicodeDecodeError as exc:
            entries.append(RawEntry(_chunk_key(chunk), None, f"not UTF-8 at byte {exc.start} of the entry",
                                    chunk.decode("utf-8", errors="replace")))
            continue
        try:
            wrapped = etree.fromstring(feed_tag.group(0) + chunk + b"</feed>", parser=etree.XMLParser(**_STRICT))
            el = wrapped.find(_ATOM + "entry")
            if el is None or len(wrapped) != 1:
                raise etree.XMLSyntaxError("not exactly one <entry> element", None, 0, 0)
        except etree.XMLSyntaxError as exc:
            entries.append(RawEntry(_chunk_key(chunk), None, f"malformed Atom entry: {exc}", text))
            continue
        entries.append(_entry_from_element(el, raw=text))
    return Page(url, total, start_index, entries)


# --- the client ----------------------------------------------------------------

def _unreachable(exc: BaseException) -> bool:
    """No network at all (the host name does not resolve): waiting minutes will not help."""
    reason = getattr(exc.args[0], "reason", None) if isinstance(exc, requests.exceptions.ConnectionError) and exc.args else None
    return isinstance(reason, urllib3.exceptions.NameResolutionError)


def _retryable(exc: BaseException) -> bool:
    if isinstance(exc, arxiv.HTTPError):
        return exc.status in RETRY_STATUSES
    if _unreachable(exc):
        return False
    return isinstance(exc, (arxiv.UnexpectedEmptyPageError, MalformedPageError,
                            requests.exceptions.Timeout, requests.exceptions.ConnectionError))


class ArxivApiClient(arxiv.Client):
    """``arxiv.Client`` with timeouts, backoff, ``Retry-After`` and injectable sleeping.

    ``num_retries`` retries follow a failed request, waiting ``backoff_seconds``
    doubled each time (at most ``max_backoff_seconds``), or what ``Retry-After``
    asks (at most ``max_retry_after_seconds``).  Any two requests are at least
    ``delay_seconds`` apart.  Use :meth:`fetch_page`: the inherited ``results()``
    still runs the package's own request loop (no timeout, no backoff).
    """

    def __init__(self, page_size: int = DEFAULT_PAGE_SIZE, delay_seconds: float = 3.0, num_retries: int = 6,
                 timeout: float | tuple[float, float] = (10.0, 120.0), backoff_seconds: float = 5.0,
                 max_backoff_seconds: float = 160.0, max_retry_after_seconds: float = 900.0,
                 sleep: Callable[[float], None] = time.sleep, clock: Callable[[], float] = time.monotonic):
        if not 1 <= page_size <= API_MAX_PAGE_SIZE:
            raise ConfigError(f"page_size must be between 1 and {API_MAX_PAGE_SIZE} (the API's limit), got {page_size}")
        if delay_seconds < 3.0:
            log.warning("arXiv: a delay of %.1fs between requests is below the 3s the API's terms ask for", delay_seconds)
        super().__init__(page_size=page_size, delay_seconds=delay_seconds, num_retries=num_retries)
        self.timeout = timeout
        self.backoff_seconds = backoff_seconds
        self.max_backoff_seconds = max_backoff_seconds
        self.max_retry_after_seconds = max_retry_after_seconds
        self.sleep = sleep
        self.clock = clock
        self.requests = 0
        self.retries = 0
        self._last_request: float | None = None

    def _courtesy_wait(self) -> None:
        if self._last_request is None:
            return
        wait = self.delay_seconds - (self.clock() - self._last_request)
        if wait > 0:
            self.sleep(wait)

    def _get(self, url: str, try_index: int) -> bytes:
        self._courtesy_wait()
        self.requests += 1
        log.debug("arXiv: GET %s (try %d)", url, try_index)
        try:
            resp = self._session.get(url, headers={"user-agent": f"rl-inclusion (arxiv.py/{arxiv.__version__})"},
                                     timeout=self.timeout)
        finally:
            self._last_request = self.clock()
        if resp.status_code != 200:
            raise ArxivHTTPError(url, try_index, resp.status_code, parse_retry_after(resp.headers.get("Retry-After")))
        return resp.content

    def _wait(self, state: tenacity.RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome else None
        if isinstance(exc, ArxivHTTPError) and exc.retry_after is not None:
            return min(exc.retry_after, self.max_retry_after_seconds)
        return min(self.max_backoff_seconds, self.backoff_seconds * 2 ** (state.attempt_number - 1))

    def fetch_page(self, search: arxiv.Search, start: int = 0, expected: int | None = None) -> Page:
        """One page, retried.  An empty page is an error (and retried) when the feed
        announces more than ``start`` entries or the caller ``expected`` some."""
        url = self._format_url(search, start, self.page_size)
        tries = [0]

        def attempt() -> Page:
            try_index = tries[0]
            tries[0] += 1
            page = parse_page(self._get(url, try_index), url)
            if not page.entries and (page.total > start or (expected or 0) > 0):
                raise arxiv.UnexpectedEmptyPageError(url, try_index, _feed.ParsedFeed(
                    header=_feed.FeedHeader(total_results=page.total, start_index=page.start_index)))
            return page

        def before_sleep(state: tenacity.RetryCallState) -> None:
            self.retries += 1
            log.warning("arXiv: %s; retry %d of %d in %.1fs", state.outcome.exception(), state.attempt_number,
                        self.num_retries, state.next_action.sleep if state.next_action else 0.0)

        retrying = tenacity.Retrying(
            stop=tenacity.stop_after_attempt(self.num_retries + 1), wait=self._wait,
            retry=tenacity.retry_if_exception(_retryable), sleep=self.sleep, before_sleep=before_sleep, reraise=True)
        try:
            return retrying(attempt)
        except (arxiv.ArxivError, requests.exceptions.RequestException) as exc:
            if _unreachable(exc):
                raise SourceError(f"arXiv API unreachable: the host of {url} does not resolve (no network?). "
                                  "Run from a snapshot instead (--source PATH) or try again later.") from exc
            raise SourceError(f"arXiv API: giving up after {tries[0]} tries of {url}: {exc}") from exc


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
        from .. import storage

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
        return [WindowRecord(_utc(ws), _utc(we), q, a, [RawEntry.from_json(e) for e in json.loads(ents)], r, _utc(fa))
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
        start, end = _utc(start), _utc(end)
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
