"""The whole graph, in-process, on the embedded demo: every table filled, the
quarters present, the figures equal to the ones worked out by hand from the
demo data (rl_inclusion/demo/EXPECTED.md), and a rerun changes nothing."""

from datetime import date

import dagster as dg
import pytest

from rl_inclusion.definitions import ASSETS
from rl_inclusion.defs.resources import default_resources
from rl_inclusion.storage import connect, row_counts

QUARTERS = ["2025Q1", "2025Q2", "2025Q3", "2025Q4", "2026Q1", "2026Q2", "2026Q3"]
RANGE = {"dagster/asset_partition_range_start": "2025-01-01", "dagster/asset_partition_range_end": "2026-07-01"}


def run(tmp, **tags):
    res = default_resources(tmp / "demo.duckdb", cache_dir=str(tmp / "cache"), reports_dir=str(tmp / "reports"))
    result = dg.materialize(ASSETS, resources=res, tags=tags or RANGE, instance=dg.DagsterInstance.ephemeral())
    assert result.success
    return result


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("demo")
    result = run(tmp)
    con_cm = connect(tmp / "demo.duckdb", read_only=True)
    with con_cm as con:
        counts = row_counts(con)
    return tmp, result, counts


def q(tmp, sql, params=None):
    with connect(tmp / "demo.duckdb", read_only=True) as con:
        return con.execute(sql, params or []).fetchall()


def test_every_table_has_rows_and_every_quarter(demo):
    tmp, result, counts = demo
    # clean input, no live cursor; the demo histories carry no low-confidence-only pair
    empty_by_design = {"raw_papers_quarantine", "issue_threads_quarantine", "thread_cursors", "arxiv_fetch_windows",
                       "inclusion_review"}
    assert {t for t, n in counts.items() if n == 0} <= empty_by_design
    for table in ("raw_papers", "eligible_methods", "issue_threads"):
        assert [r[0] for r in q(tmp, f"SELECT DISTINCT quarter FROM {table} ORDER BY 1")] == QUARTERS
    assert counts["raw_papers"] == 42 and counts["eligible_methods"] == 42 and counts["issue_threads"] == 48
    failed = [f"{e.asset_key.to_user_string()}.{e.check_name}" for e in result.get_asset_check_evaluations() if not e.passed]
    assert failed == []


def test_inclusions_match_the_hand_worked_truth(demo):
    tmp, _, counts = demo
    assert counts["paper_inclusion"] == 33
    assert q(tmp, "SELECT count(DISTINCT arxiv_id) FROM paper_inclusion") == [(19,)]
    assert dict(q(tmp, "SELECT integration_level, count(*) FROM paper_inclusion GROUP BY 1")) == {
        "default": 3, "selectable algorithm": 16, "configuration option": 10, "experimental": 1, "example": 3}
    # GiGPO reached AReaL as its default 257 days after publication; Clip-Cov left OpenRLHF again.
    assert q(tmp, "SELECT integration_level, lag_days, within_180_days, first_pr FROM paper_inclusion "
                  "WHERE arxiv_id = '2505.10978' AND framework = 'AReaL'") == [("default", 257, False, 700)]
    assert q(tmp, "SELECT removed FROM paper_inclusion WHERE arxiv_id = '2505.22617' AND framework = 'OpenRLHF'") == [(True,)]
    assert q(tmp, "SELECT arxiv_id, framework FROM paper_mentions") == [("2506.01939", "verl")]
    # Not-eligible papers named in code never become inclusions.
    assert q(tmp, "SELECT count(*) FROM paper_inclusion WHERE arxiv_id IN ('2501.12948', '2506.13585', '2505.24298')") == [(0,)]


def test_cohort_metrics_by_hand(demo):
    tmp, _, _ = demo
    rows = q(tmp, "SELECT quarter, papers_screened, eligible, included_any, included_within_180d, median_lag_days, "
                  "first_implementations, censored FROM cohort_metrics ORDER BY quarter")
    assert rows == [
        ("2025Q1", 9, 4, 3, 3, 4.0, 2, False),     # lags 4, 2, 6
        ("2025Q2", 14, 8, 7, 6, 14.0, 6, False),   # VAPO at 227 days misses the window
        ("2025Q3", 5, 2, 2, 2, 14.5, 3, False),    # GSPO 6, GMPO 23
        ("2025Q4", 4, 2, 2, 2, 16.0, 3, False),    # CAPO 27, SAPO 5
        ("2026Q1", 4, 4, 3, 3, 11.0, 3, False),    # closes 2026-03-31 + 180 d = 2026-09-27 < cut-off
        ("2026Q2", 4, 4, 1, None, 16.0, 0, True),  # 2026-06-30 + 180 d is after the 2026-10-31 cut-off
        ("2026Q3", 2, 1, 1, None, 29.0, 2, True),
    ]
    assert q(tmp, "SELECT DISTINCT cutoff FROM cohort_metrics") == [(date(2026, 10, 31),)]


def test_study_summary_by_hand(demo):
    tmp, _, _ = demo
    m = {r[0]: r[1:] for r in q(tmp, "SELECT metric, numerator, denominator FROM study_summary")}
    # window 2025-01-01 .. 2026-06-30: 40 papers (2026Q3's two are outside), 24 eligible, 18 included
    assert m["papers_screened"][0] == 40 and m["eligible"][0] == 24
    assert m["included_share"] == (18, 24)
    # 180-day share only over windows closed before the 2026-10-31 cut-off (published before 2026-05-04):
    # Listwise PO (2026-05-07), WAPO and ZPPO (June) are left out, included or not, so 21 papers count;
    # 16 of them were included within 180 days (the 18 included minus WAPO, minus VAPO at 227 days)
    assert m["included_within_180d_share"] == (16, 21)
    assert m["policy_30b_included"] == (4, 18)        # DAPO, VAPO, Clip-Cov 32B; GSPO 30B
    assert m["policy_30b_not_included"] == (1, 6)     # high-entropy minority tokens, 32B
    assert m["code_included"] == (10, 18) and m["code_not_included"] == (1, 6)
    # loss-level (reviewer's modification types): DAPO, Dr. GRPO, Clip-Cov, SAPO, MHPO, WAPO vs the 80/20 paper
    assert m["loss_level_included"] == (6, 18) and m["loss_level_not_included"] == (1, 6)
    assert m["no_thread_by_id"] == (5, 6)             # only Listwise Policy Optimization is cited (TRL #5300)
    assert m["no_thread_by_id_or_name"] == (5, 6)
    # threads opened in the window: slime #1100 (2026-09-02) is after it; the nine failure reports are inside
    assert m["failure_threads_share"] == (9, 47)


def test_threads_classified(demo):
    tmp, _, _ = demo
    assert q(tmp, "SELECT repo || '#' || number FROM issue_threads WHERE training_failure ORDER BY created_at") == [
        ("huggingface/trl#2600",), ("volcengine/verl#1120",), ("OpenRLHF/OpenRLHF#1005",), ("NVIDIA-NeMo/RL#700",),
        ("alibaba/ROLL#280",), ("THUDM/slime#295",), ("volcengine/verl#3510",), ("huggingface/trl#4480",),
        ("volcengine/verl#5210",)]  # the nine reports of EXPECTED.md; OOM, import, install, hang, config are not
    assert q(tmp, "SELECT cited_arxiv_ids, cited_method_names FROM issue_threads WHERE repo = 'volcengine/verl' AND number = 4100") == [
        (["2511.20347"], ["sapo", "gspo"])]  # in order of appearance
    # 8 eligible papers are cited by no thread at all
    assert q(tmp, "SELECT count(*) FROM eligible_methods e WHERE eligible AND NOT EXISTS "
                  "(SELECT 1 FROM paper_threads p WHERE p.arxiv_id = e.arxiv_id)") == [(8,)]


def test_report_written(demo):
    tmp, _, _ = demo
    html = (tmp / "reports" / "study.html").read_text()
    md = (tmp / "reports" / "study.md").read_text()
    assert html.count("data:image/png;base64,") == 4
    assert "18 / 24 = 75.0 %" in md and "| 2026Q2 | 4 | 4 | 1 | open | open |" in md


def test_rerun_changes_no_row_count(demo):
    tmp, _, counts = demo
    run(tmp)
    with connect(tmp / "demo.duckdb", read_only=True) as con:
        assert row_counts(con) == counts
    run(tmp, **{"dagster/asset_partition_range_start": "2025-07-01", "dagster/asset_partition_range_end": "2025-07-01"})
    with connect(tmp / "demo.duckdb", read_only=True) as con:
        assert row_counts(con) == counts


def test_lookup_by_name_link_and_errors(demo):
    from rl_inclusion.errors import RLInclusionError
    from rl_inclusion.lookup import lookup, render

    tmp, _, _ = demo
    with connect(tmp / "demo.duckdb", read_only=True) as con:
        (gspo,) = lookup(con, "gspo")
        assert gspo["arxiv_id"] == "2507.18071"
        assert [(i["framework"], i["integration_level"], i["lag_days"]) for i in gspo["inclusions"]] == [
            ("verl", "selectable algorithm", 6), ("TRL", "experimental", 12), ("slime", "selectable algorithm", 12),
            ("ROLL", "default", 27), ("NeMo-RL", "configuration option", 40), ("AReaL", "configuration option", 43)]
        assert len(gspo["threads"]) == 5
        (clip,) = lookup(con, "https://arxiv.org/abs/2505.22617v2")
        assert "later removed" in render([clip])
        (drgrpo,) = lookup(con, "dr_grpo")
        assert drgrpo["arxiv_id"] == "2503.20783"
        with pytest.raises(RLInclusionError, match="no screened paper is called"):
            lookup(con, "FooPO")
        with pytest.raises(RLInclusionError, match="not in the database"):
            lookup(con, "2412.00001")


def test_framework_summary_view(demo):
    tmp, _, _ = demo
    rows = q(tmp, "SELECT framework, inclusions, level_default, level_selectable, level_option, level_experimental, "
                  "level_example, removed, threads, failure_threads, contribution_asks FROM v_framework_summary")
    got = {r[0]: r[1:] for r in rows}
    assert got["verl"] == (9, 0, 7, 1, 0, 1, 0, 14, 3,
                           "tests, docs, linked issue, design discussion first, benchmark/convergence evidence")
    assert got["NeMo-RL"][-1] == "tests, benchmark/convergence evidence, DCO sign-off"
    assert got["ROLL"][-1] == "tests, docs, CLA"
    assert got["slime"][-1] == "nothing stated"
    assert sum(r[1] for r in rows) == 33 and sum(r[9] for r in rows) == 9


def test_exports_and_data_dictionary(demo, tmp_path):
    import polars as pl

    from rl_inclusion.export import export

    tmp, _, counts = demo
    with connect(tmp / "demo.duckdb", read_only=True) as con:
        written = export(con, tmp_path / "out", ["raw_papers", "paper_inclusion", "issue_threads"])
    assert written == {"raw_papers": 42, "paper_inclusion": 33, "issue_threads": 48}
    back = pl.read_parquet(tmp_path / "out" / "paper_inclusion.parquet")
    assert back.height == 33 and set(back["integration_level"]) == {
        "default", "selectable algorithm", "configuration option", "experimental", "example"}
    csv = pl.read_csv(tmp_path / "out" / "issue_threads.csv")
    assert csv.height == 48 and csv.filter(pl.col("number") == 4100)["cited_method_names"].to_list() == ["sapo|gspo"]
    dictionary = (tmp_path / "out" / "DATA_DICTIONARY.md").read_text()
    assert "## paper_inclusion" in dictionary and "| lag_days | INTEGER |" in dictionary
    assert "Primary key: (arxiv_id, framework)" in dictionary


def test_the_duckdb_shell_reads_the_file(demo):
    """`duckdb <db> -c "select * from cohort_metrics"` works after a run (the shell comes from duckdb-cli)."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    tmp, _, _ = demo
    exe = shutil.which("duckdb") or str(Path(sys.executable).parent / "duckdb")
    out = subprocess.run([exe, "-readonly", "-csv", str(tmp / "demo.duckdb"), "-c",
                          "select quarter, eligible from cohort_metrics order by quarter"],
                         capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["quarter,eligible", "2025Q1,4", "2025Q2,8", "2025Q3,2", "2025Q4,2", "2026Q1,4",
                                "2026Q2,4", "2026Q3,1"]


def test_readme_lookup_example_is_what_the_demo_prints(demo):
    """The README's `rl-inclusion lookup GSPO` lines are the demo's real output (commit hashes included)."""
    from pathlib import Path

    from rl_inclusion.lookup import lookup, render

    tmp, _, _ = demo
    with connect(tmp / "demo.duckdb", read_only=True) as con:
        printed = render(lookup(con, "GSPO")).splitlines()
    readme = (Path(__file__).parent.parent / "README.md").read_text().splitlines()
    shown = [line for line in readme if line.startswith("  in ") and "PR #" in line]
    assert shown and all(line in printed for line in shown)


def test_review_queue(demo, capsys):
    from pathlib import Path

    from rl_inclusion.cli import main

    tmp, _, _ = demo
    db = str(tmp / "demo.duckdb")
    assert main(["review-queue", "--db", db, "--limit", "3"]) == 0
    out = capsys.readouterr().out
    assert "shape: (3, 5)" in out and "uncertainty" in out
    labels = str(Path(__file__).parent.parent / "rl_inclusion" / "demo" / "labels.csv")
    assert main(["review-queue", "--db", db, "--labels", labels]) == 0
    assert "every paper is labelled" in capsys.readouterr().out


def test_lookup_by_title_by_a_screened_out_name_and_did_you_mean(demo):
    from rl_inclusion.errors import RLInclusionError
    from rl_inclusion.lookup import resolve

    tmp, _, _ = demo
    with connect(tmp / "demo.duckdb", read_only=True) as con:
        assert resolve(con, "Group Sequence Policy Optimization") == ["2507.18071"]   # a title
        assert resolve(con, "DeepSeek-R1") == ["2501.12948"]                         # screened out, found by title
        with pytest.raises(RLInclusionError, match="did you mean 'GSPO'"):
            resolve(con, "GPSO")


def test_sql_and_lookup_formats(demo, capsys):
    import json

    from rl_inclusion.cli import main

    tmp, _, _ = demo
    db = str(tmp / "demo.duckdb")
    assert main(["sql", "select arxiv_id, framework, lag_days from paper_inclusion where arxiv_id = '2507.18071' "
                 "and framework in ('verl', 'TRL') order by framework", "--db", db, "--format", "csv"]) == 0
    assert capsys.readouterr().out == "arxiv_id,framework,lag_days\n2507.18071,TRL,12\n2507.18071,verl,6\n"
    assert main(["lookup", "GSPO", "--db", db, "--format", "json"]) == 0
    papers = json.loads(capsys.readouterr().out)
    assert [(p["arxiv_id"], len(p["inclusions"])) for p in papers] == [("2507.18071", 6)]
    assert {i["framework"]: i["lag_days"] for i in papers[0]["inclusions"]}["verl"] == 6
