"""What happened to each method in the frameworks' public record (issue 12, item 4).

``thread_reviews(paper_threads, issue_threads)`` gives ``paper_thread_reviews``:
one row per (paper, thread) that cites the paper, with the thread's role and
outcome from :func:`rl_inclusion.threads.roles.role_and_outcome` and their
reasons, the first maintainer response and the days to it and to a merge.

``paper_review(eligible, inclusion, reviews)`` gives ``paper_review``: one row
per eligible paper with its threads by arXiv id and by id or name, requests,
implementation pull requests merged and not merged, explicit rejections and
redirections and the shortest first-maintainer-response latency.

What the thread data holds today, and what is NULL because of it:

- A maintainer is a comment author whose ``author_association`` is OWNER,
  MEMBER or COLLABORATOR.  The live fetch asks GitHub for it (GraphQL and
  REST, issue 12 item 1; snapshot format 2 records it, and the thread's own
  ``author_association`` is an ``issue_threads`` column that the outcome rules
  use as well); a format-1 snapshot made before that has none.  A thread that
  others (not its author, not a bot) commented on but none of whose comments
  carries an association has ``associations_known = false``; for it the first
  maintainer response and its latency are NULL, and an outcome of
  ``no_response`` that would rest on not seeing a maintainer among commenters
  other than the thread's author is NULL too (the reason says why).
  ``no_response`` stays when nobody but the author (or a bot) commented: that
  needs no association.
- Without associations a maintainer's rejection cannot be told from anyone's
  comment, so ``rejected`` never fires, and ``redirected`` only on a bot's
  statement.  The paper-level and study figures that count them are lower
  bounds and ``paper_review.threads_without_association`` says how many of a
  paper's threads could not be judged.
- Pull-request reviews, an issue's state reason and the issues a pull request
  closes are in ``issue_threads`` since format 2 (``inclusion_prs`` uses the
  reviews).  The outcome rules use the state reason (``roles.thread_outcome``);
  here, an issue that a merged pull request of the same repository closes
  (``closes_issues``) is ``merged``, whatever its comments say.
- Days to merge are known for any merged pull request (``merged_at``).

Only citations by ``arxiv_id`` or an unambiguous ``method_name`` count; a row
cited only by an ambiguous name is kept (``cited_by``) but left out of
``paper_review``.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import polars as pl

from ..partitions import quarter_label
from ..snapshot import MAINTAINER_ASSOCIATIONS
from ..timeutil import days_between
from .roles import _is_bot, role_and_outcome

UTC_TS = pl.Datetime("us", "UTC")
REVIEWS_SCHEMA: dict[str, pl.DataType] = {
    "arxiv_id": pl.String(), "thread_id": pl.String(), "framework": pl.String(), "kind": pl.String(),
    "cited_by": pl.List(pl.String()), "role": pl.String(), "role_reason": pl.String(), "outcome": pl.String(),
    "outcome_reason": pl.String(), "associations_known": pl.Boolean(), "state": pl.String(),
    "created_at": UTC_TS, "closed_at": UTC_TS, "merged_at": UTC_TS, "first_maintainer_response_at": UTC_TS,
    "days_to_first_maintainer_response": pl.Float64(), "days_to_merge": pl.Float64(), "quarter": pl.String(),
}
PAPER_REVIEW_SCHEMA: dict[str, pl.DataType] = {
    "arxiv_id": pl.String(), "quarter": pl.String(), "included": pl.Boolean(), "threads_by_id": pl.Int32(),
    "threads_by_id_or_name": pl.Int32(), "requests": pl.Int32(), "implementation_prs_merged": pl.Int32(),
    "implementation_prs_not_merged": pl.Int32(), "implementation_prs_open": pl.Int32(), "rejections": pl.Int32(),
    "redirections": pl.Int32(), "explicit_rejection_or_redirection": pl.Boolean(),
    "threads_without_association": pl.Int32(), "first_maintainer_response_days": pl.Float64(),
    "review_note": pl.String(),
}
COUNTED_CITATIONS = ("arxiv_id", "method_name")
NO_ASSOCIATION = ("others commented, but no comment carries an author association (the source did not give "
                  "it, e.g. a format-1 snapshot): whether a maintainer answered is unknown")


def _ts(value: Any) -> datetime | None:
    from ..sources.github import parse_ts
    return parse_ts(value)


def review_thread(thread: dict[str, Any]) -> dict[str, Any]:
    """Role, outcome and first maintainer response of one ``issue_threads`` row (comments as ``comments_json`` or
    ``comments``); the days to it and to a merge are :func:`thread_reviews`' (``timeutil.days_between``)."""
    comments = thread.get("comments")
    if comments is None:
        comments = json.loads(thread.get("comments_json") or "[]")
    t = dict(thread, comments=comments)
    ro = role_and_outcome(t, bool(thread.get("training_failure")))
    others = [c for c in comments if not _is_bot(c) and c.get("author") != thread.get("author")]
    # Maintainers can be told apart when nobody but the author (or a bot) commented, or the comments say who is one.
    known = not others or any(c.get("author_association") for c in comments)
    outcome, outcome_reason = ro.outcome, ro.outcome_reason
    if not known and outcome == "no_response" and others:
        outcome, outcome_reason = None, NO_ASSOCIATION
    first = None
    if known:
        times = [_ts(c.get("created_at")) for c in others
                 if (c.get("author_association") or "").upper() in MAINTAINER_ASSOCIATIONS]
        times = [x for x in times if x is not None]
        first = min(times) if times else None
    return {"role": ro.role, "role_reason": ro.role_reason, "outcome": outcome, "outcome_reason": outcome_reason,
            "associations_known": known, "first_maintainer_response_at": first}


def closing_pulls(issue_threads: pl.DataFrame) -> dict[tuple[str, int], int]:
    """{(repo, issue number): the first merged pull request of that repository that closes it} from the pull
    requests' ``closes_issues`` (snapshot format 2; empty without it)."""
    if not {"repo", "number", "kind", "merged_at", "closes_issues"} <= set(issue_threads.columns):
        return {}
    rows = (issue_threads.filter((pl.col("kind") == "pull") & pl.col("merged_at").is_not_null()
                                 & (pl.col("closes_issues").list.len() > 0))
            .select("repo", pl.col("number").alias("pull"), pl.col("closes_issues").alias("issue"))
            .explode("issue").group_by("repo", "issue").agg(pl.col("pull").min()))
    return {(r, int(i)): int(p) for r, i, p in rows.iter_rows()}


def thread_reviews(paper_threads: pl.DataFrame, issue_threads: pl.DataFrame) -> pl.DataFrame:
    """``paper_thread_reviews``: one row per (paper, citing thread)."""
    if paper_threads.is_empty():
        return pl.DataFrame(schema=REVIEWS_SCHEMA)
    pairs = (paper_threads.group_by("arxiv_id", "thread_id", maintain_order=True)
             .agg(pl.col("cited_by").unique().sort()))
    threads = issue_threads.filter(pl.col("thread_id").is_in(pairs["thread_id"].unique().implode()))
    closed_by = closing_pulls(issue_threads)
    judged = {}
    for t in threads.to_dicts():
        j = {**review_thread(t), **{k: t[k] for k in ("framework", "kind", "state", "created_at", "closed_at",
                                                       "merged_at")}}
        pull = closed_by.get((t.get("repo"), t.get("number"))) if t["kind"] != "pull" else None
        if pull is not None and j["outcome"] != "merged":
            j["outcome"], j["outcome_reason"] = "merged", f"closed by merged pull request #{pull}"
        judged[t["thread_id"]] = j
    rows = []
    for p in pairs.to_dicts():
        j = judged.get(p["thread_id"])
        if j is None:  # a citation whose thread is gone: paper_threads_orphans reports it
            continue
        rows.append({**p, **j, "quarter": quarter_label(j["created_at"])})
    if not rows:
        return pl.DataFrame(schema=REVIEWS_SCHEMA)
    judged_schema = {c: t for c, t in REVIEWS_SCHEMA.items() if not c.startswith("days_to_")}
    return (pl.DataFrame(rows, schema=judged_schema, orient="row")
            .with_columns(days_to_first_maintainer_response=days_between("created_at", "first_maintainer_response_at"),
                          days_to_merge=pl.when(pl.col("kind") == "pull")
                          .then(days_between("created_at", "merged_at")))
            .select(list(REVIEWS_SCHEMA)).cast(REVIEWS_SCHEMA).sort("arxiv_id", "thread_id"))


def paper_review(eligible: pl.DataFrame, inclusion: pl.DataFrame, reviews: pl.DataFrame,
                 cutoff: datetime | None = None) -> pl.DataFrame:
    """``paper_review``: one row per eligible paper (threads opened after ``cutoff`` are left out)."""
    papers = eligible.filter(pl.col("eligible")).select("arxiv_id", "quarter")
    def by_cutoff(col: str) -> pl.Expr:  # DuckDB hands back 'Etc/UTC', Python 'UTC': compare in one zone
        return pl.lit(True) if cutoff is None else pl.col(col).dt.convert_time_zone("UTC") <= cutoff

    included = inclusion.filter(by_cutoff("implementation_date"))
    r = reviews.filter(pl.col("cited_by").list.set_intersection(list(COUNTED_CITATIONS)).list.len() > 0)
    r = r.filter(by_cutoff("created_at"))
    impl = (pl.col("role") == "implementation") & (pl.col("kind") == "pull")
    agg = r.group_by("arxiv_id").agg(
        threads_by_id=pl.col("thread_id").filter(pl.col("cited_by").list.contains("arxiv_id")).n_unique(),
        threads_by_id_or_name=pl.col("thread_id").n_unique(),
        requests=(pl.col("role") == "request").sum(),
        implementation_prs_merged=(impl & pl.col("merged_at").is_not_null()).sum(),
        implementation_prs_not_merged=(impl & pl.col("merged_at").is_null()).sum(),
        implementation_prs_open=(impl & pl.col("merged_at").is_null() & (pl.col("state") == "open")).sum(),
        rejections=(pl.col("outcome") == "rejected").sum(),
        redirections=(pl.col("outcome") == "redirected").sum(),
        threads_without_association=(~pl.col("associations_known")).sum(),
        first_maintainer_response_days=pl.col("days_to_first_maintainer_response").min(),
    )
    out = (papers.join(agg, on="arxiv_id", how="left")
           .join(included.select("arxiv_id").unique().with_columns(included=pl.lit(True)), on="arxiv_id", how="left")
           .with_columns(pl.col("included").fill_null(False),
                         *[pl.col(c).fill_null(0) for c in PAPER_REVIEW_SCHEMA
                           if PAPER_REVIEW_SCHEMA[c] == pl.Int32() and c != "quarter"]))
    out = out.with_columns(
        explicit_rejection_or_redirection=(pl.col("rejections") + pl.col("redirections")) > 0,
        review_note=pl.when(pl.col("threads_by_id_or_name") == 0).then(pl.lit("cited by no framework thread"))
        .when(pl.col("threads_without_association") > 0)
        .then(pl.format("{} of {} threads carry no author association: rejections, redirections and the "
                        "maintainer response latency are lower bounds or unknown",
                        pl.col("threads_without_association"), pl.col("threads_by_id_or_name")))
        .otherwise(pl.lit(None, pl.String)),
    )
    return out.select(list(PAPER_REVIEW_SCHEMA)).cast(PAPER_REVIEW_SCHEMA).sort("arxiv_id")
