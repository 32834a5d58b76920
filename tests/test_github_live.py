"""LiveGitHubSource against recorded GitHub responses served to the real PyGithub client.

The responses (tests/fixtures/github/) are replayed with the ``responses``
library: GraphQL requests are answered by operation name and cursor, REST
requests by URL.  The clock and the sleep are fakes, so rate-limit waits are
asserted exactly without sleeping.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import datetime, timezone
from pathlib import Path

import duckdb
import pytest
import responses
from responses import matchers

from rl_inclusion.errors import SourceError
from rl_inclusion.ids import NameIndex
from rl_inclusion.snapshot import Snapshot
from rl_inclusion.sources.github import LiveGitHubSource, SnapshotThreadSource, record_threads
from rl_inclusion.threads.classify import classify_threads

FIX = Path(__file__).parent / "fixtures" / "github"
GRAPHQL = re.compile(r"https://api\.github\.com(:443)?/graphql")
NOW = 1767225600.0  # 2026-01-01T00:00:00Z
TOKEN = "ghp_Fake0TestToken0ThatMustNeverLeak0123456"
RATE_HEADERS = {"X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "4990", "X-RateLimit-Reset": "1767229200"}


def utc(s: str) -> datetime:
    return datetime.fromisoformat(s.replace("Z", "+00:00")).astimezone(timezone.utc)


class FakeClock:
    def __init__(self, now: float = NOW):
        self.now = now
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def load(name: str) -> dict:
    return json.loads((FIX / name).read_text())


class GraphQLReplay:
    """Answers GraphQL POSTs from fixtures keyed ``<operation>__<cursor or 'start'>``.

    ``script`` maps a key to a list of fixture names served in turn (the last
    one repeats); a key absent from the script is served ``graphql/<key>.json``.
    """

    def __init__(self, script: dict[str, list[str]] | None = None, patch=None):
        self.script = {k: list(v) for k, v in (script or {}).items()}
        self.patch = patch
        self.seen: list[tuple[str, dict]] = []

    def key(self, payload: dict) -> str:
        op = re.match(r"\s*query (\w+)", payload["query"]).group(1)
        v = payload["variables"]
        cursor = v.get("after0") if op == "MoreComments" else v.get("after")
        return f"{op}__{cursor or 'start'}"

    def __call__(self, request):
        payload = json.loads(request.body)
        key = self.key(payload)
        self.seen.append((key, payload["variables"]))
        queue = self.script.get(key)
        name = (queue.pop(0) if len(queue) > 1 else queue[0]) if queue else f"graphql/{key}.json"
        if name.startswith("errors/"):
            rec = load(name)
            return rec["status"], rec["headers"], json.dumps(rec["body"])
        body = load(name)
        if self.patch:
            self.patch(key, body)
        return 200, RATE_HEADERS, json.dumps(body)


def serve(rsps, replay: GraphQLReplay) -> GraphQLReplay:
    rsps.add_callback(responses.POST, GRAPHQL, callback=replay, content_type="application/json")
    return replay


def source(clock: FakeClock, **kw) -> LiveGitHubSource:
    kw.setdefault("token", TOKEN)
    return LiveGitHubSource(clock=clock, sleep=clock.sleep, min_interval=0, **kw)


def by_number(fetch) -> dict[int, dict]:
    return {t["number"]: t for t in fetch.threads}


@responses.activate
def test_full_run_pages_threads_and_fetches_extra_comments_in_one_batch():
    clock = FakeClock()
    replay = serve(responses, GraphQLReplay())
    fetch = source(clock).fetch("acme", "acme/rlkit")
    # pulls 1 page, discussions 1 page, issues 2 pages, then one request for the
    # comments of issue 2 beyond its first page.
    assert [k for k, _ in replay.seen] == ["PullsPage__start", "DiscussionsPage__start", "IssuesPage__start",
                                          "IssuesPage__P1", "MoreComments__IC_2"]
    assert fetch.requests == 5 and fetch.complete and clock.sleeps == []
    assert sorted((t["kind"], t["number"]) for t in fetch.threads) == [
        ("discussion", 4), ("issue", 1), ("issue", 2), ("issue", 5), ("pull", 3)]
    t = by_number(fetch)
    assert t[2]["author"] is None  # deleted account
    assert [c["body"] for c in t[2]["comments"]] == ["Same here.", "Pin vllm to 0.8.5.", "Fixed on main."]
    assert t[2]["comments"][1]["author"] is None
    assert t[3] == {
        "framework": "acme", "repo": "acme/rlkit", "number": 3, "kind": "pull",
        "title": "Add a length-normalised policy loss",
        "body": "Implements the loss from arXiv:2503.20783v2 as `loss_agg_mode=seq-mean-token-sum-norm`.",
        "state": "closed", "author": "alice", "labels": ["enhancement"],
        "created_at": "2025-02-10T08:00:00Z", "updated_at": "2025-03-02T09:30:00Z",
        "closed_at": "2025-03-01T12:00:00Z", "merged_at": "2025-03-01T12:00:00Z",
        "url": "https://github.com/acme/rlkit/pull/3",
        "comments": [{"author": "bob", "created_at": "2025-02-11T10:00:00Z", "body": "LGTM once the test passes.",
                      "author_association": "MEMBER"}],
        # snapshot format 2: what review needs
        "author_association": "CONTRIBUTOR", "state_reason": None,
        "merge_commit": "5f0c2e9a8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a", "closes_issues": [1],
        "reviews": [{"author": "bob", "author_association": "MEMBER", "state": "CHANGES_REQUESTED",
                     "submitted_at": "2025-02-12T09:00:00Z", "comments": 2},
                    {"author": "bob", "author_association": "MEMBER", "state": "APPROVED",
                     "submitted_at": "2025-03-01T11:00:00Z", "comments": 0}],
    }
    # an issue closed as not planned; fields a node does not carry stay empty
    assert (t[1]["state_reason"], t[1]["author_association"], t[1]["reviews"]) == ("NOT_PLANNED", "FIRST_TIME_CONTRIBUTOR", None)
    assert (t[2]["state_reason"], t[2]["author_association"]) == (None, None)
    # A discussion's replies are comments of the thread, in time order.
    assert t[4]["comments"] == [
        {"author": "carol", "created_at": "2025-02-21T07:00:00Z", "body": "Does the entropy collapse too?"},
        {"author": None, "created_at": "2025-02-21T09:00:00Z", "body": "Yes, it drops to 0.01."}]
    assert fetch.max_updated_at == utc("2025-03-02T09:30:00Z")
    assert fetch.budget_remaining == 4990 and fetch.budget_limit == 5000
    first_vars = replay.seen[2][1]
    assert first_vars == {"owner": "acme", "name": "rlkit", "n": 100, "nc": 30, "after": None, "since": None}


@responses.activate
def test_primary_rate_limit_waits_until_reset_from_the_injected_clock():
    clock = FakeClock()
    serve(responses, GraphQLReplay({"IssuesPage__start": ["errors/primary_rate_limit.json",
                                                          "graphql/IssuesPage__start.json"]}))
    fetch = source(clock).fetch("acme", "acme/rlkit")
    # reset 1767225720 - now 1767225600 = 120 s, plus one second of margin.
    assert clock.sleeps == [121.0]
    assert fetch.complete and fetch.requests == 6 and len(fetch.threads) == 5


@responses.activate
def test_graphql_rate_limited_error_with_http_200_is_waited_out():
    clock = FakeClock()
    serve(responses, GraphQLReplay({"PullsPage__start": ["errors/graphql_rate_limited.json",
                                                         "graphql/PullsPage__start.json"]}))
    fetch = source(clock).fetch("acme", "acme/rlkit")
    assert clock.sleeps == [121.0] and fetch.complete and len(fetch.threads) == 5


@responses.activate
def test_secondary_rate_limit_honours_retry_after():
    clock = FakeClock()
    serve(responses, GraphQLReplay({"DiscussionsPage__start": ["errors/secondary_rate_limit.json",
                                                               "graphql/DiscussionsPage__start.json"]}))
    fetch = source(clock).fetch("acme", "acme/rlkit")
    assert clock.sleeps == [30.0] and fetch.complete and fetch.requests == 6


@responses.activate
def test_bad_gateway_is_retried_with_backoff():
    clock = FakeClock()
    serve(responses, GraphQLReplay({"IssuesPage__P1": ["errors/bad_gateway.json", "errors/bad_gateway.json",
                                                       "graphql/IssuesPage__P1.json"]}))
    fetch = source(clock).fetch("acme", "acme/rlkit")
    assert clock.sleeps == [2.0, 4.0]  # exponential: 2 s, then 4 s
    assert fetch.complete and fetch.requests == 7 and len(fetch.threads) == 5


@responses.activate
def test_budget_exhausted_on_a_response_waits_before_the_next_request():
    clock = FakeClock()
    headers = dict(RATE_HEADERS, **{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1767225660"})
    replay = GraphQLReplay()
    responses.add(responses.POST, GRAPHQL, json=load("graphql/PullsPage__start.json"), headers=headers)
    serve(responses, replay)
    fetch = source(clock, kinds=("pull", "issue")).fetch("acme", "acme/rlkit")
    # the first answer said 0 left, reset in 60 s: the next request waits 61 s first.
    assert clock.sleeps == [61.0] and fetch.complete


@responses.activate
def test_reset_beyond_max_wait_stops_part_way_and_the_next_run_resumes_from_the_cursor():
    clock = FakeClock()
    serve(responses, GraphQLReplay({"IssuesPage__P1": ["errors/primary_rate_limit_far.json"]}))
    fetch = source(clock, max_wait=600).fetch("acme", "acme/rlkit")
    assert not fetch.complete and clock.sleeps == []
    # Issue 2's further comments were never fetched: it is left out, and the
    # cursor stays at its updated_at so the next run asks for it again.
    assert sorted(t["number"] for t in fetch.threads) == [1, 3, 4]
    assert fetch.max_updated_at == utc("2025-02-01T10:00:00Z")
    assert any("exceeds max_wait=600 s" in n for n in fetch.notes)
    assert any("1 threads left out" in n for n in fetch.notes)

    responses.reset()
    replay = serve(responses, GraphQLReplay())
    again = source(clock).fetch("acme", "acme/rlkit", since=fetch.max_updated_at)
    assert replay.seen[2][1]["since"] == "2025-02-01T10:00:00Z"
    assert again.complete
    assert 2 in by_number(again) and len(by_number(again)[2]["comments"]) == 3


@responses.activate
def test_incremental_second_run_brings_the_one_changed_thread():
    clock = FakeClock()
    serve(responses, GraphQLReplay())
    first = source(clock).fetch("acme", "acme/rlkit")
    responses.reset()
    replay = serve(responses, GraphQLReplay({"IssuesPage__start": ["graphql/IssuesPage__since.json"]}))
    second = source(clock).fetch("acme", "acme/rlkit", since=first.max_updated_at)
    assert replay.seen[2][1]["since"] == "2025-03-02T09:30:00Z"
    # Pull request 3 (updated exactly at the cursor) is asked again; discussion 4 is older and stops paging.
    assert sorted((t["kind"], t["number"]) for t in second.threads) == [("issue", 1), ("pull", 3)]
    changed = by_number(second)[1]
    assert changed["state"] == "open" and changed["comments"][-1]["author"] == "ivan"
    assert second.max_updated_at == utc("2025-03-10T10:00:00Z") and second.requests == 3


@responses.activate
def test_one_megabyte_body_is_kept_whole():
    clock = FakeClock()
    big = "Reward collapse. " + "x" * (1_048_576 - len("Reward collapse. "))

    def patch(key, body):
        if key == "IssuesPage__start":
            body["data"]["repository"]["threads"]["nodes"][0]["body"] = big

    serve(responses, GraphQLReplay(patch=patch))
    fetch = source(clock).fetch("acme", "acme/rlkit")
    assert len(by_number(fetch)[1]["body"]) == 1_048_576
    frame = classify_threads(fetch.threads, NameIndex({}))
    row = frame.filter(frame["number"] == 1).row(0, named=True)
    assert row["training_failure"] is True and len(row["body"]) == 1_048_576


@responses.activate
def test_unknown_repository_and_bad_token_are_clear_errors_without_the_token():
    clock = FakeClock()
    serve(responses, GraphQLReplay({"PullsPage__start": ["errors/repo_not_found.json"]}))
    with pytest.raises(SourceError, match="GitHub has no repository acme/nothere") as err:
        source(clock).fetch("acme", "acme/nothere")
    assert TOKEN not in str(err.value)
    responses.reset()
    serve(responses, GraphQLReplay({"PullsPage__start": ["errors/bad_credentials.json"]}))
    with pytest.raises(SourceError, match="HTTP 401: Bad credentials") as err:
        source(clock).fetch("acme", "acme/rlkit")
    assert TOKEN not in str(err.value)


@responses.activate
def test_without_token_reads_rest_pages_and_says_how_long(monkeypatch, caplog):
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    clock = FakeClock()
    base = r"https://api\.github\.com(:443)?/repos/acme/rlkit/issues"
    listing = {"state": "all", "sort": "updated", "direction": "asc", "per_page": "2"}
    rl = {"X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "57", "X-RateLimit-Reset": "1767229200"}

    def add(path, params, body):
        responses.add(responses.GET, re.compile(base + path + r"(\?.*)?$"), json=body, headers=rl,
                      match=[matchers.query_param_matcher(params)])

    add("", listing, load("rest/issues_page1.json"))
    add("", dict(listing, page="2"), load("rest/issues_page2.json"))
    add("/1/comments", {"per_page": "2"}, load("rest/comments_1.json"))
    add("/1/comments", {"per_page": "2", "page": "2"}, [])
    with caplog.at_level(logging.INFO):
        src = LiveGitHubSource(token=None, page_size=2, clock=clock, sleep=clock.sleep, min_interval=0)
        fetch = src.fetch("acme", "acme/rlkit")
    assert "GITHUB_TOKEN is not set" in caplog.text and "60 requests an hour" in caplog.text
    assert fetch.strategy == "rest" and fetch.complete
    # 2 listing pages + 2 comment pages (the second, empty, ends the list).
    assert fetch.requests == 4
    assert any("discussions skipped" in n for n in fetch.notes)
    assert any("their comments need about 1 more requests, about 0.0 h at 60 requests an hour" in n
               for n in fetch.notes)
    t = by_number(fetch)
    assert t[3]["kind"] == "pull" and t[3]["merged_at"] == "2025-02-01T09:00:00Z"
    assert t[2]["author"] is None  # the REST "ghost" user is a deleted account
    assert [c["author"] for c in t[1]["comments"]] == ["erin", None]
    assert fetch.max_updated_at == utc("2025-02-05T10:00:00Z")
    assert "Authorization" not in responses.calls[0].request.headers


@responses.activate
def test_token_never_reaches_logs_notes_errors_snapshot_or_duckdb(monkeypatch, caplog, capsys, tmp_path):
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    clock = FakeClock()
    serve(responses, GraphQLReplay({
        "PullsPage__start": ["errors/secondary_rate_limit.json", "graphql/PullsPage__start.json"],
        "IssuesPage__P1": ["errors/bad_gateway.json", "graphql/IssuesPage__P1.json"],
    }))
    with caplog.at_level(logging.DEBUG):
        src = LiveGitHubSource(clock=clock, sleep=clock.sleep, min_interval=0)  # token from the environment
        fetch = src.fetch("acme", "acme/rlkit")
        record_threads(tmp_path / "snap", fetch.threads)
        frame = classify_threads(SnapshotThreadSource(Snapshot.open(tmp_path / "snap")).fetch("acme", "acme/rlkit").threads,
                                 NameIndex({"GSPO": ["2507.18071"]}))
        db = tmp_path / "t.duckdb"
        con = duckdb.connect(str(db))
        con.execute((Path(__file__).parents[1] / "sql" / "tables" / "issue_threads.sql").read_text())
        con.register("f", frame.to_arrow())
        con.execute("INSERT INTO issue_threads BY NAME SELECT * FROM f")
        con.execute("CHECKPOINT")
        con.close()
    # The token did go out on the wire (so the test exercises it) ...
    assert responses.calls[0].request.headers["Authorization"].endswith(TOKEN)
    # ... and is nowhere else.
    captured = capsys.readouterr()
    everything = [caplog.text, captured.out, captured.err, repr(src), json.dumps(fetch.notes),
                  json.dumps(fetch.threads), str(frame.to_dicts())]
    everything += [str(r.__dict__) for r in caplog.records]
    assert caplog.records, "expected log records to search"
    for text in everything:
        assert TOKEN not in text
    for path in list((tmp_path / "snap").rglob("*")) + [db]:
        if path.is_file():
            assert TOKEN.encode() not in path.read_bytes(), path
    assert len(frame) == 5 and clock.sleeps == [30.0, 2.0]


@responses.activate
def test_a_moved_repository_is_followed_and_its_threads_recorded_under_the_new_name():
    clock = FakeClock()

    def patch(key, body):  # GitHub answers a request for the old name with the repository's new name
        if "repository" in body["data"]:
            body["data"]["repository"]["nameWithOwner"] = "acme-org/rlkit"

    serve(responses, GraphQLReplay(patch=patch))
    fetch = source(clock).fetch("acme", "acme/rlkit")
    assert {t["repo"] for t in fetch.threads} == {"acme-org/rlkit"} and len(fetch.threads) == 5
    assert [n for n in fetch.notes if "redirects" in n] == [
        "GitHub redirects acme/rlkit to acme-org/rlkit; threads recorded under acme-org/rlkit; "
        "add it to the framework's repo or aliases in frameworks.toml"]
    responses.reset()
    serve(responses, GraphQLReplay(patch=patch))
    fetch = source(FakeClock()).fetch("acme", "acme/rlkit", aliases=("acme-org/rlkit",))
    assert [n for n in fetch.notes if "redirects" in n] == [
        "GitHub redirects acme/rlkit to acme-org/rlkit; threads recorded under acme-org/rlkit"]


def test_each_query_defines_exactly_the_fragments_it_spreads():
    """GitHub refuses a document with an unused or undefined fragment; the shared selections are fragments."""
    from rl_inclusion.sources.github.queries import QUERIES, more_comments_query

    for query in [*QUERIES.values(), more_comments_query(1), more_comments_query(3)]:
        defined = set(re.findall(r"^fragment (\w+) on ", query, re.M))
        spread = set(re.findall(r"\.\.\.(\w+)", query))
        assert defined == spread and defined <= {"Rate", "Page", "CommentFields"}, (defined, spread)
        assert re.match(r"\s*query \w+", query)
    pulls = QUERIES["pull"]
    assert "fragment CommentFields on Comment {" in pulls and "reviews(first: 20)" in pulls
    assert more_comments_query(3).count("...CommentFields") == 15  # five comment lists a node, three nodes
