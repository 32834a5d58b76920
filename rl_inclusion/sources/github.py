"""Where ``issue_threads`` comes from: a snapshot folder, or GitHub itself.

Both sources answer one question, ``fetch(framework, repo, since)``: the issues,
pull requests and discussions of one repository updated at or after ``since``
(all of them when ``since`` is None), as snapshot-format thread dicts
(:data:`rl_inclusion.snapshot.THREAD_KEYS`; comments are
``[{"author", "created_at", "body"}]``), plus what the fetch cost and the
cursor to store for the next run.

The cursor
----------
``ThreadFetch.max_updated_at`` is the value to keep in ``thread_cursors``: every
thread updated before it has been fetched.  After a complete fetch it is the
newest ``updated_at`` seen (never later than the moment the fetch began, so a
thread edited while the fetch ran is asked for again next time).  A fetch
stopped part-way (a rate limit whose reset is further away than ``max_wait``,
a server that keeps failing) returns what it has with ``complete=False`` and a
cursor that is still safe, so the next run resumes there instead of starting
over.  GitHub's ``since`` means "updated at or after", so the thread at the
cursor is fetched again and updated in place.

Live fetching and its cost
--------------------------
With a token, everything goes through GitHub's GraphQL API, sent by PyGithub's
requester (``Github.requester.graphql_query``): one request brings a page of up
to 100 issues (or pull requests, or discussions) together with their first
``first_comments`` comments (and, for discussions, the first replies to each
comment).  Only threads with more comments than that cost more, and their
remaining comments are asked for ``more_batch`` threads per request (one query
with one aliased ``node(id:)`` field per thread).  Typical threads therefore
cost about 10 requests per 1,000, against about 1,000 when each thread's
comments take a request of their own (the REST way).  Issues are paged oldest
update first with GraphQL's ``since`` filter, so progress is a cursor; pull
requests and discussions have no ``since`` filter and are paged newest update
first, stopping at the first one older than ``since``.

Without a token GitHub's GraphQL API is closed, so the source falls back to the
REST API through PyGithub (``repo.get_issues(state="all", since=...,
sort="updated")`` then one comments request per thread that has comments), at
the unauthenticated budget of 60 requests an hour; discussions are skipped.
The run says so, and says how long it will take.

Rate limits and errors
----------------------
Every request goes through one :mod:`tenacity` retry policy: a response with
``Retry-After`` waits that long (secondary rate limits); a 403/429 or a GraphQL
``RATE_LIMITED`` error with ``X-RateLimit-Remaining: 0`` waits until
``X-RateLimit-Reset``; 5xx and connection errors back off exponentially.  The
remaining budget is read from every response; when it reaches 0 the next
request waits for the reset first.  No wait is longer than ``max_wait`` seconds:
past that, the fetch stops and returns its partial result.  ``clock`` and
``sleep`` are injectable so tests never sleep.  PyGithub's own retry is turned
off (it sleeps silently, PyGithub issue 3080).

The token
---------
The token is read from ``GITHUB_TOKEN`` when none is passed; it is held only by
PyGithub's ``Auth.Token`` and never appears in a log record, a note, an
exception message raised from here, the returned threads or a snapshot
(``repr`` of the source leaves it out; messages pass through :meth:`_redact`).
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import requests
import tenacity
from github import Auth, Github, GithubException

from ..errors import SourceError
from ..snapshot import THREAD_KEYS, Snapshot, write_snapshot
from ..timeutil import parse_utc

log = logging.getLogger(__name__)

KINDS = ("issue", "pull", "discussion")
THREADS_MEMBER = "threads.jsonl"
DEFAULT_BASE_URL = "https://api.github.com"
UNAUTHENTICATED_PER_HOUR = 60
AUTHENTICATED_PER_HOUR = 5000
_GHOST_LOGINS = frozenset({"ghost"})  # GitHub's stand-in for a deleted account in REST


# --- time helpers ----------------------------------------------------------------

def parse_ts(value: Any) -> datetime | None:
    """An ISO-8601 timestamp (``...Z`` or with offset) or datetime -> aware UTC datetime."""
    if value is None:
        return None
    return parse_utc(value if isinstance(value, datetime) else str(value))


def iso(dt: datetime | None) -> str | None:
    return None if dt is None else parse_ts(dt).strftime("%Y-%m-%dT%H:%M:%SZ")


# --- the result --------------------------------------------------------------------

@dataclass
class ThreadFetch:
    """Threads of one repository and what fetching them cost.

    ``max_updated_at`` is the cursor to store (see the module docstring);
    ``complete`` is False when the fetch stopped part-way.
    """

    threads: list[dict[str, Any]] = field(default_factory=list)
    requests: int = 0
    notes: list[str] = field(default_factory=list)
    max_updated_at: datetime | None = None
    complete: bool = True
    strategy: str = "snapshot"
    budget_remaining: int | None = None
    budget_limit: int | None = None
    # Lines that could not be used, for issue_threads_quarantine: {entry_key, reason, raw}.
    rejected: list[dict[str, str]] = field(default_factory=list)

    @property
    def requests_per_1k_threads(self) -> float:
        return round(1000.0 * self.requests / len(self.threads), 2) if self.threads else 0.0


def validate_thread(d: dict[str, Any]) -> str | None:
    """Why a snapshot thread dict cannot be used, or None when it can."""
    missing = [k for k in THREAD_KEYS if k not in d]
    if missing:
        return f"missing keys {missing}"
    if not isinstance(d["number"], int) or isinstance(d["number"], bool):
        return f"number must be an integer, got {d['number']!r}"
    if d["kind"] not in KINDS:
        return f"kind must be one of {KINDS}, got {d['kind']!r}"
    for key in ("framework", "repo", "title", "state", "url"):
        if not isinstance(d[key], str):
            return f"{key} must be a string"
    if d["body"] is not None and not isinstance(d["body"], str):
        return "body must be a string or null"
    if not isinstance(d["labels"], list) or not all(isinstance(x, str) for x in d["labels"]):
        return "labels must be a list of strings"
    for key in ("created_at", "updated_at", "closed_at", "merged_at"):
        if d[key] is None and key in ("closed_at", "merged_at"):
            continue
        try:
            if parse_ts(d[key]) is None:
                return f"{key} is missing"
        except (ValueError, TypeError):
            return f"{key} is not a timestamp: {d[key]!r}"
    if not isinstance(d["comments"], list):
        return "comments must be a list"
    for i, c in enumerate(d["comments"]):
        if not isinstance(c, dict) or not isinstance(c.get("body", ""), (str, type(None))):
            return f"comment {i} must be an object with a string body"
        try:
            parse_ts(c.get("created_at"))
        except (ValueError, TypeError):
            return f"comment {i} has a bad created_at {c.get('created_at')!r}"
    return None


# --- snapshot ----------------------------------------------------------------------

class SnapshotThreadSource:
    """Reads ``threads.jsonl`` of a snapshot (checksum verified by :class:`Snapshot`).

    A line that is not JSON, or a thread that lacks a field, is reported in
    ``notes`` and skipped; the rest are read.
    """

    def __init__(self, snapshot: Snapshot):
        self.snapshot = snapshot
        self.label = f"snapshot:{snapshot.root}"

    def fetch(self, framework: str, repo: str, since: datetime | None = None,
              aliases: tuple[str, ...] = ()) -> ThreadFetch:
        from ..threads.repos import normalise_repo, repo_names

        since = parse_ts(since)
        out = ThreadFetch(strategy="snapshot", max_updated_at=since)
        if not self.snapshot.has(THREADS_MEMBER):
            out.notes.append(f"{self.snapshot.root}: the snapshot has no {THREADS_MEMBER}; no threads")
            return out
        names = repo_names(repo, aliases)
        newest = since
        for line in self.snapshot.read_jsonl(THREADS_MEMBER):
            if line.data is None:
                out.notes.append(f"{THREADS_MEMBER} line {line.lineno}: {line.error}; skipped")
                out.rejected.append({"entry_key": f"{THREADS_MEMBER}:{line.lineno}", "framework": None,
                                     "reason": line.error or "unreadable", "raw": line.raw[:100_000]})
                continue
            d = line.data
            if normalise_repo(d.get("repo")) not in names:  # the repository decides, under any of its names
                continue
            problem = validate_thread(d)
            if problem:
                out.notes.append(f"{THREADS_MEMBER} line {line.lineno}: {problem}; skipped")
                out.rejected.append({"entry_key": f"{THREADS_MEMBER}:{line.lineno}", "framework": framework,
                                     "reason": problem, "raw": line.raw[:100_000]})
                continue
            updated = parse_ts(d["updated_at"])
            if since is not None and updated < since:
                continue
            out.threads.append({k: d[k] for k in THREAD_KEYS})
            newest = updated if newest is None or updated > newest else newest
        out.max_updated_at = newest
        return out

    def unmatched(self, frameworks: Iterable[Any]) -> list[dict[str, Any]]:
        """Quarantine records for readable lines whose repository matches no framework (see
        :mod:`rl_inclusion.threads.repos`): such threads are reported, never silently dropped."""
        from ..threads.repos import framework_by_repo, normalise_repo, unmatched_reason

        frameworks = list(frameworks)
        known = framework_by_repo(frameworks)
        if not self.snapshot.has(THREADS_MEMBER):
            return []
        out = []
        for line in self.snapshot.read_jsonl(THREADS_MEMBER):
            if line.data is None or normalise_repo(line.data.get("repo")) in known:
                continue
            out.append({"entry_key": f"{THREADS_MEMBER}:{line.lineno}", "framework": None,
                        "reason": unmatched_reason(line.data.get("repo"), frameworks), "raw": line.raw[:100_000]})
        return out


def record_threads(folder: str | os.PathLike, threads: Iterable[dict[str, Any]],
                   created_at: datetime | None = None) -> Path:
    """Write fetched threads into the snapshot at ``folder`` (``threads.jsonl``).

    Threads already in the snapshot are kept unless a new one has the same
    repository, kind and number (the newer replaces it); other members of an
    existing snapshot are kept as they are.  Every thread is validated first.
    """
    folder = Path(folder)
    existing: list[dict[str, Any]] = []
    binaries: dict[str, Path] = {}
    if (folder / "manifest.json").is_file():
        snap = Snapshot.open(folder)
        if snap.has(THREADS_MEMBER):
            existing = [line.data for line in snap.read_jsonl(THREADS_MEMBER)
                        if line.data is not None and validate_thread(line.data) is None]
        binaries = {name: snap.path(name) for name in snap.files if name != THREADS_MEMBER}
    return write_snapshot(folder, {THREADS_MEMBER: thread_records(threads, existing)}, binaries, created_at=created_at)


def thread_records(threads: Iterable[dict[str, Any]], existing: Iterable[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The snapshot records of fetched threads, validated, merged over ``existing`` (a newer thread
    with the same repository, kind and number replaces the older), in repository, kind, number order."""
    def key(d: dict[str, Any]) -> tuple[str, str, int]:
        return d["repo"].lower(), d["kind"], d["number"]

    merged = {key(d): d for d in existing}
    for t in threads:
        problem = validate_thread(t)
        if problem:
            raise SourceError(f"cannot record thread {t.get('repo')}#{t.get('number')}: {problem}")
        merged[key(t)] = {k: t[k] for k in THREAD_KEYS}
    return [merged[k] for k in sorted(merged)]


# --- GraphQL queries -------------------------------------------------------------

_PAGE = "pageInfo { hasNextPage endCursor }"
_ACTOR = "author { login }"
_COMMENT = f"{_ACTOR} createdAt body"
_ISSUE_LIKE = (f"id number title body state url createdAt updatedAt closedAt {_ACTOR} "
               f"labels(first: 30) {{ nodes {{ name }} }} "
               f"comments(first: $nc) {{ totalCount {_PAGE} nodes {{ {_COMMENT} }} }}")
_DISCUSSION_COMMENTS = (f"totalCount {_PAGE} nodes {{ id {_COMMENT} "
                        f"replies(first: $nr) {{ totalCount {_PAGE} nodes {{ {_COMMENT} }} }} }}")
_DISCUSSION = (f"id number title body url createdAt updatedAt closed closedAt {_ACTOR} "
               f"labels(first: 30) {{ nodes {{ name }} }} comments(first: $nc) {{ {_DISCUSSION_COMMENTS} }}")
_RATE = "rateLimit { cost remaining limit resetAt }"

QUERIES = {
    "issue": (
        "query IssuesPage($owner: String!, $name: String!, $n: Int!, $nc: Int!, $after: String, $since: DateTime) { "
        f"{_RATE} repository(owner: $owner, name: $name) {{ nameWithOwner "
        "threads: issues(first: $n, after: $after, orderBy: {field: UPDATED_AT, direction: ASC}, filterBy: {since: $since}) "
        f"{{ {_PAGE} nodes {{ {_ISSUE_LIKE} }} }} }} }}"
    ),
    "pull": (
        "query PullsPage($owner: String!, $name: String!, $n: Int!, $nc: Int!, $after: String) { "
        f"{_RATE} repository(owner: $owner, name: $name) {{ nameWithOwner "
        "threads: pullRequests(first: $n, after: $after, orderBy: {field: UPDATED_AT, direction: DESC}) "
        f"{{ {_PAGE} nodes {{ {_ISSUE_LIKE} mergedAt }} }} }} }}"
    ),
    "discussion": (
        "query DiscussionsPage($owner: String!, $name: String!, $n: Int!, $nc: Int!, $nr: Int!, $after: String) { "
        f"{_RATE} repository(owner: $owner, name: $name) {{ nameWithOwner "
        "threads: discussions(first: $n, after: $after, orderBy: {field: UPDATED_AT, direction: DESC}) "
        f"{{ {_PAGE} nodes {{ {_DISCUSSION} }} }} }} }}"
    ),
}
# Pull requests and discussions are paged newest first (no since filter), issues oldest first.
_ASCENDING = {"issue": True, "pull": False, "discussion": False}
# Kinds paged newest-first come first, so an interruption in the issues still leaves a usable cursor.
_ORDER = ("pull", "discussion", "issue")


def more_comments_query(n: int) -> str:
    """A query that continues ``n`` comment (or reply) lists at once, one alias each."""
    params = ", ".join(f"$id{i}: ID!, $after{i}: String" for i in range(n))
    parts = []
    for i in range(n):
        page = f"(first: $nc, after: $after{i})"
        parts.append(
            f"t{i}: node(id: $id{i}) {{ "
            f"... on Issue {{ comments{page} {{ totalCount {_PAGE} nodes {{ {_COMMENT} }} }} }} "
            f"... on PullRequest {{ comments{page} {{ totalCount {_PAGE} nodes {{ {_COMMENT} }} }} }} "
            f"... on Discussion {{ dcomments: comments{page} {{ {_DISCUSSION_COMMENTS} }} }} "
            f"... on DiscussionComment {{ replies{page} {{ totalCount {_PAGE} nodes {{ {_COMMENT} }} }} }} }}")
    return f"query MoreComments($nc: Int!, $nr: Int!, {params}) {{ {_RATE} {' '.join(parts)} }}"


def _login(actor: Any) -> str | None:
    if not isinstance(actor, dict):
        return None
    login = actor.get("login")
    return None if not login or login in _GHOST_LOGINS else login


def _comment(node: dict[str, Any]) -> dict[str, Any]:
    return {"author": _login(node.get("author")), "created_at": iso(parse_ts(node.get("createdAt"))),
            "body": node.get("body") or ""}


class _Stop(Exception):
    """The fetch cannot go on now (a wait longer than allowed, retries spent)."""


@dataclass
class _Pending:
    """A comment list of a thread (or replies of a discussion comment) with more to fetch."""

    key: tuple[str, int]
    node_id: str
    after: str | None
    replies: bool  # True for the replies of a discussion comment


class LiveGitHubSource:
    """Fetches threads from GitHub (GraphQL with a token, REST without).

    ``token=None`` reads ``GITHUB_TOKEN``; ``token=""`` forces unauthenticated
    access.  ``clock`` (seconds since the epoch) and ``sleep`` may be replaced
    in tests.  ``max_wait`` bounds any single wait, ``max_attempts`` the
    attempts of one request; ``min_interval`` spaces requests (seconds; GitHub
    asks clients to send requests one after another, not at once).
    """

    def __init__(self, token: str | None = None, *, base_url: str = DEFAULT_BASE_URL, page_size: int = 100,
                 first_comments: int = 30, first_replies: int = 10, more_batch: int = 50,
                 kinds: Iterable[str] = KINDS, strategy: str | None = None, max_wait: float = 3900.0,
                 max_attempts: int = 6, backoff_base: float = 2.0, backoff_max: float = 120.0,
                 timeout: int = 60, min_interval: float = 0.25, clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], None] = time.sleep):
        if token is None:
            token = os.environ.get("GITHUB_TOKEN", "")
        token = token.strip()
        if not 1 <= page_size <= 100:
            raise ValueError("page_size must be between 1 and 100 (GitHub's page limit)")
        if not 1 <= first_comments <= 100 or not 1 <= first_replies <= 100:
            raise ValueError("first_comments and first_replies must be between 1 and 100")
        kinds = tuple(kinds)
        if unknown := [k for k in kinds if k not in KINDS]:
            raise ValueError(f"unknown thread kinds {unknown}; known: {KINDS}")
        self.authenticated = bool(token)
        self.strategy = strategy or ("graphql" if token else "rest")
        if self.strategy not in ("graphql", "rest"):
            raise ValueError(f"strategy must be 'graphql' or 'rest', got {self.strategy!r}")
        if self.strategy == "graphql" and not token:
            raise SourceError("GitHub's GraphQL API needs a token: set GITHUB_TOKEN, or use strategy='rest'")
        # The secret is kept only to scrub it from messages; PyGithub holds it for requests.
        self.__secret = token
        self.page_size, self.first_comments, self.first_replies = page_size, first_comments, first_replies
        self.more_batch = max(1, more_batch)
        self.kinds = kinds
        self.max_wait, self.max_attempts = float(max_wait), max_attempts
        self.clock, self._sleep = clock, sleep
        self._backoff = tenacity.wait_exponential(multiplier=backoff_base, min=backoff_base, max=backoff_max)
        self.base_url = base_url
        self._gh = Github(auth=Auth.Token(token) if token else None, base_url=base_url, per_page=page_size,
                          retry=None, timeout=timeout,
                          # GraphQL queries are POSTs; PyGithub would space them 1 s apart as writes.
                          seconds_between_requests=min_interval or None, seconds_between_writes=min_interval or None)
        self._requests = 0
        self._notes = []
        if not token:
            log.warning(
                "GITHUB_TOKEN is not set: reading public threads without a token, through the REST API at %d "
                "requests an hour (a token allows %d); discussions need a token and are skipped. "
                "Set GITHUB_TOKEN to a token with public read access to fetch faster.",
                UNAUTHENTICATED_PER_HOUR, AUTHENTICATED_PER_HOUR)

    def __repr__(self) -> str:
        return (f"LiveGitHubSource(base_url={self.base_url!r}, strategy={self.strategy!r}, "
                f"authenticated={self.authenticated})")

    @property
    def label(self) -> str:
        return f"github:{self.strategy}"

    def _redact(self, text: str) -> str:
        return text.replace(self.__secret, "<redacted>") if self.__secret else text

    # --- requests, retries and the budget -----------------------------------------

    def _budget(self) -> tuple[int, int, int]:
        remaining, limit = self._gh.requester.rate_limiting
        return remaining, limit, self._gh.requester.rate_limiting_resettime

    def _wait(self, seconds: float, why: str) -> None:
        seconds = max(0.0, float(seconds))
        if seconds > self.max_wait:
            raise _Stop(f"{why}: the wait of {seconds:.0f} s exceeds max_wait={self.max_wait:.0f} s")
        log.info("GitHub: %s; waiting %.0f s", why, seconds)
        self._sleep(seconds)

    def _delay_for(self, exc: BaseException | None, retry_state: tenacity.RetryCallState) -> float:
        if isinstance(exc, GithubException):
            headers = {str(k).lower(): v for k, v in (exc.headers or {}).items()}
            if "retry-after" in headers:
                try:
                    return float(headers["retry-after"])
                except ValueError:
                    pass
            if _rate_limited(exc):
                reset = headers.get("x-ratelimit-reset")
                if headers.get("x-ratelimit-remaining") == "0" and reset and str(reset).isdigit():
                    return max(0.0, int(reset) - self.clock()) + 1.0
                return 60.0  # a secondary limit without Retry-After: GitHub asks for at least a minute
        return self._backoff(retry_state)

    def _call(self, what: str, fn: Callable[[], Any]) -> Any:
        """One GitHub request with the retry policy; counts every attempt."""
        remaining, limit, reset = self._budget()
        if remaining == 0 and reset and reset > self.clock():
            self._wait(reset - self.clock() + 1.0, f"request budget used up ({limit} an hour), resets at "
                       f"{datetime.fromtimestamp(reset, timezone.utc):%H:%M:%S} UTC")

        def attempt() -> Any:
            self._requests += 1
            return fn()

        why: list[str] = []

        def stop(state: tenacity.RetryCallState) -> bool:
            if (state.upcoming_sleep or 0) > self.max_wait:
                why.append(f"the wait of {state.upcoming_sleep:.0f} s exceeds max_wait={self.max_wait:.0f} s")
                return True
            if state.attempt_number >= self.max_attempts:
                why.append(f"gave up after {state.attempt_number} attempts")
                return True
            return False

        def before_sleep(state: tenacity.RetryCallState) -> None:
            exc = state.outcome.exception() if state.outcome else None
            log.warning("GitHub %s failed (%s); retry %d in %.0f s", what, self._redact(_describe(exc)),
                        state.attempt_number, state.upcoming_sleep)

        retrying = tenacity.Retrying(
            retry=tenacity.retry_if_exception(_retryable),
            wait=lambda state: self._delay_for(state.outcome.exception() if state.outcome else None, state),
            stop=stop, sleep=self._sleep, before_sleep=before_sleep, reraise=True)
        try:
            result = retrying(attempt)
        except GithubException as exc:
            if _retryable(exc):
                raise _Stop(f"{what}: {self._redact(_describe(exc))} ({'; '.join(why) or 'retries spent'})") from None
            raise SourceError(f"GitHub {what} failed: {self._redact(_describe(exc))}") from None
        except (requests.ConnectionError, requests.Timeout) as exc:
            raise _Stop(f"{what}: {self._redact(type(exc).__name__)} after {self.max_attempts} attempts") from None
        remaining, limit, reset = self._budget()
        if remaining >= 0:
            log.debug("GitHub budget after %s: %d of %d left", what, remaining, limit)
        return result

    def _graphql(self, what: str, query: str, variables: dict[str, Any]) -> dict[str, Any]:
        """One GraphQL request through PyGithub's requester.

        A ``RATE_LIMITED`` error (GitHub answers it with HTTP 200) is raised for
        the retry policy; other errors beside data are reported in the notes.
        """
        requester = self._gh.requester

        def send() -> tuple[dict[str, Any], dict[str, Any]]:
            headers, data = requester.requestJsonAndCheck(
                "POST", requester.graphql_url, input={"query": query, "variables": variables})
            errors = data.get("errors") if isinstance(data, dict) else None
            if errors and (data.get("data") is None or any(isinstance(e, dict) and e.get("type") == "RATE_LIMITED"
                                                           for e in errors)):
                raise GithubException(200, data, headers)
            return headers, data

        _, data = self._call(what, send)
        for e in data.get("errors") or []:
            self._notes.append(self._redact(f"GitHub GraphQL {what}: {e.get('type', 'error')}: {e.get('message', '')}"))
        rate = data["data"].get("rateLimit")
        if rate:
            log.info("GitHub GraphQL %s: cost %s, %s of %s points left, resets %s", what, rate.get("cost"),
                     rate.get("remaining"), rate.get("limit"), rate.get("resetAt"))
        return data["data"]

    # --- fetch --------------------------------------------------------------------

    def fetch(self, framework: str, repo: str, since: datetime | None = None,
              aliases: tuple[str, ...] = ()) -> ThreadFetch:
        # ``aliases``: other names of the repository.  The live API is asked under ``repo``; when
        # GitHub answers under another name (the repository moved), threads are recorded under
        # the name GitHub gives (``threads.repos.follow_rename``) and a note says so.
        if repo.count("/") != 1:
            raise SourceError(f"repository must be 'owner/name', got {repo!r}")
        since = parse_ts(since)
        started = datetime.fromtimestamp(self.clock(), timezone.utc)
        self._requests = 0
        self._notes: list[str] = []
        state = _FetchState(framework=framework, repo=repo, since=since, kinds=self.kinds,
                            rest=self.strategy == "rest", aliases=tuple(aliases))
        out = ThreadFetch(strategy=self.strategy)
        if not self.authenticated and "discussion" in self.kinds:
            out.notes.append("discussions skipped: GitHub's GraphQL API (the only way to read them) needs a token")
        try:
            if self.strategy == "graphql":
                self._fetch_graphql(state)
            else:
                self._fetch_rest(state, out)
        except _Stop as stop:
            out.complete = False
            out.notes.append(self._redact(f"stopped part-way: {stop}; resume from the cursor"))
            log.warning("GitHub fetch of %s stopped part-way: %s", repo, self._redact(str(stop)))
        out.notes.extend(self._notes)
        out.threads = state.finished()
        out.requests = self._requests
        out.max_updated_at = state.cursor(started, complete=out.complete)
        if incomplete := state.incomplete_count():
            out.notes.append(f"{incomplete} threads left out: their comments could not all be fetched")
        remaining, limit, _ = self._budget()
        out.budget_remaining, out.budget_limit = (remaining, limit) if remaining >= 0 else (None, None)
        out.notes.append(f"{len(out.threads)} threads in {out.requests} requests "
                         f"({out.requests_per_1k_threads} per 1,000 threads, {self.strategy})")
        log.info("GitHub %s: %s; budget %s of %s left", repo, out.notes[-1], out.budget_remaining, out.budget_limit)
        return out

    def _fetch_graphql(self, st: _FetchState) -> None:
        owner, name = st.repo.split("/")
        for kind in (k for k in _ORDER if k in self.kinds):
            after: str | None = None
            while True:
                variables: dict[str, Any] = {"owner": owner, "name": name, "n": self.page_size,
                                             "nc": self.first_comments, "after": after}
                if kind == "issue":
                    variables["since"] = iso(st.since)
                if kind == "discussion":
                    variables["nr"] = self.first_replies
                data = self._graphql(f"{kind} page", QUERIES[kind], variables)
                repo_data = data.get("repository")
                if repo_data is None:
                    raise SourceError(f"GitHub has no repository {st.repo} (or it is not visible to this token)")
                st.follow(repo_data.get("nameWithOwner"), self._notes)
                conn = repo_data["threads"]
                older = False
                for node in conn["nodes"] or []:
                    if node is None:
                        continue
                    updated = parse_ts(node["updatedAt"])
                    if not _ASCENDING[kind] and st.since is not None and updated < st.since:
                        older = True
                        break
                    st.pending.extend(st.add_graphql(kind, node))
                if len(st.pending) >= self.more_batch:
                    self._drain_more(st, only_full_batches=True)
                if older or not conn["pageInfo"]["hasNextPage"]:
                    break
                after = conn["pageInfo"]["endCursor"]
            st.done_kinds.add(kind)
        # The last partial batch of comment lists, whatever kind they belong to.
        self._drain_more(st, only_full_batches=False)

    def _drain_more(self, st: _FetchState, only_full_batches: bool) -> None:
        while st.pending and (len(st.pending) >= self.more_batch or not only_full_batches):
            batch, st.pending = st.pending[:self.more_batch], st.pending[self.more_batch:]
            variables: dict[str, Any] = {"nc": 100, "nr": self.first_replies}
            for i, p in enumerate(batch):
                variables[f"id{i}"], variables[f"after{i}"] = p.node_id, p.after
            data = self._graphql(f"more comments for {len(batch)} threads", more_comments_query(len(batch)), variables)
            for i, p in enumerate(batch):
                node = data.get(f"t{i}") or {}
                conn = node.get("replies") if p.replies else (node.get("comments") or node.get("dcomments"))
                if conn is None:  # deleted meanwhile: keep what we have
                    st.resolve(p)
                    continue
                st.pending.extend(st.add_more(p, conn))

    def _fetch_rest(self, st: _FetchState, out: ThreadFetch) -> None:
        kinds = [k for k in self.kinds if k in ("issue", "pull")]
        if not kinds:
            return
        repo = self._gh.get_repo(st.repo, lazy=True)
        kwargs: dict[str, Any] = {"state": "all", "sort": "updated", "direction": "asc"}
        if st.since is not None:
            kwargs["since"] = st.since
        listing = repo.get_issues(**kwargs)
        page = 0
        with_comments: list[tuple[tuple[str, int], Any]] = []
        while True:
            items = self._call(f"issues page {page + 1}", lambda p=page: listing.get_page(p))
            for issue in items:
                # A pull request's html_url is .../pull/N; asking issue.pull_request of a plain
                # issue would make PyGithub fetch the issue again (a request per thread).
                kind = "pull" if "/pull/" in (issue.html_url or "") else "issue"
                st.follow(_repo_of_url(issue.html_url), self._notes)  # REST follows a rename's redirect
                if kind not in kinds:
                    continue
                key = st.add_rest(kind, issue)
                if issue.comments:
                    with_comments.append((key, issue))
            if len(items) < self.page_size:
                break
            page += 1
        needed = sum(math.ceil(issue.comments / self.page_size) for _, issue in with_comments)
        remaining, limit, _ = self._budget()
        per_hour = AUTHENTICATED_PER_HOUR if self.authenticated else UNAUTHENTICATED_PER_HOUR
        hours = needed / per_hour
        msg = (f"REST: {len(st.threads)} threads listed in {self._requests} requests; their comments need about "
               f"{needed} more requests, about {hours:.1f} h at {per_hour} requests an hour")
        out.notes.append(msg)
        log.warning(msg) if not self.authenticated else log.info(msg)
        for key, issue in with_comments:
            comments = issue.get_comments()
            pages = math.ceil(issue.comments / self.page_size)
            got: list[dict[str, Any]] = []
            for p in range(pages + 1):
                chunk = self._call(f"comments of #{issue.number}", lambda p=p: comments.get_page(p))
                got.extend({"author": _rest_login(c.user), "created_at": iso(c.created_at), "body": c.body or ""}
                           for c in chunk)
                if len(chunk) < self.page_size:
                    break
            st.set_comments(key, got)


def _repo_of_url(url: str | None) -> str | None:
    """``owner/name`` of a thread's ``https://github.com/owner/name/(issues|pull)/N`` URL."""
    parts = (url or "").split("/")
    return "/".join(parts[3:5]) if len(parts) > 6 and parts[2].endswith("github.com") else None


def _rest_login(user: Any) -> str | None:
    login = getattr(user, "login", None) if user is not None else None
    return None if not login or login in _GHOST_LOGINS else login


def _graphql_errors(exc: GithubException) -> list[dict[str, Any]]:
    data = exc.data if isinstance(exc.data, dict) else {}
    errors = data.get("errors")
    return [e for e in errors if isinstance(e, dict)] if isinstance(errors, list) else []


def _rate_limited(exc: GithubException) -> bool:
    if any(e.get("type") == "RATE_LIMITED" for e in _graphql_errors(exc)):
        return True
    if exc.status not in (403, 429):
        return False
    headers = {str(k).lower(): v for k, v in (exc.headers or {}).items()}
    message = (exc.data.get("message") if isinstance(exc.data, dict) else None) or ""
    return ("retry-after" in headers or headers.get("x-ratelimit-remaining") == "0"
            or "rate limit" in message.lower() or exc.status == 429)


def _retryable(exc: BaseException) -> bool:
    if isinstance(exc, GithubException):
        return exc.status >= 500 or _rate_limited(exc)
    return isinstance(exc, (requests.ConnectionError, requests.Timeout))


def _describe(exc: BaseException | None) -> str:
    if isinstance(exc, GithubException):
        message = exc.data.get("message") if isinstance(exc.data, dict) else None
        errors = _graphql_errors(exc)
        if errors and not message:
            message = "; ".join(str(e.get("message", e.get("type", ""))) for e in errors)
        return f"HTTP {exc.status}" + (f": {message}" if message else "")
    return type(exc).__name__ if exc is not None else "unknown error"


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
    aliases: tuple[str, ...] = ()

    def follow(self, reported: Any, notes: list[str]) -> None:
        """Record threads under the name GitHub reports for the repository (it may have moved)."""
        from ..threads.repos import follow_rename

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
