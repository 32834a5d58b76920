"""paper_thread_reviews and paper_review on six threads worked out by hand (rl_inclusion/threads/reviews.py)."""

import json
from datetime import datetime, timezone

import polars as pl

from rl_inclusion.threads.reviews import NO_ASSOCIATION, paper_review, review_thread, thread_reviews


def ts(s):
    return None if s is None else datetime.fromisoformat(s).replace(tzinfo=timezone.utc)


def thread(tid, kind, title, author, created, state, closed=None, merged=None, comments=()):
    return {"thread_id": tid, "framework": "verl", "kind": kind, "title": title, "body": "We would find it useful.",
            "state": state, "author": author, "labels": [], "created_at": ts(created), "closed_at": ts(closed),
            "merged_at": ts(merged), "training_failure": False,
            "comments_json": json.dumps([dict(zip(("author", "created_at", "body", "author_association"), c))
                                         if len(c) == 4 else dict(zip(("author", "created_at", "body"), c))
                                         for c in comments])}


THREADS = pl.DataFrame([
    # A: a request a member declines 2.5 days later
    thread("r#issue/1", "issue", "Support the P1 method?", "u1", "2025-01-01T00:00:00", "closed", "2025-01-04T00:00:00",
           comments=[("m", "2025-01-03T12:00:00Z", "No plans to add this, it is out of scope.", "MEMBER")]),
    # B: an implementation closed without a merge, nobody answered
    thread("r#pull/2", "pull", "feat: add P1 loss", "u2", "2025-02-01T00:00:00", "closed", "2025-02-20T00:00:00"),
    # C: a request only another user answered, and no comment says who is a maintainer
    thread("r#issue/3", "issue", "Any plan to integrate P2?", "u3", "2025-03-01T00:00:00", "open",
           comments=[("u4", "2025-03-02T00:00:00Z", "+1, would love this")]),
    # D: an implementation merged 10.5 days after it was opened
    thread("r#pull/4", "pull", "[algo] feat: P2 trainer", "u5", "2025-04-01T00:00:00", "merged",
           "2025-04-11T12:00:00", "2025-04-11T12:00:00"),
    # E: a request a collaborator redirects after one day
    thread("r#issue/5", "issue", "Please add P1", "u6", "2025-05-01T00:00:00", "open",
           comments=[("c", "2025-05-02T00:00:00Z", "Please use the recipe repo for this one.", "COLLABORATOR")]),
    # F: an open implementation cited only by a name two papers claim
    thread("r#pull/6", "pull", "feat: add a P2 variant", "u7", "2025-06-01T00:00:00", "open"),
])
PAPER_THREADS = pl.DataFrame(
    [("2501.00001", "r#issue/1", "verl", "arxiv_id", "x"), ("2501.00001", "r#pull/2", "verl", "method_name", "p1"),
     ("2501.00001", "r#issue/5", "verl", "arxiv_id", "x"), ("2501.00001", "r#issue/5", "verl", "method_name", "p1"),
     ("2502.00002", "r#issue/3", "verl", "method_name", "p2"), ("2502.00002", "r#pull/4", "verl", "arxiv_id", "x"),
     ("2502.00002", "r#pull/6", "verl", "method_name_ambiguous", "p")],
    schema=["arxiv_id", "thread_id", "framework", "cited_by", "evidence"], orient="row")
ELIGIBLE = pl.DataFrame({"arxiv_id": ["2501.00001", "2502.00002", "2503.00003", "2504.00004"],
                         "quarter": ["2025Q1"] * 4, "eligible": [True, True, True, False]})
INCLUSION = pl.DataFrame({"arxiv_id": ["2502.00002"], "implementation_date": [ts("2025-04-11T12:00:00")]})


def reviews():
    return {(r["arxiv_id"], r["thread_id"]): r for r in thread_reviews(PAPER_THREADS, THREADS).to_dicts()}


def test_role_outcome_and_latency_of_each_thread():
    r = reviews()
    assert len(r) == 6
    got = {k[1]: (v["role"], v["outcome"], v["associations_known"], v["days_to_first_maintainer_response"],
                  v["days_to_merge"]) for k, v in r.items()}
    assert got == {
        "r#issue/1": ("request", "rejected", True, 2.5, None),
        "r#pull/2": ("implementation", "closed_unmerged", True, None, None),
        "r#issue/3": ("request", None, False, None, None),       # unknown: u4 may or may not be a maintainer
        "r#pull/4": ("implementation", "merged", True, None, 10.5),
        "r#issue/5": ("request", "redirected", True, 1.0, None),
        "r#pull/6": ("implementation", "no_response", True, None, None),
    }
    assert r[("2502.00002", "r#issue/3")]["outcome_reason"] == NO_ASSOCIATION
    assert r[("2501.00001", "r#issue/5")]["cited_by"] == ["arxiv_id", "method_name"]
    assert r[("2501.00001", "r#issue/1")]["first_maintainer_response_at"] == ts("2025-01-03T12:00:00")
    assert r[("2501.00001", "r#issue/1")]["quarter"] == "2025Q1"


def test_one_row_per_eligible_paper_by_hand():
    df = paper_review(ELIGIBLE, INCLUSION, thread_reviews(PAPER_THREADS, THREADS))
    rows = {r["arxiv_id"]: r for r in df.to_dicts()}
    assert list(rows) == ["2501.00001", "2502.00002", "2503.00003"]   # 2504 is not eligible
    cols = ["included", "threads_by_id", "threads_by_id_or_name", "requests", "implementation_prs_merged",
            "implementation_prs_not_merged", "implementation_prs_open", "rejections", "redirections",
            "explicit_rejection_or_redirection", "threads_without_association", "first_maintainer_response_days"]
    # P1: A and E by id, B by name; A and E request; B closed unmerged; A rejected, E redirected; E answered in 1 day
    assert [rows["2501.00001"][c] for c in cols] == [False, 2, 3, 2, 0, 1, 0, 1, 1, True, 0, 1.0]
    assert rows["2501.00001"]["review_note"] is None
    # P2: D by id, C by name (F only by an ambiguous name: left out); C's answer cannot be judged
    assert [rows["2502.00002"][c] for c in cols] == [True, 1, 2, 1, 1, 0, 0, 0, 0, False, 1, None]
    assert rows["2502.00002"]["review_note"].startswith("1 of 2 threads carry no author association")
    assert [rows["2503.00003"][c] for c in cols] == [False, 0, 0, 0, 0, 0, 0, 0, 0, False, 0, None]
    assert rows["2503.00003"]["review_note"] == "cited by no framework thread"


def test_the_cutoff_leaves_out_later_threads_and_inclusions():
    df = paper_review(ELIGIBLE, INCLUSION, thread_reviews(PAPER_THREADS, THREADS), ts("2025-04-30T00:00:00"))
    p1 = df.filter(pl.col("arxiv_id") == "2501.00001").to_dicts()[0]
    assert (p1["threads_by_id_or_name"], p1["redirections"], p1["first_maintainer_response_days"]) == (2, 0, 2.5)
    df = paper_review(ELIGIBLE, INCLUSION, thread_reviews(PAPER_THREADS, THREADS), ts("2025-04-01T00:00:00"))
    assert df.filter(pl.col("arxiv_id") == "2502.00002")["included"].to_list() == [False]


def test_a_comment_by_the_author_alone_is_no_response_without_associations():
    t = thread("r#issue/9", "issue", "Support X?", "u1", "2025-01-01T00:00:00", "open",
               comments=[("u1", "2025-01-02T00:00:00Z", "Any news?"), ("github-actions[bot]", "2025-02-01T00:00:00Z", "stale")])
    r = review_thread(t)
    assert (r["outcome"], r["associations_known"], r["first_maintainer_response_at"]) == ("no_response", True, None)


def test_burden_view_by_hand(con):
    from rl_inclusion.storage import replace_table

    for tid, created, q in [("r#issue/1", "2025-01-01", "2025Q1"), ("r#pull/4", "2025-04-01", "2025Q2")]:
        con.execute("INSERT INTO issue_threads VALUES (?, 'verl', 'r', 1, 'issue', 't', 'b', 'open', NULL, [], ?, ?, "
                    "NULL, NULL, 'u', 0, '[]', [], [], false, NULL, NULL, ?, NULL, NULL, NULL, NULL, NULL, NULL)", [tid, ts(created), ts(created), q])
    replace_table(con, "paper_thread_reviews", thread_reviews(PAPER_THREADS, THREADS))
    from rl_inclusion.defs.common import check_count

    # the asset check sees six review rows whose citation is not in (the empty) paper_threads
    assert check_count(con, "paper_thread_reviews_unmatched") == 6
    rows = con.execute("SELECT * FROM v_review_burden").fetchall()
    cols = [d[0] for d in con.description]
    assert cols == ["framework", "quarter", "open_requests", "open_implementation_prs", "requests_opened",
                    "implementation_prs_opened", "median_days_to_first_maintainer_response",
                    "threads_without_association", "median_days_to_merge"]
    # F (cited only by an ambiguous name) is left out.  End of 2025Q1: A closed, C open; B closed; D not yet opened.
    # End of 2025Q2: C and E open, D merged.  Responses: A 2.5 days (Q1), E 1.0 (Q2); C cannot be judged; D 10.5 to merge.
    assert rows == [("verl", "2025Q1", 1, 0, 2, 1, 2.5, 1, None),
                    ("verl", "2025Q2", 2, 0, 1, 1, 1.0, 0, 10.5)]


def test_lookup_on_a_database_without_the_review_table(tmp_path):
    """A database written before paper_thread_reviews existed still answers, saying roles were not judged."""
    from rl_inclusion.lookup import lookup, render
    from rl_inclusion.storage import apply_schema, connect

    with connect(tmp_path / "old.duckdb") as con:
        apply_schema(con)
        con.execute("DROP VIEW v_review_burden")
        con.execute("DROP TABLE paper_thread_reviews")
        con.execute("INSERT INTO eligible_methods (arxiv_id, title, published, eligible, decision_source, score, rules_fired, "
                    "reason, method_name, aliases, code_released, code_urls, quarter) VALUES ('2501.00001', 'P1', ?, true, "
                    "'label', 1.0, [], 'label', 'P1', [], false, [], '2025Q1')", [ts("2025-01-01T00:00:00")])
        con.execute("INSERT INTO issue_threads VALUES ('r#issue/1', 'verl', 'r', 1, 'issue', 'Support P1?', 'b', 'open', "
                    "NULL, [], ?, ?, NULL, NULL, 'https://x/1', 0, '[]', [], [], false, NULL, NULL, '2025Q1', NULL, NULL, NULL, "
                    "NULL, NULL, NULL)",
                    [ts("2025-01-02T00:00:00"), ts("2025-01-02T00:00:00")])
        con.execute("INSERT INTO paper_threads VALUES ('2501.00001', 'r#issue/1', 'verl', 'arxiv_id', '2501.00001')")
        (paper,) = lookup(con, "2501.00001")
    assert render([paper]).splitlines()[-1] == "      role and outcome not judged (run paper_thread_reviews)"


def test_an_issue_that_a_merged_pull_request_closes_is_merged():
    # format 2 gives closes_issues: PR #41 (merged) closes issue #40, which only a user answered; PR #43 closes #42
    # but was not merged, so #42 keeps its own outcome
    def row(number, kind, title, state, merged=None, closes=None, comments=()):
        t = thread(f"o/r#{kind}/{number}", kind, title, "u", "2025-07-01T00:00:00", state, merged=merged,
                   comments=comments)
        return {**t, "repo": "o/r", "number": number, "closes_issues": closes}
    threads = pl.DataFrame([
        row(40, "issue", "Support GSPO", "closed", comments=[("u2", "2025-07-02T00:00:00Z", "+1", "NONE")]),
        row(41, "pull", "feat: GSPO loss", "merged", merged="2025-07-05T00:00:00", closes=[40]),
        row(42, "issue", "Support CISPO", "open"),
        row(43, "pull", "feat: CISPO loss", "closed", closes=[42]),
    ], schema_overrides={"closes_issues": pl.List(pl.Int32())})
    cites = pl.DataFrame([("2507.18071", "o/r#issue/40", "verl", "method_name", "gspo"),
                          ("2506.13585", "o/r#issue/42", "verl", "method_name", "cispo")],
                         schema=["arxiv_id", "thread_id", "framework", "cited_by", "evidence"], orient="row")
    got = {r["thread_id"]: (r["outcome"], r["outcome_reason"]) for r in thread_reviews(cites, threads).to_dicts()}
    assert got == {"o/r#issue/40": ("merged", "closed by merged pull request #41"),
                   "o/r#issue/42": ("no_response", "no comment by a maintainer")}


def test_the_state_reason_says_duplicate_or_not_planned():
    from rl_inclusion.threads.roles import thread_outcome

    def issue(reason, comments):
        return {"kind": "issue", "state": "closed", "state_reason": reason, "author_association": "NONE",
                "comments": [{"author": a, "author_association": s, "body": b} for a, s, b in comments]}
    answered = [("m", "MEMBER", "Thanks, see #812 for a related change.")]
    # a pointer to #812 would read as the implementing PR; the state reason says the issue was a duplicate
    assert thread_outcome(issue("DUPLICATE", answered)) == ("closed_unmerged", "closed as a duplicate (state reason)")
    assert thread_outcome(issue("COMPLETED", answered)) == ("merged", "closed after maintainer m pointed to #812")
    # closed as not planned after a maintainer answered: declined; after a stale clean-up note: not a decision
    assert thread_outcome(issue("NOT_PLANNED", [("m", "MEMBER", "Interesting idea.")])) == (
        "rejected", "closed as not planned (state reason) after maintainer m answered")
    stale = [("m", "MEMBER", "Interesting idea."), ("bot", "BOT", "Scheduled cleanup: no activity, closing.")]
    assert thread_outcome(issue("NOT_PLANNED", stale)) == ("closed_unmerged",
                                                           "closed after a maintainer response, nothing merged")
