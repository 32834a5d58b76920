"""``rl-inclusion record`` then ``rl-inclusion materialize --source <that snapshot>``, in-process and offline.

arXiv answers with the three recorded Atom pages of ``tests/fixtures/arxiv``
(served by ``responses``; the source's sleep is faked), GitHub with the
recorded GraphQL pages (``GraphQLReplay``), and the framework is a small git
repository built here and cloned through a ``file://`` URL.
"""

from __future__ import annotations

import hashlib
import json
import types

import pytest
import responses

from rl_inclusion.cli import main
from rl_inclusion.sources.arxiv import sources as arxiv_sources
from rl_inclusion.storage import connect
from test_arxiv_live import ALL_SIX, FakeClock, serve as serve_arxiv
from test_github_live import TOKEN, GraphQLReplay, serve as serve_github
from test_live_assets import _framework_repo, _fw_toml

THREAD_IDS = ["acme/rlkit#discussion/4", "acme/rlkit#issue/1", "acme/rlkit#issue/2", "acme/rlkit#issue/5",
              "acme/rlkit#pull/3"]


@pytest.fixture
def world(tmp_path, monkeypatch):
    """The working folder, a fake clock for arXiv, a token, a framework repository and its frameworks file."""
    monkeypatch.chdir(tmp_path)  # reports/ and .cache/ of the commands land here
    clock = FakeClock()
    monkeypatch.setattr(arxiv_sources, "time", types.SimpleNamespace(sleep=clock.sleep, monotonic=clock))
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    remote = _framework_repo(tmp_path / "remote" / "rlkit")
    (tmp_path / "fw.toml").write_text(_fw_toml(remote.path.as_uri()))
    return types.SimpleNamespace(root=tmp_path, clock=clock, remote=remote, fw=str(tmp_path / "fw.toml"))


def sha256(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@responses.activate
def test_record_writes_a_snapshot_that_materialize_reads(world, capsys):
    serve_arxiv("paged_p1.xml", "paged_p2.xml", "paged_p3.xml")
    replay = serve_github(responses, GraphQLReplay())
    head = world.remote.head()
    out = world.root / "snap"
    rc = main(["record", str(out), "--from", "2025Q1", "--to", "2025Q1", "--frameworks", world.fw,
               "--cache-dir", str(world.root / "record-cache")])
    assert rc == 0
    # One fetch of 2025Q1 (three windows), one GitHub fetch of the framework.
    assert len([c for c in responses.calls if "arxiv.org" in c.request.url]) == 3
    assert [k for k, _ in replay.seen] == ["PullsPage__start", "DiscussionsPage__start", "IssuesPage__start",
                                          "IssuesPage__P1", "MoreComments__IC_2"]
    assert world.clock.sleeps == [3.0, 3.0]

    manifest = json.loads((out / "manifest.json").read_text())
    assert sorted(manifest["files"]) == ["frameworks/acme.bundle", "papers.jsonl", "threads.jsonl"]
    for name, info in manifest["files"].items():
        assert info["sha256"] == sha256(out / name), name
    assert (manifest["files"]["papers.jsonl"]["rows"], manifest["files"]["threads.jsonl"]["rows"]) == (6, 5)
    papers = [json.loads(line) for line in (out / "papers.jsonl").read_text().splitlines()]
    assert sorted(p["arxiv_id"] for p in papers) == ALL_SIX
    threads = [json.loads(line) for line in (out / "threads.jsonl").read_text().splitlines()]
    assert sorted((t["kind"], t["number"]) for t in threads) == [
        ("discussion", 4), ("issue", 1), ("issue", 2), ("issue", 5), ("pull", 3)]
    # The bundle holds the main branch at the remote's head.
    heads = world.remote.git("bundle", "list-heads", str(out / "frameworks" / "acme.bundle"))
    assert heads == f"{head} refs/heads/main"
    # The token went out to GitHub, and is in no file of the snapshot.
    assert responses.calls[-1].request.headers["Authorization"].endswith(TOKEN)
    files = [p for p in out.rglob("*") if p.is_file()]
    assert len(files) == 4
    for path in files:
        assert TOKEN.encode() not in path.read_bytes(), path
    assert TOKEN not in capsys.readouterr().err

    # The snapshot alone: no network (nothing registered any more), no remote, a fresh cache.
    responses.reset()
    world.remote.path.rename(world.root / "remote" / "gone")
    db = world.root / "from_snapshot.duckdb"
    rc = main(["materialize", "--source", str(out), "--partition", "2025Q1", "--frameworks", world.fw,
               "--db", str(db), "--cache-dir", str(world.root / "materialize-cache")])
    assert rc == 0, capsys.readouterr().err
    assert len(responses.calls) == 0
    with connect(db, read_only=True) as con:
        stored = con.execute("SELECT arxiv_id, quarter, source FROM raw_papers ORDER BY arxiv_id").fetchall()
        thread_ids = [r[0] for r in con.execute("SELECT thread_id FROM issue_threads ORDER BY thread_id").fetchall()]
        runs = con.execute("SELECT framework, head_sha, commits, fetch_status FROM framework_mining_runs").fetchall()
    assert [r[0] for r in stored] == ALL_SIX
    assert {(r[1], r[2]) for r in stored} == {("2025Q1", f"snapshot:{out.resolve()}")}
    assert thread_ids == THREAD_IDS
    assert runs == [("acme", head, 2, "snapshot")]


@responses.activate
def test_record_of_a_partial_github_fetch_says_so_and_exits_1(world, monkeypatch, capsys):
    """GitHub's rate limit resets beyond max_wait part-way: the three threads read are recorded,
    and the command says the snapshot is incomplete (exit code 1) instead of reporting success."""
    import functools

    from rl_inclusion.sources import github
    from test_github_live import FakeClock as GitHubClock

    gh_clock = GitHubClock()
    monkeypatch.setattr(github, "LiveGitHubSource", functools.partial(
        github.LiveGitHubSource, clock=gh_clock, sleep=gh_clock.sleep, min_interval=0, max_wait=600))
    serve_arxiv("empty_page.xml")
    serve_github(responses, GraphQLReplay({"IssuesPage__P1": ["errors/primary_rate_limit_far.json"]}))
    out = world.root / "snap"
    rc = main(["record", str(out), "--from", "2025Q1", "--to", "2025Q1", "--frameworks", world.fw,
               "--cache-dir", str(world.root / "record-cache")])
    err = capsys.readouterr().err
    assert rc == 1 and gh_clock.sleeps == []
    assert "INCOMPLETE threads acme: stopped part-way" in err and "exceeds max_wait=600 s" in err
    threads = [json.loads(line) for line in (out / "threads.jsonl").read_text().splitlines()]
    assert [(t["kind"], t["number"]) for t in threads] == [("discussion", 4), ("issue", 1), ("pull", 3)]
    assert json.loads((out / "manifest.json").read_text())["files"]["papers.jsonl"]["rows"] == 0


@responses.activate
def test_record_writes_an_entry_listed_twice_once_in_id_order(world, capsys):
    serve_arxiv("dup_page.xml")
    serve_github(responses, GraphQLReplay())
    out = world.root / "snap"
    rc = main(["record", str(out), "--from", "2025Q3", "--to", "2025Q3", "--frameworks", world.fw,
               "--cache-dir", str(world.root / "record-cache")])
    assert rc == 0, capsys.readouterr().err
    papers = [json.loads(line) for line in (out / "papers.jsonl").read_text().splitlines()]
    assert [(p["arxiv_id"], p["version"]) for p in papers] == [("2507.18071", 2), ("2508.00001", 1)]
    threads = [json.loads(line) for line in (out / "threads.jsonl").read_text().splitlines()]
    assert [(t["kind"], t["number"]) for t in threads] == [
        ("discussion", 4), ("issue", 1), ("issue", 2), ("issue", 5), ("pull", 3)]
