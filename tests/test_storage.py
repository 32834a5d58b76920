from datetime import datetime, timezone

import duckdb
import polars as pl
import pytest

from rl_inclusion.storage import read_frame, replace_partitions, replace_table, upsert

SCHEMA = {"quarter": pl.Utf8, "entry_key": pl.Utf8, "reason": pl.Utf8, "raw": pl.Utf8}


def frame(rows):
    return pl.DataFrame(rows, schema=SCHEMA)


def test_replace_partition_is_idempotent_and_scoped(con):
    a = frame([{"quarter": "2025Q1", "entry_key": "a", "reason": "r", "raw": "x"},
               {"quarter": "2025Q1", "entry_key": "b", "reason": "r", "raw": "y"}])
    b = frame([{"quarter": "2025Q2", "entry_key": "a", "reason": "r", "raw": "z"}])
    replace_partitions(con, "raw_papers_quarantine", a, ["2025Q1"])
    replace_partitions(con, "raw_papers_quarantine", b, ["2025Q2"])
    replace_partitions(con, "raw_papers_quarantine", a, ["2025Q1"])
    rows = con.execute("SELECT quarter, entry_key, raw FROM raw_papers_quarantine ORDER BY ALL").fetchall()
    assert rows == [("2025Q1", "a", "x"), ("2025Q1", "b", "y"), ("2025Q2", "a", "z")]


def test_failed_write_keeps_previous_partition(con):
    good = frame([{"quarter": "2025Q1", "entry_key": "a", "reason": "old", "raw": "1"}])
    replace_partitions(con, "raw_papers_quarantine", good, ["2025Q1"])
    # The second row violates the primary key: the insert fails part-way.
    bad = frame([{"quarter": "2025Q1", "entry_key": "n", "reason": "new", "raw": "2"},
                 {"quarter": "2025Q1", "entry_key": "n", "reason": "new", "raw": "3"}])
    with pytest.raises(duckdb.ConstraintException):
        replace_partitions(con, "raw_papers_quarantine", bad, ["2025Q1"])
    assert con.execute("SELECT entry_key, reason FROM raw_papers_quarantine").fetchall() == [("a", "old")]


def test_rows_outside_partitions_are_refused(con):
    df = frame([{"quarter": "2025Q3", "entry_key": "a", "reason": "r", "raw": "x"}])
    with pytest.raises(ValueError, match="outside the run's partitions"):
        replace_partitions(con, "raw_papers_quarantine", df, ["2025Q1"])


def test_hostile_text_is_stored_exactly(con):
    nasty = "'); DROP TABLE raw_papers; -- \" ; SELECT * FROM x WHERE 1=1 \x00 \x07 \u202e\u05e9\u05dc\u05d5\u05dd \U0001F600" + "A" * (1 << 20)
    df = frame([{"quarter": "2025Q1", "entry_key": "k;--", "reason": nasty, "raw": nasty}])
    replace_partitions(con, "raw_papers_quarantine", df, ["2025Q1"])
    got = con.execute("SELECT reason, raw FROM raw_papers_quarantine WHERE entry_key = ?", ["k;--"]).fetchone()
    assert got == (nasty, nasty)
    assert con.execute("SELECT count(*) FROM raw_papers").fetchone() == (0,)


def test_upsert_and_replace_table(con):
    cur = {"framework": pl.Utf8, "updated_since": pl.Datetime("us", "UTC"), "fetched_at": pl.Datetime("us", "UTC"),
           "requests": pl.Int64, "threads": pl.Int64}
    t0 = datetime(2025, 1, 1, tzinfo=timezone.utc)
    t1 = datetime(2025, 6, 1, tzinfo=timezone.utc)
    upsert(con, "thread_cursors", pl.DataFrame([{"framework": "verl", "updated_since": t0, "fetched_at": t0, "requests": 3, "threads": 10}], schema=cur), ["framework"])
    upsert(con, "thread_cursors", pl.DataFrame([{"framework": "verl", "updated_since": t1, "fetched_at": t1, "requests": 1, "threads": 2},
                                               {"framework": "TRL", "updated_since": t0, "fetched_at": t1, "requests": 1, "threads": 1}], schema=cur), ["framework"])
    got = read_frame(con, "SELECT framework, updated_since, requests FROM thread_cursors ORDER BY framework")
    assert got.rows() == [("TRL", t0, 1), ("verl", t1, 1)]
    replace_table(con, "thread_cursors", pl.DataFrame(schema=cur))
    assert con.execute("SELECT count(*) FROM thread_cursors").fetchone() == (0,)


def test_polars_round_trip_through_duckdb(con):
    """Catches the duckdb 2.x break (no DuckDBPyConnection.arrow) on our own read path."""
    df = frame([{"quarter": "2025Q1", "entry_key": "é", "reason": "r", "raw": "x"}])
    replace_partitions(con, "raw_papers_quarantine", df, ["2025Q1"])
    back = read_frame(con, "SELECT quarter, entry_key, reason, raw FROM raw_papers_quarantine")
    assert back.equals(df)


def test_primary_key_check_sees_a_table_made_without_its_key(tmp_path):
    """An older file whose table lacks the declared key (CREATE TABLE IF NOT EXISTS keeps it) fails the check."""
    from rl_inclusion.defs.common import primary_key_check
    from rl_inclusion.storage import apply_schema, connect

    with connect(tmp_path / "old.duckdb") as con:
        con.execute("CREATE TABLE paper_mentions (arxiv_id VARCHAR, framework VARCHAR, first_date TIMESTAMPTZ, "
                    "first_sha VARCHAR, path VARCHAR)")
        apply_schema(con)
        con.execute("INSERT INTO paper_mentions VALUES ('a', 'verl', now(), 's', 'p'), ('a', 'verl', now(), 's', 'q')")
        bad = primary_key_check(con, "paper_mentions", ["arxiv_id", "framework"])
        good = primary_key_check(con, "paper_threads", ["arxiv_id", "thread_id", "cited_by"])
    assert (bad.passed, bad.metadata["duplicates"].value, bad.metadata["declared_primary_key"].value) == (False, 1, "(none)")
    assert (good.passed, good.metadata["declared_primary_key"].value) == (True, "['arxiv_id', 'thread_id', 'cited_by']")


def test_every_check_query_runs_on_an_empty_database_and_finds_nothing(tmp_path):
    """The asset checks' SQL lives in sql/checks/ (one file per check); on empty tables each finds nothing."""
    from rl_inclusion.defs.common import check_sql
    from rl_inclusion.storage import apply_schema, connect, sql_dir
    from rl_inclusion.study import WINDOW_DAYS

    names = sorted(p.stem for p in (sql_dir() / "checks").glob("*.sql"))
    assert len(names) == 11
    with connect(tmp_path / "x.duckdb") as con:
        apply_schema(con)
        for name in names:
            text = (sql_dir() / "checks" / f"{name}.sql").read_text()
            params = [WINDOW_DAYS] if name == "paper_inclusion_bad_lag" else [["2025Q1"]] if "?" in text else None
            rows = check_sql(con, name, params)
            assert rows in ([(0,)], []), (name, rows)


def test_a_table_made_by_an_older_version_gets_the_new_columns(tmp_path):
    """issue_threads gained the review columns (snapshot format 2): an older file gets them, NULL for old rows."""
    from rl_inclusion.storage import apply_schema, connect

    with connect(tmp_path / "old.duckdb") as con:
        con.execute("CREATE TABLE issue_threads (thread_id VARCHAR PRIMARY KEY, framework VARCHAR)")
        con.execute("INSERT INTO issue_threads VALUES ('a/b#issue/1', 'verl')")
        apply_schema(con)
        cols = [r[0] for r in con.execute("SELECT column_name FROM information_schema.columns "
                                          "WHERE table_name = 'issue_threads' ORDER BY ordinal_position").fetchall()]
        assert cols[:2] == ["thread_id", "framework"] and {"merge_commit", "closes_issues", "reviews_json"} <= set(cols)
        assert con.execute("SELECT merge_commit, closes_issues FROM issue_threads").fetchall() == [(None, None)]
        apply_schema(con)  # idempotent
        assert con.execute("SELECT count(*) FROM information_schema.columns WHERE table_name = 'issue_threads'"
                           ).fetchone()[0] == len(cols)


def test_a_column_a_newer_schema_allows_to_be_unknown_loses_its_not_null(tmp_path):
    """eligible_methods.code_released became three-valued (NULL = unknown): an older NOT NULL column is relaxed."""
    from rl_inclusion.storage import apply_schema, connect

    with connect(tmp_path / "old.duckdb") as con:
        con.execute("CREATE TABLE eligible_methods (arxiv_id VARCHAR PRIMARY KEY, code_released BOOLEAN NOT NULL)")
        apply_schema(con)
        con.execute("INSERT INTO eligible_methods (arxiv_id, code_released) VALUES ('2501.00001', NULL)")
        assert con.execute("SELECT code_released FROM eligible_methods").fetchall() == [(None,)]


def test_counts_json_counts_rows_per_value_as_sorted_json():
    import polars as pl

    from rl_inclusion.storage import counts_json

    df = pl.DataFrame({"role": ["request", "implementation", "request", None], "confidence": ["high", None, "low", None]})
    assert counts_json(df, "role") == '{"None": 1, "implementation": 1, "request": 2}'
    assert counts_json(df, pl.col("confidence").fill_null("added by a reviewer")) == \
        '{"added by a reviewer": 2, "high": 1, "low": 1}'
    assert counts_json(df.head(0), "role") == "{}"
