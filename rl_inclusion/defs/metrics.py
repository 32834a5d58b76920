"""Assets ``cohort_metrics`` and ``study_summary``: thin wrappers over
``rl_inclusion.metrics`` (SQL in ``sql/metrics/``, intervals from scipy)."""


import dagster as dg
import polars as pl

from ..metrics import cohort_metrics as compute_cohorts
from ..metrics import study_summary as compute_summary
from ..storage import replace_table
from .common import SINGLE_RUN, WRITER_POOL, preview, table_metadata
from .resources import SourcesResource, Warehouse

METRIC_INPUTS = ["raw_papers", "eligible_methods", "paper_inclusion", "issue_threads", "paper_threads"]


@dg.asset(
    backfill_policy=SINGLE_RUN,  # one run for a partition range (dg launch --partition-range)
    pool=WRITER_POOL,
    group_name="metrics",
    kinds={"duckdb", "sql"},
    deps=METRIC_INPUTS,
    check_specs=[dg.AssetCheckSpec("counts_add_up", asset="cohort_metrics",
                                   description="included <= eligible <= screened in every cohort; censored cohorts have no 180-day figure")],
    metadata=table_metadata("cohort_metrics", ["quarter"]),
    description="One row per quarterly cohort: papers screened, eligible, included in any framework, included within "
                "180 days (NULL while the window is open: censored), median lag, first implementations in the quarter.",
)
def cohort_metrics(context: dg.AssetExecutionContext, warehouse: Warehouse, sources: SourcesResource):
    cutoff = sources.cutoff_at()
    with warehouse.writer() as con:
        df = compute_cohorts(con, cutoff)
        replace_table(con, "cohort_metrics", df)
    bad = df.filter(
        (pl.col("included_any") > pl.col("eligible")) | (pl.col("eligible") > pl.col("papers_screened"))
        | (pl.col("censored") & pl.col("included_within_180d").is_not_null())
    ).height
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "cutoff": cutoff.isoformat(),
        "table": preview(df, df.columns, 40),
    })
    yield dg.AssetCheckResult(check_name="counts_add_up", passed=bad == 0, metadata={"bad_rows": bad})


@dg.asset(
    backfill_policy=SINGLE_RUN,  # one run for a partition range (dg launch --partition-range)
    pool=WRITER_POOL,
    group_name="metrics",
    kinds={"duckdb", "scipy"},
    deps=METRIC_INPUTS,
    metadata=table_metadata("study_summary", ["metric"]),
    description="The study's headline figures over the study window (default 2025-01-01 to 2026-06-30), each with a "
                "95 % Wilson interval, Fisher's exact test where two groups are compared, and the published value.",
)
def study_summary(context: dg.AssetExecutionContext, warehouse: Warehouse, sources: SourcesResource):
    cutoff = sources.cutoff_at()
    window = sources.window()
    with warehouse.writer() as con:
        df = compute_summary(con, cutoff, window)
        replace_table(con, "study_summary", df)
    return dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "window": f"{window.start} to {window.end}",
        "cutoff": cutoff.isoformat(),
        "table": preview(df, ["metric", "numerator", "denominator", "value", "ci_low", "ci_high", "p_value", "published_value"], 20),
    })


@dg.asset(
    backfill_policy=SINGLE_RUN,  # one run for a partition range (dg launch --partition-range)
    pool=WRITER_POOL,  # it only reads, but a reader still takes the file's lock
    group_name="metrics",
    kinds={"duckdb", "html"},
    deps=["cohort_metrics", "study_summary", "paper_inclusion", "contribution_rules", "inclusion_paths"],
    metadata={"outputs": "reports/study.md, reports/study.html, reports/study_*.png"},
    description="The study report: headline figures beside the study's, cohorts, first implementations, "
                "included vs not-included comparisons, lags, per-framework tables and plots, as Markdown and "
                "self-contained HTML.",
)
def study_report(context: dg.AssetExecutionContext, warehouse: Warehouse, sources: SourcesResource):
    import base64

    from ..report import build_report, write_report

    with warehouse.get_connection() as con:
        report = build_report(con, source_label=sources.source)
    paths = write_report(report, sources.reports_dir)
    md_plots = "\n\n".join(
        f"![{name}](data:image/png;base64,{base64.b64encode(png).decode()})" for name, png in report.plots.items())
    return dg.MaterializeResult(metadata={
        "html": dg.MetadataValue.path(str(paths["html"].resolve())),
        "markdown": dg.MetadataValue.path(str(paths["markdown"].resolve())),
        "headline": preview(report.tables["headline"], report.tables["headline"].columns, 20),
        "plots": dg.MetadataValue.md(md_plots),
    })
