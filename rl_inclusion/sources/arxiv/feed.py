"""Reading one page of the API's Atom feed, strictly, one entry at a time when the page is malformed."""

from __future__ import annotations

import email.utils
import hashlib
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import arxiv
from lxml import etree

from ...errors import SourceError
from ...ids import ArxivIdError, parse_arxiv_id
from ...raw_papers import parse_timestamp
from .results import RawEntry


_ATOM = "{http://www.w3.org/2005/Atom}"
_OPENSEARCH = "{http://a9.com/-/spec/opensearch/1.1/}"
_API_ERROR_ID = "arxiv.org/api/errors"


# --- reading one page ----------------------------------------------------------

class MalformedPageError(arxiv.ArxivError):
    """A response that is not a complete Atom feed (cut short, an HTML error page...)."""

    def __init__(self, url: str, retry: int, reason: str):
        super().__init__(url, retry, f"malformed response: {reason}")


class EmptyPageError(arxiv.ArxivError):
    """A page without entries although the feed announces more (the API's spurious empty page): retried.

    Raised in place of ``arxiv.UnexpectedEmptyPageError``, whose constructor
    wants a parsed feed of the package's private ``_feed`` module.
    """

    def __init__(self, url: str, retry: int, announced: int):
        super().__init__(url, retry, f"empty page although the feed announces {announced} entries")
        self.announced = announced


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
        if tag == _ATOM + "author":
            name = child.find(_ATOM + "name")
            authors.append(name.text if name is not None and name.text is not None else "")
        elif tag == _ATOM + "link":
            href = child.get("href")
            if href is not None:
                links.append(href)
        elif tag == _ATOM + "category":
            term = child.get("term")
            if term is not None:
                cats.append(term)
        elif isinstance(tag, str) and tag not in first:
            first[tag] = child

    def text(tag: str) -> str | None:
        node = first.get(tag)
        return node.text if node is not None else None

    entry_id = text(_ATOM + "id")
    if not entry_id:
        return None, "entry lacks <id>"
    if _API_ERROR_ID in entry_id:
        message = text(_ATOM + "summary") or text(_ATOM + "title") or "(no message)"
        raise ArxivApiError(f"the arXiv API refused the query: {message.strip()}")
    dates = {}
    for name in ("updated", "published"):
        value = text(_ATOM + name)
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
        "title": _WS.sub(" ", text(_ATOM + "title") or ""),
        "abstract": text(_ATOM + "summary") or "",
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
    key = (el.findtext(_ATOM + "id") or "").strip() or "sha1:" + hashlib.sha1(raw.encode("utf-8")).hexdigest()[:16]
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
