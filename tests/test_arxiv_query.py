"""The query as configuration, Retry-After, client settings and the count check."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from rl_inclusion.errors import ConfigError
from rl_inclusion.sources.arxiv import (
    ArxivApiClient,
    ArxivQuery,
    FetchResult,
    RawEntry,
    count_check,
    parse_retry_after,
)


def test_query_from_configuration():
    q = ArxivQuery.from_mapping({"categories": ["cs.LG", "cs.RO"], "keywords": "abs:GRPO"})
    start = datetime(2025, 4, 1, tzinfo=timezone.utc)
    end = datetime(2025, 4, 16, 12, 30, tzinfo=timezone.utc)
    assert q.for_window(start, end) == "(cat:cs.LG OR cat:cs.RO) AND (abs:GRPO) AND submittedDate:[202504010000 TO 202504161229]"
    assert ArxivQuery.from_mapping({"categories": [], "keywords": "abs:PPO"}).for_window(start, end) == \
        "(abs:PPO) AND submittedDate:[202504010000 TO 202504161229]"
    assert ArxivQuery.from_mapping(None) == ArxivQuery()
    assert q.fingerprint() != ArxivQuery().fingerprint() and len(q.fingerprint()) == 16


@pytest.mark.parametrize("conf, message", [
    ({"categories": ["cs.LG", "cs.FOO"]}, r"unknown categories \['cs.FOO'\]"),
    ({"category": ["cs.LG"]}, r"unknown settings \['category'\]"),
    ({"categories": "cs.LG"}, "must be a list of strings"),
    ({"keywords": 3}, "keywords must be a string"),
    ({"categories": [], "keywords": " "}, "an empty query"),
])
def test_bad_query_configuration_is_refused(conf, message):
    with pytest.raises(ConfigError, match=message):
        ArxivQuery.from_mapping(conf)


def test_retry_after_in_seconds_or_as_a_date():
    now = datetime(2025, 4, 2, 12, 0, 0, tzinfo=timezone.utc)
    assert parse_retry_after("42") == 42.0
    assert parse_retry_after(" 7.5 ") == 7.5
    assert parse_retry_after("Wed, 02 Apr 2025 12:01:30 GMT", now=now) == 90.0
    assert parse_retry_after("Wed, 02 Apr 2025 11:00:00 GMT", now=now) == 0.0
    assert parse_retry_after("soon") is None
    assert parse_retry_after(None) is None


def test_page_size_beyond_the_api_limit_is_refused():
    with pytest.raises(ConfigError, match="between 1 and 2000"):
        ArxivApiClient(page_size=5000)
    assert ArxivApiClient().page_size == 2000


def test_count_check():
    res = FetchResult(entries=[RawEntry(str(i), {}, None, "") for i in range(5)], announced_total=5)
    assert count_check(res, stored=3, quarantined=1, duplicates=1) == (
        True, "announced 5, received 5, stored 3, quarantined 1, duplicates 1")
    assert count_check(res, stored=3, quarantined=1)[0] is False
    res.announced_total = 6
    assert count_check(res, stored=3, quarantined=1, duplicates=1)[0] is False
