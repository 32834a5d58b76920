"""Asset ``inclusion_paths``: a thin wrapper over ``rl_inclusion.paths``."""

import dagster as dg

from ..paths import build_inclusion_paths
from ..storage import replace_table
from .common import SINGLE_RUN, WRITER_POOL, preview, primary_key_check, table_metadata
from .resources import Warehouse


@dg.asset(
    backfill_policy=SINGLE_RUN,  # one run for a partition range (dg launch --partition-range)
    pool=WRITER_POOL,
    group_name="paths",
    kinds={"duckdb", "git"},
    deps=["eligible_methods", "framework_events", "paper_inclusion", "contribution_rules", "issue_threads",
          "paper_threads"],
    check_specs=[dg.AssetCheckSpec("primary_key_unique", asset="inclusion_paths")],
    metadata=table_metadata("inclusion_paths", ["arxiv_id", "framework"]),
    description="For every eligible paper no framework includes, per framework: the nearest included method of the "
                "same modification type, where it lives, the pull request that added it (size from git, days to "
                "merge), what the framework asks of contributors, and the open requests and unmerged pull requests "
                "citing the paper. `rl-inclusion path METHOD` shows the same for any paper.",
)
def inclusion_paths(context: dg.AssetExecutionContext, warehouse: Warehouse):
    with warehouse.writer() as con:
        df = build_inclusion_paths(con)
        replace_table(con, "inclusion_paths", df)
        pk = primary_key_check(con, "inclusion_paths", ["arxiv_id", "framework"])
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "papers": df["arxiv_id"].n_unique() if df.height else 0,
        "with_a_sibling": int(df["sibling_arxiv_id"].is_not_null().sum()) if df.height else 0,
        "preview": preview(df.sort("demand_threads", "arxiv_id", "framework", descending=[True, False, False])
                           if df.height else df,
                           ["arxiv_id", "framework", "method_name", "demand_threads", "sibling_method", "sibling_path",
                            "sibling_pr", "pr_lines_added", "pr_days_to_merge"], 20),
    })
    yield pk
