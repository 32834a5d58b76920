"""``rl-inclusion record``: freeze the live sources into a snapshot folder.

Papers come from the arXiv API (one fetch per quarter), threads from GitHub,
framework histories as git bundles of each main branch, all written through
``snapshot.write_snapshot`` (files first, manifest last).  The GitHub token is
never part of what is written: only the thread records are.

Records are made by the sources' own functions (``sources.arxiv.paper_records``,
``github.thread_records``, which their recorders use too): papers in id
order, one line per id and version; threads in repository, kind and number
order, one line per thread.  A source that stopped part-way (a GitHub fetch cut
short by the rate limit, an arXiv window short of its announced total) still
has what it read recorded, and the result lists it in ``incomplete``.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .partitions import quarter_bounds
from .snapshot import write_snapshot
from .sources.arxiv import paper_records
from .sources.git import run_git
from .sources.github import thread_records

log = logging.getLogger(__name__)


@dataclass
class Recording:
    path: Path
    papers: int = 0
    threads: int = 0
    incomplete: list[str] = field(default_factory=list)


def record(out_dir: str | Path, quarters: list[str], frameworks: list, paper_source, thread_source,
           cache_dir: Path, prepare_repo: Callable, progress: Callable[[str], None] = log.info) -> Recording:
    entries: list = []
    incomplete: list[str] = []
    for q in quarters:
        start, end = quarter_bounds(q)
        res = paper_source.fetch(start, end)
        entries += res.entries
        unreadable = sum(1 for e in res.entries if e.data is None)
        progress(f"papers {q}: {res.received - unreadable} entries of {res.announced_total} announced "
                 f"({res.requests} requests, {unreadable} unreadable)")
        if not res.complete:
            incomplete.append(f"papers {q}: received {res.received} of the {res.announced_total} entries announced")
    threads: list[dict] = []
    for fw in frameworks:
        fetched = thread_source.fetch(fw.name, fw.repo, None, aliases=fw.aliases)
        threads += fetched.threads
        progress(f"threads {fw.name}: {len(fetched.threads)} ({fetched.requests} requests)")
        if not fetched.complete:
            incomplete.append(f"threads {fw.name}: " + "; ".join(fetched.notes))
    for msg in incomplete:
        progress(f"INCOMPLETE {msg}")
    with tempfile.TemporaryDirectory() as tmp:
        bundles = {}
        for fw in frameworks:
            handle = prepare_repo(fw, cache_dir, None, live=True)
            target = Path(tmp) / f"{fw.name}.bundle"
            run_git(["bundle", "create", "--quiet", str(target), handle.branch], cwd=handle.path)
            bundles[f"frameworks/{fw.name}.bundle"] = target
            progress(f"framework {fw.name}: bundled {handle.branch} ({handle.fetch_status})")
        papers, thread_recs = paper_records(entries), thread_records(threads)
        path = write_snapshot(out_dir, {"papers.jsonl": papers, "threads.jsonl": thread_recs}, bundles)
    return Recording(path, len(papers), len(thread_recs), incomplete)
