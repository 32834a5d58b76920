"""Benchmark: the live arXiv path against a generated feed of 20,000 entries served locally.

A local HTTP server answers ``/api/query`` like the real API: it reads the
``submittedDate`` window of ``search_query``, sorts by submission date, announces
the window's total in ``opensearch:totalResults``, serves at most 2,000 entries a
page, returns empty pages once the start offset passes ``--deep-offset`` (the
API's spurious empty pages), never serves past ``--cap`` entries of a result
set, and can fail a fraction of requests with 503 (``--flaky``).

Submission times follow a weekly rhythm (weekdays four times busier than
weekends) with a deadline spike, so windows are uneven like the real ones.

Measured: HTTP requests per 10,000 entries with the default settings of
``LiveArxivSource`` (page size 2000, the 3 s courtesy delay: slept through a
no-op, since the delay is the API's bound, not ours), and entries per second
through parse (``parse_page``, timed inside the fetch) + normalise + write to
DuckDB (``storage.replace_partitions`` into a temporary database).  The end-to-end
rate, which also counts the in-process server building and sending the feed, is
printed too.

    python benchmarks/arxiv_ingest.py [--entries 20000] [--flaky 0.0]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse
from xml.sax.saxutils import escape

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rl_inclusion import storage  # noqa: E402
from rl_inclusion.sources.arxiv import client as arxiv_client  # noqa: E402
from rl_inclusion.partitions import quarter_bounds  # noqa: E402
from rl_inclusion.sources.arxiv import LiveArxivSource  # noqa: E402
from rl_inclusion.raw_papers import normalize, quarantine_frame, to_frame  # noqa: E402

_WINDOW = re.compile(r"submittedDate:\[(\d{12}) TO (\d{12})\]")
WORDS = ("policy optimization reinforcement learning language model reward verifier rollout critic "
         "advantage token sequence reasoning math code agent preference alignment").split()


def generate(n: int, quarter: str, seed: int) -> list[tuple[datetime, str]]:
    """``n`` (submitted, entry XML) pairs in the quarter, sorted by submission time."""
    rng = random.Random(seed)
    start, end = quarter_bounds(quarter)
    days = (end - start).days
    weights = [(4.0 if (start + timedelta(d)).weekday() < 5 else 1.0) * (6.0 if d in (40, 41) else 1.0)
               for d in range(days)]
    day_of = rng.choices(range(days), weights=weights, k=n)
    stamps = sorted(start + timedelta(days=d, seconds=rng.randrange(86400)) for d in day_of)
    out = []
    per_month: dict[str, int] = {}
    for ts in stamps:
        yymm = ts.strftime("%y%m")
        per_month[yymm] = per_month.get(yymm, 0) + 1
        aid = f"{yymm}.{per_month[yymm]:05d}"
        v = rng.choice((1, 1, 1, 2, 3))
        updated = ts + timedelta(days=rng.randrange(0, 30)) if v > 1 else ts
        title = " ".join(rng.choice(WORDS) for _ in range(8)).title()
        summary = " ".join(rng.choice(WORDS) for _ in range(150))
        if rng.random() < 0.3:
            summary += f" Code: https://github.com/lab{rng.randrange(500)}/{aid.replace('.', '-')}."
        cats = rng.sample(["cs.LG", "cs.CL", "cs.AI", "stat.ML", "math.OC"], k=rng.randrange(1, 4))
        z = "%Y-%m-%dT%H:%M:%SZ"
        xml = (f"<entry><id>http://arxiv.org/abs/{aid}v{v}</id><updated>{updated.strftime(z)}</updated>"
               f"<published>{ts.strftime(z)}</published><title>{escape(title)}</title>"
               f"<summary>{escape(summary)}</summary>"
               + "".join(f"<author><name>Author {rng.randrange(10000)}</name></author>" for _ in range(rng.randrange(1, 6)))
               + f'<link href="http://arxiv.org/abs/{aid}v{v}" rel="alternate" type="text/html"/>'
               f'<link title="pdf" href="http://arxiv.org/pdf/{aid}v{v}" rel="related" type="application/pdf"/>'
               f'<arxiv:primary_category term="{cats[0]}" scheme="http://arxiv.org/schemas/atom"/>'
               + "".join(f'<category term="{c}" scheme="http://arxiv.org/schemas/atom"/>' for c in cats)
               + "</entry>\n")
        out.append((ts, xml))
    return out


class FakeArxiv:
    def __init__(self, entries, max_page=2000, deep_offset=500, cap=10_000, flaky=0.0, seed=1):
        self.entries = entries
        self.minutes = [ts.replace(second=0) for ts, _ in entries]
        self.max_page, self.deep_offset, self.cap, self.flaky = max_page, deep_offset, cap, flaky
        self.rng = random.Random(seed)
        self.requests = 0
        self.lock = threading.Lock()

    def answer(self, url: str) -> tuple[int, bytes]:
        with self.lock:
            self.requests += 1
            fail = self.rng.random() < self.flaky
        if fail:
            return 503, b"Service Unavailable"
        qs = parse_qs(urlparse(url).query)
        m = _WINDOW.search(qs["search_query"][0])
        lo = datetime.strptime(m.group(1), "%Y%m%d%H%M").replace(tzinfo=timezone.utc)
        hi = datetime.strptime(m.group(2), "%Y%m%d%H%M").replace(tzinfo=timezone.utc)
        import bisect
        i, j = bisect.bisect_left(self.minutes, lo), bisect.bisect_right(self.minutes, hi)
        total = j - i
        start = int(qs.get("start", ["0"])[0])
        size = min(int(qs.get("max_results", ["10"])[0]), self.max_page)
        if start > self.deep_offset:
            page = []  # the API's empty pages past a few hundred
        else:
            page = [xml for _, xml in self.entries[i + start: i + min(start + size, total, self.cap)]]
        head = ('<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" '
                'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">\n'
                f"<id>http://localhost/api/q</id><title>arXiv Query</title><updated>2025-04-02T00:00:00Z</updated>\n"
                f"<opensearch:itemsPerPage>{size}</opensearch:itemsPerPage>"
                f"<opensearch:totalResults>{total}</opensearch:totalResults>"
                f"<opensearch:startIndex>{start}</opensearch:startIndex>\n")
        return 200, (head + "".join(page) + "</feed>\n").encode("utf-8")


def serve(api: FakeArxiv) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            status, data = api.answer(self.path)
            self.send_response(status)
            self.send_header("Content-Type", "application/atom+xml")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entries", type=int, default=20_000)
    ap.add_argument("--quarter", default="2025Q1")
    ap.add_argument("--flaky", type=float, default=0.0, help="fraction of requests answered 503")
    ap.add_argument("--deep-offset", type=int, default=500)
    ap.add_argument("--cap", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    api = FakeArxiv(generate(args.entries, args.quarter, args.seed), deep_offset=args.deep_offset, cap=args.cap,
                    flaky=args.flaky, seed=args.seed)
    server = serve(api)
    slept: list[float] = []
    virtual = [0.0]  # time slept so far: the clock moves as if the sleeps had happened

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        virtual[0] += seconds

    # Default settings; the courtesy delay and backoff are recorded, not slept.
    src = LiveArxivSource(sleep=sleep, clock=lambda: time.monotonic() + virtual[0], progress=lambda m: None)
    src.client.query_url_format = f"http://127.0.0.1:{server.server_address[1]}/api/query?{{}}"
    start, end = quarter_bounds(args.quarter)
    parse_s = [0.0]
    real_parse = arxiv_client.parse_page

    def timed_parse(content, url=""):  # the client's share of a request: reading the page
        t = time.perf_counter()
        try:
            return real_parse(content, url)
        finally:
            parse_s[0] += time.perf_counter() - t

    arxiv_client.parse_page = timed_parse

    t0 = time.perf_counter()
    res = src.fetch(start, end)
    t1 = time.perf_counter()
    norm = normalize([(e.key, e.data, e.error, e.raw) for e in res.entries], run_quarter=args.quarter,
                     source=src.label)
    df = to_frame(norm.rows)
    t2 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        with storage.connect(Path(tmp) / "bench.duckdb") as con:
            storage.apply_schema(con)
            storage.replace_partitions(con, "raw_papers", df, [args.quarter])
            storage.replace_partitions(con, "raw_papers_quarantine", quarantine_frame(norm.quarantine),
                                       [args.quarter])
            stored = con.execute("SELECT count(*) FROM raw_papers").fetchone()[0]
    t3 = time.perf_counter()
    server.shutdown()

    n = args.entries
    if stored != n or res.announced_total != n:
        raise SystemExit(f"benchmark invalid: generated {n}, announced {res.announced_total}, stored {stored}")
    busy = parse_s[0] + (t3 - t1)  # parse + normalise + write; the local server's time is not ours
    per10k = res.requests / n * 10_000
    api_rate = 2000 / 3.0  # the most the API serves: one 2,000-entry page per 3 s
    print(f"entries {n}, announced {res.announced_total}, stored {stored}, quarantined {len(norm.quarantine)}")
    print(f"requests {res.requests} (server saw {api.requests}), retries {res.retries}, windows {res.windows}, "
          f"courtesy/backoff sleeps {len(slept)} totalling {sum(slept):.0f}s (not slept; a live run would take "
          f"about {sum(slept) + t1 - t0:.0f}s)")
    print(f"fetch {t1 - t0:.2f}s (local HTTP + server + parse; parse alone {parse_s[0]:.2f}s), "
          f"normalise {t2 - t1:.2f}s, write {t3 - t2:.2f}s; end to end {n / (t3 - t0):.0f} entries/s")
    print(f"parse + normalise + write: {n / busy:.0f} entries/s = {n / busy / api_rate:.1f}x the API's best rate "
          f"of {api_rate:.0f} entries/s")
    print(f"RESULT requests_per_10k={per10k:.1f} entries_per_s={n / busy:.0f}")


if __name__ == "__main__":
    main()
