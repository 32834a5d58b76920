"""Assets ``issue_threads``, ``paper_threads``, ``paper_thread_reviews`` and ``paper_review``: thin
wrappers over ``rl_inclusion.sources.github`` and ``rl_inclusion.threads`` (``reviews.py``)."""


import json
from datetime import datetime, timezone

import dagster as dg
import polars as pl

from ..names import name_index
from ..partitions import labels_for_keys, quarterly_partitions
from ..storage import counts_by_quarter, counts_json, read_frame, replace_table
from .common import SINGLE_RUN, WRITER_POOL, check_count, primary_key_check, preview, run_quarters, table_metadata
from ..threads.issue_threads import CURSOR_SCHEMA, collect, hold_back, store
from .resources import GitHubResource, GitResource, StudySettings, Warehouse



@dg.asset(
    partitions_def=quarterly_partitions,
    backfill_policy=SINGLE_RUN,
    pool=WRITER_POOL,
    group_name="threads",
    kinds={"duckdb", "github"},
    deps=[dg.AssetDep("eligible_methods", partition_mapping=dg.AllPartitionMapping())],
    check_specs=[
        dg.AssetCheckSpec("primary_key_unique", asset="issue_threads"),
        dg.AssetCheckSpec("required_columns", asset="issue_threads"),
        dg.AssetCheckSpec("no_sharp_drop", asset="issue_threads",
                          description="no partition was refused because the source returned far fewer threads than stored"),
    ],
    metadata=table_metadata("issue_threads", ["thread_id"], partitioned=True),
    description="Issues, pull requests and discussions of the frameworks created in the quarter, with the papers "
                "they cite (arXiv ids, method names) and whether they report a training failure. Also replaces "
                "failure_error, the failure classifier's out-of-sample decisions on the labelled real threads.",
)
def issue_threads(context: dg.AssetExecutionContext, warehouse: Warehouse, github: GitHubResource, git: GitResource,
                  study: StudySettings):
    from ..threads import failure_error
    from ..threads.classify import classify_threads
    from ..threads.learned_failure import model_for

    quarters = run_quarters(context)
    closed = labels_for_keys(quarterly_partitions.get_partition_keys())  # every quarter that has ended
    source = github.thread_source()
    incremental = github.mode == "live"  # see rl_inclusion.threads.issue_threads
    with warehouse.writer() as con:
        eligible = read_frame(con, "SELECT * FROM eligible_methods")
        cursors = dict(con.execute("SELECT framework, updated_since FROM thread_cursors").fetchall())
    got = collect(source, git.frameworks(), cursors, incremental)
    classified = classify_threads(got.threads, name_index(eligible), model=model_for(study.failure_classifier))
    if incremental:
        df, cursor_rows, held_notes = hold_back(classified, got.fetches, closed, datetime.now(timezone.utc))
    else:
        df, cursor_rows, held_notes = classified.filter(pl.col("quarter").is_in(quarters)), pl.DataFrame(schema=CURSOR_SCHEMA), []
    error, error_origin = failure_error.load(study.failure_classifier)
    notes = got.notes + held_notes
    with warehouse.writer() as con:
        replace_table(con, "failure_error", error)
        refused = store(con, df, cursor_rows, got,
                        getattr(source, "label", "github"), incremental, quarters,
                        study.drop_guard_ratio, study.drop_guard_min_rows)
        pk = primary_key_check(con, "issue_threads", ["thread_id"])
        nulls = check_count(con, "issue_threads_missing_required", [quarters])
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "rows_by_quarter": json.dumps(counts_by_quarter(df), sort_keys=True),
        "training_failures": int(df["training_failure"].sum()) if df.height else 0,
        "failure_error": dg.MetadataValue.json({
            "origin": error_origin, "labelled_threads": error.height,
            "failures": int(error["training_failure"].sum()), "flagged": int(error["predicted"].sum()),
            "false_alarms": int((error["predicted"] & ~error["training_failure"]).sum())}),
        "quarantined": len(got.rejected),
        "citing_a_paper": int((df["cited_arxiv_ids"].list.len() + df["cited_method_names"].list.len() > 0).sum()) if df.height else 0,
        "requests": got.requests,
        "requests_per_1k_threads": got.requests_per_1k,
        "incremental": incremental,
        "incomplete_frameworks": ", ".join(got.incomplete) or "(none)",
        "rate_limit_budget": dg.MetadataValue.json(got.budget),
        "notes": dg.MetadataValue.md("\n".join(f"- {n}" for n in notes + list(refused.values())) or "(none)"),
        "preview": preview(df, ["thread_id", "created_at", "title", "cited_arxiv_ids", "cited_method_names", "training_failure", "failure_kind"]),
    })
    yield pk
    yield dg.AssetCheckResult(check_name="required_columns", passed=nulls == 0, metadata={"rows_missing_required": nulls})
    yield dg.AssetCheckResult(check_name="no_sharp_drop", passed=not refused,
                              metadata={"refused": dg.MetadataValue.json(refused)})


@dg.asset(
    backfill_policy=SINGLE_RUN,  # one run for a partition range (dg launch --partition-range)
    pool=WRITER_POOL,
    group_name="threads",
    kinds={"duckdb", "polars"},
    deps=["issue_threads", "eligible_methods"],
    check_specs=[dg.AssetCheckSpec("references_threads_and_papers", asset="paper_threads")],
    metadata=table_metadata("paper_threads", ["arxiv_id", "thread_id", "cited_by"]),
    description="Which thread cites which eligible paper, by arXiv id or by method name.",
)
def paper_threads(context: dg.AssetExecutionContext, warehouse: Warehouse):
    from ..threads.classify import link_threads

    with warehouse.writer() as con:
        threads = read_frame(con, "SELECT * FROM issue_threads")
        eligible = read_frame(con, "SELECT * FROM eligible_methods")
        df = link_threads(threads, eligible)
        replace_table(con, "paper_threads", df)
        orphans = check_count(con, "paper_threads_orphans")
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "papers_cited": df["arxiv_id"].n_unique() if df.height else 0,
        "by_kind": counts_json(df, "cited_by"),
    })
    yield dg.AssetCheckResult(check_name="references_threads_and_papers", passed=orphans == 0, metadata={"orphans": orphans})


@dg.asset(
    backfill_policy=SINGLE_RUN,
    pool=WRITER_POOL,
    group_name="threads",
    kinds={"duckdb", "polars"},
    deps=["paper_threads", "issue_threads"],
    check_specs=[dg.AssetCheckSpec("primary_key_unique", asset="paper_thread_reviews"),
                 dg.AssetCheckSpec("every_citation_judged", asset="paper_thread_reviews",
                                   description="one row for each (paper, thread) of paper_threads, none elsewhere")],
    metadata=table_metadata("paper_thread_reviews", ["arxiv_id", "thread_id"]),
    description="Role and outcome of each (paper, citing thread), with the rule that decided each and the days to a "
                "first maintainer response (NULL without author associations) and to a merge.",
)
def paper_thread_reviews(context: dg.AssetExecutionContext, warehouse: Warehouse):
    from ..threads.reviews import thread_reviews

    with warehouse.writer() as con:
        df = thread_reviews(read_frame(con, "SELECT * FROM paper_threads"),
                            read_frame(con, "SELECT * FROM issue_threads"))
        replace_table(con, "paper_thread_reviews", df)
        pk = primary_key_check(con, "paper_thread_reviews", ["arxiv_id", "thread_id"])
        unjudged = check_count(con, "paper_thread_reviews_unmatched")
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "by_role": counts_json(df, "role"),
        "by_outcome": counts_json(df, "outcome"),
        "without_association": int((~df["associations_known"]).sum()) if df.height else 0,
        "preview": preview(df, ["arxiv_id", "thread_id", "role", "outcome", "outcome_reason"]),
    })
    yield pk
    yield dg.AssetCheckResult(check_name="every_citation_judged", passed=unjudged == 0, metadata={"unmatched": unjudged})


@dg.asset(
    backfill_policy=SINGLE_RUN,
    pool=WRITER_POOL,
    group_name="threads",
    kinds={"duckdb", "polars"},
    deps=["paper_thread_reviews", "eligible_methods", "paper_inclusion"],
    check_specs=[dg.AssetCheckSpec("one_row_per_eligible_paper", asset="paper_review"),
                 dg.AssetCheckSpec("counts_add_up", asset="paper_review",
                                   description="threads by id <= by id or name; open <= not merged implementation PRs")],
    metadata=table_metadata("paper_review", ["arxiv_id"]),
    description="One row per eligible paper: citing threads by id and by id or name, requests, implementation pull "
                "requests merged and not merged, explicit rejections and redirections, first maintainer response.",
)
def paper_review(context: dg.AssetExecutionContext, warehouse: Warehouse, study: StudySettings):
    from ..threads.reviews import paper_review as compute

    with warehouse.writer() as con:
        df = compute(read_frame(con, "SELECT * FROM eligible_methods"), read_frame(con, "SELECT * FROM paper_inclusion"),
                     read_frame(con, "SELECT * FROM paper_thread_reviews"), study.cutoff_at())
        replace_table(con, "paper_review", df)
        missing = check_count(con, "paper_review_rows")
    bad = df.filter((pl.col("threads_by_id") > pl.col("threads_by_id_or_name"))
                    | (pl.col("implementation_prs_open") > pl.col("implementation_prs_not_merged"))).height
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "with_threads": int((df["threads_by_id_or_name"] > 0).sum()) if df.height else 0,
        "explicit_rejection_or_redirection": int(df["explicit_rejection_or_redirection"].sum()) if df.height else 0,
        "preview": preview(df, ["arxiv_id", "included", "threads_by_id_or_name", "requests", "implementation_prs_merged",
                                "implementation_prs_not_merged", "explicit_rejection_or_redirection"]),
    })
    yield dg.AssetCheckResult(check_name="one_row_per_eligible_paper", passed=missing == 0, metadata={"mismatched": missing})
    yield dg.AssetCheckResult(check_name="counts_add_up", passed=bad == 0, metadata={"bad_rows": bad})
