from datetime import datetime, timezone

from rl_inclusion.partitions import key_for_label, quarter_bounds, quarter_label, quarterly_partitions


def test_quarter_labels_and_bounds():
    assert quarter_label("2025-04-01") == "2025Q2"
    assert quarter_label("2026-12-31") == "2026Q4"
    assert quarter_bounds("2025Q4") == (datetime(2025, 10, 1, tzinfo=timezone.utc), datetime(2026, 1, 1, tzinfo=timezone.utc))
    assert quarter_bounds("2026-04-01") == (datetime(2026, 4, 1, tzinfo=timezone.utc), datetime(2026, 7, 1, tzinfo=timezone.utc))
    assert key_for_label("2026Q2") == "2026-04-01"


def test_partitions_are_quarterly_and_open_ended():
    keys = quarterly_partitions.get_partition_keys(current_time=datetime(2026, 11, 29, tzinfo=timezone.utc))
    assert keys == ["2025-01-01", "2025-04-01", "2025-07-01", "2025-10-01", "2026-01-01", "2026-04-01", "2026-07-01"]
    later = quarterly_partitions.get_partition_keys(current_time=datetime(2027, 4, 2, tzinfo=timezone.utc))
    assert later[-2:] == ["2026-10-01", "2027-01-01"]


def test_the_quarter_label_in_python_polars_and_sql_agree():
    from datetime import date, timedelta

    import duckdb
    import polars as pl

    from rl_inclusion.ids import arxiv_id_quarter_hint
    from rl_inclusion.partitions import quarter_bounds, quarter_label, quarter_label_expr
    from rl_inclusion.storage import apply_schema

    days = [date(2024, 12, 31) + timedelta(days=d) for d in range(0, 800, 3)]
    python = [quarter_label(d) for d in days]
    polars = pl.DataFrame({"d": days}).select(quarter_label_expr(pl.col("d")).alias("q"))["q"].to_list()
    con = duckdb.connect(":memory:")
    apply_schema(con)  # creates the SQL macros
    sql = [r[0] for r in con.execute("SELECT quarter_label(d) FROM unnest(?::DATE[]) AS t(d)", [days]).fetchall()]
    assert python == polars == sql
    assert python[0] == "2024Q4" and python[1] == "2025Q1"
    # and back: the first day of each label, in SQL and Python
    labels = sorted(set(python))
    starts = [r[0] for r in con.execute("SELECT quarter_start(l) FROM unnest(?::VARCHAR[]) AS t(l)", [labels]).fetchall()]
    assert starts == [quarter_bounds(q)[0].date() for q in labels]
    assert arxiv_id_quarter_hint("2507.18071") == "2025Q3" and arxiv_id_quarter_hint("2512.00001") == "2025Q4"
