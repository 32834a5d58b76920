"""The one Definitions object: every asset, check, job, schedule, sensor and resource."""

from __future__ import annotations

from pathlib import Path

import dagster as dg

from .defs.loggers import progress_logger
from .defs.frameworks import contribution_rules, framework_events, paper_inclusion
from .defs.metrics import (cohort_metrics, equal_followup, implementation_quarters, sensitivity, study_report,
                           study_summary, time_to_inclusion)
from .defs.papers import eligible_methods, raw_papers
from .defs.inclusion_prs import inclusion_prs
from .defs.paths import inclusion_paths
from .defs.resources import default_resources
from .defs.schedules import main_job, quarterly_schedule
from .defs.threads import issue_threads, paper_review, paper_thread_reviews, paper_threads
from .defs.watch import watchlist_sensor

ASSETS = [raw_papers, eligible_methods, framework_events, paper_inclusion, contribution_rules,
          issue_threads, paper_threads, paper_thread_reviews, paper_review, inclusion_prs, inclusion_paths,
          cohort_metrics, study_summary, implementation_quarters,
          time_to_inclusion, equal_followup, sensitivity, study_report]


def build_definitions(db_path=None, **sources) -> dg.Definitions:
    return dg.Definitions(
        assets=ASSETS,
        jobs=[main_job],
        schedules=[quarterly_schedule],
        sensors=[watchlist_sensor],
        resources=default_resources(db_path, **sources),
        loggers={"console": dg.colored_console_logger, "progress": progress_logger},
    )


def run_tags(db_path, source: str) -> dict[str, str]:
    """Tags that tell a run's database and source apart (a scratch database is not the main pipeline's)."""
    return {"rl_inclusion/database": str(Path(db_path).resolve()), "rl_inclusion/source": source}


defs = build_definitions()
