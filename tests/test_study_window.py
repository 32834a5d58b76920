"""The closed-window rule has one home per language (study.window_closed, study.window_closed_expr, the SQL
macro window_closed of sql/macros/study.sql); they agree on hand-worked dates, edges included."""

from datetime import date, datetime, timedelta, timezone

import duckdb
import polars as pl
import pytest

from rl_inclusion.storage import apply_schema
from rl_inclusion.study import window_closed, window_closed_expr

UTC = timezone.utc
# (day the window opens, cut-off instant, window days, closed?)
CASES = [
    # 2025-01-01 + 180 days = 2025-06-30 (31 + 28 + 31 + 30 + 31 + 29): on that date the window is still open
    (date(2025, 1, 1), datetime(2025, 6, 30, 0, 0, tzinfo=UTC), 180, False),
    (date(2025, 1, 1), datetime(2025, 6, 30, 23, 59, tzinfo=UTC), 180, False),
    (date(2025, 1, 1), datetime(2025, 7, 1, 0, 0, tzinfo=UTC), 180, True),
    # the cut-off's UTC date counts: 01:00 at +02:00 on 07-01 is still 06-30 in UTC; 22:00 at -03:00 is 07-01
    (date(2025, 1, 1), datetime(2025, 7, 1, 1, 0, tzinfo=timezone(timedelta(hours=2))), 180, False),
    (date(2025, 1, 1), datetime(2025, 6, 30, 22, 0, tzinfo=timezone(timedelta(hours=-3))), 180, True),
    # a cohort's last day: 2025Q1 ends 2025-03-31, + 180 = 2025-09-27
    (date(2025, 3, 31), datetime(2025, 9, 27, 12, tzinfo=UTC), 180, False),
    (date(2025, 3, 31), datetime(2025, 9, 28, tzinfo=UTC), 180, True),
    # leap year: 2028-01-01 + 90 = 2028-03-31
    (date(2028, 1, 1), datetime(2028, 3, 31, tzinfo=UTC), 90, False),
    (date(2028, 1, 1), datetime(2028, 4, 1, tzinfo=UTC), 90, True),
    # 365 days: 2025-10-31 + 365 = 2026-10-31
    (date(2025, 10, 31), datetime(2026, 10, 31, tzinfo=UTC), 365, False),
    (date(2025, 10, 31), datetime(2026, 11, 1, tzinfo=UTC), 365, True),
]


@pytest.mark.parametrize("day, cutoff, days, closed", CASES)
def test_python_polars_and_sql_agree_on_hand_worked_dates(day, cutoff, days, closed):
    assert window_closed(day, cutoff, days) is closed
    assert pl.DataFrame({"d": [day]}).select(window_closed_expr("d", cutoff, days))["d"].to_list() == [closed]
    con = duckdb.connect(":memory:")
    apply_schema(con)  # creates the macros
    con.execute("SET TimeZone = 'America/Los_Angeles'")  # the session's zone must not move the cut-off's date
    assert con.execute("SELECT window_closed(?::DATE, ?::TIMESTAMPTZ, ?)", [day, cutoff, days]).fetchone()[0] is closed
