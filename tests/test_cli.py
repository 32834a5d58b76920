"""The command line: helpful errors, and the reason of a failed step printed plainly."""

import shutil

import pytest

from rl_inclusion.cli import main
from rl_inclusion.snapshot import demo_path


def test_a_failed_step_prints_its_reason(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad"
    shutil.copytree(demo_path(), bad)
    with (bad / "papers.jsonl").open("a") as f:
        f.write('{"x": 1}\n')
    assert main(["materialize", "--source", str(bad), "--partition", "2025Q1", "--db", str(tmp_path / "x.duckdb"),
                 "--cache-dir", str(tmp_path / "cache")]) == 1
    err = capsys.readouterr().err
    assert "FAILED raw_papers: rl_inclusion.errors.SnapshotError:" in err
    assert "papers.jsonl does not match its manifest checksum" in err


@pytest.mark.parametrize("argv,message", [
    (["materialize", "--partition", "2024Q4"], "unknown partition '2024Q4': quarters run from 2025-01-01"),
    (["materialize", "--from", "2026Q1", "--to", "2025Q1"], "--from 2026Q1 is after --to 2025Q1"),
    (["materialize", "--source", "/nonexistent/snap"], "--source must be 'demo', 'live' or a snapshot folder"),
    (["lookup", "GSPO", "--db", "/nonexistent/x.duckdb"], "no database at /nonexistent/x.duckdb"),
    (["sql", "select 1", "--db", "/nonexistent/x.duckdb"], "no database at /nonexistent/x.duckdb"),
    (["materialize", "--partition", "2025Q5"], "not a quarter: '2025Q5'"),
    (["materialize", "--partition", "Q3"], "not a quarter: 'Q3'"),
    (["materialize", "--frameworks", "/nonexistent/fw.toml"], "--frameworks /nonexistent/fw.toml: no such file"),
    (["materialize", "--labels", "/nonexistent/l.csv"], "--labels /nonexistent/l.csv: no such file"),
    (["materialize", "--inclusion-labels", "/nonexistent/i.csv"], "inclusion labels /nonexistent/i.csv: no such file"),
    (["eval-inclusion", "--frameworks", "/nonexistent/fw.toml"], "/nonexistent/fw.toml"),
])
def test_helpful_errors(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_errors_that_need_files(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty.toml").write_text("# no frameworks\n")
    assert main(["materialize", "--frameworks", str(tmp_path / "empty.toml"), "--db", str(tmp_path / "x.duckdb")]) == 2
    assert "framework" in capsys.readouterr().err
    assert not (tmp_path / "x.duckdb").exists()  # refused before anything ran
    (tmp_path / "not.duckdb").write_text("this is not a database")
    assert main(["lookup", "GSPO", "--db", str(tmp_path / "not.duckdb")]) == 2
    assert "cannot open the database" in capsys.readouterr().err
    import duckdb

    duckdb.connect(str(tmp_path / "ok.duckdb")).close()
    assert main(["sql", "selct 1", "--db", str(tmp_path / "ok.duckdb")]) == 2
    assert "the query failed" in capsys.readouterr().err
    assert main(["export", "--tables", "nope", "--db", str(tmp_path / "ok.duckdb"), "--out", str(tmp_path / "e")]) == 2
    assert "cannot export 'nope'" in capsys.readouterr().err


def test_partition_and_a_range_together_are_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["materialize", "--partition", "2025Q1", "--from", "2025Q2"]) == 2
    assert "give either --partition or --from/--to, not both" in capsys.readouterr().err


def test_piping_into_head_is_not_an_error(tmp_path):
    """`rl-inclusion sql ... | head -1`: the reader closes the pipe early; no BrokenPipe traceback, exit 0."""
    import subprocess
    import sys

    from rl_inclusion.storage import apply_schema, connect

    db = tmp_path / "x.duckdb"
    with connect(db) as con:
        apply_schema(con)
    cmd = (f"{sys.executable} -m rl_inclusion.cli sql \"select range from range(200000)\" --limit 200000 "
           f"--db {db} | head -1")
    proc = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], capture_output=True, text=True)
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr
    assert proc.returncode == 0


def test_export_writes_every_table_and_the_dictionary_lists_every_column(tmp_path):
    from rl_inclusion.export import EXPORT_TABLES, data_dictionary
    from rl_inclusion.storage import apply_schema, connect, table_names

    assert EXPORT_TABLES == table_names()
    db = tmp_path / "x.duckdb"
    with connect(db) as con:
        apply_schema(con)
        columns = con.execute("SELECT table_name, column_name FROM information_schema.columns "
                              "WHERE table_schema = 'main' ORDER BY 1, ordinal_position").fetchall()
    doc = data_dictionary()
    sections = {s.split("\n", 1)[0].strip(): s for s in doc.split("\n## ")[1:]}
    missing = [(t, c) for t, c in columns if t in sections and f"| {c} |" not in sections[t]]
    assert missing == []
    assert set(table_names()) <= set(sections)


def test_materialize_launches_the_main_job_with_database_and_source_tags_and_its_report_beside_the_database(
        tmp_path, monkeypatch, capsys):
    """`materialize` runs the main job on the instance of DAGSTER_HOME, tagged with its database and source, and
    materializes every asset of the job. Reports belong to their database: `materialize --db X` writes X_report
    beside X, never the default's. (One test for both: each materialize run costs about twenty seconds.)"""
    import dagster as dg

    home = tmp_path / "home"
    home.mkdir()
    (home / "dagster.yaml").write_text("")
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RL_INCLUSION_DB", raising=False)
    cache = ["--cache-dir", str(tmp_path / "cache")]
    assert main(["materialize", "--partition", "2025Q1", *cache]) == 0
    default = tmp_path / "data" / "rl_inclusion_report"
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in default.iterdir()}
    assert "study.html" in before and "study_survival.png" in before
    capsys.readouterr()
    other = tmp_path / "elsewhere" / "other.duckdb"
    other.parent.mkdir()
    assert main(["materialize", "--db", str(other), "--partition", "2025Q2", *cache]) == 0
    out, err = capsys.readouterr()
    assert "running rl_inclusion_main (18 assets)" in err and "[18/18] study_report ok" in err
    runs = dg.DagsterInstance.get().get_runs()   # newest first
    assert [r.job_name for r in runs] == ["rl_inclusion_main", "rl_inclusion_main"]
    tags = runs[0].tags
    assert tags["rl_inclusion/database"] == str(other.resolve()) and tags["rl_inclusion/source"] == "demo"
    assert (tags["dagster/asset_partition_range_start"], tags["dagster/asset_partition_range_end"]) == (
        "2025-04-01", "2025-04-01")
    assert runs[1].tags["rl_inclusion/database"] == str((tmp_path / "data" / "rl_inclusion.duckdb").resolve())
    # the run materialized every asset of the job
    records = dg.DagsterInstance.get().get_records_for_run(
        runs[0].run_id, of_type=dg.DagsterEventType.ASSET_MATERIALIZATION).records
    keys = {r.event_log_entry.dagster_event.asset_key.to_user_string() for r in records}
    assert keys == {"raw_papers", "eligible_methods", "framework_events", "paper_inclusion", "contribution_rules",
                    "issue_threads", "paper_threads", "paper_thread_reviews", "paper_review", "inclusion_prs",
                    "inclusion_paths", "cohort_metrics", "study_summary", "implementation_quarters", "time_to_inclusion",
                    "equal_followup", "sensitivity", "study_report"}
    # the second run left the default database's report alone and wrote its own beside its database
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in default.iterdir()} == before
    assert (tmp_path / "elsewhere" / "other_report" / "study.html").is_file()
    assert "report: " + str(tmp_path / "elsewhere" / "other_report" / "study.html") in out
    # `report` follows the same rule, and --reports puts it anywhere
    assert main(["report", "--db", str(other), "--reports", str(tmp_path / "mine")]) == 0
    assert (tmp_path / "mine" / "study.md").is_file()
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in default.iterdir()} == before
    assert not (tmp_path / "reports").exists()
