"""Requests and throughput of LiveGitHubSource on a generated repository.

Generates a repository of 5,000 threads (issues, pull requests, discussions)
whose comment counts follow a skewed distribution (most threads have a few
comments, about 3% have more than the first page), serves it to the real
PyGithub client through ``responses`` (a small GraphQL and REST emulator that
pages, filters by ``since`` and continues comment lists by cursor), and fetches
it with the GraphQL strategy.  For comparison it also fetches the issues and
pull requests of a 1,000-thread repository the REST way (one comments request
per thread with comments).

    python benchmarks/threads_fetch.py [--threads 5000] [--seed 7]

Ends with ``RESULT requests_per_1k_threads=<n> threads_per_s=<n>`` (GraphQL).
threads_per_s is the client's own speed against a local emulator (parsing,
assembly, retries machinery), not GitHub's: live, the request count and
GitHub's latency decide the time.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from datetime import datetime, timedelta, timezone
from urllib.parse import parse_qs, urlparse

import responses

from rl_inclusion.sources.github import LiveGitHubSource, iso, parse_ts

T0 = datetime(2025, 1, 1, tzinfo=timezone.utc)


def comment_count(rng: random.Random) -> int:
    r = rng.random()
    if r < 0.25:
        return 0
    if r < 0.97:
        return rng.randint(1, 12)
    return rng.randint(31, 140)  # longer than the first page of 30


def generate(n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    threads = []
    for i in range(n):
        kind = "issue" if i % 2 == 0 else ("pull" if i % 10 in (1, 3, 5) else "discussion")
        created = T0 + timedelta(minutes=37 * i)
        updated = created + timedelta(hours=rng.randint(0, 2000))
        t = {"id": f"T{i}", "kind": kind, "number": i + 1, "created": created, "updated": updated,
             "title": f"Thread {i + 1}: " + rng.choice(["entropy drops", "OOM in rollout", "add GSPO", "NaN loss"]),
             "body": "Body text " * rng.randint(5, 80), "comments": []}
        for j in range(comment_count(rng)):
            c = {"id": f"C{i}_{j}", "author": f"user{rng.randint(0, 500)}", "created": created + timedelta(minutes=j + 1),
                 "body": "A comment " * rng.randint(3, 40), "replies": []}
            if kind == "discussion" and rng.random() < 0.3:
                c["replies"] = [{"author": "helper", "created": c["created"] + timedelta(seconds=k + 1),
                                 "body": "a reply"} for k in range(rng.choice([1, 2, 3, 14]))]
            t["comments"].append(c)
        threads.append(t)
    return threads


class Emulator:
    def __init__(self, threads: list[dict]):
        self.threads = threads
        self.by_id = {t["id"]: t for t in threads}
        self.comments = {c["id"]: c for t in threads for c in t["comments"]}
        self.remaining = 5000

    def headers(self) -> dict:
        self.remaining -= 1
        return {"X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": str(max(self.remaining, 1)),
                "X-RateLimit-Reset": str(int(time.time()) + 3600), "Content-Type": "application/json"}

    @staticmethod
    def conn(items: list, offset: int, n: int, render) -> dict:
        page = items[offset:offset + n]
        more = offset + n < len(items)
        return {"totalCount": len(items), "pageInfo": {"hasNextPage": more, "endCursor": str(offset + n) if more else None},
                "nodes": [render(x) for x in page]}

    @staticmethod
    def plain(c: dict) -> dict:
        return {"author": {"login": c["author"]}, "authorAssociation": "NONE", "createdAt": iso(c["created"]),
                "body": c["body"]}

    def dcomment(self, nr: int):
        return lambda c: {"id": c["id"], **self.plain(c), "replies": self.conn(c["replies"], 0, nr, self.plain)}

    def node(self, t: dict, nc: int, nr: int) -> dict:
        d = {"id": t["id"], "number": t["number"], "title": t["title"], "body": t["body"], "url": f"https://x/{t['number']}",
             "createdAt": iso(t["created"]), "updatedAt": iso(t["updated"]), "closedAt": None,
             "author": {"login": "someone"}, "authorAssociation": "CONTRIBUTOR", "labels": {"nodes": [{"name": "bug"}]}}
        if t["kind"] == "discussion":
            d.update(closed=False, comments=self.conn(t["comments"], 0, nc, self.dcomment(nr)))
        else:
            d.update(state="OPEN", comments=self.conn(t["comments"], 0, nc, self.plain))
            if t["kind"] == "pull":  # what review needs comes in the same page (snapshot format 2)
                reviews = [{"author": {"login": "maintainer"}, "authorAssociation": "MEMBER", "state": "COMMENTED",
                            "submittedAt": iso(t["updated"]), "comments": {"totalCount": 1}}] * (t["number"] % 3)
                d.update(mergedAt=None, mergeCommit=None, closingIssuesReferences={"nodes": []},
                         reviews={"totalCount": len(reviews), "nodes": reviews})
            else:
                d["stateReason"] = None
        return d

    def graphql(self, request):
        payload = json.loads(request.body)
        v = payload["variables"]
        op = re.match(r"\s*query (\w+)", payload["query"]).group(1)
        rate = {"cost": 1, "remaining": self.remaining, "limit": 5000, "resetAt": "2030-01-01T00:00:00Z"}
        if op == "MoreComments":
            data = {"rateLimit": rate}
            i = 0
            while f"id{i}" in v:
                offset = int(v[f"after{i}"] or 0)
                key = v[f"id{i}"]
                if key in self.by_id:
                    t = self.by_id[key]
                    render = self.dcomment(v["nr"]) if t["kind"] == "discussion" else self.plain
                    field = "dcomments" if t["kind"] == "discussion" else "comments"
                    data[f"t{i}"] = {field: self.conn(t["comments"], offset, v["nc"], render)}
                else:
                    data[f"t{i}"] = {"replies": self.conn(self.comments[key]["replies"], offset, v["nc"], self.plain)}
                i += 1
            return 200, self.headers(), json.dumps({"data": data})
        kind = {"IssuesPage": "issue", "PullsPage": "pull", "DiscussionsPage": "discussion"}[op]
        items = [t for t in self.threads if t["kind"] == kind]
        if kind == "issue":
            since = parse_ts(v.get("since"))
            items = sorted((t for t in items if since is None or t["updated"] >= since), key=lambda t: t["updated"])
        else:
            items = sorted(items, key=lambda t: t["updated"], reverse=True)
        conn = self.conn(items, int(v["after"] or 0), v["n"], lambda t: self.node(t, v["nc"], v.get("nr", 10)))
        return 200, self.headers(), json.dumps({"data": {"rateLimit": rate, "repository": {"threads": conn}}})

    def rest(self, request):
        url = urlparse(request.url)
        q = {k: v[0] for k, v in parse_qs(url.query).items()}
        per_page, page = int(q.get("per_page", 30)), int(q.get("page", 1))
        m = re.search(r"/issues/(\d+)/comments$", url.path)
        if m:
            t = self.threads[int(m.group(1)) - 1]
            chunk = t["comments"][(page - 1) * per_page: page * per_page]
            body = [{"id": j, "user": {"login": c["author"]}, "created_at": iso(c["created"]), "body": c["body"],
                     "author_association": "NONE"} for j, c in enumerate(chunk)]
            return 200, self.headers(), json.dumps(body)
        items = sorted((t for t in self.threads if t["kind"] != "discussion"), key=lambda t: t["updated"])
        chunk = items[(page - 1) * per_page: page * per_page]
        body = []
        for t in chunk:
            d = {"url": f"https://api.github.com/repos/bench/repo/issues/{t['number']}", "number": t["number"],
                 "html_url": f"https://github.com/bench/repo/{'pull' if t['kind'] == 'pull' else 'issues'}/{t['number']}",
                 "title": t["title"], "body": t["body"], "user": {"login": "someone"}, "labels": [], "state": "open",
                 "comments": len(t["comments"]), "created_at": iso(t["created"]), "updated_at": iso(t["updated"]),
                 "closed_at": None, "author_association": "CONTRIBUTOR", "state_reason": None}
            if t["kind"] == "pull":
                d["pull_request"] = {"merged_at": None}
            body.append(d)
        return 200, self.headers(), json.dumps(body)


def run(threads: list[dict], strategy: str):
    emu = Emulator(threads)
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rsps:
        rsps.add_callback(responses.POST, re.compile(r"https://api\.github\.com(:443)?/graphql"), callback=emu.graphql)
        rsps.add_callback(responses.GET, re.compile(r"https://api\.github\.com(:443)?/repos/bench/repo/issues.*"),
                          callback=emu.rest)
        src = LiveGitHubSource(token="bench-token", strategy=strategy, min_interval=0,
                               kinds=("issue", "pull", "discussion") if strategy == "graphql" else ("issue", "pull"))
        start = time.perf_counter()
        fetch = src.fetch("bench", "bench/repo")
        elapsed = time.perf_counter() - start
    expected = sum(1 for t in threads if strategy == "graphql" or t["kind"] != "discussion")
    got_comments = sum(len(t["comments"]) for t in fetch.threads)
    want_comments = sum(len(t["comments"]) + sum(len(c["replies"]) for c in t["comments"])
                        for t in threads if strategy == "graphql" or t["kind"] != "discussion")
    if len(fetch.threads) != expected or got_comments != want_comments or not fetch.complete:
        sys.exit(f"benchmark fetch is wrong: {len(fetch.threads)}/{expected} threads, "
                 f"{got_comments}/{want_comments} comments, complete={fetch.complete}")
    return fetch, elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--threads", type=int, default=5000)
    ap.add_argument("--rest-threads", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    threads = generate(args.threads, args.seed)
    long = sum(1 for t in threads if len(t["comments"]) > 30)
    print(f"generated {len(threads)} threads, {sum(len(t['comments']) for t in threads)} comments, "
          f"{long} with more than 30 comments")
    rest_threads = generate(args.rest_threads, args.seed)
    rest, rest_s = run(rest_threads, "rest")
    print(f"REST baseline: {len(rest.threads)} issues/PRs in {rest.requests} requests "
          f"= {rest.requests_per_1k_threads} per 1,000 threads ({rest_s:.1f} s)")
    fetch, elapsed = run(threads, "graphql")
    print(f"GraphQL: {len(fetch.threads)} threads in {fetch.requests} requests "
          f"= {fetch.requests_per_1k_threads} per 1,000 threads ({elapsed:.1f} s)")
    print(f"RESULT requests_per_1k_threads={fetch.requests_per_1k_threads} "
          f"threads_per_s={len(fetch.threads) / elapsed:.0f}")


if __name__ == "__main__":
    main()
