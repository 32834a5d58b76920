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
(:class:`EmptyPageError`), ``Retry-After`` honoured, the 3-second
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

from .checkpoints import DuckDBWindowStore, MemoryWindowStore, WindowStore
from .client import ArxivApiClient
from .feed import ArxivApiError, ArxivHTTPError, EmptyPageError, MalformedPageError, parse_page, parse_retry_after, read_entry, result_to_record
from .query import ArxivQuery
from .recording import paper_records, record_snapshot
from .results import FetchResult, RawEntry, WindowRecord, count_check
from .sources import LiveArxivSource, SnapshotPaperSource

__all__ = [
    "ArxivApiClient", "ArxivApiError", "ArxivHTTPError", "ArxivQuery", "DuckDBWindowStore", "EmptyPageError", "FetchResult",
    "LiveArxivSource", "MalformedPageError", "MemoryWindowStore", "RawEntry", "SnapshotPaperSource", "WindowRecord",
    "WindowStore", "count_check", "paper_records", "parse_page", "parse_retry_after", "read_entry",
    "record_snapshot", "result_to_record",
]
