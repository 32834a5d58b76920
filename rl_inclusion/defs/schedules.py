"""The main job and its quarterly schedule.

The job materializes the whole graph for a range of quarters in one run
(partitioned assets have a single-run backfill policy).  The schedule fires
when a quarter closes and runs the newly closed quarter; the unpartitioned
assets downstream (framework_events, paper_inclusion, paper_threads,
cohort_metrics, study_summary, study_report) are recomputed in the same run,
which refreshes the 180-day outcomes of every earlier cohort: a paper of 2025Q3
implemented in 2026Q1 changes its cohort's figures after that cohort closed.
"""

from __future__ import annotations

import dagster as dg

from ..partitions import quarterly_partitions

main_job = dg.define_asset_job(
    name="rl_inclusion_main",
    selection=dg.AssetSelection.all(),
    partitions_def=quarterly_partitions,
    description="The whole graph for the selected quarters: papers, screening, framework mining, threads, metrics, report.",
)

quarterly_schedule = dg.build_schedule_from_partitioned_job(
    main_job,
    name="quarterly_refresh",
    description="At the start of each quarter, materialize the quarter that just closed and refresh every cohort's outcomes.",
    default_status=dg.DefaultScheduleStatus.STOPPED,
)
