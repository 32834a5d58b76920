"""``rl-inclusion record``: freeze the live sources into a snapshot folder.

Papers come from the arXiv API (one fetch per quarter), threads from GitHub,
framework histories as git bundles of each main branch, all written through
``snapshot.write_snapshot`` (files first, manifest last).  The GitHub token is
never part of what is written: only the thread records are.
"""

from __future__ import annotations

import logging
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from .partitions import quarter_bounds
from .snapshot import write_snapshot

log = logging.getLogger(__name__)


def record(out_dir: str | Path, quarters: list[str], frameworks: list, paper_source, thread_source,
           cache_dir: Path, prepare_repo: Callable, progress: Callable[[str], None] = log.info) -> Path:
    papers: list[dict] = []
    for q in quarters:
        start, end = quarter_bounds(q)
        res = paper_source.fetch(start, end)
        good = [e.data for e in res.entries if e.data is not None]
        papers += good
        progress(f"papers {q}: {len(good)} entries ({res.requests} requests, {len(res.entries) - len(good)} unreadable)")
    threads: list[dict] = []
    for fw in frameworks:
        fetched = thread_source.fetch(fw.name, fw.repo, None)
        threads += fetched.threads
        progress(f"threads {fw.name}: {len(fetched.threads)} ({fetched.requests} requests)")
    with tempfile.TemporaryDirectory() as tmp:
        bundles = {}
        for fw in frameworks:
            handle = prepare_repo(fw, cache_dir, None, live=True)
            target = Path(tmp) / f"{fw.name}.bundle"
            subprocess.run(["git", "-C", str(handle.path), "bundle", "create", str(target), handle.branch],
                           check=True, capture_output=True)
            bundles[f"frameworks/{fw.name}.bundle"] = target
            progress(f"framework {fw.name}: bundled {handle.branch} ({handle.fetch_status})")
        return write_snapshot(out_dir, {"papers.jsonl": papers, "threads.jsonl": threads}, bundles)
