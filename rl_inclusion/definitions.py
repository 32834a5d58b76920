"""The one Definitions object: every asset, check, job, schedule and resource."""

from __future__ import annotations

import dagster as dg

from .defs.frameworks import contribution_rules, framework_events, paper_inclusion
from .defs.metrics import (cohort_metrics, equal_followup, implementation_quarters, sensitivity, study_report,
                           study_summary, time_to_inclusion)
from .defs.papers import eligible_methods, raw_papers
from .defs.resources import default_resources
from .defs.schedules import main_job, quarterly_schedule
from .defs.threads import issue_threads, paper_threads

ASSETS = [raw_papers, eligible_methods, framework_events, paper_inclusion, contribution_rules,
          issue_threads, paper_threads, cohort_metrics, study_summary, implementation_quarters, time_to_inclusion,
          equal_followup, sensitivity, study_report]


def build_definitions(db_path=None, **sources) -> dg.Definitions:
    return dg.Definitions(
        assets=ASSETS,
        jobs=[main_job],
        schedules=[quarterly_schedule],
        resources=default_resources(db_path, **sources),
    )


defs = build_definitions()
