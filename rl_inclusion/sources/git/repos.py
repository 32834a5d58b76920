"""The git repositories the miner reads.

``prepare_repo`` gives the miner a repository to read, from, in this order:

1. ``local_path`` in the frameworks file: an existing clone, bare or not, used
   as it is (never fetched, never written to);
2. a snapshot holding ``frameworks/<name>.fi`` (a ``git fast-import`` stream):
   imported into a bare repository in the cache folder, rebuilt only when the
   stream's sha256 changes;
3. a snapshot holding ``frameworks/<name>.bundle``: cloned from the bundle;
4. live: a bare clone into the cache folder the first time, ``git fetch``
   afterwards; when the fetch fails the existing clone is used and the handle
   says so (``fetch_status='offline-used-existing'`` and a note).

Nothing usable raises :class:`SourceError` with the reason.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from ...errors import SourceError
from ...frameworks_config import Framework
from ...snapshot import Snapshot
from .runner import git_env, is_repo, resolve_branch, run_git

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RepoHandle:
    path: Path
    branch: str
    fetch_status: str      # fetched | offline-used-existing | local | snapshot
    note: str = ""


def import_stream(stream: Path, target: Path, digest: str) -> None:
    tmp = target.with_name(target.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    run_git(["init", "--bare", "--quiet", str(tmp)])
    with stream.open("rb") as f:
        proc = subprocess.run(["git", "fast-import", "--quiet", "--done"], cwd=tmp, stdin=f,
                              capture_output=True, env=git_env())
    if proc.returncode != 0:
        # A stream without the `done` feature is still valid: retry without it.
        with stream.open("rb") as f:
            shutil.rmtree(tmp, ignore_errors=True)
            run_git(["init", "--bare", "--quiet", str(tmp)])
            proc = subprocess.run(["git", "fast-import", "--quiet"], cwd=tmp, stdin=f,
                                  capture_output=True, env=git_env())
        if proc.returncode != 0:
            shutil.rmtree(tmp, ignore_errors=True)
            raise SourceError(f"git fast-import of {stream} failed: {proc.stderr.decode('utf-8', 'replace').strip()}")
    (tmp / "rl_inclusion_stream.sha256").write_text(digest + "\n")
    shutil.rmtree(target, ignore_errors=True)
    os.replace(tmp, target)


def prepare_repo(framework: Framework, cache_dir: str | os.PathLike, snapshot: Snapshot | None,
                 live: bool) -> RepoHandle:
    """A repository holding ``framework``'s main branch, ready to mine (see the module doc)."""
    cache_dir = Path(cache_dir)
    if framework.local_path is not None:
        path = framework.local_path
        if not is_repo(path):
            raise SourceError(f"{framework.name}: local_path {path} is not a git repository")
        ref = resolve_branch(path, framework.branch)
        return RepoHandle(path, ref, "local", f"local clone {path}")
    if snapshot is not None:
        fi, bundle = f"frameworks/{framework.name}.fi", f"frameworks/{framework.name}.bundle"
        if snapshot.has(fi):
            stream = snapshot.path(fi)
            digest = snapshot.sha256(fi)
            target = cache_dir / f"{framework.name}.snapshot.git"
            marker = target / "rl_inclusion_stream.sha256"
            if marker.is_file() and marker.read_text().strip() == digest and is_repo(target):
                note = f"reused the import of {fi} (sha256 {digest[:12]})"
            else:
                cache_dir.mkdir(parents=True, exist_ok=True)
                import_stream(stream, target, digest)
                note = f"imported {fi} (sha256 {digest[:12]})"
            return RepoHandle(target, resolve_branch(target, framework.branch), "snapshot", note)
        if snapshot.has(bundle):
            src = snapshot.path(bundle)
            digest = snapshot.sha256(bundle)
            target = cache_dir / f"{framework.name}.bundle.git"
            marker = target / "rl_inclusion_stream.sha256"
            if not (marker.is_file() and marker.read_text().strip() == digest and is_repo(target)):
                cache_dir.mkdir(parents=True, exist_ok=True)
                tmp = target.with_name(target.name + ".tmp")
                shutil.rmtree(tmp, ignore_errors=True)
                run_git(["clone", "--bare", "--quiet", str(src), str(tmp)])
                (tmp / "rl_inclusion_stream.sha256").write_text(digest + "\n")
                shutil.rmtree(target, ignore_errors=True)
                os.replace(tmp, target)
            return RepoHandle(target, resolve_branch(target, framework.branch), "snapshot", f"cloned {bundle}")
        if not live:
            raise SourceError(f"{framework.name}: the snapshot {snapshot.root} holds neither {fi} nor {bundle}, "
                              "and live fetching is off")
    if not live:
        raise SourceError(f"{framework.name}: no local_path, no snapshot and live fetching is off: nothing to mine")
    if not framework.clone_url:
        raise SourceError(f"{framework.name}: no clone_url to clone from")
    target = cache_dir / f"{framework.name}.git"
    if is_repo(target):
        proc = run_git(["fetch", "--quiet", "--prune", "origin",
                        f"+refs/heads/{framework.branch}:refs/heads/{framework.branch}"],
                       cwd=target, check=False, timeout=1800)
        if proc.returncode == 0:
            return RepoHandle(target, resolve_branch(target, framework.branch), "fetched", f"fetched {framework.clone_url}")
        reason = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        note = (f"fetch from {framework.clone_url} failed ({reason[-1] if reason else 'no message'}); "
                f"used the existing clone {target}")
        log.warning("%s: %s", framework.name, note)
        return RepoHandle(target, resolve_branch(target, framework.branch), "offline-used-existing", note)
    cache_dir.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    proc = run_git(["clone", "--bare", "--quiet", "--single-branch", "--branch", framework.branch,
                    framework.clone_url, str(tmp)], check=False, timeout=3600)
    if proc.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        raise SourceError(f"{framework.name}: cannot clone {framework.clone_url} and no earlier clone exists in "
                          f"{cache_dir}: {proc.stderr.decode('utf-8', 'replace').strip()}")
    os.replace(tmp, target)
    return RepoHandle(target, resolve_branch(target, framework.branch), "fetched", f"cloned {framework.clone_url}")


def mined_repo(mining_runs: "pl.DataFrame", framework: str) -> RepoHandle | None:
    """The repository a mining run of ``framework`` read (a ``framework_mining_runs`` frame), pinned to the
    commit it read, so a later step reads the same tree without preparing the repository again; None when
    that run is not recorded or its repository is gone."""
    rows = mining_runs.filter(pl.col("framework") == framework).to_dicts() if mining_runs.height else []
    if not rows or not rows[0]["head_sha"] or not is_repo(Path(rows[0]["repo_path"])):
        return None
    r = rows[0]
    return RepoHandle(Path(r["repo_path"]), r["head_sha"], r["fetch_status"],
                      f"the repository framework_events read, at {r['head_sha'][:12]}")
