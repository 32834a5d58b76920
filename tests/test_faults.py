"""Faults: interrupted writes, concurrent writers, sources that return less,
hostile text, unsafe loaders."""

import json
import multiprocessing
import re
import shutil
import time
from pathlib import Path

import dagster as dg
import duckdb
import pytest
import yaml

import rl_inclusion.storage as storage
from rl_inclusion.defs.papers import eligible_methods, raw_papers
from rl_inclusion.defs.resources import default_resources
from rl_inclusion.snapshot import Snapshot, demo_path, write_snapshot
from rl_inclusion.storage import connect

ROOT = Path(__file__).resolve().parent.parent


def papers_snapshot(tmp: Path, records: list[dict], name="snap") -> Path:
    return write_snapshot(tmp / name, {"papers.jsonl": records, "threads.jsonl": []})


def demo_papers() -> list[dict]:
    return [line.data for line in Snapshot.open(demo_path()).read_jsonl("papers.jsonl")]


def materialize_papers(tmp, source, key="2025-04-01", **res):
    resources = default_resources(tmp / "f.duckdb", source=str(source), cache_dir=str(tmp / "cache"), **res)
    return dg.materialize([raw_papers], resources=resources, partition_key=key, raise_on_error=False,
                          instance=dg.DagsterInstance.ephemeral())


def stored(tmp, quarter="2025Q2"):
    with connect(tmp / "f.duckdb", read_only=True) as con:
        return sorted(r[0] for r in con.execute("SELECT arxiv_id FROM raw_papers WHERE quarter = ?", [quarter]).fetchall())


def test_write_killed_part_way_keeps_the_previous_partition(tmp_path, monkeypatch):
    snap = papers_snapshot(tmp_path, demo_papers())
    assert materialize_papers(tmp_path, snap).success
    before = stored(tmp_path)
    assert len(before) == 14

    real_insert = storage._insert_frame

    def insert_half_then_die(con, table, df):
        real_insert(con, table, df.head(df.height // 2))
        raise RuntimeError("killed in the middle of writing the partition")

    monkeypatch.setattr(storage, "_insert_frame", insert_half_then_die)
    changed = [dict(p, title=p["title"] + " (v2)") for p in demo_papers()]
    snap2 = papers_snapshot(tmp_path, changed, "snap2")
    assert not materialize_papers(tmp_path, snap2).success
    assert stored(tmp_path) == before  # never a mix
    with connect(tmp_path / "f.duckdb", read_only=True) as con:
        assert con.execute("SELECT count(*) FROM raw_papers WHERE title LIKE '%(v2)'").fetchone() == (0,)

    monkeypatch.setattr(storage, "_insert_frame", real_insert)
    assert materialize_papers(tmp_path, snap2).success  # the next run completes it
    with connect(tmp_path / "f.duckdb", read_only=True) as con:
        assert con.execute("SELECT count(*) FROM raw_papers WHERE quarter = '2025Q2' AND title LIKE '%(v2)'").fetchone() == (14,)


def test_a_source_returning_much_less_cannot_delete_data(tmp_path):
    snap = papers_snapshot(tmp_path, demo_papers())
    assert materialize_papers(tmp_path, snap, drop_guard_min_rows=5).success
    q2 = [p for p in demo_papers() if p["published"].startswith("2025-0") and "2025-04" <= p["published"][:7] <= "2025-06"]
    outage = papers_snapshot(tmp_path, q2[:3], "outage")
    result = materialize_papers(tmp_path, outage, drop_guard_min_rows=5)
    assert result.success
    checks = {e.check_name: e for e in result.get_asset_check_evaluations()}
    assert checks["no_sharp_drop"].passed is False
    assert len(stored(tmp_path)) == 14  # kept


def _hold_lock(path, seconds, ready):
    con = duckdb.connect(path)
    ready.set()
    time.sleep(seconds)
    con.close()


def test_a_writer_that_meets_the_lock_waits_and_retries(tmp_path, caplog):
    db = tmp_path / "locked.duckdb"
    duckdb.connect(str(db)).close()
    ready = multiprocessing.Event()
    holder = multiprocessing.Process(target=_hold_lock, args=(str(db), 1.5, ready))
    holder.start()
    ready.wait(10)
    try:
        with caplog.at_level("WARNING"), connect(db, retries=40, wait_s=0.25) as con:
            assert con.execute("SELECT 42").fetchone() == (42,)
    finally:
        holder.join()
    assert any("locked by another process; waiting" in r.message for r in caplog.records)


def test_hostile_text_flows_through_the_pipeline_exactly(tmp_path):
    nasty = ("Robert'); DROP TABLE raw_papers;-- \"quoted\" ; SELECT 1 \x00\x01\x1b[31m "
             "\u202eevil\u202c \u05e9\u05dc\u05d5\u05dd \U0001F525 " + "x" * (1 << 20))
    paper = dict(demo_papers()[0], arxiv_id="2502.99999", title="GRPO; DELETE FROM eligible_methods; --",
                 abstract=nasty, comment=nasty[:200], published="2025-02-01T00:00:00Z", updated="2025-02-01T00:00:00Z")
    snap = papers_snapshot(tmp_path, [paper])
    resources = default_resources(tmp_path / "f.duckdb", source=str(snap), cache_dir=str(tmp_path / "cache"))
    assert dg.materialize([raw_papers, eligible_methods], resources=resources, partition_key="2025-01-01",
                          instance=dg.DagsterInstance.ephemeral()).success
    with connect(tmp_path / "f.duckdb", read_only=True) as con:
        assert con.execute("SELECT title, abstract, comment FROM raw_papers").fetchall() == [
            ("GRPO; DELETE FROM eligible_methods; --", nasty.strip(), nasty[:200])]
        assert con.execute("SELECT count(*) FROM eligible_methods").fetchone() == (1,)


def test_no_unsafe_loader_anywhere_in_the_package():
    pattern = re.compile(r"\b(pickle|marshal|shelve)\b|yaml\.load\(|yaml\.unsafe_load|(?<![.\w])eval\(|(?<![.\w])exec\(")
    offenders = [f"{p.relative_to(ROOT)}:{i}" for p in (ROOT / "rl_inclusion").rglob("*.py")
                 for i, line in enumerate(p.read_text().splitlines(), 1) if pattern.search(line)]
    assert offenders == []


def test_two_runs_on_one_database_at_once_both_complete(tmp_path):
    """Two `rl-inclusion materialize` processes, one instance (the repo's dagster.yaml: pool limit 1), one file,
    one quarter: both write the same partitions of the same tables, which is where they could collide."""
    import subprocess
    import sys

    assert yaml.safe_load((ROOT / "dagster.yaml").read_text())["concurrency"]["pools"]["default_limit"] == 1
    shutil.copy(ROOT / "dagster.yaml", tmp_path / "dagster.yaml")
    env = {k: v for k, v in __import__("os").environ.items() if k != "DAGSTER_HOME"}
    cmd = [sys.executable, "-m", "rl_inclusion.cli", "materialize", "--db", str(tmp_path / "x.duckdb"),
           "--partition", "2025Q1"]
    procs = [subprocess.Popen(cmd + ["--cache-dir", str(tmp_path / f"cache{i}")], cwd=tmp_path, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(2)]
    outs = [p.communicate(timeout=600) for p in procs]   # a guard against a hang, not a speed test
    assert [p.returncode for p in procs] == [0, 0], [o[1][-2000:] for o in outs]
    # the demo's 2025Q1: nine papers, eight inclusions (REINFORCE++ in 2, DAPO in 3, Dr. GRPO in 3; EXPECTED.md)
    for out, _ in outs:
        assert re.search(r"^  paper_inclusion +8 rows$", out, re.M), out
    with connect(tmp_path / "x.duckdb", read_only=True) as con:
        assert con.execute("SELECT count(*) FROM raw_papers").fetchone() == (9,)


def test_bad_thread_lines_are_quarantined_and_the_rest_stored(tmp_path):
    from rl_inclusion.defs.threads import issue_threads

    threads = [line.data for line in Snapshot.open(demo_path()).read_jsonl("threads.jsonl")]
    broken = dict(threads[1])
    del broken["created_at"]
    root = write_snapshot(tmp_path / "snap", {"papers.jsonl": [], "threads.jsonl": [threads[0], broken, threads[2]]})
    with (root / "threads.jsonl").open("ab") as f:
        f.write(b'{"framework": "verl", "number": \xff\n')
    manifest = json.loads((root / "manifest.json").read_text())
    import hashlib
    manifest["files"]["threads.jsonl"]["sha256"] = hashlib.sha256((root / "threads.jsonl").read_bytes()).hexdigest()
    (root / "manifest.json").write_text(json.dumps(manifest))
    resources = default_resources(tmp_path / "t.duckdb", source=str(root), cache_dir=str(tmp_path / "cache"))
    keys = issue_threads.partitions_def.get_partition_keys()
    result = dg.materialize([issue_threads], resources=resources, instance=dg.DagsterInstance.ephemeral(),
                            tags={"dagster/asset_partition_range_start": keys[0], "dagster/asset_partition_range_end": keys[-1]})
    assert result.success
    with connect(tmp_path / "t.duckdb", read_only=True) as con:
        assert con.execute("SELECT count(*) FROM issue_threads").fetchone() == (2,)
        rows = con.execute("SELECT entry_key, framework, reason FROM issue_threads_quarantine ORDER BY entry_key").fetchall()
    assert [r[0] for r in rows] == ["threads.jsonl:2", "threads.jsonl:4"]
    assert rows[0][1] == broken["framework"] and "created_at" in rows[0][2]
    assert rows[1][1] is None and rows[1][2].startswith("not UTF-8")


def test_an_entry_that_moved_quarter_lands_once(tmp_path):
    """A paper stored under 2025Q1 comes back re-dated into 2025Q2 (a later version's metadata): it is not
    stored twice; the stored row stays and the run says so."""
    paper = dict(demo_papers()[0], arxiv_id="2503.99999", published="2025-03-30T10:00:00Z", updated="2025-03-30T10:00:00Z")
    assert materialize_papers(tmp_path, papers_snapshot(tmp_path, [paper]), key="2025-01-01").success
    moved = dict(paper, version=2, published="2025-04-02T10:00:00Z", updated="2025-04-02T10:00:00Z", title="Moved")
    result = materialize_papers(tmp_path, papers_snapshot(tmp_path, [moved], "moved"), key="2025-04-01")
    assert result.success
    (mat,) = result.asset_materializations_for_node("raw_papers")
    assert mat.metadata["stored_under_other_quarter"].value == 1
    assert {e.check_name: e.passed for e in result.get_asset_check_evaluations()}["rows_match_announced"] is True
    with connect(tmp_path / "f.duckdb", read_only=True) as con:
        assert con.execute("SELECT arxiv_id, quarter, version FROM raw_papers").fetchall() == [("2503.99999", "2025Q1", 1)]


def test_hostile_thread_text_is_stored_exactly(tmp_path):
    from rl_inclusion.defs.threads import issue_threads

    nasty = "'; DROP TABLE issue_threads; --\x00\x1b[2J \u202egnp.exe \U0001F92F " + "z" * 200_000
    t = [line.data for line in Snapshot.open(demo_path()).read_jsonl("threads.jsonl")][0]
    t = dict(t, title="Robert'); DELETE FROM paper_threads;--", body=nasty,
             comments=[{"author": None, "created_at": t["created_at"], "body": nasty[:500]}])
    root = write_snapshot(tmp_path / "snap", {"papers.jsonl": [], "threads.jsonl": [t]})
    resources = default_resources(tmp_path / "t.duckdb", source=str(root), cache_dir=str(tmp_path / "cache"))
    keys = issue_threads.partitions_def.get_partition_keys()
    assert dg.materialize([issue_threads], resources=resources, instance=dg.DagsterInstance.ephemeral(),
                          tags={"dagster/asset_partition_range_start": keys[0],
                                "dagster/asset_partition_range_end": keys[-1]}).success
    with connect(tmp_path / "t.duckdb", read_only=True) as con:
        title, body, comments = con.execute("SELECT title, body, comments_json FROM issue_threads").fetchone()
    assert (title, body) == ("Robert'); DELETE FROM paper_threads;--", nasty)
    assert json.loads(comments)[0]["body"] == nasty[:500]
