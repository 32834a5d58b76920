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


def test_the_quarter_label_in_python_and_polars_agree():
    from datetime import date

    import polars as pl

    from rl_inclusion.partitions import quarter_label, quarter_label_expr

    days = [date(2025, 1, 1) + __import__("datetime").timedelta(days=d) for d in range(0, 800, 7)]
    got = pl.DataFrame({"d": days}).select(quarter_label_expr(pl.col("d")).alias("q"))["q"].to_list()
    assert got == [quarter_label(d) for d in days]
