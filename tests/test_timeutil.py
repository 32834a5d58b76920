"""Timestamps have one home (rl_inclusion/timeutil.py); every source reads them the same way."""

from datetime import datetime, timedelta, timezone

import pytest

from rl_inclusion.defs.resources import StudySettings
from rl_inclusion.sources.github import parse_ts
from rl_inclusion.raw_papers import parse_timestamp
from rl_inclusion.timeutil import parse_utc

NOON = datetime(2025, 7, 24, 12, tzinfo=timezone.utc)


@pytest.mark.parametrize("value", ["2025-07-24T12:00:00Z", "2025-07-24T12:00:00+00:00", " 2025-07-24T14:00:00+02:00 ",
                                   "2025-07-24T12:00:00", datetime(2025, 7, 24, 12),
                                   datetime(2025, 7, 24, 7, tzinfo=timezone(timedelta(hours=-5)))])
def test_every_reader_gives_the_same_utc_instant(value):
    assert parse_utc(value) == NOON and parse_utc(value).tzinfo == timezone.utc
    assert parse_timestamp(value) == parse_ts(value) == NOON
    if isinstance(value, str):
        assert StudySettings(cutoff=value.strip()).cutoff_at() == NOON


@pytest.mark.parametrize("value", ["yesterday", 1753358400, None])
def test_what_is_not_a_timestamp_is_refused(value):
    with pytest.raises(ValueError):
        parse_utc(value)


def test_days_between_is_one_rounding_for_every_days_to_merge():
    """timeutil.days_between: days between two timestamps, 2 decimals, null when either end is missing."""
    import polars as pl
    from rl_inclusion.timeutil import days_between

    utc = lambda *a: datetime(*a, tzinfo=timezone.utc)  # noqa: E731
    frame = pl.DataFrame({"opened": [utc(2025, 8, 1, 7), utc(2025, 9, 29, 12), utc(2025, 8, 10, 5), utc(2025, 1, 1), None],
                          "merged": [utc(2025, 8, 5, 8, 30), utc(2025, 10, 2, 13, 15), utc(2025, 8, 20, 13), None,
                                     utc(2025, 1, 2)]})
    # 4 d 1 h 30 min = 4.0625; 3 d 1 h 15 min = 3.0521; 10 d 8 h = 10.3333
    assert frame.select(days_between("opened", "merged"))["merged"].to_list() == [4.06, 3.05, 10.33, None, None]
