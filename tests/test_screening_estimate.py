"""Counts with their error: adjusted classify-and-count and its bootstrap (hand-worked values)."""

import numpy as np
import polars as pl
import pytest

from rl_inclusion.screening.estimate import ErrorModel, Group, adjusted_count, rates

# 10 labelled papers: 4 eligible of which the screener finds 3 (tpr 0.75); 6 not, of which it flags 1 (fpr 1/6).
TRUTH = [True, True, True, True, False, False, False, False, False, False]
PRED = [True, True, True, False, True, False, False, False, False, False]


def test_rates_and_adjusted_count_by_hand():
    assert rates(TRUTH, PRED) == (0.75, pytest.approx(1 / 6))
    # 30 flagged of 100: (0.30 - 1/6) / (0.75 - 1/6) = 0.1333 / 0.5833 = 0.228571 -> 22.857 eligible
    assert float(adjusted_count(30, 100, 0.75, 1 / 6)) == pytest.approx(22.857142857)
    # below the false-positive rate the estimate is 0, above the true-positive rate it is all of them
    assert float(adjusted_count(10, 100, 0.75, 1 / 6)) == 0.0
    assert float(adjusted_count(90, 100, 0.75, 1 / 6)) == 100.0
    # a screener no better than chance cannot correct anything: the raw count stays
    assert float(adjusted_count(30, 100, 0.5, 0.5)) == 30.0


def test_estimate_adds_the_labelled_papers_and_brackets_the_point():
    m = ErrorModel(TRUTH, PRED, n_boot=500)
    e = m.count(Group(flagged=30, total=100, labelled_eligible=5))
    assert e.raw == 35.0 and e.estimate == pytest.approx(27.857142857)
    assert e.low < e.estimate < e.high and e.low >= 5.0 and e.high <= 105.0
    # same seed, same interval
    assert ErrorModel(TRUTH, PRED, n_boot=500).count(Group(30, 100, 5)) == e


def test_labelled_only_groups_are_exact_and_an_unusable_error_gives_the_raw_count():
    m = ErrorModel(TRUTH, PRED, n_boot=200)
    e = m.count(Group(flagged=0, total=0, labelled_eligible=7))
    assert (e.raw, e.estimate, e.low, e.high) == (7.0, 7.0, 7.0, 7.0)
    only_pos = ErrorModel([True, True], [True, False], n_boot=50)  # no negatives: fpr unknown
    assert not only_pos.usable
    assert only_pos.count(Group(3, 10)) == type(e)(3.0, 3.0, 3.0, 3.0)


def test_share_is_corrected_group_by_group():
    m = ErrorModel(TRUTH, PRED, n_boot=500)
    # yes group: 30 of 100 flagged -> 22.857; no group: 50 of 100 flagged -> (0.5 - 1/6)/(7/12) = 57.143
    s = m.share(Group(30, 100), Group(50, 100))
    assert s.raw == pytest.approx(30 / 80)
    assert s.estimate == pytest.approx(22.857142857 / (22.857142857 + 57.142857143))
    assert 0.0 <= s.low < s.estimate < s.high <= 1.0


def test_the_interval_covers_the_truth_on_simulated_screening():
    # A screener with tpr 0.8 and fpr 0.1, 400 labelled papers to measure it on, 3,000 papers at a 1-in-6 base
    # rate: the raw count is about 1.4x the truth; the 95 % interval covers it in at least 90 % of 200 draws.
    rng = np.random.default_rng(7)
    covered, raw_over = 0, []
    for _ in range(200):
        t = rng.random(400) < 0.4
        p = np.where(t, rng.random(400) < 0.8, rng.random(400) < 0.1)
        model = ErrorModel(t, p, n_boot=400, seed=int(rng.integers(1 << 30)))
        pop = rng.random(3000) < 1 / 6
        flagged = np.where(pop, rng.random(3000) < 0.8, rng.random(3000) < 0.1)
        e = model.count(Group(int(flagged.sum()), 3000))
        covered += e.low <= pop.sum() <= e.high
        raw_over.append(e.raw / pop.sum())
    assert covered >= 180 and np.mean(raw_over) > 1.3


def test_training_set_prefers_the_source_text_and_says_so():
    from rl_inclusion.screening.learned import bundled_set, training_set

    bp, bl = bundled_set()
    some = bl["arxiv_id"][0]
    source = pl.DataFrame({"arxiv_id": [some], "title": ["A title as the source gives it"],
                           "abstract": ["The real abstract."], "comment": [None]},
                          schema={"arxiv_id": pl.Utf8, "title": pl.Utf8, "abstract": pl.Utf8, "comment": pl.Utf8})
    empty = source.clear()
    ts = training_set(empty, None, True, source)
    assert ts.origin_counts() == {"source": 1, "bundled summary": bl.height - 1}
    i = ts.ids.index(some)
    assert ts.texts[i].startswith("A title as the source gives it") and ts.origin[i] == "source"
    offline = training_set(empty, None, True)
    assert offline.origin_counts() == {"bundled summary": bl.height}


def test_rules_screener_without_any_labels_measures_no_error():
    from rl_inclusion.screening import ScreeningConfig, screen_run
    from rl_inclusion.raw_papers import normalize, to_frame

    rec = {"arxiv_id": "2507.18071", "title": "Group Sequence Policy Optimization", "abstract": "We propose GSPO.",
           "primary_category": "cs.LG", "categories": ["cs.LG"], "published": "2025-07-24T00:00:00Z", "links": []}
    papers = to_frame(normalize([("k", rec, None, "")], source="test").rows)
    run = screen_run(papers, None, ScreeningConfig(screener="rules", use_bundled_labels=False), measure_error=True)
    assert run.error is None and run.frame.height == 1 and run.training == {}
    with_bundled = screen_run(papers, None, ScreeningConfig(screener="rules"), measure_error=True)
    assert set(with_bundled.error["screener"]) == {"rules"} and with_bundled.error.height > 100


def test_a_predictive_false_positive_rate_draws_one_labelled_set_at_a_time():
    # 20 failures, all flagged; two labelled general parts of 1,000 ordinary threads each: part a flags none,
    # part b flags 100.  Pooled, fpr = 100 / 2000 = 0.05 (the point estimate); the replicates take one part's rate
    truth = [True] * 20 + [False] * 2000
    predicted = [True] * 20 + [False] * 1000 + [True] * 100 + [False] * 900
    sets = ["a"] * 20 + ["a"] * 1000 + ["b"] * 1000
    pooled, predictive = ErrorModel(truth, predicted), ErrorModel(truth, predicted, fpr_sets=sets)
    assert (predictive.tpr, predictive.fpr) == (pooled.tpr, pooled.fpr) == (1.0, 0.05)
    # part a's rate from Beta(0.5, 1000.5) (mean 0.0005), part b's from Beta(100.5, 900.5) (mean 0.1004): every
    # replicate is near one of them, about half each; none near the pooled 0.05
    near_a, near_b = predictive.fpr_b < 0.01, np.abs(predictive.fpr_b - 0.1) < 0.04
    assert (near_a | near_b).all() and 0.45 < near_a.mean() < 0.55
    # 100 of 1,000 flagged: both give (0.10 - 0.05) / 0.95 * 1000 = 52.6 failures, the predictive interval wider
    a, b = pooled.count(Group(100, 1000)), predictive.count(Group(100, 1000))
    assert a.estimate == b.estimate == pytest.approx(0.05 / 0.95 * 1000)
    assert b.low < a.low and b.high > a.high
    with pytest.raises(ValueError, match="fpr_sets and truth differ in length"):
        ErrorModel(truth, predicted, fpr_sets=sets[:-1])


def test_a_jeffreys_flagged_rate_leaves_room_when_nothing_is_flagged():
    # 20 failures, 18 flagged (tpr 0.9); 1,000 ordinary threads, 2 flagged (fpr 0.002)
    truth = [True] * 20 + [False] * 1000
    predicted = [True] * 18 + [False] * 2 + [True] * 2 + [False] * 998
    binomial, jeffreys = ErrorModel(truth, predicted), ErrorModel(truth, predicted, jeffreys=True)
    # a group of 500 with nothing flagged: Binomial(500, 0) is always 0, so the interval is 0 - 0; Beta(0.5, 500.5)
    # reaches about 0.005 at its 97.5th percentile, above most replicates' fpr, so the upper bound leaves 0
    a, b = binomial.count(Group(0, 500)), jeffreys.count(Group(0, 500))
    assert (a.estimate, a.low, a.high) == (0.0, 0.0, 0.0)
    assert (b.estimate, b.low) == (0.0, 0.0) and b.high > 0.0
    # with a flagged count well inside, both centre on the same point: (0.1 - 0.002) / (0.9 - 0.002) * 500
    a, b = binomial.count(Group(50, 500)), jeffreys.count(Group(50, 500))
    assert a.estimate == b.estimate == pytest.approx(0.098 / 0.898 * 500)
