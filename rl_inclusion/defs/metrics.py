"""Assets ``cohort_metrics``, ``study_summary``, ``implementation_quarters``, ``time_to_inclusion``,
``equal_followup``, ``sensitivity`` and ``study_report``: thin wrappers over ``rl_inclusion.metrics``
(SQL in ``sql/metrics/``, intervals from scipy, survival and stratified tests from statsmodels)."""


import dagster as dg
import polars as pl

from ..metrics import cohort_metrics as compute_cohorts
from ..metrics import implementation_quarters as compute_impl_quarters
from ..metrics import study_summary as compute_summary
from ..metrics.followup import equal_followup as compute_followup
from ..metrics.sensitivity import sensitivity as compute_sensitivity
from ..metrics.survival import time_to_inclusion as compute_survival
from ..storage import replace_table
from .common import SINGLE_RUN, WRITER_POOL, preview, table_metadata
from .resources import StudySettings, Warehouse

METRIC_INPUTS = ["raw_papers", "eligible_methods", "paper_inclusion", "issue_threads", "paper_threads"]


@dg.asset(
    backfill_policy=SINGLE_RUN,  # one run for a partition range (dg launch --partition-range)
    pool=WRITER_POOL,
    group_name="metrics",
    kinds={"duckdb", "sql"},
    deps=METRIC_INPUTS,
    check_specs=[dg.AssetCheckSpec("counts_add_up", asset="cohort_metrics",
                                   description="included <= eligible <= screened in every cohort; censored cohorts have no 180-day "
                                               "figure and no median lag")],
    metadata=table_metadata("cohort_metrics", ["quarter"]),
    description="One row per quarterly cohort: papers screened, eligible, included in any framework, included within "
                "180 days and median lag (both NULL while the window is open: censored).",
)
def cohort_metrics(context: dg.AssetExecutionContext, warehouse: Warehouse, study: StudySettings):
    cutoff = study.cutoff_at()
    with warehouse.writer() as con:
        df = compute_cohorts(con, cutoff)
        replace_table(con, "cohort_metrics", df)
    bad = df.filter(
        (pl.col("included_any") > pl.col("eligible")) | (pl.col("eligible") > pl.col("papers_screened"))
        | (pl.col("censored") & (pl.col("included_within_180d").is_not_null() | pl.col("median_lag_days").is_not_null()))
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
    deps=METRIC_INPUTS + ["paper_review"],
    metadata=table_metadata("study_summary", ["metric"]),
    description="The study's headline figures over the study window (default 2025-01-01 to 2026-06-30), each with a "
                "95 % Wilson interval, Fisher's exact test where two groups are compared, and the published value.",
)
def study_summary(context: dg.AssetExecutionContext, warehouse: Warehouse, study: StudySettings):
    cutoff = study.cutoff_at()
    window = study.window()
    with warehouse.writer() as con:
        df = compute_summary(con, cutoff, window)
        replace_table(con, "study_summary", df)
    return dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "window": f"{window.start} to {window.end}",
        "cutoff": cutoff.isoformat(),
        "table": preview(df, ["metric", "numerator", "denominator", "value", "ci_low", "ci_high", "p_value", "published_value"], 20),
    })


def _table_asset(name: str, key: list[str], description: str, compute, windowed: bool = True,
                 deps: list[str] = METRIC_INPUTS, kinds=frozenset({"duckdb", "statsmodels"}), settings=None):
    """An unpartitioned metrics table: ``compute(con, cutoff[, start, end], **settings(study))`` replaces it whole."""

    @dg.asset(name=name, backfill_policy=SINGLE_RUN, pool=WRITER_POOL, group_name="metrics", kinds=set(kinds), deps=deps,
              metadata=table_metadata(name, key), description=description)
    def _asset(context: dg.AssetExecutionContext, warehouse: Warehouse, study: StudySettings):
        cutoff, window = study.cutoff_at(), study.window()
        with warehouse.writer() as con:
            extra = settings(study) if settings else {}
            df = compute(con, cutoff, window.start, window.end, **extra) if windowed else compute(con, cutoff, **extra)
            replace_table(con, name, df)
        return dg.MaterializeResult(metadata={
            "dagster/row_count": df.height, "cutoff": cutoff.isoformat(),
            "table": preview(df.drop([c for c, t in df.schema.items() if isinstance(t, pl.List)]), df.columns, 20)})

    return _asset


implementation_quarters = _table_asset(
    "implementation_quarters", ["quarter"],
    "Per quarter of implementation: papers first implemented in any framework, and all inclusions dated then.",
    compute_impl_quarters, windowed=False, deps=["paper_inclusion"], kinds={"duckdb", "sql"})
time_to_inclusion = _table_asset(
    "time_to_inclusion", ["scope", "group_name", "day"],
    "Kaplan-Meier curves of days from first submission to first inclusion (any framework, per framework, per "
    "cohort), censored at the cut-off, as cumulative incidence with 95 % bands; 90/180/365-day rows marked.",
    compute_survival, deps=["eligible_methods", "paper_inclusion", "framework_events"])
equal_followup = _table_asset(
    "equal_followup", ["feature"],
    "Included vs not-included papers per feature: the naive comparison beside the one with equal follow-up "
    "(closed 180-day windows), stratified by cohort (Mantel-Haenszel odds ratio, CMH test).",
    compute_followup, deps=["eligible_methods", "paper_inclusion"])
sensitivity = _table_asset(
    "sensitivity", ["choice", "setting"],
    "The headline figures under each analysis choice: screener, evidence confidence, window end, days to count as fast.",
    compute_sensitivity, deps=["raw_papers", "eligible_methods", "paper_inclusion", "framework_events"],
    kinds={"duckdb", "scikitlearn"}, settings=lambda study: {"screening": study.screening_config()})

REPORT_INPUTS = ["cohort_metrics", "study_summary", "paper_inclusion", "contribution_rules", "implementation_quarters",
                 "time_to_inclusion", "equal_followup", "sensitivity", "inclusion_paths", "paper_thread_reviews",
                 "paper_review"]


@dg.asset(
    backfill_policy=SINGLE_RUN,  # one run for a partition range (dg launch --partition-range)
    pool=WRITER_POOL,  # it only reads, but a reader still takes the file's lock
    group_name="metrics",
    kinds={"duckdb", "html"},
    deps=REPORT_INPUTS,
    metadata={"outputs": "study.md, study.html, study_*.png in the reports folder (default: beside the database, "
                         "named after it)"},
    description="The study report: headline figures beside the study's, cohorts, first implementations, "
                "included vs not-included comparisons, lags, per-framework tables and plots, as Markdown and "
                "self-contained HTML.",
)
def study_report(context: dg.AssetExecutionContext, warehouse: Warehouse, study: StudySettings):
    import base64

    from ..report import build_report, reports_dir_for, write_report

    with warehouse.get_connection() as con:
        report = build_report(con, source_label=study.source, window=study.window())
    paths = write_report(report, study.reports_dir or reports_dir_for(warehouse.database))
    md_plots = "\n\n".join(
        f"![{name}](data:image/png;base64,{base64.b64encode(png).decode()})" for name, png in report.plots.items())
    return dg.MaterializeResult(metadata={
        "html": dg.MetadataValue.path(str(paths["html"].resolve())),
        "markdown": dg.MetadataValue.path(str(paths["markdown"].resolve())),
        "headline": preview(report.tables["headline"], report.tables["headline"].columns, 20),
        "plots": dg.MetadataValue.md(md_plots),
    })
