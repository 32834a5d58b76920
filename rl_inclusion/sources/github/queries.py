"""The GraphQL queries, read from the ``queries/*.graphql`` files beside this module.

Three page queries (issues, pull requests, discussions: a page of threads with
their first comments and the request's rate-limit cost) and the continuation
query ``MoreComments``, built by repeating ``more_comments_node.graphql`` once
per comment list of a batch.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

_FILES = {"issue": "issues_page.graphql", "pull": "pulls_page.graphql", "discussion": "discussions_page.graphql"}
# Pull requests and discussions are paged newest first (no since filter), issues oldest first.
ASCENDING = {"issue": True, "pull": False, "discussion": False}
# Kinds paged newest-first come first, so an interruption in the issues still leaves a usable cursor.
ORDER = ("pull", "discussion", "issue")


@cache
def load_query(filename: str) -> str:
    """A query file's text without its ``#`` comment lines."""
    text = (resources.files(__package__) / "queries" / filename).read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")).strip() + "\n"


QUERIES = {kind: load_query(name) for kind, name in _FILES.items()}


def more_comments_query(n: int) -> str:
    """A query that continues ``n`` comment (or reply) lists at once, one alias each."""
    node = load_query("more_comments_node.graphql")
    params = ", ".join(f"$id{i}: ID!, $after{i}: String" for i in range(n))
    fields = "\n".join(node.replace("__N__", str(i)) for i in range(n))
    rate = "rateLimit {\n  cost\n  remaining\n  limit\n  resetAt\n}"
    return f"query MoreComments($nc: Int!, $nr: Int!, {params}) {{\n{rate}\n{fields}}}\n"
