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
