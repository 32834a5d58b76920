"""Kaplan-Meier, its bands and the stratified test on data small enough to work by hand."""

import math
from datetime import date, datetime, timezone

import numpy as np
import polars as pl
import pytest

from rl_inclusion.metrics.followup import stratified
from rl_inclusion.metrics.survival import KaplanMeier, follow_up, loglog_interval


def test_kaplan_meier_by_hand():
    # durations 2 (event), 3 (censored), 5 (event), 8 (event), 8 (censored)
    km = KaplanMeier([2, 3, 5, 8, 8], [1, 0, 1, 1, 0])
    # S(2) = 4/5; S(5) = 4/5 * 2/3 (three at risk after the censoring at 3); S(8) = 8/15 * 1/2
    assert km.at(1).incidence == 0.0
    assert km.at(2).incidence == pytest.approx(1 - 4 / 5)
    assert km.at(6).incidence == pytest.approx(1 - 8 / 15)
    assert (km.at(6).at_risk, km.at(6).events) == (2, 2)
    assert km.at(8).incidence == pytest.approx(1 - 4 / 15)
    # day 9: the last paper not included was censored on day 8; nobody followed longer, no estimate
    assert km.at(9).incidence is None


def test_a_group_all_included_stays_at_100_percent():
    km = KaplanMeier([3, 10], [1, 1])
    assert km.at(180).incidence == 1.0 and km.at(180).at_risk == 0


def test_no_event_means_zero_incidence_while_followed():
    km = KaplanMeier([100, 200], [0, 0])
    assert km.at(90).incidence == 0.0 and km.at(201).incidence is None


def test_loglog_band_by_hand():
    # at day 2 above: S = 0.8, Greenwood variance S^2 * d / (n (n - d)) = 0.64 / 20
    km = KaplanMeier([2, 3, 5, 8, 8], [1, 0, 1, 1, 0])
    se = math.sqrt(0.64 / 20)
    half = 1.959963984540054 * se / (0.8 * abs(math.log(0.8)))
    lo_s, hi_s = 0.8 ** math.exp(half), 0.8 ** math.exp(-half)
    e = km.at(2)
    assert (e.ci_low, e.ci_high) == (pytest.approx(1 - hi_s), pytest.approx(1 - lo_s))
    assert 0 < e.ci_low < e.incidence < e.ci_high < 1
    assert loglog_interval(1.0, 0.0) == (1.0, 1.0) and loglog_interval(0.0, 0.0) == (0.0, 0.0)


def test_follow_up_censors_at_the_cutoff_and_counts_early_code_at_day_zero():
    papers = pl.DataFrame({"arxiv_id": ["a", "b", "c"], "quarter": ["2025Q1"] * 3,
                           "published": [date(2025, 1, 10), date(2025, 2, 1), date(2025, 3, 1)]})
    pairs = pl.DataFrame({"arxiv_id": ["a", "a", "b"], "framework": ["verl", "TRL", "verl"],
                          "first_date": [date(2025, 3, 1), date(2025, 2, 1), date(2025, 1, 20)]})
    t = follow_up(papers, pairs, datetime(2025, 6, 1, 12, tzinfo=timezone.utc)).sort("arxiv_id")
    # a: first in TRL after 22 days; b: code 12 days before the paper (event at day 0); c: censored after 92 days
    assert t.select("lag_days", "event", "duration").rows() == [(22, True, 22), (-12, True, 0), (None, False, 92)]
    verl = follow_up(papers, pairs, datetime(2025, 6, 1, tzinfo=timezone.utc), framework="verl").sort("arxiv_id")
    assert verl["lag_days"].to_list() == [50, -12, None]


def test_mantel_haenszel_by_hand():
    # two strata [[a, b], [c, d]]: MH OR = (2*3/8 + 1*4/7) / (1*2/8 + 1*1/7)
    t1, t2 = np.array([[2, 1], [2, 3]], float), np.array([[1, 1], [1, 4]], float)
    out = stratified([t1, t2])
    assert out["mh_odds_ratio"] == pytest.approx((6 / 8 + 4 / 7) / (2 / 8 + 1 / 7))
    # CMH: sum(a - E[a]) with E = row1 * col1 / n; variance row1 row2 col1 col2 / (n^2 (n - 1)); no correction
    e = 3 * 4 / 8 + 2 * 2 / 7
    v = 3 * 5 * 4 * 4 / (64 * 7) + 2 * 5 * 2 * 5 / (49 * 6)
    assert out["cmh_statistic"] == pytest.approx((3 - e) ** 2 / v)
    assert stratified([])["cmh_p"] is None
