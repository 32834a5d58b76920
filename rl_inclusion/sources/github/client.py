"""The live GitHub source: GraphQL through PyGithub's requester with a token, REST without; one retry policy."""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable, Iterable
from datetime import datetime, timezone
from typing import Any

import requests
import tenacity
from github import Auth, Github, GithubException

from ...errors import SourceError
from .queries import ASCENDING, ORDER, QUERIES, more_comments_query
from .records import KINDS, ThreadFetch, iso, parse_ts
from .state import _FetchState, _Stop, _rest_login


DEFAULT_BASE_URL = "https://api.github.com"
UNAUTHENTICATED_PER_HOUR = 60
AUTHENTICATED_PER_HOUR = 5000

log = logging.getLogger(__name__)


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

    def unmatched(self, frameworks: Iterable[Any]) -> list[dict[str, Any]]:
        """Nothing: the live API is asked for each framework's repository by name (a moved one is followed)."""
        return []

    # --- fetch --------------------------------------------------------------------

    def fetch(self, framework: str, repo: str, since: datetime | None = None,
              aliases: tuple[str, ...] = ()) -> ThreadFetch:
        # ``aliases``: other names of the repository.  The live API is asked under ``repo``; when
        # GitHub answers under another name (the repository moved), threads are recorded under
        # the name GitHub gives (``repos.follow_rename``) and a note says so.
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
        out.notes.extend(self._notes + state.notes)
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
        for kind in (k for k in ORDER if k in self.kinds):
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
                    if not ASCENDING[kind] and st.since is not None and updated < st.since:
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
        out.notes.append("REST: pull requests' reviews, merge commits and closed issues are not fetched (a request "
                         "per pull request); they are empty")
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
                got.extend({"author": _rest_login(c.user), "created_at": iso(c.created_at), "body": c.body or "",
                            **({"author_association": c.author_association} if c.author_association else {})}
                           for c in chunk)
                if len(chunk) < self.page_size:
                    break
            st.set_comments(key, got)


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


def _repo_of_url(url: str | None) -> str | None:
    """``owner/name`` of a thread's ``https://github.com/owner/name/(issues|pull)/N`` URL."""
    parts = (url or "").split("/")
    return "/".join(parts[3:5]) if len(parts) > 6 and parts[2].endswith("github.com") else None
