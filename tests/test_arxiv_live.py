"""The live arXiv source against recorded Atom responses served to the real HTTP client.

Every response is a hand-written file in ``tests/fixtures/arxiv``, served by
``responses`` in the order registered.  Sleeping and the clock are injected:
no test sleeps, and the sleeps the source asked for are asserted exactly.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
import requests
import responses

from rl_inclusion.errors import SourceError
from rl_inclusion.partitions import quarter_bounds
from rl_inclusion.sources.arxiv import (
    ArxivApiError,
    ArxivQuery,
    DuckDBWindowStore,
    LiveArxivSource,
    MemoryWindowStore,
)

FIX = Path(__file__).parent / "fixtures" / "arxiv"
API = "https://export.arxiv.org/api/query"
BASE = ArxivQuery().base()
Q1 = quarter_bounds("2025Q1")
W1 = f"{BASE} AND submittedDate:[202501010000 TO 202503312359]"
W2 = f"{BASE} AND submittedDate:[202501091142 TO 202503312359]"
W3 = f"{BASE} AND submittedDate:[202502201730 TO 202503312359]"
ALL_SIX = ["2501.00101", "2501.00202", "2501.00303", "2502.00404", "2502.00505", "2503.00606"]


def body(name: str) -> bytes:
    return (FIX / name).read_bytes()


class FakeClock:
    """A monotonic clock that only moves when the code under test sleeps."""

    def __init__(self):
        self.now = 100.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(round(seconds, 6))
        self.now += seconds


def make(clock: FakeClock, page_size: int = 3, num_retries: int = 6, progress: list | None = None, **kw):
    return LiveArxivSource(page_size=page_size, num_retries=num_retries, sleep=clock.sleep, clock=clock,
                           progress=(progress.append if progress is not None else (lambda m: None)), **kw)


def serve(*bodies, status: int = 200):
    for b in bodies:
        if isinstance(b, BaseException):
            responses.add(responses.GET, API, body=b)
        elif isinstance(b, tuple):
            st, headers = b
            responses.add(responses.GET, API, body=b"", status=st, headers=headers)
        else:
            responses.add(responses.GET, API, body=body(b) if isinstance(b, str) else b, status=status,
                          content_type="application/atom+xml")


def sent() -> list[tuple[str, str, str]]:
    out = []
    for call in responses.calls:
        qs = parse_qs(urlparse(call.request.url).query)
        out.append((qs["search_query"][0], qs["start"][0], qs["max_results"][0]))
    return out


@responses.activate
def test_two_full_pages_and_a_short_last_page():
    clock, progress = FakeClock(), []
    serve("paged_p1.xml", "paged_p2.xml", "paged_p3.xml")
    res = make(clock, progress=progress).fetch(*Q1)
    assert [e.key for e in res.entries] == ALL_SIX
    assert all(e.error is None for e in res.entries)
    # Each request asks for the first page of a narrower window, never a deeper offset.
    assert sent() == [(W1, "0", "3"), (W2, "0", "3"), (W3, "0", "3")]
    assert res.queries == [W1, W2, W3]
    qs = parse_qs(urlparse(responses.calls[0].request.url).query)
    assert (qs["sortBy"], qs["sortOrder"]) == (["submittedDate"], ["ascending"])
    assert (res.requests, res.retries, res.windows, res.announced_total, res.received) == (3, 0, 3, 6, 6)
    assert res.complete and res.notes == []
    assert clock.sleeps == [3.0, 3.0]  # the courtesy delay between requests, nothing else
    assert progress == [
        "arXiv 2025Q1: 2 of 6 entries (window 1 up to 2025-01-09 11:42, 1 requests)",
        "arXiv 2025Q1: 4 of 6 entries (window 2 up to 2025-02-20 17:30, 2 requests)",
        "arXiv 2025Q1: 6 of 6 entries (window 3 up to 2025-04-01 00:00, 3 requests)",
    ]
    assert [(w.window_start.isoformat(), w.window_end.isoformat(), w.announced, w.received)
            for w in res.window_log] == [
        ("2025-01-01T00:00:00+00:00", "2025-01-09T11:42:00+00:00", 6, 2),
        ("2025-01-09T11:42:00+00:00", "2025-02-20T17:30:00+00:00", 4, 2),
        ("2025-02-20T17:30:00+00:00", "2025-04-01T00:00:00+00:00", 2, 2),
    ]
    # The request carries a timeout (the package's own client sends none).
    assert responses.calls[0].request.req_kwargs["timeout"] == (10.0, 120.0)


@responses.activate
def test_duplicate_entries_across_pages_are_kept_once_from_the_later_window():
    clock = FakeClock()
    serve("paged_p1.xml", "paged_p2.xml", "paged_p3.xml")
    res = make(clock).fetch(*Q1)
    # 2501.00303 is on pages 1 and 2, 2502.00505 on pages 2 and 3: each kept once.
    assert [e.key for e in res.entries].count("2501.00303") == 1
    assert [e.key for e in res.entries].count("2502.00505") == 1
    assert res.duplicates == 0
    c = next(e for e in res.entries if e.key == "2501.00303")
    assert (c.data["version"], c.data["published"], c.data["updated"]) == (3, "2025-01-09T11:42:10Z", "2025-03-01T12:00:00Z")


@responses.activate
def test_an_entry_listed_twice_on_one_page_is_counted_and_stored_once():
    from rl_inclusion.sources.arxiv import count_check
    from rl_inclusion.raw_papers import normalize, to_frame

    clock = FakeClock()
    serve("dup_page.xml")
    res = make(clock, page_size=2000).fetch(*quarter_bounds("2025Q3"))
    assert [e.key for e in res.entries] == ["2507.18071", "2507.18071", "2508.00001"]
    assert (res.duplicates, res.announced_total, res.received, res.complete) == (1, 3, 3, True)
    assert res.notes == ["1 entries were listed more than once; raw_papers keeps one row each"]
    df = to_frame(normalize([(e.key, e.data, e.error, e.raw) for e in res.entries], "2025Q3", "x").rows)
    assert df["arxiv_id"].to_list() == ["2507.18071", "2508.00001"]
    assert count_check(res, stored=df.height, quarantined=0, duplicates=res.duplicates)[0] is True


@responses.activate
def test_an_empty_page_in_the_middle_succeeds_on_retry():
    clock = FakeClock()
    serve("paged_p1.xml", "empty_page.xml", "paged_p2.xml", "paged_p3.xml")
    res = make(clock).fetch(*Q1)
    assert [e.key for e in res.entries] == ALL_SIX
    assert sent() == [(W1, "0", "3"), (W2, "0", "3"), (W2, "0", "3"), (W3, "0", "3")]
    assert (res.requests, res.retries) == (4, 1)
    # courtesy 3 s; backoff 5 s after the empty page (long enough to need no courtesy wait); courtesy 3 s.
    assert clock.sleeps == [3.0, 5.0, 3.0]


@responses.activate
def test_a_503_then_success():
    clock = FakeClock()
    serve((503, {}), "paged_p1.xml", "paged_p2.xml", "paged_p3.xml")
    res = make(clock).fetch(*Q1)
    assert [e.key for e in res.entries] == ALL_SIX
    assert [s for s, _, _ in sent()] == [W1, W1, W2, W3]
    assert (res.requests, res.retries) == (4, 1)
    assert clock.sleeps == [5.0, 3.0, 3.0]


@responses.activate
def test_a_429_with_retry_after_is_honoured():
    clock = FakeClock()
    serve("paged_p1.xml", (429, {"Retry-After": "42"}), "paged_p2.xml", "paged_p3.xml")
    res = make(clock).fetch(*Q1)
    assert [e.key for e in res.entries] == ALL_SIX
    assert [s for s, _, _ in sent()] == [W1, W2, W2, W3]
    assert clock.sleeps == [3.0, 42.0, 3.0]


@responses.activate
def test_a_timeout_and_a_response_cut_short_are_retried_with_growing_backoff():
    clock = FakeClock()
    cut = body("paged_p1.xml")[:900]
    serve(requests.exceptions.ReadTimeout("read timed out"), cut, "paged_p1.xml", "paged_p2.xml", "paged_p3.xml")
    res = make(clock).fetch(*Q1)
    assert [e.key for e in res.entries] == ALL_SIX
    assert (res.requests, res.retries) == (5, 2)
    assert clock.sleeps == [5.0, 10.0, 3.0, 3.0]


@responses.activate
def test_retries_give_up_with_a_clear_error():
    clock = FakeClock()
    serve(*[(503, {})] * 4)
    with pytest.raises(SourceError, match=r"giving up after 4 tries: .*HTTP 503"):
        make(clock, num_retries=3).fetch(*Q1)
    assert len(responses.calls) == 4
    assert clock.sleeps == [5.0, 10.0, 20.0]


@responses.activate
def test_a_client_error_is_not_retried():
    clock = FakeClock()
    serve((400, {}))
    with pytest.raises(SourceError, match=r"giving up after 1 tries: .*HTTP 400"):
        make(clock).fetch(*Q1)
    assert len(responses.calls) == 1 and clock.sleeps == []


@responses.activate
def test_the_api_error_feed_is_raised_not_retried():
    clock = FakeClock()
    serve("api_error.xml")
    with pytest.raises(ArxivApiError, match="incorrect id format for 1234.12345"):
        make(clock).fetch(*Q1)
    assert len(responses.calls) == 1


@responses.activate
def test_a_window_without_results_costs_one_request():
    clock = FakeClock()
    serve("empty_page.xml")
    res = make(clock).fetch(*Q1)
    assert (res.entries, res.requests, res.announced_total, res.windows, res.complete) == ([], 1, 0, 1, True)


def _truncated_then_resumed(store_factory):
    """The API stops delivering after the first window; a later run resumes from the second."""
    clock = FakeClock()
    with responses.RequestsMock() as rsps:
        for name in ["paged_p1.xml"] + ["empty_page.xml"] * 3:
            rsps.add(responses.GET, API, body=body(name))
        with pytest.raises(SourceError, match="empty page although the feed announces"):
            make(clock, num_retries=2, checkpoint=store_factory()).fetch(*Q1)
        assert len(rsps.calls) == 4
    stored = store_factory().load(ArxivQuery().fingerprint(), *Q1)
    assert [(w.query, w.announced, [e.key for e in w.entries]) for w in stored] == [
        (W1, 6, ["2501.00101", "2501.00202"])]

    with responses.RequestsMock() as rsps:
        rsps.add(responses.GET, API, body=body("paged_p2.xml"))
        rsps.add(responses.GET, API, body=body("paged_p3.xml"))
        progress: list[str] = []
        res = make(FakeClock(), checkpoint=store_factory(), progress=progress).fetch(*Q1)
        asked = [parse_qs(urlparse(c.request.url).query)["search_query"][0] for c in rsps.calls]
    assert asked == [W2, W3]  # the stored window is not asked again
    assert [e.key for e in res.entries] == ALL_SIX
    assert (res.resumed_windows, res.windows, res.requests, res.announced_total, res.received) == (1, 3, 2, 6, 6)
    assert res.queries == [W1, W2, W3]
    assert progress[0] == "arXiv 2025Q1: resumed 1 stored windows up to 2025-01-09 11:42 (2 of 6 entries)"
    return res


def test_a_truncated_result_set_fails_and_resumes_from_memory_checkpoint():
    store = MemoryWindowStore()
    _truncated_then_resumed(lambda: store)


def test_a_truncated_result_set_fails_and_resumes_from_duckdb_checkpoint(tmp_path):
    db = tmp_path / "w.duckdb"
    res = _truncated_then_resumed(lambda: DuckDBWindowStore(db))
    store = DuckDBWindowStore(db)
    assert [w.received for w in store.load(ArxivQuery().fingerprint(), *Q1)] == [2, 2, 2]
    # The resumed entries come back exactly as they were stored.
    assert res.entries[0].data["title"] == "Group Relative Policy Optimization for Small Reasoners"
    assert store.clear(ArxivQuery().fingerprint(), *Q1) == 3
    assert store.load(ArxivQuery().fingerprint(), *Q1) == []


@responses.activate
def test_checkpoint_of_another_query_is_not_reused():
    store = MemoryWindowStore()
    serve("paged_p1.xml", "paged_p2.xml", "paged_p3.xml")
    make(FakeClock(), checkpoint=store).fetch(*Q1)
    other = ArxivQuery(categories=("cs.LG",))
    serve("paged_p1.xml", "paged_p2.xml", "paged_p3.xml")
    res = make(FakeClock(), checkpoint=store, query=other).fetch(*Q1)
    assert (res.resumed_windows, res.requests) == (0, 3)


@responses.activate
def test_an_old_style_id():
    serve("oldstyle.xml")
    start, end = datetime(2001, 10, 1, tzinfo=timezone.utc), datetime(2002, 1, 1, tzinfo=timezone.utc)
    res = make(FakeClock(), page_size=2000).fetch(start, end)
    assert sent() == [(f"{BASE} AND submittedDate:[200110010000 TO 200112312359]", "0", "2000")]
    [e] = res.entries
    assert (e.key, e.data["arxiv_id"], e.data["version"], e.data["published"]) == (
        "cs/0112017", "cs/0112017", 1, "2001-12-14T17:08:04Z")
    assert e.data["links"] == ["http://arxiv.org/abs/cs/0112017v1", "http://arxiv.org/pdf/cs/0112017v1"]


@responses.activate
def test_a_full_page_within_one_minute_cannot_be_split():
    # paged_p1 announces 6 but its 3 entries are moved into the window's first minute.
    data = body("paged_p1.xml")
    for stamp in (b"2025-01-02T09:15:30Z", b"2025-01-05T14:00:00Z", b"2025-01-09T11:42:10Z"):
        data = data.replace(stamp, b"2025-01-01T00:00:30Z")
    serve(data)
    with pytest.raises(SourceError, match="all submitted in the minute 2025-01-01 00:00.*raise page_size"):
        make(FakeClock()).fetch(*Q1)


def test_window_bounds_must_be_aware_whole_minutes():
    src = make(FakeClock())
    with pytest.raises(ValueError, match="timezone-aware"):
        src.fetch(datetime(2025, 1, 1), datetime(2025, 4, 1))
    with pytest.raises(ValueError, match="whole minutes"):
        src.fetch(datetime(2025, 1, 1, 0, 0, 5, tzinfo=timezone.utc), Q1[1])
    with pytest.raises(ValueError, match="empty window"):
        src.fetch(Q1[1], Q1[0])
