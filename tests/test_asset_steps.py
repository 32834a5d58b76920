"""The logic of the raw_papers and issue_threads assets as plain functions, without Dagster."""

from __future__ import annotations

from datetime import datetime, timezone
from types import SimpleNamespace

import duckdb
import polars as pl

from rl_inclusion.raw_papers import Collected, collect, normalize, store
from rl_inclusion.storage import apply_schema
from rl_inclusion.threads.issue_threads import hold_back


def utc(*a):
    return datetime(*a, tzinfo=timezone.utc)


def paper(arxiv_id, published, version=1):
    return {"arxiv_id": arxiv_id, "version": version, "title": f"Paper {arxiv_id}", "abstract": "A method.",
            "authors": [], "primary_category": "cs.LG", "categories": ["cs.LG"], "published": published,
            "updated": published, "comment": None, "journal_ref": None, "doi": None,
            "links": [f"https://arxiv.org/abs/{arxiv_id}"]}


def collected(records, quarantine=()):
    norm = normalize([(r["arxiv_id"], r, None, "") for r in records], source="test")
    return Collected(rows=norm.rows, quarantine=list(quarantine) + norm.quarantine, received=len(records))


def db():
    con = duckdb.connect(":memory:")
    apply_schema(con)
    return con


def test_store_keeps_a_redated_id_where_it_is_and_leaves_out_rows_of_other_quarters():
    con = db()
    store(con, collected([paper("2501.00001", "2025-01-05T00:00:00Z")]), ["2025Q1"], 0.5, 100)
    # arXiv re-dates 2501.00001 into April; the April run also sees a July paper and a duplicate version
    got = collected([paper("2501.00001", "2025-04-02T00:00:00Z"), paper("2504.00002", "2025-04-03T00:00:00Z"),
                     paper("2504.00002", "2025-04-03T00:00:00Z", version=2), paper("2507.00003", "2025-07-01T00:00:00Z")])
    st = store(con, got, ["2025Q2"], 0.5, 100)
    assert st.moved["arxiv_id"].to_list() == ["2501.00001"]
    assert st.outside["arxiv_id"].to_list() == ["2507.00003"]
    assert st.written["arxiv_id"].to_list() == ["2504.00002"] and st.written_quarters == ["2025Q2"]
    assert st.duplicates_collapsed == 1  # 4 rows in: 1 written, 1 moved, 1 outside, 1 collapsed version
    rows = con.execute("SELECT arxiv_id, quarter, version FROM raw_papers ORDER BY arxiv_id").fetchall()
    assert rows == [("2501.00001", "2025Q1", 1), ("2504.00002", "2025Q2", 2)]


def test_store_refuses_a_sharp_drop_and_keeps_the_stored_rows():
    con = db()
    store(con, collected([paper(f"2501.0000{i}", "2025-01-05T00:00:00Z") for i in range(1, 5)]), ["2025Q1"], 0.5, 4)
    st = store(con, collected([paper("2501.00001", "2025-01-05T00:00:00Z")]), ["2025Q1"], 0.5, 4)
    assert list(st.refused) == ["2025Q1"] and "source returned 1 rows against 4 stored" in st.refused["2025Q1"]
    assert st.written.height == 0 and st.written_quarters == []
    assert con.execute("SELECT count(*) FROM raw_papers").fetchone()[0] == 4
    # rerunning the same fetch is idempotent: still refused, nothing changes
    store(con, collected([paper("2501.00001", "2025-01-05T00:00:00Z")]), ["2025Q1"], 0.5, 4)
    assert con.execute("SELECT count(*) FROM raw_papers").fetchone()[0] == 4


def test_store_upserts_undated_quarantine_and_replaces_dated_quarantine():
    con = db()
    bad = [{"quarter": "undated", "entry_key": "papers.jsonl:7", "reason": "not JSON", "raw": "{"},
           {"quarter": "2025Q1", "entry_key": "2501.00009", "reason": "unknown category", "raw": "{}"}]
    store(con, collected([], bad), ["2025Q1"], 0.5, 100)
    store(con, collected([], bad[:1]), ["2025Q1"], 0.5, 100)
    assert con.execute("SELECT quarter, entry_key FROM raw_papers_quarantine ORDER BY 1").fetchall() == [
        ("undated", "papers.jsonl:7")]


def test_collect_reports_a_short_quarter_and_counts_per_quarter():
    entries = [SimpleNamespace(key="2501.00001", data=paper("2501.00001", "2025-01-05T00:00:00Z"), error=None, raw="")]

    class Source:
        label, entries_belong_to_window = "fake", True

        def fetch(self, start, end):
            return SimpleNamespace(received=1, announced_total=2, requests=3, retries=1, resumed_windows=0,
                                   queries=[f"q {start:%Y-%m}"], notes=[], complete=False, entries=entries)

    got = collect(Source(), ["2025Q1"])
    assert (got.received, got.announced, got.requests, got.retries) == (1, 2, 3, 1)
    assert got.short == ["2025Q1: 1 of 2"] and got.per_quarter == {"2025Q1": (1, 0)} and got.queries == ["q 2025-01"]


def fetch(cursor, requests=2, n=3):
    return SimpleNamespace(max_updated_at=cursor, requests=requests, threads=[{}] * n)


def test_hold_back_keeps_the_cursor_before_threads_of_the_open_quarter():
    classified = pl.DataFrame({
        "thread_id": ["verl#1", "verl#2", "verl#3", "trl#1"],
        "framework": ["verl", "verl", "verl", "trl"],
        "quarter": ["2026Q2", "2026Q3", "2026Q3", "2026Q2"],
        "updated_at": [utc(2026, 6, 1), utc(2026, 8, 10), utc(2026, 7, 20), utc(2026, 6, 30)],
    })
    fetches = {"verl": fetch(utc(2026, 9, 1)), "trl": fetch(utc(2026, 9, 2), requests=1, n=1), "slime": fetch(None)}
    now = utc(2026, 9, 3)
    rows, cursors, notes = hold_back(classified, fetches, ["2026Q1", "2026Q2"], now)
    assert rows["thread_id"].to_list() == ["verl#1", "trl#1"]
    assert cursors.rows() == [("verl", utc(2026, 7, 20), now, 2, 3), ("trl", utc(2026, 9, 2), now, 1, 1)]
    assert notes == ["verl: 2 thread(s) of the open quarter held back; cursor kept at 2026-07-20 00:00"]


def test_hold_back_never_moves_a_cursor_forward():
    classified = pl.DataFrame({"thread_id": ["verl#9"], "framework": ["verl"], "quarter": ["2026Q3"],
                               "updated_at": [utc(2026, 9, 5)]})
    rows, cursors, notes = hold_back(classified, {"verl": fetch(utc(2026, 8, 1))}, ["2026Q2"], utc(2026, 9, 6))
    assert rows.height == 0 and cursors["updated_since"].to_list() == [utc(2026, 8, 1)]


def test_collect_counts_a_line_no_window_can_claim_once():
    """A snapshot returns an unreadable line to every window; it is one quarantined record, logged once."""
    bad = SimpleNamespace(key="papers.jsonl:3", data=None, error="not JSON", raw="{oops")

    class Source:
        label, entries_belong_to_window = "snapshot:x", False

        def fetch(self, start, end):
            return SimpleNamespace(received=1, announced_total=1, requests=0, retries=0, resumed_windows=0,
                                   queries=[], notes=[], complete=True, entries=[bad])

    got = collect(Source(), ["2025Q1", "2025Q2", "2025Q3"])
    assert [(b["quarter"], b["entry_key"]) for b in got.quarantine] == [("undated", "papers.jsonl:3")]
    assert got.per_quarter == {"2025Q1": (0, 1), "2025Q2": (0, 0), "2025Q3": (0, 0)}
