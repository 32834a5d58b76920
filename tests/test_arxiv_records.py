"""From recorded responses to raw_papers rows: normalisation, quarantine, recording a snapshot."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import duckdb
import polars as pl
import responses
from polars.testing import assert_frame_equal

from rl_inclusion import storage
from rl_inclusion.partitions import quarter_bounds
from rl_inclusion.snapshot import Snapshot, write_snapshot
from rl_inclusion.sources.arxiv import LiveArxivSource, SnapshotPaperSource, parse_page, record_snapshot
from rl_inclusion.raw_papers import normalize, quarantine_frame, to_frame

FIX = Path(__file__).parent / "fixtures" / "arxiv"
API = "https://export.arxiv.org/api/query"


def _live(names, quarter, page_size=3):
    for n in names:
        responses.add(responses.GET, API, body=(FIX / n).read_bytes())
    src = LiveArxivSource(page_size=page_size, sleep=lambda s: None, clock=lambda: 0.0, progress=lambda m: None)
    return src, src.fetch(*quarter_bounds(quarter))


def _norm(res, quarter, label):
    return normalize([(e.key, e.data, e.error, e.raw) for e in res.entries], run_quarter=quarter, source=label)


@responses.activate
def test_paged_fetch_becomes_raw_papers_rows():
    src, res = _live(["paged_p1.xml", "paged_p2.xml", "paged_p3.xml"], "2025Q1")
    n = _norm(res, "2025Q1", src.label)
    assert n.quarantine == []
    df = to_frame(n.rows)
    assert df.columns == ["arxiv_id", "version", "title", "abstract", "authors", "primary_category", "categories",
                          "published", "updated", "comment", "journal_ref", "doi", "links", "code_urls", "source",
                          "quarter"]
    assert df["arxiv_id"].to_list() == ["2501.00101", "2501.00202", "2501.00303", "2502.00404", "2502.00505",
                                        "2503.00606"]
    assert df["version"].to_list() == [1, 1, 3, 1, 2, 1]
    assert df["quarter"].unique().to_list() == ["2025Q1"]
    assert df["source"].unique().to_list() == ["arxiv-api"]
    first = df.row(0, named=True)
    assert first["title"] == "Group Relative Policy Optimization for Small Reasoners"
    assert first["abstract"] == ("We train small language models with reinforcement learning from verifiable "
                                 "rewards.\nCode is at https://github.com/acme/grpo-small.")
    assert first["authors"] == ["Ada Lovelace", "Alan Turing"]
    assert first["categories"] == ["cs.LG", "cs.CL"]  # the ACM class I.2.7 is not an arXiv category
    assert (first["doi"], first["journal_ref"]) == ("10.1000/xyz101", "Proc. XYZ 2025")
    assert first["comment"] == "12 pages; project page: https://acme.github.io/grpo-small/"
    assert first["links"] == ["http://dx.doi.org/10.1000/xyz101", "http://arxiv.org/abs/2501.00101v1",
                              "http://arxiv.org/pdf/2501.00101v1"]
    assert first["published"] == datetime(2025, 1, 2, 9, 15, 30, tzinfo=timezone.utc)
    assert df["code_urls"].to_list() == [
        ["https://github.com/acme/grpo-small", "https://acme.github.io/grpo-small"],
        ["https://huggingface.co/acme/shaper-7b"],
        ["https://gitlab.com/lab/vfppo"],
        [], [], [],
    ]
    assert df.row(2, named=True)["categories"] == ["cs.AI", "stat.ML"]


@responses.activate
def test_entries_the_package_skips_are_quarantined_with_the_reason():
    src, res = _live(["quarantine_wellformed.xml"], "2025Q2", page_size=2000)
    assert (res.announced_total, res.received) == (6, 6)
    n = _norm(res, "2025Q2", src.label)
    assert [r["arxiv_id"] for r in n.rows] == ["2504.01001"]
    assert n.rows[0]["categories"] == ["cs.LG"]  # MSC 68T05 dropped
    assert [(q["entry_key"], q["reason"]) for q in n.quarantine] == [
        ("http://arxiv.org/abs/2504.01002v1", "entry lacks <published>"),
        ("http://arxiv.org/abs/2504.01003v1", "bad date: day is out of range for month"),
        ("http://arxiv.org/abs/not-an-id", "id does not parse: not an arXiv id: 'http://arxiv.org/abs/not-an-id'"),
        ("2504.01005", "missing title"),
        ("2504.01006", "unknown category 'cs.QQ'"),
    ]
    assert all(q["quarter"] == "2025Q2" for q in n.quarantine)
    assert "<title>No Published Date</title>" in n.quarantine[0]["raw"]


@responses.activate
def test_a_page_that_does_not_parse_keeps_its_good_entries():
    src, res = _live(["quarantine_broken.xml"], "2025Q2", page_size=2000)
    n = _norm(res, "2025Q2", src.label)
    assert [r["arxiv_id"] for r in n.rows] == ["2504.02001", "2504.02004"]
    reasons = [(q["entry_key"], q["reason"].split(":")[0]) for q in n.quarantine]
    assert reasons == [("http://arxiv.org/abs/2504.02002v1", "malformed Atom entry"),
                       ("http://arxiv.org/abs/2504.02003v1", "not UTF-8 at byte 197 of the entry")]
    # The raw text is kept, the bad byte replaced.
    assert "Caf\ufffd au lait." in n.quarantine[1]["raw"]
    q = quarantine_frame(n.quarantine)
    assert q.columns == ["quarter", "entry_key", "reason", "raw"] and q.height == 2


def test_the_package_parser_alone_would_lose_entries():
    """Why pages are read here too: arxiv's parser drops these entries without a trace."""
    from arxiv import _feed

    assert len(_feed.parse((FIX / "quarantine_wellformed.xml").read_bytes().replace(
        b"2025-04-31", b"2025-04-30")).results) == 5  # the entry without <published> is gone
    assert len(parse_page((FIX / "quarantine_wellformed.xml").read_bytes()).entries) == 6
    assert len(parse_page((FIX / "quarantine_broken.xml").read_bytes()).entries) == 4


def test_read_entry_agrees_with_the_package_parser_on_every_fixture_entry():
    from arxiv import _feed
    from lxml import etree

    from rl_inclusion.sources.arxiv import read_entry, result_to_record

    compared = 0
    for path in sorted(FIX.glob("*.xml")):
        if path.name in ("quarantine_broken.xml", "api_error.xml"):
            continue
        for el in etree.fromstring(path.read_bytes()).iterfind("{http://www.w3.org/2005/Atom}entry"):
            try:
                result = _feed._build_result(el)
            except ValueError:
                assert read_entry(el)[1].startswith("bad date")
                continue
            rec, error = read_entry(el)
            if result is None:
                assert rec is None and error.startswith("entry lacks")
                continue
            try:
                want = result_to_record(result)
            except ValueError:
                assert error.startswith("id does not parse")
                continue
            assert rec == want
            compared += 1
    assert compared == 15  # dup 3, oldstyle 1, paged 3+3+2, wellformed 3 (the other 3 are refused by both)


def test_versions_collapse_to_the_latest_with_the_first_submission_date():
    recs = [
        {"arxiv_id": "2503.11111", "version": 1, "title": "Old title", "abstract": "a", "authors": ["X"],
         "primary_category": "cs.LG", "categories": ["cs.LG"], "published": "2025-03-30T10:00:00Z",
         "updated": "2025-03-30T10:00:00Z", "links": []},
        {"arxiv_id": "2503.11111", "version": 2, "title": "New  title", "abstract": "b github.com/o/r",
         "authors": ["X", "Y"], "primary_category": "cs.LG", "categories": ["cs.LG", "cs.CL"],
         "published": "2025-04-02T10:00:00Z", "updated": "2025-05-01T10:00:00Z", "links": []},
    ]
    n = normalize([("k1", recs[1], None, "r1"), ("k2", recs[0], None, "r0")], "2025Q1", "test")
    df = to_frame(n.rows)
    assert df.height == 1
    row = df.row(0, named=True)
    assert (row["version"], row["title"], row["authors"], row["quarter"]) == (2, "New title", ["X", "Y"], "2025Q1")
    assert row["published"] == datetime(2025, 3, 30, 10, tzinfo=timezone.utc)
    assert row["code_urls"] == ["https://github.com/o/r"]


@responses.activate
def test_recorded_snapshot_reads_back_into_the_identical_frame(tmp_path):
    src, res = _live(["paged_p1.xml", "paged_p2.xml", "paged_p3.xml"], "2025Q1")
    live = to_frame(_norm(res, "2025Q1", src.label).rows)
    folder, skipped = record_snapshot(tmp_path / "snap", res.entries,
                                      created_at=datetime(2025, 4, 2, tzinfo=timezone.utc))
    assert skipped == 0
    snap = Snapshot.open(folder)
    assert snap.files["papers.jsonl"]["rows"] == 6
    ssrc = SnapshotPaperSource(snap)
    back = ssrc.fetch(*quarter_bounds("2025Q1"))
    assert (back.announced_total, back.received) == (6, 6)
    again = to_frame(_norm(back, "2025Q1", ssrc.label).rows)
    assert again["source"].unique().to_list() == [f"snapshot:{folder}"]
    assert_frame_equal(live.drop("source"), again.drop("source"))
    # And both land in DuckDB as the same rows.
    con = duckdb.connect(":memory:")
    storage.apply_schema(con)
    storage.replace_partitions(con, "raw_papers", again, ["2025Q1"])
    stored = storage.read_frame(con, "SELECT * FROM raw_papers ORDER BY arxiv_id").with_columns(
        pl.col("published", "updated").dt.convert_time_zone("UTC"))
    assert_frame_equal(stored.drop("source"), live.drop("source").with_columns(pl.col("version").cast(pl.Int32)),
                       check_dtypes=False)


@responses.activate
def test_recording_keeps_quarantinable_records_and_other_members(tmp_path):
    folder = tmp_path / "snap"
    threads = [{"framework": "verl", "number": 1}]
    write_snapshot(folder, {"threads.jsonl": threads})
    src, res = _live(["quarantine_wellformed.xml"], "2025Q2", page_size=2000)
    _, skipped = record_snapshot(folder, res.entries)
    assert skipped == 3  # no record: missing <published>, bad date, bad id
    snap = Snapshot.open(folder)
    assert sorted(snap.files) == ["papers.jsonl", "threads.jsonl"]
    assert [json.loads(line)["number"] for line in snap.path("threads.jsonl").read_text().splitlines()] == [1]
    ssrc = SnapshotPaperSource(snap)
    n = _norm(ssrc.fetch(*quarter_bounds("2025Q2")), "2025Q2", ssrc.label)
    assert [r["arxiv_id"] for r in n.rows] == ["2504.01001"]
    assert [(q["entry_key"], q["reason"]) for q in n.quarantine] == [
        ("2504.01005", "missing title"), ("2504.01006", "unknown category 'cs.QQ'")]
