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
