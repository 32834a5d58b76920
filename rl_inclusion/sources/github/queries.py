"""The GraphQL queries, read from the ``queries/*.graphql`` files beside this module.

Three page queries (issues, pull requests, discussions: a page of threads with
their first comments and the request's rate-limit cost) and the continuation
query ``MoreComments``, built by repeating ``more_comments_node.graphql`` once
per comment list of a batch.  The selections they share are fragments in
``fragments.graphql``; each query is sent with the fragments it uses appended
(GitHub refuses a document that defines a fragment it does not use).
"""

from __future__ import annotations

import re
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


@cache
def _fragments() -> dict[str, str]:
    text = load_query("fragments.graphql")
    return {m.group(1): m.group(0) for m in re.finditer(r"fragment (\w+) on \w+ \{.*?\n\}", text, re.S)}


def with_fragments(query: str) -> str:
    """``query`` followed by the definitions of the fragments it spreads (``...Name``)."""
    used = [text for name, text in _fragments().items() if re.search(rf"\.\.\.{name}\b", query)]
    return query.rstrip() + "\n" + "\n".join(used) + "\n" if used else query


QUERIES = {kind: with_fragments(load_query(name)) for kind, name in _FILES.items()}


def more_comments_query(n: int) -> str:
    """A query that continues ``n`` comment (or reply) lists at once, one alias each."""
    node = load_query("more_comments_node.graphql")
    params = ", ".join(f"$id{i}: ID!, $after{i}: String" for i in range(n))
    fields = "\n".join(node.replace("__N__", str(i)) for i in range(n))
    return with_fragments(f"query MoreComments($nc: Int!, $nr: Int!, {params}) {{\nrateLimit {{\n  ...Rate\n}}\n{fields}}}\n")
