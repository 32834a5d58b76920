"""The HTTP client: ``arxiv.Client`` with timeouts, retries with backoff, ``Retry-After`` and the courtesy delay."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import arxiv
import requests
import urllib3
import tenacity

from ...errors import ConfigError, SourceError
from .feed import ArxivHTTPError, EmptyPageError, MalformedPageError, Page, parse_page, parse_retry_after


DEFAULT_PAGE_SIZE = 2000
API_MAX_PAGE_SIZE = 2000
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})

log = logging.getLogger(__name__)


# --- the client ----------------------------------------------------------------

def _unreachable(exc: BaseException) -> bool:
    """No network at all (the host name does not resolve): waiting minutes will not help."""
    reason = getattr(exc.args[0], "reason", None) if isinstance(exc, requests.exceptions.ConnectionError) and exc.args else None
    return isinstance(reason, urllib3.exceptions.NameResolutionError)


def _retryable(exc: BaseException) -> bool:
    if isinstance(exc, arxiv.HTTPError):
        return exc.status in RETRY_STATUSES
    if _unreachable(exc):
        return False
    return isinstance(exc, (EmptyPageError, arxiv.UnexpectedEmptyPageError, MalformedPageError,
                            requests.exceptions.Timeout, requests.exceptions.ConnectionError))


class ArxivApiClient(arxiv.Client):
    """``arxiv.Client`` with timeouts, backoff, ``Retry-After`` and injectable sleeping.

    ``num_retries`` retries follow a failed request, waiting ``backoff_seconds``
    doubled each time (at most ``max_backoff_seconds``), or what ``Retry-After``
    asks (at most ``max_retry_after_seconds``).  Any two requests are at least
    ``delay_seconds`` apart.  Use :meth:`fetch_page`: the inherited ``results()``
    still runs the package's own request loop (no timeout, no backoff).
    """

    def __init__(self, page_size: int = DEFAULT_PAGE_SIZE, delay_seconds: float = 3.0, num_retries: int = 6,
                 timeout: float | tuple[float, float] = (10.0, 120.0), backoff_seconds: float = 5.0,
                 max_backoff_seconds: float = 160.0, max_retry_after_seconds: float = 900.0,
                 sleep: Callable[[float], None] = time.sleep, clock: Callable[[], float] = time.monotonic):
        if not 1 <= page_size <= API_MAX_PAGE_SIZE:
            raise ConfigError(f"page_size must be between 1 and {API_MAX_PAGE_SIZE} (the API's limit), got {page_size}")
        if delay_seconds < 3.0:
            log.warning("arXiv: a delay of %.1fs between requests is below the 3s the API's terms ask for", delay_seconds)
        super().__init__(page_size=page_size, delay_seconds=delay_seconds, num_retries=num_retries)
        self.timeout = timeout
        self.backoff_seconds = backoff_seconds
        self.max_backoff_seconds = max_backoff_seconds
        self.max_retry_after_seconds = max_retry_after_seconds
        self.sleep = sleep
        self.clock = clock
        self.requests = 0
        self.retries = 0
        self._last_request: float | None = None

    def _courtesy_wait(self) -> None:
        if self._last_request is None:
            return
        wait = self.delay_seconds - (self.clock() - self._last_request)
        if wait > 0:
            self.sleep(wait)

    def _get(self, url: str, try_index: int) -> bytes:
        self._courtesy_wait()
        self.requests += 1
        log.debug("arXiv: GET %s (try %d)", url, try_index)
        try:
            resp = self._session.get(url, headers={"user-agent": f"rl-inclusion (arxiv.py/{arxiv.__version__})"},
                                     timeout=self.timeout)
        finally:
            self._last_request = self.clock()
        if resp.status_code != 200:
            raise ArxivHTTPError(url, try_index, resp.status_code, parse_retry_after(resp.headers.get("Retry-After")))
        return resp.content

    def _wait(self, state: tenacity.RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome else None
        if isinstance(exc, ArxivHTTPError) and exc.retry_after is not None:
            return min(exc.retry_after, self.max_retry_after_seconds)
        return min(self.max_backoff_seconds, self.backoff_seconds * 2 ** (state.attempt_number - 1))

    def fetch_page(self, search: arxiv.Search, start: int = 0, expected: int | None = None) -> Page:
        """One page, retried.  An empty page is an error (and retried) when the feed
        announces more than ``start`` entries or the caller ``expected`` some."""
        url = self._format_url(search, start, self.page_size)
        tries = [0]

        def attempt() -> Page:
            try_index = tries[0]
            tries[0] += 1
            page = parse_page(self._get(url, try_index), url)
            if not page.entries and (page.total > start or (expected or 0) > 0):
                raise EmptyPageError(url, try_index, max(page.total, expected or 0))
            return page

        def before_sleep(state: tenacity.RetryCallState) -> None:
            self.retries += 1
            log.warning("arXiv: %s; retry %d of %d in %.1fs", state.outcome.exception(), state.attempt_number,
                        self.num_retries, state.next_action.sleep if state.next_action else 0.0)

        retrying = tenacity.Retrying(
            stop=tenacity.stop_after_attempt(self.num_retries + 1), wait=self._wait,
            retry=tenacity.retry_if_exception(_retryable), sleep=self.sleep, before_sleep=before_sleep, reraise=True)
        try:
            return retrying(attempt)
        except (arxiv.ArxivError, requests.exceptions.RequestException) as exc:
            if _unreachable(exc):
                raise SourceError(f"arXiv API unreachable: the host of {url} does not resolve (no network?). "
                                  "Run from a snapshot instead (--source PATH) or try again later.") from exc
            raise SourceError(f"arXiv API: giving up after {tries[0]} tries: {exc}") from exc
