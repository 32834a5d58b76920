"""Assets ``raw_papers`` and ``eligible_methods``: thin wrappers over
``rl_inclusion.sources`` and ``rl_inclusion.screening``."""


import json

import dagster as dg
import polars as pl

from ..partitions import quarterly_partitions
from ..raw_papers import clear_checkpoints, collect, store
from ..storage import counts_by_quarter, counts_json, read_frame, replace_partitions, replace_table
from .common import SINGLE_RUN, WRITER_POOL, check_count, check_sql, primary_key_check, preview, run_quarters, table_metadata
from .resources import ArxivResource, StudySettings, Warehouse

RAW_PAPERS_CHECKS = [
    dg.AssetCheckSpec("primary_key_unique", asset="raw_papers", description="one row per base arXiv id"),
    dg.AssetCheckSpec("required_columns", asset="raw_papers", description="id, title, dates, categories present"),
    dg.AssetCheckSpec("rows_match_announced", asset="raw_papers",
                      description="in every quarter the source delivered as many entries as it announced (a feed "
                                  "whose total changed or was cut short fails); the metadata breaks the entries "
                                  "down into stored, quarantined and collapsed duplicates"),
    dg.AssetCheckSpec("no_sharp_drop", asset="raw_papers",
                      description="no partition was refused because the source returned far fewer rows than stored"),
]


@dg.asset(
    partitions_def=quarterly_partitions,
    backfill_policy=SINGLE_RUN,
    pool=WRITER_POOL,
    group_name="papers",
    kinds={"duckdb", "arxiv"},
    check_specs=RAW_PAPERS_CHECKS,
    metadata=table_metadata("raw_papers", ["arxiv_id"], partitioned=True),
    description="arXiv entries first submitted in the quarter (latest version kept), from the snapshot or the "
                "live API; bad entries go to raw_papers_quarantine with the reason.",
)
def raw_papers(context: dg.AssetExecutionContext, warehouse: Warehouse, arxiv: ArxivResource, study: StudySettings):
    source = arxiv.paper_source(warehouse.database)
    quarters = run_quarters(context)
    got = collect(source, quarters)
    for q, (n_rows, n_bad) in got.per_quarter.items():
        context.log.info(f"raw_papers {q}: {n_rows} entries read, {n_bad} quarantined")
    with warehouse.writer() as con:
        st = store(con, got, quarters, study.drop_guard_ratio, study.drop_guard_min_rows)
        clear_checkpoints(source, st.written_quarters)
        pk = primary_key_check(con, "raw_papers", ["arxiv_id"])
        nulls = check_count(con, "raw_papers_missing_required", [quarters])
    df_write = st.written
    yield dg.MaterializeResult(
        metadata={
            "dagster/row_count": df_write.height,
            "rows_by_quarter": json.dumps(counts_by_quarter(df_write), sort_keys=True),
            "quarantined": len(got.quarantine),
            "duplicates_collapsed": st.duplicates_collapsed,
            "stored_under_other_quarter": st.moved.height,
            "outside_window": st.outside.height,
            "announced_total": got.announced,
            "received": got.received,
            "requests": got.requests,
            "retries": got.retries,
            "resumed_windows": got.resumed_windows,
            "queries": dg.MetadataValue.md("\n".join(f"- `{q}`" for q in got.queries) or "(none)"),
            "source": source.label,
            "notes": dg.MetadataValue.md("\n".join(f"- {n}" for n in got.notes + list(st.refused.values())) or "(none)"),
            "preview": preview(df_write, ["arxiv_id", "version", "title", "published", "quarter", "code_urls"]),
        }
    )
    yield pk
    yield dg.AssetCheckResult(check_name="required_columns", passed=nulls == 0, metadata={"rows_missing_required": nulls})
    yield dg.AssetCheckResult(
        check_name="rows_match_announced",
        passed=not got.short,
        metadata={"announced": got.announced, "received": got.received,
                  "short_quarters": ", ".join(got.short) or "(none)", "stored": st.kept.height,
                  "quarantined": len(got.quarantine), "duplicates_collapsed": st.duplicates_collapsed,
                  "stored_under_other_quarter": st.moved.height},
    )
    yield dg.AssetCheckResult(check_name="no_sharp_drop", passed=not st.refused,
                              metadata={"refused": dg.MetadataValue.json(st.refused)})


ELIGIBLE_CHECKS = [
    dg.AssetCheckSpec("primary_key_unique", asset="eligible_methods", description="one decision per paper"),
    dg.AssetCheckSpec("references_raw_papers", asset="eligible_methods", description="every decision is about a stored paper"),
    dg.AssetCheckSpec("decisions_explained", asset="eligible_methods",
                      description="every decision names its source (label, rules or model) and its reason"),
    dg.AssetCheckSpec("eligible_have_method_name", asset="eligible_methods",
                      description="eligible papers whose method name was not found cannot be matched by name in "
                                  "code or threads (only by arXiv id): a reviewer should add it to the labels file"),
]


@dg.asset(
    partitions_def=quarterly_partitions,
    backfill_policy=SINGLE_RUN,
    pool=WRITER_POOL,
    group_name="papers",
    kinds={"duckdb", "polars"},
    deps=["raw_papers"],
    check_specs=ELIGIBLE_CHECKS,
    metadata=table_metadata("eligible_methods", ["arxiv_id"], partitioned=True),
    description="The screening decision for every paper of the quarter (human label, rules or model, with the "
                "rules that fired and the reason) and the method's features: name and aliases, largest policy, "
                "kind of modification, released code (each null when unknown). Also replaces screening_error, the "
                "screener's out-of-sample decisions on its labelled papers. The metadata says which texts the "
                "learned screener trained on (as the source delivered them, or bundled summaries) and how many.",
)
def eligible_methods(context: dg.AssetExecutionContext, warehouse: Warehouse, study: StudySettings):
    from ..screening import error_summary, labelled_ids, load_labels, screen_run

    quarters = run_quarters(context)
    labels_path = study.labels_path()
    labels = load_labels(labels_path) if labels_path else None
    config = study.screening_config()
    with warehouse.writer() as con:
        papers = read_frame(con, "SELECT * FROM raw_papers WHERE quarter IN (SELECT unnest(?::VARCHAR[]))", [quarters])
        # The labelled papers' texts as this source delivered them, whatever their quarter.
        source_texts = read_frame(con, "SELECT arxiv_id, title, abstract, comment FROM raw_papers "
                                       "WHERE arxiv_id IN (SELECT unnest(?::VARCHAR[]))", [labelled_ids(labels, config)])
        run = screen_run(papers, labels, config, source_texts, measure_error=True)
        df = run.frame
        replace_partitions(con, "eligible_methods", df, quarters)
        replace_table(con, "screening_error", run.error if run.error is not None else pl.DataFrame())
        pk = primary_key_check(con, "eligible_methods", ["arxiv_id"])
        orphans = check_count(con, "eligible_methods_orphans")
        unexplained = check_count(con, "eligible_methods_unexplained", [quarters])
        unnamed = [r[0] for r in check_sql(con, "eligible_methods_unnamed", [quarters])]
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "eligible": int(df["eligible"].sum()) if df.height else 0,
        "decisions_by_source": counts_json(df, "decision_source"),
        "labels_file": str(labels_path) if labels_path else "(none)",
        "screener": study.screener,
        "training_papers": run.training.get("papers", 0),
        "training_texts": json.dumps(run.training.get("texts", {}), sort_keys=True),
        "measured_error": json.dumps(error_summary(run.error), sort_keys=True),
        "preview": preview(df.filter(pl.col("eligible")) if df.height else df,
                           ["arxiv_id", "method_name", "max_policy_params_b", "modification_type", "code_released", "reason"]),
    })
    yield pk
    yield dg.AssetCheckResult(check_name="references_raw_papers", passed=orphans == 0, metadata={"orphans": orphans})
    yield dg.AssetCheckResult(check_name="decisions_explained", passed=unexplained == 0, metadata={"unexplained": unexplained})
    yield dg.AssetCheckResult(check_name="eligible_have_method_name", passed=not unnamed,
                              severity=dg.AssetCheckSeverity.WARN,
                              metadata={"unnamed": len(unnamed), "arxiv_ids": ", ".join(unnamed[:50]) or "(none)"})
