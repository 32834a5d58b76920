"""GITHUB_TOKEN never reaches a log line, Dagster event metadata, the DuckDB
file or an exception message: the issue_threads asset runs in live mode
against recorded GitHub responses with a token set, and every output is
searched for it."""

import json
import logging

import dagster as dg
import responses

from rl_inclusion.defs.resources import default_resources
from rl_inclusion.defs.threads import issue_threads, paper_threads
from rl_inclusion.storage import connect
from test_github_live import TOKEN, GraphQLReplay, serve

FRAMEWORKS = """
[[framework]]
name = "acme"
repo = "acme/rlkit"
clone_url = "https://github.com/acme/rlkit.git"
branch = "main"
"""


@responses.activate
def test_live_threads_run_leaks_no_token(tmp_path, monkeypatch, caplog, capsys):
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    (tmp_path / "fw.toml").write_text(FRAMEWORKS)
    serve(responses, GraphQLReplay({"IssuesPage__P1": ["errors/bad_gateway.json", "graphql/IssuesPage__P1.json"]}))
    resources = default_resources(tmp_path / "live.duckdb", source="live", frameworks_file=str(tmp_path / "fw.toml"),
                                  cache_dir=str(tmp_path / "cache"))
    instance = dg.DagsterInstance.ephemeral()
    with caplog.at_level(logging.DEBUG):
        result = dg.materialize([issue_threads, paper_threads], resources=resources, instance=instance,
                                selection=[issue_threads, paper_threads],
                                tags={"dagster/asset_partition_range_start": "2025-01-01",
                                      "dagster/asset_partition_range_end": issue_threads.partitions_def.get_partition_keys()[-1]})
    assert result.success
    assert responses.calls[0].request.headers["Authorization"].endswith(TOKEN)  # it was used ...
    with connect(tmp_path / "live.duckdb", read_only=True) as con:
        stored = con.execute("SELECT count(*) FROM issue_threads").fetchone()[0]
        cursors = con.execute("SELECT framework FROM thread_cursors").fetchall()
    assert stored > 0 and cursors == [("acme",)]
    # ... and nowhere else: logs, stdout/stderr, every Dagster event (metadata included), the database file.
    captured = capsys.readouterr()
    events = [str(e.dagster_event) + str(e.user_message) for e in instance.all_logs(result.run_id)]
    metadata = [json.dumps({k: str(v) for k, v in (m.metadata or {}).items()})
                for m in result.asset_materializations_for_node("issue_threads")]
    for text in [caplog.text, captured.out, captured.err, *events, *metadata, *[str(r.__dict__) for r in caplog.records]]:
        assert TOKEN not in text
    assert TOKEN.encode() not in (tmp_path / "live.duckdb").read_bytes()
