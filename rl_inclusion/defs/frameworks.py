"""Assets ``framework_events``, ``paper_inclusion`` and ``contribution_rules``:
thin wrappers over ``rl_inclusion.sources.git``, ``rl_inclusion.mining`` and
``rl_inclusion.linking``."""


import json
from datetime import datetime, timezone

import dagster as dg
import polars as pl

from ..names import name_index
from ..partitions import quarterly_partitions
from ..study import WINDOW_DAYS
from ..storage import counts_json, read_frame, replace_partitions, replace_table
from .common import SINGLE_RUN, WRITER_POOL, check_count, primary_key_check, table_metadata, preview, run_quarters
from .resources import GitResource, StudySettings, Warehouse

MINING_RUNS_SCHEMA = {
    "framework": pl.Utf8, "repo_path": pl.Utf8, "head_sha": pl.Utf8, "commits": pl.Int64, "events": pl.Int64,
    "skipped_objects": pl.Int64, "fetch_status": pl.Utf8, "mined_at": pl.Datetime("us", "UTC"),
    "long_lines": pl.Int64,
}


def _eligible(con) -> pl.DataFrame:
    return read_frame(con, "SELECT * FROM eligible_methods")


@dg.asset(
    backfill_policy=SINGLE_RUN,  # one run for a partition range (dg launch --partition-range)
    pool=WRITER_POOL,
    group_name="frameworks",
    kinds={"duckdb", "git"},
    deps=["eligible_methods"],
    check_specs=[
        dg.AssetCheckSpec("primary_key_unique", asset="framework_events"),
        dg.AssetCheckSpec("links_reference_eligible_papers", asset="framework_events",
                          description="every linked event points to an eligible paper"),
        dg.AssetCheckSpec("no_unreadable_objects", asset="framework_events",
                          description="no blob was skipped because it could not be read (partial clones)"),
    ],
    metadata=table_metadata("framework_events", ["event_id"]),
    description="Evidence from the first-parent history of each framework's main branch that it mentions or "
                "implements a paper: arXiv ids in code and docs, method names in code, removals; linked to the "
                "eligible papers (ambiguous names are recorded, not guessed). Also writes framework_mining_runs.",
)
def framework_events(context: dg.AssetExecutionContext, warehouse: Warehouse, git: GitResource):
    from ..linking.inclusion import link_events
    from ..mining.carried import borrowed_commits, first_parent_shas
    from ..mining.miner import mine

    frameworks = git.frameworks()
    with warehouse.writer() as con:
        eligible = _eligible(con)
    index = name_index(eligible, mechanisms=True)
    frames, runs, notes = [], [], []
    handles = {fw.name: git.prepare(fw) for fw in frameworks}
    # commits a history shares with another one (a code base that keeps its framework's history) are not its own
    borrowed = borrowed_commits({name: first_parent_shas(h.path, h.branch) for name, h in handles.items()})
    for fw in frameworks:
        handle = handles[fw.name]
        if handle.note:
            # A failed fetch (the existing clone was used) is worth a warning; anything else is routine.
            (context.log.warning if "offline" in handle.fetch_status else context.log.info)(f"{fw.name}: {handle.note}")
            notes.append(f"{fw.name}: {handle.note}")
        result = mine(handle, fw, index, borrowed[fw.name])
        context.log.info(f"{fw.name}: {result.summary()}")
        frames.append(result.events)
        runs.append({"framework": fw.name, "repo_path": str(handle.path), "head_sha": result.head_sha,
                     "commits": result.commits, "events": result.events.height,
                     "skipped_objects": result.skipped_objects, "fetch_status": handle.fetch_status,
                     "mined_at": datetime.now(timezone.utc), "long_lines": result.long_lines})
    events = pl.concat(frames, how="diagonal_relaxed")  # empty frames carry the schema too
    linked = link_events(events, eligible)
    runs_df = pl.DataFrame(runs, schema=MINING_RUNS_SCHEMA)
    with warehouse.writer() as con:
        replace_table(con, "framework_events", linked)
        replace_table(con, "framework_mining_runs", runs_df)
        pk = primary_key_check(con, "framework_events", ["event_id"])
        bad_links = check_count(con, "framework_events_bad_links")
    skipped = int(runs_df["skipped_objects"].sum())
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": linked.height,
        "events_by_kind": counts_json(linked, "evidence_kind"),
        "linked_events": int((linked["link_status"] == "linked").sum()) if linked.height else 0,
        "names_in_dictionary": len(index),
        "commits_mined": int(runs_df["commits"].sum()),
        "skipped_objects": skipped,
        "fetch_status": json.dumps({r["framework"]: r["fetch_status"] for r in runs}),
        "notes": dg.MetadataValue.md("\n".join(f"- {n}" for n in notes) or "(none)"),
        "preview": preview(linked.filter(pl.col("link_status") == "linked") if linked.height else linked,
                           ["framework", "commit_date", "pr_number", "path", "evidence_kind", "linked_arxiv_id", "integration_level"]),
    })
    yield pk
    yield dg.AssetCheckResult(check_name="links_reference_eligible_papers", passed=bad_links == 0,
                              metadata={"bad_links": bad_links})
    yield dg.AssetCheckResult(check_name="no_unreadable_objects", passed=skipped == 0,
                              severity=dg.AssetCheckSeverity.WARN, metadata={"skipped_objects": skipped})


@dg.asset(
    backfill_policy=SINGLE_RUN,  # one run for a partition range (dg launch --partition-range)
    pool=WRITER_POOL,
    group_name="frameworks",
    kinds={"duckdb", "polars"},
    deps=["framework_events", "eligible_methods"],
    check_specs=[
        dg.AssetCheckSpec("primary_key_unique", asset="paper_inclusion"),
        dg.AssetCheckSpec("references_eligible_papers", asset="paper_inclusion"),
        dg.AssetCheckSpec("lag_consistent", asset="paper_inclusion",
                          description="lag_days = implementation date - publication date, within_180_days agrees"),
    ],
    metadata=table_metadata("paper_inclusion", ["arxiv_id", "framework"]),
    description="One row per eligible paper and framework whose main branch received code-level evidence of it: "
                "first implementation date and PR, strongest integration level, lag, removal, confidence; a "
                "reviewer's inclusion labels win. Docs-only mentions go to paper_mentions, pairs with low-confidence "
                "evidence only to inclusion_review.",
)
def paper_inclusion(context: dg.AssetExecutionContext, warehouse: Warehouse, study: StudySettings):
    from ..linking.inclusion import build_inclusion, build_mentions, build_review
    from ..linking.labels import apply_inclusion_labels, load_inclusion_labels

    labels_path = study.inclusion_labels_path()
    labels = load_inclusion_labels(labels_path) if labels_path else None
    with warehouse.writer() as con:
        events = read_frame(con, "SELECT * FROM framework_events")
        eligible = _eligible(con)
        by_rules = build_inclusion(events, eligible)
        inclusion = apply_inclusion_labels(by_rules, labels, eligible)
        mentions = build_mentions(events, eligible)
        review = build_review(events, inclusion)
        replace_table(con, "paper_inclusion", inclusion)
        replace_table(con, "paper_mentions", mentions)
        replace_table(con, "inclusion_review", review)
        pk = primary_key_check(con, "paper_inclusion", ["arxiv_id", "framework"])
        orphans = check_count(con, "paper_inclusion_orphans")
        bad_lag = check_count(con, "paper_inclusion_bad_lag", [WINDOW_DAYS])
    yield dg.MaterializeResult(metadata={
        "dagster/row_count": inclusion.height,
        "papers_included": inclusion["arxiv_id"].n_unique() if inclusion.height else 0,
        "by_level": counts_json(inclusion, "integration_level"),
        "mentioned_only": mentions.height,
        "by_confidence": counts_json(inclusion, pl.col("confidence").fill_null("added by a reviewer")),
        "decided_by_reviewer": int((inclusion["decided_by"] != "rules").sum()) if inclusion.height else 0,
        "inclusion_labels": str(labels_path) if labels_path else "(none)",
        "low_confidence_pairs_for_review": review.height,
        "preview": preview(inclusion.sort("implementation_date") if inclusion.height else inclusion,
                           ["arxiv_id", "framework", "method_name", "integration_level", "implementation_date", "first_pr", "lag_days", "removed"], 20),
    })
    yield pk
    yield dg.AssetCheckResult(check_name="references_eligible_papers", passed=orphans == 0, metadata={"orphans": orphans})
    yield dg.AssetCheckResult(check_name="lag_consistent", passed=bad_lag == 0, metadata={"inconsistent_rows": bad_lag})


@dg.asset(
    partitions_def=quarterly_partitions,
    backfill_policy=SINGLE_RUN,
    pool=WRITER_POOL,
    group_name="frameworks",
    kinds={"duckdb", "git"},
    deps=["framework_events"],
    metadata=table_metadata("contribution_rules", ["framework", "quarter"], partitioned=True),
    description="What each framework asks of a contributor, read from its tree at the last main-branch commit of "
                "the quarter: contribution guide, PR template, code owners; required tests, docs, linked issue, "
                "design discussion, convergence evidence, DCO or CLA, with the matched lines.",
)
def contribution_rules(context: dg.AssetExecutionContext, warehouse: Warehouse, git: GitResource):
    from ..mining.contribution import contribution_rules as read_rules
    from ..sources.git import mined_repo

    quarters = run_quarters(context)
    with warehouse.writer() as con:
        mined = read_frame(con, "SELECT framework, repo_path, head_sha, fetch_status FROM framework_mining_runs")
    frames = []
    for fw in git.frameworks():
        # Each repository is prepared once per run: the one framework_events read, at the commit it read.
        handle = mined_repo(mined, fw.name) or git.prepare(fw)
        frames.append(read_rules(handle, fw, quarters))
    df = pl.concat(frames, how="diagonal_relaxed")
    with warehouse.writer() as con:
        replace_partitions(con, "contribution_rules", df, quarters)
    return dg.MaterializeResult(metadata={
        "dagster/row_count": df.height,
        "preview": preview(df, [c for c in df.columns if c not in ("evidence",)][:8], 14),
    })
