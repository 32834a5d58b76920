"""Cohort metrics and the study summary on a small database worked out by hand."""

from datetime import date, datetime, timezone

import math

import polars as pl

import pytest

from rl_inclusion.metrics import StudyWindow, cohort_metrics, fisher_p, study_summary, wilson


def ts(s):
    return datetime.fromisoformat(s).replace(tzinfo=timezone.utc)


PAPERS = [
    # arxiv_id, published, quarter, eligible, params, loss_level, code
    ("2501.00001", "2025-01-10", "2025Q1", True, 32.0, True, True),
    ("2502.00002", "2025-02-10", "2025Q1", True, 7.0, False, False),
    ("2503.00003", "2025-03-10", "2025Q1", False, None, None, False),
    ("2504.00004", "2025-04-20", "2025Q2", True, 70.0, True, True),
    ("2505.00005", "2025-05-20", "2025Q2", True, 1.5, False, True),
    ("2605.00006", "2026-05-01", "2026Q2", True, 8.0, False, False),
]
# arxiv_id, framework, implementation date
INCLUSIONS = [
    ("2501.00001", "verl", "2025-03-01"),      # lag 50
    ("2501.00001", "TRL", "2025-02-01"),       # lag 22: the first implementation
    ("2504.00004", "OpenRLHF", "2025-12-20"),  # lag 244: after 180 days
]


def fill(con):
    for pid, pub, q, elig, params, loss, code in PAPERS:
        con.execute(
            "INSERT INTO raw_papers VALUES (?, 1, ?, 'abs', ['a'], 'cs.LG', ['cs.LG'], ?, ?, NULL, NULL, NULL, [], [], 'test', ?)",
            [pid, f"title {pid}", ts(pub), ts(pub), q])
        con.execute(
            "INSERT INTO eligible_methods VALUES (?, ?, ?, ?, 'label', 1.0, [], 'hand', ?, [], ?, NULL, NULL, ?, ?, [], ?, [])",
            [pid, f"title {pid}", ts(pub), elig, f"M{pid[-1]}" if elig else None, params, loss, code, q])
    for pid, fw, day in INCLUSIONS:
        pub = next(p[1] for p in PAPERS if p[0] == pid)
        lag = (date.fromisoformat(day) - date.fromisoformat(pub)).days
        q = f"{day[:4]}Q{(int(day[5:7]) - 1) // 3 + 1}"
        con.execute("INSERT INTO paper_inclusion VALUES (?, ?, NULL, ?, '2025Q1', ?, ?, 'abc', 1, 'selectable algorithm', ?, ?, false, NULL, 1, 'high', false, 'rules', NULL)",
                    [pid, fw, ts(pub), ts(day), q, lag, lag <= 180])
    # threads: one cites 2502.00002 by id, one cites 2505.00005 by name; one failure of three since window start
    for tid, created, fail in [("r#issue/1", "2025-03-01", True), ("r#issue/2", "2025-06-01", False), ("r#issue/3", "2024-12-01", True)]:
        con.execute("INSERT INTO issue_threads VALUES (?, 'verl', 'r', 1, 'issue', 't', 'b', 'open', NULL, [], ?, ?, NULL, NULL, 'u', 0, '[]', [], [], ?, NULL, NULL, ?, NULL, NULL, NULL, NULL, NULL, NULL)",
                    [tid, ts(created), ts(created), fail, f"{created[:4]}Q{(int(created[5:7]) - 1) // 3 + 1}"])
    con.execute("INSERT INTO paper_threads VALUES ('2502.00002', 'r#issue/1', 'verl', 'arxiv_id', '2502.00002')")
    con.execute("INSERT INTO paper_threads VALUES ('2505.00005', 'r#issue/2', 'verl', 'method_name', 'm5')")


def test_cohort_metrics_by_hand(con):
    fill(con)
    df = cohort_metrics(con, ts("2026-10-31"))
    rows = {r["quarter"]: r for r in df.to_dicts()}
    # cohorts are first-submission quarters: 2025Q4 (an implementation quarter, no paper) is not one
    assert list(rows) == ["2025Q1", "2025Q2", "2026Q2"]
    q1 = rows["2025Q1"]
    assert (q1["papers_screened"], q1["eligible"], q1["included_any"], q1["included_within_180d"]) == (3, 2, 1, 1)
    assert q1["share_within_180d"] == 0.5 and q1["median_lag_days"] == 22 and q1["censored"] is False
    q2 = rows["2025Q2"]
    assert (q2["eligible"], q2["included_any"], q2["included_within_180d"], q2["median_lag_days"]) == (2, 1, 0, 244)
    # 2026Q2 ends 2026-06-30; + 180 days = 2026-12-27 > cut-off: censored, no 180-day figure
    q6 = rows["2026Q2"]
    assert q6["censored"] is True and q6["included_within_180d"] is None and q6["share_within_180d"] is None
    assert q6["median_lag_days"] is None


def test_first_implementations_by_implementation_quarter(con):
    from rl_inclusion.metrics import implementation_quarters

    fill(con)
    rows = implementation_quarters(con, ts("2026-10-31")).select("quarter", "first_implementations", "inclusions").rows()
    # 2501 first in TRL on 2025-02-01 (verl follows 2025-03-01, same quarter); 2504 in OpenRLHF on 2025-12-20
    assert rows == [("2025Q1", 1, 2), ("2025Q4", 1, 1)]


def test_study_summary_by_hand(con):
    fill(con)
    df = study_summary(con, ts("2026-10-31"), StudyWindow(date(2025, 1, 1), date(2026, 6, 30)))
    m = {r["metric"]: r for r in df.to_dicts()}
    assert m["papers_screened"]["value"] == 6 and m["eligible"]["value"] == 5
    assert (m["included_share"]["numerator"], m["included_share"]["denominator"]) == (2, 5)
    # included: 2501 (32B, loss, code), 2504 (70B, loss, code); not included: 2502, 2505, 2605
    assert (m["policy_30b_included"]["numerator"], m["policy_30b_included"]["denominator"]) == (2, 2)
    assert (m["policy_30b_not_included"]["numerator"], m["policy_30b_not_included"]["denominator"]) == (0, 3)
    # Fisher two-sided for [[2,0],[0,3]]: only the observed table and none more extreme: p = 1/C(5,2) = 0.1
    assert m["policy_30b_included"]["p_value"] == pytest.approx(0.1)
    assert (m["code_not_included"]["numerator"], m["code_not_included"]["denominator"]) == (1, 3)
    # not-included: 2502 cited by id, 2505 by name, 2605 by none
    assert (m["no_thread_by_id"]["numerator"], m["no_thread_by_id"]["denominator"]) == (2, 3)
    assert (m["no_thread_by_id_or_name"]["numerator"], m["no_thread_by_id_or_name"]["denominator"]) == (1, 3)
    # threads since 2025-01-01: two, one failure (the 2024 one is outside)
    assert (m["failure_threads_share"]["numerator"], m["failure_threads_share"]["denominator"]) == (1, 2)
    assert m["included_share"]["published_value"] == pytest.approx(37 / 1598)


def test_wilson_matches_the_formula():
    k, n, z = 37, 1598, 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(centre - half, abs=1e-9) and hi == pytest.approx(centre + half, abs=1e-9)
    assert wilson(0, 0) == (None, None)


def test_fisher_matches_the_hypergeometric_sum():
    # [[15, 22], [156, 1405]]: sum the probabilities of tables no more likely than the observed one
    a, b, c, d = 15, 22, 156, 1405
    r1, c1, n = a + b, a + c, a + b + c + d

    def prob(x):
        return math.comb(c1, x) * math.comb(n - c1, r1 - x) / math.comb(n, r1)

    observed = prob(a)
    lo, hi = max(0, r1 + c1 - n), min(r1, c1)
    expected = sum(prob(x) for x in range(lo, hi + 1) if prob(x) <= observed * (1 + 1e-7))
    assert fisher_p(a, b, c, d) == pytest.approx(expected, rel=1e-6)
    assert fisher_p(0, 0, 1, 2) is None


def test_censoring_boundary_on_day_180(con):
    """A paper of 2026-03-31 implemented on day 180 (2026-09-27, noon): with the cut-off on that very
    morning the outcome is not known yet (censored); from the next day it is counted."""
    con.execute("INSERT INTO raw_papers VALUES ('2603.00001', 1, 't', 'a', ['a'], 'cs.LG', ['cs.LG'], ?, ?, NULL, NULL, NULL, [], [], 'test', '2026Q1')",
                [ts("2026-03-31"), ts("2026-03-31")])
    con.execute("INSERT INTO eligible_methods VALUES ('2603.00001', 't', ?, true, 'label', 1.0, [], 'hand', 'M', [], NULL, NULL, NULL, NULL, false, [], '2026Q1', [])",
                [ts("2026-03-31")])
    con.execute("INSERT INTO paper_inclusion VALUES ('2603.00001', 'verl', 'M', ?, '2026Q1', ?, '2026Q3', 'abc', 1, 'selectable algorithm', 180, true, false, NULL, 1, 'high', false, 'rules', NULL)",
                [ts("2026-03-31"), datetime(2026, 9, 27, 12, tzinfo=timezone.utc)])
    on_day_180 = cohort_metrics(con, datetime(2026, 9, 27, 6, tzinfo=timezone.utc)).filter(pl.col("quarter") == "2026Q1").row(0, named=True)
    assert (on_day_180["censored"], on_day_180["included_within_180d"], on_day_180["included_any"]) == (True, None, 0)
    next_day = cohort_metrics(con, datetime(2026, 9, 28, tzinfo=timezone.utc)).filter(pl.col("quarter") == "2026Q1").row(0, named=True)
    assert (next_day["censored"], next_day["included_within_180d"], next_day["included_any"]) == (False, 1, 1)
    s = {r["metric"]: r for r in study_summary(con, datetime(2026, 9, 27, 6, tzinfo=timezone.utc), StudyWindow(date(2025, 1, 1), date(2026, 6, 30))).to_dicts()}
    assert (s["included_within_180d_share"]["numerator"], s["included_within_180d_share"]["denominator"]) == (0, 0)
    s = {r["metric"]: r for r in study_summary(con, datetime(2026, 9, 28, tzinfo=timezone.utc), StudyWindow(date(2025, 1, 1), date(2026, 6, 30))).to_dicts()}
    assert (s["included_within_180d_share"]["numerator"], s["included_within_180d_share"]["denominator"]) == (1, 1)


def test_the_180_day_window_has_one_home():
    """Python, the metrics SQL and the checks all take the window from rl_inclusion.study (no literal 180 left)."""
    import re
    from pathlib import Path

    from rl_inclusion.storage import sql_dir
    from rl_inclusion.study import WINDOW_DAYS

    assert WINDOW_DAYS == 180
    for path in list((sql_dir() / "metrics").glob("*.sql")) + list((sql_dir() / "checks").glob("*.sql")):
        code = "\n".join(line.split("--")[0] for line in path.read_text().splitlines())
        assert not re.search(r"\b180\b", code), path.name
    pkg = Path(__file__).resolve().parents[1] / "rl_inclusion"
    for rel in ("linking/inclusion.py", "linking/labels.py", "metrics/__init__.py"):
        assert not re.search(r"[<=>]=?\s*180\b", (pkg / rel).read_text()), rel


def test_counts_corrected_for_the_measured_screening_error(con):
    """100 papers of 2025Q1 decided by the model, 30 flagged; the screener's measured error on 10 labelled papers
    is tpr 3/4, fpr 1/6 (as in test_screening_estimate): (0.30 - 1/6) / (3/4 - 1/6) x 100 = 22.857 eligible.
    One more paper decided by a label counts as labelled: 23.857. Code is known for 10 of the 30 flagged."""
    for i in range(101):
        pid = f"2501.{i:05d}"
        flagged, by_label = i < 30 or i == 100, i == 100
        con.execute("INSERT INTO raw_papers VALUES (?, 1, 't', 'a', ['a'], 'cs.LG', ['cs.LG'], ?, ?, NULL, NULL, NULL, [], [], 'test', '2025Q1')",
                    [pid, ts("2025-01-10"), ts("2025-01-10")])
        con.execute("INSERT INTO eligible_methods VALUES (?, 't', ?, ?, ?, 0.5, [], 'why', NULL, [], NULL, NULL, NULL, NULL, ?, [], '2025Q1', [])",
                    [pid, ts("2025-01-10"), flagged, "label" if by_label else "model", True if i < 10 else None])
    truth = [True, True, True, True, False, False, False, False, False, False]
    pred = [True, True, True, False, True, False, False, False, False, False]
    for i, (t, p) in enumerate(zip(truth, pred)):
        con.execute("INSERT INTO screening_error VALUES (?, ?, ?, NULL, 'bundled summary', 'bundled', 'learned')",
                    [f"2401.{i:05d}", t, p])
    row = cohort_metrics(con, ts("2026-10-31")).row(0, named=True)
    assert row["eligible"] == 31 and row["eligible_est"] == pytest.approx(23.857142857)
    assert row["eligible_est_low"] < row["eligible_est"] < row["eligible_est_high"]
    m = {r["metric"]: r for r in study_summary(con, ts("2026-10-31"), StudyWindow(date(2025, 1, 1), date(2026, 6, 30))).to_dicts()}
    assert m["eligible"]["value"] == 31 and m["eligible"]["estimate"] == pytest.approx(23.857142857)
    # code released: known (true) for 10 of the 31 eligible, none included: 10/10 over known values, 21 unknown
    assert (m["code_not_included"]["numerator"], m["code_not_included"]["denominator"], m["code_not_included"]["unknown"]) == (10, 10, 21)


def test_review_figures_by_hand(con):
    """The review figures of study_summary (issue 12 item 5): not-included papers 2502, 2505, 2605."""
    fill(con)
    # a pull request reporting a failure: in failure_threads_share, not in the issues-and-discussions figure
    con.execute("INSERT INTO issue_threads VALUES ('r#pull/4', 'verl', 'r', 4, 'pull', 't', 'b', 'open', NULL, [], ?, ?, "
                "NULL, NULL, 'u', 0, '[]', [], [], true, NULL, NULL, '2025Q3', NULL, NULL, NULL, NULL, NULL, NULL)", [ts("2025-07-01"), ts("2025-07-01")])
    review = "INSERT INTO paper_review VALUES (?, '2025Q1', ?, 1, 1, 0, 0, ?, 0, 0, ?, ?, 0, NULL, NULL)"
    con.execute(review, ["2502.00002", False, 0, 1, True])    # redirected
    con.execute(review, ["2505.00005", False, 1, 0, False])   # an implementation PR closed unmerged
    con.execute(review, ["2501.00001", True, 1, 1, True])     # included: counts in neither
    reviewed = ("INSERT INTO paper_thread_reviews VALUES (?, ?, 'verl', 'issue', ?, 'request', 'r', 'redirected', 'r', ?, "
                "'open', ?, NULL, NULL, NULL, NULL, NULL, '2025Q1')")
    con.execute(reviewed, ["2502.00002", "r#issue/1", ["arxiv_id"], True, ts("2025-03-01")])
    window = StudyWindow(date(2025, 1, 1), date(2026, 6, 30))
    m = {r["metric"]: r for r in study_summary(con, ts("2026-10-31"), window).to_dicts()}

    def nd(metric):
        return m[metric]["numerator"], m[metric]["denominator"], m[metric]["value"]

    assert nd("rejected_or_redirected") == (1, 3, 1 / 3)
    assert nd("unmerged_implementation_pr") == (1, 3, 1 / 3)
    # all threads since 2025-01-01: r#issue/1 (failure), r#issue/2, r#pull/4 (failure); without the pull: 1 of 2
    assert nd("failure_threads_share") == (2, 3, 2 / 3)
    assert nd("failure_issues_discussions_share") == (1, 2, 0.5)
    assert m["failure_issues_discussions_share"]["published_value"] == pytest.approx(48 / 7075)
    # a citing thread of a not-included paper whose commenters cannot be told apart: the value is unknown
    con.execute(reviewed, ["2505.00005", "r#issue/2", ["method_name"], False, ts("2025-06-01")])
    m = {r["metric"]: r for r in study_summary(con, ts("2026-10-31"), window).to_dicts()}
    assert nd("rejected_or_redirected") == (1, 3, None) and m["rejected_or_redirected"]["ci_low"] is None
    assert "1 of the 2 threads citing not-included papers" in m["rejected_or_redirected"]["description"]


def test_sensitivity_rescreens_with_the_runs_screening_config(con, tmp_path, monkeypatch):
    """The rules-only row reruns the rules with the run's screening configuration (the one eligible_methods
    used, StudySettings.screening_config), not a default one.  These placeholder texts train no policy with RL
    (rules score -4): the packaged threshold (3) keeps none of the six papers, a run whose threshold is -4 all."""
    import dagster as dg

    from rl_inclusion.defs.metrics import sensitivity as sensitivity_asset
    from rl_inclusion.defs.resources import StudySettings, Warehouse
    from rl_inclusion.metrics.sensitivity import screener_ids, sensitivity
    from rl_inclusion.screening import ScreeningConfig

    assert StudySettings(screener="rules").screening_config() == ScreeningConfig(screener="rules")
    fill(con)
    assert screener_ids(con, "rules") == []
    assert sorted(screener_ids(con, "rules", ScreeningConfig(screener="learned", rules_threshold=-4.0))) == sorted(
        p[0] for p in PAPERS)
    window = (date(2025, 1, 1), date(2026, 6, 30))
    rules_row = pl.col("setting") == "rules only"
    assert sensitivity(con, ts("2026-10-31"), *window).filter(rules_row)["eligible"].to_list() == [0]
    low = ScreeningConfig(screener="learned", rules_threshold=-4.0)
    assert sensitivity(con, ts("2026-10-31"), *window, screening=low).filter(rules_row)["eligible"].to_list() == [6]
    # the asset passes the run's configuration through
    con.execute("CHECKPOINT")
    db = con.execute("SELECT path FROM duckdb_databases() WHERE database_name = current_database()").fetchone()[0]
    con.close()
    monkeypatch.setattr(StudySettings, "screening_config", lambda self: low)
    res = {"warehouse": Warehouse(database=db), "study": StudySettings(cutoff="2026-10-31T00:00:00Z")}
    assert dg.materialize([sensitivity_asset], resources=res, instance=dg.DagsterInstance.ephemeral()).success
    import duckdb
    with duckdb.connect(db, read_only=True) as c:
        assert c.execute("SELECT eligible FROM sensitivity WHERE setting = 'rules only'").fetchall() == [(6,)]


def test_cohort_groups_in_one_group_by():
    """groups_by (cohort_metrics' per-quarter groups in one group_by) agrees with group_of on each quarter, in the
    order asked, an absent quarter empty.  A: one model-flagged paper, one rejected by the rules, one labelled
    eligible; B: one labelled eligible, one undecided (eligible NULL, counted in the total only)."""
    from rl_inclusion.metrics import group_of, groups_by
    from rl_inclusion.screening.estimate import Group

    df = pl.DataFrame({"quarter": ["A", "A", "A", "B", "B"], "eligible": [True, False, True, True, None],
                       "decision_source": ["model", "rules", "label", "label", "model"]})
    got = groups_by(df, "quarter", ["B", "C", "A"])
    assert got == [Group(flagged=0, total=1, labelled_eligible=1), Group(flagged=0, total=0, labelled_eligible=0),
                   Group(flagged=1, total=2, labelled_eligible=1)]
    assert got == [group_of(df.filter(pl.col("quarter") == q)) for q in ("B", "C", "A")]
