"""The whole Definitions object loads, and its shape is what the UI shows."""

import dagster as dg

from rl_inclusion.definitions import defs


def test_asset_keys_groups_and_partitions():
    repo = defs.get_repository_def()
    graph = repo.asset_graph
    keys = sorted(k.to_user_string() for k in graph.get_all_asset_keys())
    assert keys == ["cohort_metrics", "contribution_rules", "eligible_methods", "equal_followup", "framework_events",
                    "implementation_quarters", "inclusion_paths", "inclusion_prs", "issue_threads", "paper_inclusion",
                    "paper_review", "paper_thread_reviews", "paper_threads", "raw_papers", "sensitivity", "study_report",
                    "study_summary", "time_to_inclusion"]
    partitioned = sorted(k.to_user_string() for k in graph.get_all_asset_keys() if graph.get(k).partitions_def)
    assert partitioned == ["contribution_rules", "eligible_methods", "issue_threads", "raw_papers"]
    groups = {k.to_user_string(): graph.get(k).group_name for k in graph.get_all_asset_keys()}
    assert groups["raw_papers"] == "papers" and groups["framework_events"] == "frameworks"
    assert groups["issue_threads"] == "threads" and groups["cohort_metrics"] == "metrics"
    # lineage
    parents = {k.to_user_string(): sorted(p.to_user_string() for p in graph.get(k).parent_keys) for k in graph.get_all_asset_keys()}
    assert parents["eligible_methods"] == ["raw_papers"]
    assert parents["paper_inclusion"] == ["eligible_methods", "framework_events"]
    assert parents["cohort_metrics"] == ["eligible_methods", "issue_threads", "paper_inclusion", "paper_threads", "raw_papers"]
    assert parents["inclusion_paths"] == ["contribution_rules", "eligible_methods", "framework_events", "issue_threads",
                                          "paper_inclusion", "paper_threads"]
    assert parents["time_to_inclusion"] == ["eligible_methods", "framework_events", "paper_inclusion"]
    assert parents["study_report"] == ["cohort_metrics", "contribution_rules", "equal_followup", "implementation_quarters",
                                       "inclusion_paths", "paper_inclusion", "paper_review", "paper_thread_reviews",
                                       "sensitivity", "study_summary", "time_to_inclusion"]
    assert parents["paper_thread_reviews"] == ["issue_threads", "paper_threads"]
    assert parents["paper_review"] == ["eligible_methods", "paper_inclusion", "paper_thread_reviews"]
    assert parents["study_summary"] == ["eligible_methods", "issue_threads", "paper_inclusion", "paper_review",
                                        "paper_threads", "raw_papers"]


def test_checks_job_and_schedule():
    repo = defs.get_repository_def()
    checks = sorted(f"{k.asset_key.to_user_string()}.{k.name}" for k in repo.asset_graph.asset_check_keys)
    assert "raw_papers.rows_match_announced" in checks and "paper_inclusion.lag_consistent" in checks
    assert "raw_papers.no_sharp_drop" in checks and "issue_threads.no_sharp_drop" in checks
    assert "paper_thread_reviews.every_citation_judged" in checks and "paper_review.one_row_per_eligible_paper" in checks
    job = defs.resolve_job_def("rl_inclusion_main")
    assert job.partitions_def is not None
    (schedule,) = list(defs.schedules)
    assert schedule.name == "quarterly_refresh" and schedule.cron_schedule == "0 0 1 */3 *"
    assert schedule.execution_timezone == "UTC"


def test_writers_share_one_pool():
    repo = defs.get_repository_def()
    pools = {k.to_user_string(): repo.asset_graph.get(k).pools for k in repo.asset_graph.get_all_asset_keys()}
    writers = {k for k, v in pools.items() if v}
    assert writers == {"cohort_metrics", "contribution_rules", "eligible_methods", "framework_events", "issue_threads",
                       "paper_inclusion", "paper_threads", "raw_papers", "study_report", "study_summary",
                       "paper_thread_reviews", "paper_review", "implementation_quarters", "time_to_inclusion", "equal_followup",
                       "sensitivity", "inclusion_paths", "inclusion_prs"}
    assert all(v == {"duckdb_writer"} for k, v in pools.items() if v)


def test_every_table_asset_carries_its_column_schema_from_the_ddl():
    import dagster as dg

    from rl_inclusion.definitions import defs
    from rl_inclusion.export import table_columns

    tables = 0
    for spec in defs.resolve_all_asset_specs():
        table = spec.metadata.get("dagster/table_name")
        if not table:
            continue
        tables += 1
        schema = spec.metadata["dagster/column_schema"]
        assert isinstance(schema, dg.TableSchema)
        assert [c.name for c in schema.columns] == [c[0] for c in table_columns(table)], table
    assert tables == 17  # every asset but study_report (files, not a table)


def test_modification_types_and_the_study_window_have_one_home():
    from rl_inclusion.defs.resources import StudySettings
    from rl_inclusion.metrics import StudyWindow
    from rl_inclusion.screening import features, labels

    assert labels.MODIFICATION_TYPES is features.ALL_MODIFICATION_TYPES
    assert len(features.ALL_MODIFICATION_TYPES) == 5 and features.ALL_MODIFICATION_TYPES[-1] == "other"
    assert StudySettings().window() == StudyWindow()


def test_dg_check_defs_loads_the_project():
    """The project also works with Dagster's `dg` tooling ([tool.dg] in pyproject.toml)."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    dg_cli = Path(sys.executable).with_name("dg")
    assert dg_cli.exists() or shutil.which("dg"), "dagster-dg-cli is a test dependency: pip install -e '.[test]'"
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run([str(dg_cli) if dg_cli.exists() else "dg", "check", "defs"], cwd=root,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "All definitions loaded successfully" in proc.stdout + proc.stderr


def test_one_typed_resource_per_source_system(tmp_path):
    import pytest

    from rl_inclusion.defs.resources import default_resources
    from rl_inclusion.errors import ConfigError
    from rl_inclusion.sources.arxiv import LiveArxivSource, SnapshotPaperSource
    from rl_inclusion.sources.github import SnapshotThreadSource

    res = default_resources(tmp_path / "x.duckdb", cache_dir=str(tmp_path / "c"), screener="rules")
    assert sorted(res) == ["arxiv", "git", "github", "study", "warehouse"]
    assert isinstance(res["arxiv"].paper_source(), SnapshotPaperSource) and res["arxiv"].paper_source().checkpoint is None
    assert isinstance(res["github"].thread_source(), SnapshotThreadSource)
    assert [f.name for f in res["git"].frameworks()] == ["verl", "TRL", "OpenRLHF", "NeMo-RL", "ROLL", "slime", "AReaL"]
    assert res["study"].screener == "rules" and res["git"].cache_path() == (tmp_path / "c").resolve()
    live = default_resources(tmp_path / "x.duckdb", source="live", arxiv_page_size=500)
    assert {r.source for k, r in live.items() if k != "warehouse"} == {"live"}
    assert isinstance(live["arxiv"].paper_source(), LiveArxivSource)
    with pytest.raises(ConfigError, match=r"unknown settings \['cachedir'\]"):
        default_resources(tmp_path / "x.duckdb", cachedir="c")


def test_no_module_over_500_lines_and_no_private_arxiv_import():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "rl_inclusion"
    sizes = {str(p.relative_to(root)): len(p.read_text().splitlines()) for p in root.rglob("*.py")}
    assert {p: n for p, n in sizes.items() if n > 500} == {}
    private = re.compile(r"^\s*(?:from arxiv import _|from arxiv\._|import arxiv\._)|\barxiv\._\w+\(", re.M)
    assert [p for p in root.rglob("*.py") if private.search(p.read_text())] == []
