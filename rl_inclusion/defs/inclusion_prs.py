"""Asset ``inclusion_prs``: a thin wrapper over ``rl_inclusion.threads.inclusion_prs``."""

import dagster as dg
import polars as pl

from ..storage import read_frame, replace_table
from ..threads.inclusion_prs import build_inclusion_prs
from .common import SINGLE_RUN, WRITER_POOL, preview, primary_key_check, table_metadata
from .resources import Warehouse


@dg.asset(
    backfill_policy=SINGLE_RUN,  # one run for a partition range (dg launch --partition-range)
    pool=WRITER_POOL,
    group_name="threads",
    kinds={"duckdb", "polars"},
    deps=["paper_inclusion", "issue_threads", "raw_papers"],
    check_specs=[dg.AssetCheckSpec("primary_key_unique", asset="inclusion_prs")],
    metadata=table_metadata("inclusion_prs", ["arxiv_id", "framework"]),
    description="The pull request that brought each inclusion (by number, else by merge commit): opened and "
                "merged when, reviews, review comments and reviewers, whether a maintainer or an outside "
                "contributor wrote it, and whether an author of the paper did (conservative login match).",
)
def inclusion_prs(context: dg.AssetExecutionContext, warehouse: Warehouse):
    with warehouse.writer() as con:
        inclusion = read_frame(con, "SELECT arxiv_id, framework, first_sha, first_pr FROM paper_inclusion")
        threads = read_frame(con, "SELECT framework, kind, number, author, author_association, created_at, merged_at, "
                                  "merge_commit, reviews_json, n_reviews FROM issue_threads WHERE kind = 'pull'")
        papers = read_frame(con, "SELECT arxiv_id, authors FROM raw_papers")
        df = build_inclusion_prs(inclusion, threads, papers)
        replace_table(con, "inclusion_prs", df)
        pk = primary_key_check(con, "inclusion_prs", ["arxiv_id", "framework"])
    found = df.filter(pl.col("found_by").is_not_null())
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "with_pull_request": found.height,
        "median_days_to_merge": float(found["days_to_merge"].median()) if found.height and found["days_to_merge"].null_count() < found.height else None,
        "by_maintainers": int(found["author_is_maintainer"].sum() or 0),
        "association_unknown": int(found["author_is_maintainer"].is_null().sum()),
        "by_a_paper_author": int(found["paper_author_match"].sum() or 0),
        "preview": preview(df, ["arxiv_id", "framework", "pr_number", "found_by", "pr_author", "days_to_merge",
                                "n_reviews", "paper_author_match"]),
    })
    yield pk
