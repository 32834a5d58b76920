"""``inclusion_prs``: the pull request that brought each inclusion, and who wrote and reviewed it.

An inclusion (``paper_inclusion``) names its first implementing commit and,
when the commit subject carries one, its pull request number.  The pull
request is found among the framework's threads by that number, else by its
merge commit (``issue_threads.merge_commit`` = ``first_sha``, snapshot format
2).  From it: when it was opened and merged, its reviews, review comments and
reviewers, whether its author is a maintainer (association ``OWNER``,
``MEMBER`` or ``COLLABORATOR``; NULL when the source does not give the
association), and whether an author of the paper wrote it.

Paper authors are matched conservatively, by GitHub login only (display names
are not fetched): the login, lower-cased with everything but letters and digits
removed, must equal one of an author's name keys (all name parts joined, given
name + family name, family + given, initial + family) of at least six
characters; the reason says which.  A miss is not evidence that no author
wrote it (logins are often unrelated to names).
"""

from __future__ import annotations

import polars as pl

from ..snapshot import MAINTAINER_ASSOCIATIONS
from ..timeutil import days_between

MIN_KEY = 6

INCLUSION_PRS_SCHEMA: dict[str, pl.DataType] = {
    "arxiv_id": pl.String(), "framework": pl.String(), "first_sha": pl.String(), "pr_number": pl.Int32(),
    "found_by": pl.String(), "pr_author": pl.String(), "author_association": pl.String(),
    "author_is_maintainer": pl.Boolean(), "opened_at": pl.Datetime("us", "UTC"), "merged_at": pl.Datetime("us", "UTC"),
    "days_to_merge": pl.Float64(), "n_reviews": pl.Int32(), "review_comments": pl.Int32(),
    "reviewers": pl.List(pl.String()), "paper_author_match": pl.Boolean(), "paper_author_reason": pl.String(),
}

_REVIEW = pl.Struct({"author": pl.String(), "author_association": pl.String(), "state": pl.String(),
                     "submitted_at": pl.String(), "comments": pl.Int64()})


def _key(expr: pl.Expr) -> pl.Expr:
    return expr.str.to_lowercase().str.replace_all(r"[^a-z0-9]", "")


def author_keys(papers: pl.DataFrame) -> pl.DataFrame:
    """(arxiv_id, author, key, rule) for every author of every paper: the name keys a login is compared with."""
    parts = (papers.select("arxiv_id", pl.col("authors").alias("author")).explode("author").drop_nulls("author")
             .with_columns(parts=pl.col("author").str.strip_chars().str.split(" ")
                           .list.eval(_key(pl.element())).list.eval(pl.element().filter(pl.element() != ""))))
    first, last = pl.col("parts").list.first(), pl.col("parts").list.last()
    forms = {"all name parts": pl.col("parts").list.join(""), "given + family name": first + last,
             "family + given name": last + first, "initial + family name": first.str.slice(0, 1) + last}
    keys = pl.concat([parts.select("arxiv_id", "author", key.alias("key"), pl.lit(rule).alias("rule"))
                      for rule, key in forms.items()])
    return (keys.filter(pl.col("key").str.len_chars() >= MIN_KEY)
            .unique(["arxiv_id", "key"], keep="first", maintain_order=True))


def build_inclusion_prs(inclusion: pl.DataFrame, threads: pl.DataFrame, papers: pl.DataFrame) -> pl.DataFrame:
    """One row per (paper, framework) inclusion, with its pull request when the threads hold it."""
    pulls = threads.filter(pl.col("kind") == "pull").select(
        "framework", pl.col("number").cast(pl.Int32).alias("pr_number"), pl.col("author").alias("pr_author"),
        "author_association", pl.col("created_at").alias("opened_at"), "merged_at", "merge_commit", "reviews_json",
        "n_reviews")
    inc = inclusion.select("arxiv_id", "framework", "first_sha", pl.col("first_pr").cast(pl.Int32).alias("pr_number"))
    by_number = inc.join(pulls.drop("merge_commit"), on=["framework", "pr_number"], how="inner").with_columns(
        found_by=pl.lit("pull request number"))
    by_commit = (inc.join(by_number.select("arxiv_id", "framework"), on=["arxiv_id", "framework"], how="anti")
                 .drop("pr_number")
                 .join(pulls.drop_nulls("merge_commit").rename({"merge_commit": "first_sha"}),
                       on=["framework", "first_sha"], how="inner")
                 .with_columns(found_by=pl.lit("merge commit")))
    found = pl.concat([by_number, by_commit.select(by_number.columns)], how="vertical_relaxed")
    rest = inc.join(found.select("arxiv_id", "framework"), on=["arxiv_id", "framework"], how="anti")
    reviews = pl.col("reviews_json").str.json_decode(pl.List(_REVIEW))
    found = found.with_columns(
        author_is_maintainer=pl.when(pl.col("author_association").is_null()).then(None)
        .otherwise(pl.col("author_association").is_in(list(MAINTAINER_ASSOCIATIONS))),
        days_to_merge=days_between("opened_at", "merged_at"),
        review_comments=reviews.list.eval(pl.element().struct.field("comments")).list.sum().cast(pl.Int32),
        reviewers=reviews.list.eval(pl.element().struct.field("author").drop_nulls()).list.unique(maintain_order=True),
        _login_key=_key(pl.col("pr_author")),
    )
    keys = author_keys(papers)
    found = (found.join(keys.rename({"key": "_login_key"}), on=["arxiv_id", "_login_key"], how="left")
             .with_columns(paper_author_match=pl.col("author").is_not_null() & pl.col("pr_author").is_not_null(),
                           paper_author_reason=pl.format("login '{}' = author '{}' ({})", "pr_author", "author", "rule")))
    out = pl.concat([found.select([c for c in INCLUSION_PRS_SCHEMA if c in found.columns]), rest],
                    how="diagonal_relaxed")
    return (out.with_columns([pl.lit(None).alias(c) for c in INCLUSION_PRS_SCHEMA if c not in out.columns])
            .select(list(INCLUSION_PRS_SCHEMA)).cast(INCLUSION_PRS_SCHEMA).sort("arxiv_id", "framework"))
