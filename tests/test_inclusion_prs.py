"""inclusion_prs: each inclusion's pull request, its reviews and authors, worked by hand."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import polars as pl

from rl_inclusion.threads.inclusion_prs import build_inclusion_prs


def utc(*a):
    return datetime(*a, tzinfo=timezone.utc)


INCLUSION = pl.DataFrame({
    "arxiv_id": ["2507.18071", "2507.18071", "2503.14476", "2505.00001"],
    "framework": ["verl", "TRL", "verl", "ROLL"],
    "first_sha": ["aaa", "bbb", "ccc", "ddd"],
    "first_pr": [2775, None, 900, 12],
})
REVIEWS = [{"author": "maint", "author_association": "MEMBER", "state": "CHANGES_REQUESTED",
            "submitted_at": "2025-07-29T00:00:00Z", "comments": 3},
           {"author": "maint", "author_association": "MEMBER", "state": "APPROVED",
            "submitted_at": "2025-07-30T00:00:00Z", "comments": 0},
           {"author": "other", "author_association": "COLLABORATOR", "state": "COMMENTED",
            "submitted_at": "2025-07-30T01:00:00Z", "comments": 1}]
THREADS = pl.DataFrame({
    "framework": ["verl", "TRL", "verl", "verl"],
    "kind": ["pull", "pull", "pull", "issue"],
    "number": [2775, 3820, 900, 12],
    "author": ["chujiezheng", "someone", None, "x"],
    "author_association": ["CONTRIBUTOR", None, "MEMBER", "NONE"],
    "created_at": [utc(2025, 7, 28, 6), utc(2025, 8, 1), utc(2025, 3, 20), utc(2025, 5, 1)],
    "merged_at": [utc(2025, 7, 30, 18), utc(2025, 8, 5, 2, 24), utc(2025, 3, 21), None],
    "merge_commit": [None, "bbb", None, None],
    "reviews_json": [json.dumps(REVIEWS), None, "[]", None],
    "n_reviews": [3, None, 0, None],
}, schema_overrides={"number": pl.Int32, "n_reviews": pl.Int32})
PAPERS = pl.DataFrame({"arxiv_id": ["2507.18071", "2503.14476"],
                       "authors": [["Chujie Zheng", "Shixuan Liu"], ["Qiying Yu"]]})


def test_each_inclusion_gets_its_pull_request_by_number_or_merge_commit():
    out = {(r["arxiv_id"], r["framework"]): r for r in build_inclusion_prs(INCLUSION, THREADS, PAPERS).to_dicts()}
    gspo = out[("2507.18071", "verl")]
    assert (gspo["found_by"], gspo["days_to_merge"], gspo["n_reviews"], gspo["review_comments"]) == (
        "pull request number", 2.5, 3, 4)  # opened 07-28 06:00, merged 07-30 18:00; 3 + 0 + 1 review comments
    assert gspo["reviewers"] == ["maint", "other"] and gspo["author_is_maintainer"] is False
    assert gspo["paper_author_match"] is True
    assert gspo["paper_author_reason"] == "login 'chujiezheng' = author 'Chujie Zheng' (all name parts)"
    trl = out[("2507.18071", "TRL")]  # no PR number in the commit: found by its merge commit
    assert (trl["found_by"], trl["pr_number"], trl["days_to_merge"]) == ("merge commit", 3820, 4.1)
    assert trl["author_is_maintainer"] is None and trl["n_reviews"] is None and trl["paper_author_match"] is False
    dapo = out[("2503.14476", "verl")]
    assert (dapo["author_is_maintainer"], dapo["n_reviews"], dapo["review_comments"], dapo["reviewers"]) == (
        True, 0, 0, [])
    assert dapo["paper_author_match"] is False  # no login (a deleted account) matches nobody
    roll = out[("2505.00001", "ROLL")]  # #12 of ROLL is not among the threads (verl's #12 is an issue)
    assert (roll["found_by"], roll["pr_number"], roll["days_to_merge"]) == (None, 12, None)
