"""Running git: one environment for every git process, the runner, branch resolution.

Every git process runs with ``GIT_ENV`` added to the environment: it never
prompts for credentials, never pages, never fetches missing objects lazily and
ignores the system configuration.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from ...errors import SourceError

GIT_ENV = {"GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat", "GIT_NO_LAZY_FETCH": "1", "LC_ALL": "C",
           "GIT_CONFIG_NOSYSTEM": "1"}


def git_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(GIT_ENV)
    return env


def run_git(args: list[str], cwd: Path | None = None, input: bytes | None = None,
            check: bool = True, timeout: float | None = None) -> subprocess.CompletedProcess:
    try:
        proc = subprocess.run(["git", *args], cwd=cwd, input=input, capture_output=True,
                              env=git_env(), timeout=timeout)
    except FileNotFoundError as exc:
        raise SourceError("the `git` program is not installed or not on PATH") from exc
    if check and proc.returncode != 0:
        raise SourceError(f"git {' '.join(args[:3])} failed in {cwd}: "
                          f"{proc.stderr.decode('utf-8', 'replace').strip()}")
    return proc


def is_repo(path: Path) -> bool:
    if not path.is_dir():
        return False
    proc = run_git(["rev-parse", "--git-dir"], cwd=path, check=False)
    return proc.returncode == 0


def resolve_branch(path: Path, branch: str) -> str:
    """The ref to read: ``branch`` as a local branch, a remote-tracking one or a bare ref."""
    for ref in (f"refs/heads/{branch}", f"refs/remotes/origin/{branch}", branch):
        if run_git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], cwd=path, check=False).returncode == 0:
            return ref
    raise SourceError(f"{path}: no branch {branch!r} (looked for refs/heads/{branch} and refs/remotes/origin/{branch})")


