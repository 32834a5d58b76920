"""Assets ``issue_threads`` and ``paper_threads``: thin wrappers over
``rl_inclusion.sources.github`` and ``rl_inclusion.threads``."""


import json
from datetime import datetime, timezone

import dagster as dg
import polars as pl

from ..names import name_index
from ..partitions import labels_for_keys, quarterly_partitions
from ..storage import read_frame, replace_partitions, replace_table, upsert
from .common import SINGLE_RUN, WRITER_POOL, check_count, primary_key_check, table_metadata, counts_by_quarter, guard_drops, preview, run_quarters
from .resources import SourcesResource, Warehouse

QUARANTINE_SCHEMA = {"source": pl.Utf8, "entry_key": pl.Utf8, "framework": pl.Utf8, "reason": pl.Utf8, "raw": pl.Utf8}
CURSOR_SCHEMA = {"framework": pl.Utf8, "updated_since": pl.Datetime("us", "UTC"), "fetched_at": pl.Datetime("us", "UTC"),
                 "requests": pl.Int64, "threads": pl.Int64}


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
                "they cite (arXiv ids, method names) and whether they report a training failure.",
)
def issue_threads(context: dg.AssetExecutionContext, warehouse: Warehouse, sources: SourcesResource):
    from ..sources.git import load_frameworks
    from ..threads.classify import classify_threads

    quarters = run_quarters(context)
    closed = labels_for_keys(quarterly_partitions.get_partition_keys())  # every quarter that has ended
    source = sources.thread_source()
    # Live mode is incremental: each framework is asked only for threads updated since its cursor, and
    # every thread that comes back is stored (updated in place) whatever the run's partition range,
    # since an edit to a thread of any earlier quarter arrives in the same fetch.  A snapshot is read
    # whole and replaces the run's partitions.
    incremental = sources.mode == "live"
    with warehouse.writer() as con:
        eligible = read_frame(con, "SELECT * FROM eligible_methods")
        cursors = dict(con.execute("SELECT framework, updated_since FROM thread_cursors").fetchall())
    index = name_index(eligible)
    threads: list[dict] = []
    fetches: dict[str, object] = {}
    notes, requests, incomplete, budget, rejected = [], 0, [], {}, {}
    frameworks = load_frameworks(sources.frameworks_path())
    for fw in frameworks:
        since = cursors.get(fw.name) if incremental else None
        fetched = source.fetch(fw.name, fw.repo, since, aliases=fw.aliases)
        fetches[fw.name] = fetched
        requests += fetched.requests
        notes += [f"{fw.name}: {n}" for n in fetched.notes]
        threads += fetched.threads
        for r in getattr(fetched, "rejected", []):
            rejected.setdefault(r["entry_key"], {"framework": r.get("framework"), **r})
        if not fetched.complete:
            incomplete.append(fw.name)
        if fetched.budget_remaining is not None:
            budget[fw.name] = f"{fetched.budget_remaining}/{fetched.budget_limit}"
    for r in getattr(source, "unmatched", lambda _: [])(frameworks):  # a repository no framework claims
        rejected.setdefault(r["entry_key"], r)
    classified = classify_threads(threads, index)
    cursor_rows = []
    if incremental:
        # Threads of the quarter still open are not stored yet (it is no partition); the cursor must
        # not pass them, or they would never be asked for again.
        df = classified.filter(pl.col("quarter").is_in(closed))
        held = classified.filter(~pl.col("quarter").is_in(closed)).group_by("framework").agg(
            pl.col("updated_at").min().alias("oldest_held"))
        oldest_held = dict(held.rows())
        for name, fetched in fetches.items():
            # The source's cursor is safe after a partial fetch too: it never passes what was read.
            if fetched.max_updated_at is None:
                continue
            cursor = fetched.max_updated_at
            if name in oldest_held:
                cursor = min(cursor, oldest_held[name])
                notes.append(f"{name}: {classified.filter((pl.col('framework') == name) & ~pl.col('quarter').is_in(closed)).height} "
                             f"thread(s) of the open quarter held back; cursor kept at {cursor:%Y-%m-%d %H:%M}")
            cursor_rows.append({"framework": name, "updated_since": cursor, "fetched_at": datetime.now(timezone.utc),
                                "requests": fetched.requests, "threads": len(fetched.threads)})
    else:
        df = classified.filter(pl.col("quarter").is_in(quarters))
    with warehouse.writer() as con:
        if incremental:
            upsert(con, "issue_threads", df, ["thread_id"])
            refused: dict[str, str] = {}
        else:
            ok, refused = guard_drops(con, "issue_threads", counts_by_quarter(df), quarters,
                                      sources.drop_guard_ratio, sources.drop_guard_min_rows)
            replace_partitions(con, "issue_threads", df.filter(pl.col("quarter").is_in(ok)), ok)
        if cursor_rows:
            upsert(con, "thread_cursors", pl.DataFrame(cursor_rows, schema=CURSOR_SCHEMA), ["framework"])
        source_label = getattr(source, "label", "github")
        qdf = pl.DataFrame([{"source": source_label, **r} for r in rejected.values()], schema=QUARANTINE_SCHEMA)
        if incremental:
            upsert(con, "issue_threads_quarantine", qdf, ["source", "entry_key"])
        else:  # a snapshot is read whole: its quarantine is replaced whole
            replace_partitions(con, "issue_threads_quarantine", qdf, [source_label], partition_column="source")
        pk = primary_key_check(con, "issue_threads", ["thread_id"])
        nulls = check_count(con, "issue_threads_missing_required", [quarters])
    per_1k = round(1000 * requests / len(threads), 2) if threads else 0.0
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "rows_by_quarter": json.dumps(counts_by_quarter(df), sort_keys=True),
        "training_failures": int(df["training_failure"].sum()) if df.height else 0,
        "quarantined": len(rejected),
        "citing_a_paper": int((df["cited_arxiv_ids"].list.len() + df["cited_method_names"].list.len() > 0).sum()) if df.height else 0,
        "requests": requests,
        "requests_per_1k_threads": per_1k,
        "incremental": incremental,
        "incomplete_frameworks": ", ".join(incomplete) or "(none)",
        "rate_limit_budget": dg.MetadataValue.json(budget),
        "notes": dg.MetadataValue.md("\n".join(f"- {n}" for n in notes + list(refused.values())) or "(none)"),
        "preview": preview(df, ["thread_id", "created_at", "title", "cited_arxiv_ids", "cited_method_names", "training_failure", "failure_kind"]),
    })
    yield pk
    yield dg.AssetCheckResult(check_name="required_columns", passed=nulls == 0, metadata={"rows_missing_required": nulls})
    yield dg.AssetCheckResult(check_name="no_sharp_drop", passed=not refused,
                              metadata={"refused": dg.MetadataValue.json(refused)})


@dg.asset(
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
        "by_kind": json.dumps(dict(df.group_by("cited_by").len().rows()) if df.height else {}, sort_keys=True),
    })
    yield dg.AssetCheckResult(check_name="references_threads_and_papers", passed=orphans == 0, metadata={"orphans": orphans})
