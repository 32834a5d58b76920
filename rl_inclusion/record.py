"""``rl-inclusion record``: freeze the live sources into a snapshot folder.

Papers come from the arXiv API (one fetch per quarter), threads from GitHub,
framework histories as git bundles of each main branch, all written through
``snapshot.write_snapshot`` (files first, manifest last).  The GitHub token is
never part of what is written: only the thread records are.

Records are written as the sources' own recorders write them
(``arxiv_source.record_snapshot``, ``github.record_threads``): papers in id
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
from .snapshot import PAPER_KEYS, THREAD_KEYS, write_snapshot
from .sources.git import run_git

log = logging.getLogger(__name__)


@dataclass
class Recording:
    path: Path
    papers: int = 0
    threads: int = 0
    incomplete: list[str] = field(default_factory=list)


def record(out_dir: str | Path, quarters: list[str], frameworks: list, paper_source, thread_source,
           cache_dir: Path, prepare_repo: Callable, progress: Callable[[str], None] = log.info) -> Recording:
    papers: dict[tuple[str, int], dict] = {}
    incomplete: list[str] = []
    for q in quarters:
        start, end = quarter_bounds(q)
        res = paper_source.fetch(start, end)
        good = [e.data for e in res.entries if e.data is not None]
        for d in good:
            rec = {k: d.get(k) for k in PAPER_KEYS}
            papers.setdefault((str(rec["arxiv_id"]), int(rec.get("version") or 0)), rec)
        progress(f"papers {q}: {len(good)} entries of {res.announced_total} announced "
                 f"({res.requests} requests, {len(res.entries) - len(good)} unreadable)")
        if len(res.entries) != res.announced_total:
            incomplete.append(f"papers {q}: received {len(res.entries)} of the {res.announced_total} entries announced")
    threads: dict[tuple[str, str, int], dict] = {}
    for fw in frameworks:
        fetched = thread_source.fetch(fw.name, fw.repo, None)
        for t in fetched.threads:
            threads[(t["repo"].lower(), t["kind"], t["number"])] = {k: t.get(k) for k in THREAD_KEYS}
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
        path = write_snapshot(out_dir, {"papers.jsonl": [papers[k] for k in sorted(papers)],
                                        "threads.jsonl": [threads[k] for k in sorted(threads)]}, bundles)
    return Recording(path, len(papers), len(threads), incomplete)
