"""The Dagster assets in live mode, offline: the real assets, the real HTTP
clients and real git, against recorded responses and small repositories.

- ``raw_papers``: the arXiv API served by ``responses`` from the recorded Atom
  pages of ``tests/fixtures/arxiv`` (the same three pages as
  ``test_arxiv_live.py``), and an API that keeps answering 503.
- ``framework_events``: a frameworks file whose ``clone_url`` is a ``file://``
  URL of a repository built here; then the remote disappears.
- ``issue_threads``: a first live run, then an incremental one where GitHub
  (``GraphQLReplay``) brings back one changed thread.

The arXiv source's sleep and clock are replaced in its module (``time`` there
is looked up when the asset builds the source), so no test sleeps.
"""

from __future__ import annotations

import types
from urllib.parse import parse_qs, urlparse
from datetime import datetime, timezone

import dagster as dg
import pytest
import responses

from rl_inclusion.defs.frameworks import framework_events
from rl_inclusion.defs.papers import raw_papers
from rl_inclusion.defs.resources import default_resources
from rl_inclusion.defs.threads import issue_threads
from gitbuild import GitBuilder
from rl_inclusion.sources.arxiv import sources as arxiv_sources
from rl_inclusion.storage import connect
from test_arxiv_live import ALL_SIX, API, W1, W2, W3, FakeClock, serve as serve_arxiv
from test_github_live import TOKEN, GraphQLReplay, serve as serve_github

Q1_KEY = "2025-01-01"


@pytest.fixture
def arxiv_clock(monkeypatch) -> FakeClock:
    """The arXiv source's ``time`` (sleep and monotonic clock) replaced by a fake clock."""
    clock = FakeClock()
    monkeypatch.setattr(arxiv_sources, "time", types.SimpleNamespace(sleep=clock.sleep, monotonic=clock))
    return clock


def live(tmp_path, fw_toml: str | None = None, **kw) -> dict:
    if fw_toml is not None:
        (tmp_path / "fw.toml").write_text(fw_toml)
    return default_resources(tmp_path / "live.duckdb", source="live",
                             frameworks_file=str(tmp_path / "fw.toml") if fw_toml is not None else "",
                             cache_dir=str(tmp_path / "cache"), **kw)


def query(tmp_path, sql: str, params=None) -> list[tuple]:
    with connect(tmp_path / "live.duckdb", read_only=True) as con:
        return con.execute(sql, params or []).fetchall()


def meta(result, node: str) -> dict:
    """The metadata of the node's materialization (a range run reports the same metadata for each partition)."""
    mats = result.asset_materializations_for_node(node)
    values = [{k: v.value for k, v in m.metadata.items()} for m in mats]
    assert values and all(v == values[0] for v in values)
    return values[0]


def checks(result) -> dict[str, bool]:
    return {e.check_name: e.passed for e in result.get_asset_check_evaluations()}


def failure_text(error) -> str:
    """The messages of a step failure and its causes (Dagster wraps the asset's exception)."""
    out = []
    while error is not None:
        out.append(error.message)
        error = error.cause
    return "\n".join(out)


# --- raw_papers ------------------------------------------------------------------

def _papers_run(tmp_path):
    return dg.materialize([raw_papers], resources=live(tmp_path, arxiv_page_size=3), partition_key=Q1_KEY,
                          raise_on_error=False)


@responses.activate
def test_raw_papers_live_stores_the_served_entries_with_the_exact_queries(tmp_path, arxiv_clock):
    serve_arxiv("paged_p1.xml", "paged_p2.xml", "paged_p3.xml")
    result = _papers_run(tmp_path)
    assert result.success
    rows = query(tmp_path, "SELECT arxiv_id, version, quarter FROM raw_papers ORDER BY arxiv_id")
    # 2501.00303 is on pages 1 and 2 (v3 on page 2); 2502.00505 on pages 2 and 3: one row each.
    assert [r[0] for r in rows] == ALL_SIX and {r[2] for r in rows} == {"2025Q1"}
    assert dict((r[0], r[1]) for r in rows)["2501.00303"] == 3
    m = meta(result, "raw_papers")
    assert m["queries"] == f"- `{W1}`\n- `{W2}`\n- `{W3}`"
    assert "submittedDate:[202501010000 TO 202503312359]" in m["queries"]
    assert (m["announced_total"], m["received"], m["requests"], m["retries"], m["dagster/row_count"]) == (6, 6, 3, 0, 6)
    assert (m["source"], m["quarantined"], m["duplicates_collapsed"]) == ("arxiv-api", 0, 0)
    assert checks(result) == {"primary_key_unique": True, "required_columns": True, "rows_match_announced": True,
                              "no_sharp_drop": True}
    # The courtesy delay between the three requests was asked for, and not slept.
    assert arxiv_clock.sleeps == [3.0, 3.0]
    # The partition is stored: its resume checkpoint is cleared.
    assert query(tmp_path, "SELECT count(*) FROM arxiv_fetch_windows") == [(0,)]


@responses.activate
def test_raw_papers_live_fails_naming_arxiv_after_503s_and_keeps_the_stored_quarter(tmp_path, arxiv_clock):
    serve_arxiv("paged_p1.xml", "paged_p2.xml", "paged_p3.xml")
    assert _papers_run(tmp_path).success
    before = query(tmp_path, "SELECT * FROM raw_papers ORDER BY arxiv_id")
    assert len(before) == 6

    responses.reset()
    arxiv_clock.sleeps.clear()
    serve_arxiv(*[(503, {})] * 7)
    result = _papers_run(tmp_path)
    assert not result.success
    (failure,) = [e for e in result.all_events if e.is_step_failure]
    message = failure_text(failure.step_failure_data.error)
    assert "arXiv API: giving up after 7 tries" in message and "HTTP 503" in message
    assert "submittedDate" in message  # the URL of the request that failed
    # Six retries (the default) with doubling backoff, none of it slept.
    assert len(responses.calls) == 7 and arxiv_clock.sleeps == [5.0, 10.0, 20.0, 40.0, 80.0, 160.0]
    assert query(tmp_path, "SELECT * FROM raw_papers ORDER BY arxiv_id") == before


@responses.activate
def test_raw_papers_live_resumes_a_failed_run_from_the_windows_stored_in_duckdb(tmp_path, arxiv_clock):
    # The first window arrives, then the API fails for good: the run fails, the window is kept.
    serve_arxiv("paged_p1.xml", *[(503, {})] * 7)
    assert not _papers_run(tmp_path).success
    assert query(tmp_path, "SELECT query, announced, received FROM arxiv_fetch_windows") == [(W1, 6, 2)]
    # Nothing was written but the checkpoint (not even the tables: the schema is applied when rows are written).
    assert query(tmp_path, "SELECT table_name FROM information_schema.tables") == [("arxiv_fetch_windows",)]

    responses.reset()
    serve_arxiv("paged_p2.xml", "paged_p3.xml")
    result = _papers_run(tmp_path)
    assert result.success
    asked = [parse_qs(urlparse(c.request.url).query)["search_query"][0] for c in responses.calls]
    assert asked == [W2, W3]
    assert [r[0] for r in query(tmp_path, "SELECT arxiv_id FROM raw_papers ORDER BY arxiv_id")] == ALL_SIX
    m = meta(result, "raw_papers")
    assert (m["resumed_windows"], m["requests"], m["announced_total"], m["received"]) == (1, 2, 6, 6)
    assert m["queries"] == f"- `{W1}`\n- `{W2}`\n- `{W3}`"
    assert checks(result)["rows_match_announced"] is True
    assert query(tmp_path, "SELECT count(*) FROM arxiv_fetch_windows") == [(0,)]


# --- framework_events --------------------------------------------------------------

def _framework_repo(path) -> GitBuilder:
    g = GitBuilder(path)
    g.commit("init", "2025-01-03T10:00:00+00:00", {"README.md": "acme rl kit\n"})
    g.commit("Add the loss of arXiv:2501.00101 (#7)", "2025-02-01T10:00:00+00:00",
             {"rlkit/losses.py": "# from https://arxiv.org/abs/2501.00101\ndef loss():\n    return 0\n"})
    return g


@pytest.fixture
def remote(tmp_path):
    return _framework_repo(tmp_path / "remote" / "rlkit")


def _fw_toml(url: str) -> str:
    return f'[[framework]]\nname = "acme"\nrepo = "acme/rlkit"\nclone_url = "{url}"\nbranch = "main"\n'


def test_framework_events_live_clones_then_uses_the_clone_when_the_remote_is_gone(tmp_path, remote):
    url = remote.path.as_uri()
    resources = live(tmp_path, _fw_toml(url))
    head = remote.head()

    first = dg.materialize([framework_events], resources=resources)
    assert first.success
    clone = tmp_path / "cache" / "acme.git"
    runs = query(tmp_path, "SELECT framework, repo_path, head_sha, commits, fetch_status FROM framework_mining_runs")
    assert runs == [("acme", str(clone), head, 2, "fetched")]
    m1 = meta(first, "framework_events")
    assert m1["notes"] == f"- acme: cloned {url}"
    assert m1["fetch_status"] == '{"acme": "fetched"}'
    events1 = query(tmp_path, "SELECT framework, sha, pr_number, path, evidence_kind, change, arxiv_id, link_status FROM framework_events")
    # No eligible paper is stored yet: the evidence is kept, unlinked.
    assert events1 == [("acme", head, 7, "rlkit/losses.py", "arxiv_id_code", "added", "2501.00101", "unlinked")]

    remote.path.rename(tmp_path / "remote" / "moved")
    second = dg.materialize([framework_events], resources=resources)
    assert second.success
    runs = query(tmp_path, "SELECT framework, repo_path, head_sha, commits, fetch_status FROM framework_mining_runs")
    assert runs == [("acme", str(clone), head, 2, "offline-used-existing")]
    m2 = meta(second, "framework_events")
    assert m2["fetch_status"] == '{"acme": "offline-used-existing"}'
    assert m2["notes"].startswith(f"- acme: fetch from {url} failed (")
    assert m2["notes"].endswith(f"); used the existing clone {clone}")
    assert query(tmp_path, "SELECT framework, sha, pr_number, path, evidence_kind, change, arxiv_id, link_status FROM framework_events") == events1


# --- issue_threads -------------------------------------------------------------------

THREADS_TOML = _fw_toml("https://github.com/acme/rlkit.git")
NEW_TITLE = "Loss becomes NaN after 120 steps with GSPO (fixed on main)"


def _threads_run(tmp_path):
    keys = issue_threads.partitions_def.get_partition_keys()
    return dg.materialize([issue_threads], resources=live(tmp_path, THREADS_TOML),
                          tags={"dagster/asset_partition_range_start": keys[0],
                                "dagster/asset_partition_range_end": keys[-1]})


@responses.activate
def test_issue_threads_live_second_run_updates_the_changed_thread_in_place(tmp_path, monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    serve_github(responses, GraphQLReplay())
    first = _threads_run(tmp_path)
    assert first.success
    sql = "SELECT thread_id, title, updated_at, state FROM issue_threads ORDER BY thread_id"
    stored = query(tmp_path, sql)
    assert [r[0] for r in stored] == ["acme/rlkit#discussion/4", "acme/rlkit#issue/1", "acme/rlkit#issue/2",
                                      "acme/rlkit#issue/5", "acme/rlkit#pull/3"]
    cursor1 = query(tmp_path, "SELECT framework, updated_since, threads FROM thread_cursors")
    assert cursor1 == [("acme", datetime(2025, 3, 2, 9, 30, tzinfo=timezone.utc), 5)]

    def retitle(key, body):
        if key == "IssuesPage__start":
            node = body["data"]["repository"]["threads"]["nodes"][0]
            assert node["number"] == 1
            node["title"] = NEW_TITLE

    responses.reset()
    replay = serve_github(responses, GraphQLReplay({"IssuesPage__start": ["graphql/IssuesPage__since.json"]},
                                                   patch=retitle))
    second = _threads_run(tmp_path)
    assert second.success
    # The stored cursor was sent as `since`.
    assert [v["since"] for k, v in replay.seen if k == "IssuesPage__start"] == ["2025-03-02T09:30:00Z"]
    after = query(tmp_path, sql)
    changed = {r[0]: r for r in after}["acme/rlkit#issue/1"]
    assert changed[1:] == (NEW_TITLE, datetime(2025, 3, 10, 10, 0, tzinfo=timezone.utc), "open")
    assert [r for r in after if r[0] != "acme/rlkit#issue/1"] == [r for r in stored if r[0] != "acme/rlkit#issue/1"]
    assert len(after) == 5
    cursor2 = query(tmp_path, "SELECT framework, updated_since, threads FROM thread_cursors")
    assert cursor2 == [("acme", datetime(2025, 3, 10, 10, 0, tzinfo=timezone.utc), 2)]
    assert meta(second, "issue_threads")["incremental"] is True


# --- issue_threads live, as the quarterly schedule runs it (only the last closed quarter) ----------------

def _thread(n, created, updated, title):
    return {"framework": "acme", "repo": "acme/rlkit", "number": n, "kind": "issue", "title": title, "body": "b",
            "state": "open", "author": "x", "labels": [], "created_at": created, "updated_at": updated,
            "closed_at": None, "merged_at": None, "url": f"https://github.com/acme/rlkit/issues/{n}", "comments": []}


def test_live_threads_of_every_closed_quarter_are_kept_and_the_open_quarter_is_held(tmp_path, monkeypatch):
    """An edit to a 2025Q1 thread, a thread of the last closed quarter, and one of the quarter still open
    (2026Q4 on 2026-11-29) come back in one fetch: the first two are stored whatever the run's range,
    the third is held back and the cursor stays at it so the next fetch asks for it again."""
    from rl_inclusion.defs.resources import GitHubResource
    from rl_inclusion.defs.threads import issue_threads as threads_asset
    from rl_inclusion.sources.github import ThreadFetch

    served = [_thread(1, "2025-02-01T00:00:00Z", "2026-08-15T00:00:00Z", "old thread, edited in 2026Q3"),
              _thread(2, "2026-08-01T00:00:00Z", "2026-08-01T00:00:00Z", "thread of 2026Q3"),
              _thread(3, "2026-11-10T00:00:00Z", "2026-11-10T00:00:00Z", "thread of the open quarter")]
    asked = []

    class Fake:
        label = "github"

        def fetch(self, framework, repo, since=None, aliases=()):
            asked.append(since)
            ts = [t for t in served if since is None or datetime.fromisoformat(t["updated_at"].replace("Z", "+00:00")) >= since]
            newest = max(datetime.fromisoformat(t["updated_at"].replace("Z", "+00:00")) for t in ts)
            return ThreadFetch(threads=ts, requests=1, max_updated_at=newest, strategy="graphql")

        def unmatched(self, frameworks):
            return []

    monkeypatch.setattr(GitHubResource, "thread_source", lambda self: Fake())
    (tmp_path / "fw.toml").write_text('[[framework]]\nname = "acme"\nrepo = "acme/rlkit"\n'
                                      'clone_url = "https://github.com/acme/rlkit.git"\nbranch = "main"\n')
    res = default_resources(tmp_path / "db.duckdb", source="live", frameworks_file=str(tmp_path / "fw.toml"),
                            cache_dir=str(tmp_path / "c"))
    keys = threads_asset.partitions_def.get_partition_keys(current_time=datetime(2026, 11, 29, tzinfo=timezone.utc))
    monkeypatch.setattr(threads_asset.partitions_def.__class__, "get_partition_keys",
                        lambda self, *a, **k: keys, raising=True)
    for _ in range(2):
        assert dg.materialize([threads_asset], resources=res, partition_key=keys[-1],
                              instance=dg.DagsterInstance.ephemeral()).success
    with connect(tmp_path / "db.duckdb", read_only=True) as con:
        assert con.execute("SELECT number, quarter, title FROM issue_threads ORDER BY number").fetchall() == [
            (1, "2025Q1", "old thread, edited in 2026Q3"), (2, "2026Q3", "thread of 2026Q3")]
        assert con.execute("SELECT updated_since FROM thread_cursors").fetchall() == [
            (datetime(2026, 11, 10, tzinfo=timezone.utc),)]
    assert asked == [None, datetime(2026, 11, 10, tzinfo=timezone.utc)]
