"""Repositories with missing blobs: list them and read the history through an overlay (see ``miner``)."""

from __future__ import annotations

from pathlib import Path

from ..errors import SourceError
from ..sources.git import run_git

_MISSING_HINTS = ("unable to read", "missing blob", "bad object", "could not read", "is corrupt",
                  "promisor", "missing object", "invalid object")


def _is_missing_object_error(stderr: str) -> bool:
    low = stderr.lower()
    return any(h in low for h in _MISSING_HINTS)


def find_missing_objects(repo: Path, ref: str) -> set[str]:
    proc = run_git(["rev-list", "--objects", "--missing=print", "--first-parent", ref], cwd=repo, check=False)
    if proc.returncode != 0:
        raise SourceError(f"{repo}: cannot list objects of {ref}: {proc.stderr.decode('utf-8', 'replace').strip()}")
    return {ln[1:].strip() for ln in proc.stdout.decode("ascii", "replace").splitlines() if ln.startswith("?")}


def make_overlay(repo: Path, missing: set[str], folder: Path) -> Path:
    """A bare repository borrowing ``repo``'s objects, with each missing object replaced by the empty blob."""
    git_objects = run_git(["rev-parse", "--git-path", "objects"], cwd=repo).stdout.decode().strip()
    objects = (repo / git_objects).resolve() if not Path(git_objects).is_absolute() else Path(git_objects)
    overlay = folder / "overlay.git"
    run_git(["init", "--bare", "--quiet", str(overlay)])
    (overlay / "objects" / "info" / "alternates").write_text(str(objects) + "\n")
    empty = run_git(["hash-object", "-w", "--stdin"], cwd=overlay, input=b"").stdout.decode().strip()
    commands = "".join(f"update refs/replace/{oid} {empty}\n" for oid in sorted(missing))
    run_git(["update-ref", "--stdin"], cwd=overlay, input=commands.encode("ascii"))
    return overlay
