"""Threads link to papers by id and by name; a name two papers claim links to neither."""

import polars as pl

from rl_inclusion.ids import NameIndex
from rl_inclusion.names import name_index
from rl_inclusion.threads.classify import classify_threads, link_threads


def eligible(rows):
    return pl.DataFrame([{"arxiv_id": a, "eligible": True, "method_name": n, "aliases": al} for a, n, al in rows],
                        schema={"arxiv_id": pl.Utf8, "eligible": pl.Boolean, "method_name": pl.Utf8, "aliases": pl.List(pl.Utf8)})


def thread(n, title, body=""):
    return {"framework": "acme", "repo": "acme/x", "number": n, "kind": "issue", "title": title, "body": body,
            "state": "open", "author": None, "labels": [], "created_at": "2025-03-01T00:00:00Z",
            "updated_at": "2025-03-01T00:00:00Z", "closed_at": None, "merged_at": None,
            "url": f"https://github.com/acme/x/issues/{n}", "comments": []}


def test_ambiguous_names_link_to_no_single_paper():
    el = eligible([("2501.00001", "SPO", []), ("2502.00002", "SPO", ["spo"]), ("2507.18071", "GSPO", ["gspo"])])
    threads = classify_threads([thread(1, "Support SPO?"), thread(2, "GSPO and arXiv:2502.00002 please")], name_index(el))
    got = link_threads(threads, el).select("arxiv_id", "thread_id", "cited_by").rows()
    assert got == [("2501.00001", "acme/x#issue/1", "method_name_ambiguous"),
                   ("2502.00002", "acme/x#issue/1", "method_name_ambiguous"),
                   ("2502.00002", "acme/x#issue/2", "arxiv_id"),
                   ("2507.18071", "acme/x#issue/2", "method_name")]
