"""Assets ``raw_papers`` and ``eligible_methods``: thin wrappers over
``rl_inclusion.sources`` and ``rl_inclusion.screening``."""


import json

import dagster as dg
import polars as pl

from ..partitions import quarterly_partitions
from ..raw_papers import normalize, quarantine_frame, to_frame
from ..storage import read_frame, replace_partitions, upsert
from .common import SINGLE_RUN, WRITER_POOL, check_count, check_sql, primary_key_check, table_metadata, counts_by_quarter, guard_drops, preview, run_quarters, windows
from .resources import SourcesResource, Warehouse

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
def raw_papers(context: dg.AssetExecutionContext, warehouse: Warehouse, sources: SourcesResource):
    source = sources.paper_source(warehouse.database)
    quarters = run_quarters(context)
    rows: list[dict] = []
    bad: list[dict] = []
    received = announced = requests = retries = resumed = 0
    queries: list[str] = []
    notes: list[str] = []
    short: list[str] = []  # quarters whose source delivered fewer entries than it announced
    for q, start, end in windows(quarters):
        res = source.fetch(start, end)
        received += res.received
        announced += res.announced_total
        requests += res.requests
        retries += res.retries
        resumed += res.resumed_windows
        queries += res.queries
        notes += res.notes
        if not res.complete:
            short.append(f"{q}: {res.received} of {res.announced_total}")
        norm = normalize([(e.key, e.data, e.error, e.raw) for e in res.entries],
                         run_quarter=q if source.entries_belong_to_window else None, source=source.label)
        rows += norm.rows
        bad += norm.quarantine
        context.log.info(f"raw_papers {q}: {len(norm.rows)} entries read, {len(norm.quarantine)} quarantined")

    df = to_frame(rows)
    outside = df.filter(~pl.col("quarter").is_in(quarters))
    df = df.filter(pl.col("quarter").is_in(quarters))
    qdf = quarantine_frame(bad)
    with warehouse.writer() as con:
        # An id already stored under another quarter (a re-dated entry) lands once: keep the stored one.
        others = read_frame(con, "SELECT arxiv_id FROM raw_papers WHERE quarter NOT IN (SELECT unnest(?::VARCHAR[]))", [quarters])
        moved = df.join(others, on="arxiv_id", how="semi")
        df = df.join(others, on="arxiv_id", how="anti")
        ok_quarters, refused = guard_drops(con, "raw_papers", counts_by_quarter(df), quarters,
                                           sources.drop_guard_ratio, sources.drop_guard_min_rows)
        df_write = df.filter(pl.col("quarter").is_in(ok_quarters))
        replace_partitions(con, "raw_papers", df_write, ok_quarters)
        replace_partitions(con, "raw_papers_quarantine", qdf.filter(pl.col("quarter").is_in(ok_quarters)), ok_quarters)
        upsert(con, "raw_papers_quarantine", qdf.filter(pl.col("quarter") == "undated"), ["quarter", "entry_key"])
        # The quarters are stored: the next run asks the API afresh, not from the resume checkpoint.
        store = getattr(source, "checkpoint", None)
        if store is not None:
            for q, start, end in windows(ok_quarters):
                store.clear(source.query.fingerprint(), start, end)
        pk = primary_key_check(con, "raw_papers", ["arxiv_id"])
        nulls = check_count(con, "raw_papers_missing_required", [quarters])
    # Every entry received is a row or a quarantined record; rows then collapse by base id.
    collapsed = len(rows) - df.height - outside.height - moved.height
    yield dg.MaterializeResult(
        metadata={
            "dagster/row_count": df_write.height,
            "rows_by_quarter": json.dumps(counts_by_quarter(df_write), sort_keys=True),
            "quarantined": len(bad),
            "duplicates_collapsed": collapsed,
            "stored_under_other_quarter": moved.height,
            "outside_window": outside.height,
            "announced_total": announced,
            "received": received,
            "requests": requests,
            "retries": retries,
            "resumed_windows": resumed,
            "queries": dg.MetadataValue.md("\n".join(f"- `{q}`" for q in queries) or "(none)"),
            "source": source.label,
            "notes": dg.MetadataValue.md("\n".join(f"- {n}" for n in notes + list(refused.values())) or "(none)"),
            "preview": preview(df_write, ["arxiv_id", "version", "title", "published", "quarter", "code_urls"]),
        }
    )
    yield pk
    yield dg.AssetCheckResult(check_name="required_columns", passed=nulls == 0, metadata={"rows_missing_required": nulls})
    yield dg.AssetCheckResult(
        check_name="rows_match_announced",
        passed=not short,
        metadata={"announced": announced, "received": received, "short_quarters": ", ".join(short) or "(none)",
                  "stored": df.height, "quarantined": len(bad),
                  "duplicates_collapsed": collapsed, "stored_under_other_quarter": moved.height},
    )
    yield dg.AssetCheckResult(check_name="no_sharp_drop", passed=not refused,
                              metadata={"refused": dg.MetadataValue.json(refused)})


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
                "kind of modification, released code.",
)
def eligible_methods(context: dg.AssetExecutionContext, warehouse: Warehouse, sources: SourcesResource):
    from ..screening import ScreeningConfig, load_labels, screen

    quarters = run_quarters(context)
    labels_path = sources.labels_path()
    labels = load_labels(labels_path) if labels_path else None
    with warehouse.writer() as con:
        papers = read_frame(con, "SELECT * FROM raw_papers WHERE quarter IN (SELECT unnest(?::VARCHAR[]))", [quarters])
        df = screen(papers, labels, ScreeningConfig(screener=sources.screener))
        replace_partitions(con, "eligible_methods", df, quarters)
        pk = primary_key_check(con, "eligible_methods", ["arxiv_id"])
        orphans = check_count(con, "eligible_methods_orphans")
        unexplained = check_count(con, "eligible_methods_unexplained", [quarters])
        unnamed = [r[0] for r in check_sql(con, "eligible_methods_unnamed", [quarters])]
    by_source = dict(df.group_by("decision_source").len().rows()) if df.height else {}
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "eligible": int(df["eligible"].sum()) if df.height else 0,
        "decisions_by_source": json.dumps(by_source, sort_keys=True),
        "labels_file": str(labels_path) if labels_path else "(none)",
        "screener": sources.screener,
        "preview": preview(df.filter(pl.col("eligible")) if df.height else df,
                           ["arxiv_id", "method_name", "max_policy_params_b", "modification_type", "code_released", "reason"]),
    })
    yield pk
    yield dg.AssetCheckResult(check_name="references_raw_papers", passed=orphans == 0, metadata={"orphans": orphans})
    yield dg.AssetCheckResult(check_name="decisions_explained", passed=unexplained == 0, metadata={"unexplained": unexplained})
    yield dg.AssetCheckResult(check_name="eligible_have_method_name", passed=not unnamed,
                              severity=dg.AssetCheckSeverity.WARN,
                              metadata={"unnamed": len(unnamed), "arxiv_ids": ", ".join(unnamed[:50]) or "(none)"})
