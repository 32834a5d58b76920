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

from .client import LiveGitHubSource
from .queries import QUERIES, more_comments_query
from .records import KINDS, THREADS_MEMBER, ThreadFetch, iso, parse_ts, validate_thread
from .snapshot import SnapshotThreadSource, record_threads, thread_records

__all__ = ["KINDS", "QUERIES", "THREADS_MEMBER", "LiveGitHubSource", "SnapshotThreadSource", "ThreadFetch", "iso",
           "more_comments_query", "parse_ts", "record_threads", "thread_records", "validate_thread"]
