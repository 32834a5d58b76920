"""The state of one live fetch: threads seen, comment lists still to continue, the cursor."""

from __future__ import annotations

import logging

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


from .records import KINDS, iso, parse_ts
from .repos import follow_rename


log = logging.getLogger(__name__)
_GHOST_LOGINS = frozenset({"ghost"})  # GitHub's stand-in for a deleted account in REST


def _login(actor: Any) -> str | None:
    if not isinstance(actor, dict):
        return None
    login = actor.get("login")
    return None if not login or login in _GHOST_LOGINS else login


def _comment(node: dict[str, Any]) -> dict[str, Any]:
    out = {"author": _login(node.get("author")), "created_at": iso(parse_ts(node.get("createdAt"))),
           "body": node.get("body") or ""}
    if node.get("authorAssociation"):
        out["author_association"] = node["authorAssociation"]
    return out


def review_fields(kind: str, node: dict[str, Any]) -> dict[str, Any]:
    """The format-2 review fields of a GraphQL thread node (None where the node does not carry them)."""
    out: dict[str, Any] = {"author_association": node.get("authorAssociation"),
                           "state_reason": node.get("stateReason") if kind == "issue" else None,
                           "merge_commit": None, "closes_issues": None, "reviews": None}
    if kind == "pull":
        out["merge_commit"] = (node.get("mergeCommit") or {}).get("oid")
        if "closingIssuesReferences" in node:
            out["closes_issues"] = [int(n["number"]) for n in (node["closingIssuesReferences"] or {}).get("nodes") or []
                                    if n and n.get("number") is not None]
        if "reviews" in node:
            out["reviews"] = [{"author": _login(r.get("author")), "author_association": r.get("authorAssociation"),
                               "state": r.get("state"), "submitted_at": iso(parse_ts(r.get("submittedAt"))),
                               "comments": int((r.get("comments") or {}).get("totalCount") or 0)}
                              for r in (node["reviews"] or {}).get("nodes") or [] if r]
    return out


def _rest_login(user: Any) -> str | None:
    login = getattr(user, "login", None) if user is not None else None
    return None if not login or login in _GHOST_LOGINS else login


class _Stop(Exception):
    """The fetch cannot go on now (a wait longer than allowed, retries spent)."""


@dataclass
class _Pending:
    """A comment list of a thread (or replies of a discussion comment) with more to fetch."""

    key: tuple[str, int]
    node_id: str
    after: str | None
    replies: bool  # True for the replies of a discussion comment


@dataclass
class _FetchState:
    """Threads being assembled, comment lists still open, and progress per kind."""

    framework: str
    repo: str
    since: datetime | None
    kinds: tuple[str, ...] = KINDS
    rest: bool = False
    threads: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    open_lists: dict[tuple[str, int], int] = field(default_factory=dict)
    pending: list[_Pending] = field(default_factory=list)
    done_kinds: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    aliases: tuple[str, ...] = ()

    def follow(self, reported: Any, notes: list[str]) -> None:
        """Record threads under the name GitHub reports for the repository (it may have moved)."""

        canonical, note = follow_rename(self.repo, reported, self.aliases)
        if note:
            self.repo = canonical
            notes.append(note)
            log.warning("%s", note)
            for t in self.threads.values():
                t["repo"] = canonical

    def _base(self, kind: str, number: int, node: dict[str, Any]) -> dict[str, Any]:
        return {"framework": self.framework, "repo": self.repo, "number": int(number), "kind": kind}

    def add_graphql(self, kind: str, node: dict[str, Any]) -> list[_Pending]:
        key = (kind, int(node["number"]))
        if kind == "discussion":
            state = "closed" if node.get("closed") else "open"
        else:
            state = "open" if str(node.get("state", "")).upper() == "OPEN" else "closed"
        t = self._base(kind, node["number"], node)
        t.update({
            "title": node.get("title") or "", "body": node.get("body") or "", "state": state,
            "author": _login(node.get("author")),
            "labels": [lab["name"] for lab in ((node.get("labels") or {}).get("nodes") or []) if lab],
            "created_at": iso(parse_ts(node["createdAt"])), "updated_at": iso(parse_ts(node["updatedAt"])),
            "closed_at": iso(parse_ts(node.get("closedAt"))), "merged_at": iso(parse_ts(node.get("mergedAt"))),
            "url": node.get("url") or "", "comments": [],
        })
        t.update(review_fields(kind, node))
        reviews = node.get("reviews") or {}
        if reviews.get("totalCount", 0) > len(t["reviews"] or []):
            self.notes.append(f"{self.repo}#{key[1]}: {reviews['totalCount']} reviews, the first "
                              f"{len(t['reviews'] or [])} kept")
        self.threads[key] = t
        self.open_lists[key] = 0
        return self.add_more(_Pending(key, node["id"], None, False), node.get("comments") or {}, consumed=False)

    def add_more(self, p: _Pending, conn: dict[str, Any], consumed: bool = True) -> list[_Pending]:
        """Add a page of comments (or replies); return the lists that continue.

        ``consumed`` says that ``p`` was an open list now answered (False for the
        comments that came with the thread itself).
        """
        out: list[_Pending] = []
        t = self.threads[p.key]
        for c in conn.get("nodes") or []:
            if c is None:
                continue
            t["comments"].append(_comment(c))
            replies = c.get("replies")
            if replies:
                for r in replies.get("nodes") or []:
                    if r is not None:
                        t["comments"].append(_comment(r))
                if (replies.get("pageInfo") or {}).get("hasNextPage"):
                    out.append(_Pending(p.key, c["id"], replies["pageInfo"]["endCursor"], True))
        page = conn.get("pageInfo") or {}
        if page.get("hasNextPage"):
            out.append(_Pending(p.key, p.node_id, page.get("endCursor"), p.replies))
        self.open_lists[p.key] += len(out) - (1 if consumed else 0)
        return out

    def resolve(self, p: _Pending) -> None:
        """An open list whose node has gone (deleted meanwhile): keep what was fetched."""
        self.open_lists[p.key] -= 1

    def add_rest(self, kind: str, issue: Any) -> tuple[str, int]:
        key = (kind, int(issue.number))
        pr = issue.pull_request if kind == "pull" else None
        t = self._base(kind, issue.number, {})
        t.update({
            "title": issue.title or "", "body": issue.body or "", "state": issue.state or "",
            "author": _rest_login(issue.user), "labels": [lab.name for lab in issue.labels],
            "created_at": iso(issue.created_at), "updated_at": iso(issue.updated_at),
            "closed_at": iso(issue.closed_at), "merged_at": iso(pr.merged_at) if pr is not None else None,
            "url": issue.html_url or "", "comments": [],
        })
        # REST lists give the association and an issue's state reason (read as attributes: both are in the
        # listing, so PyGithub asks for nothing more); reviews, merge commits and closed issues would cost a
        # request per pull request and are left empty (the fetch notes it).
        reason = issue.state_reason
        t.update({"author_association": issue.author_association,
                  "state_reason": reason.upper() if kind == "issue" and isinstance(reason, str) else None,
                  "merge_commit": None, "closes_issues": None, "reviews": None})
        self.threads[key] = t
        self.open_lists[key] = 1 if issue.comments else 0
        return key

    def set_comments(self, key: tuple[str, int], comments: list[dict[str, Any]]) -> None:
        self.threads[key]["comments"] = comments
        self.open_lists[key] = 0

    def incomplete_count(self) -> int:
        return sum(1 for n in self.open_lists.values() if n > 0)

    def finished(self) -> list[dict[str, Any]]:
        out = []
        for key, t in self.threads.items():
            if self.open_lists.get(key, 0) > 0:
                continue
            t["comments"].sort(key=lambda c: c["created_at"] or "")
            out.append(t)
        out.sort(key=lambda t: (t["updated_at"], t["kind"], t["number"]))
        return out

    def cursor(self, started: datetime, complete: bool) -> datetime | None:
        """The updated-at before which every thread is known to be fetched."""
        finished = {k: parse_ts(t["updated_at"]) for k, t in self.threads.items() if self.open_lists.get(k, 0) == 0}
        if complete:
            return min(max(finished.values()), started) if finished else self.since
        # Stopped part-way.  A newest-first kind that did not finish gives no progress.
        if not self.rest and any(k in self.kinds and k not in self.done_kinds for k in ("pull", "discussion")):
            return self.since
        # Paged oldest update first: everything up to the last thread listed has been listed.
        ascending = [parse_ts(t["updated_at"]) for (kind, _), t in self.threads.items() if self.rest or kind == "issue"]
        bound = max(ascending) if ascending else self.since
        unfinished = [parse_ts(t["updated_at"]) for k, t in self.threads.items() if self.open_lists.get(k, 0) > 0]
        if unfinished:
            bound = min(unfinished) if bound is None else min(bound, min(unfinished))
        if bound is None:
            return None
        if self.since is not None and bound < self.since:
            bound = self.since
        return min(bound, started)
