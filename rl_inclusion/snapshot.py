"""The snapshot format: a folder the pipeline reads instead of the live services.

Layout (format 2; format 1 is still read)::

    manifest.json         {"format": 2, "created_at": ..., "files": {name: {"sha256": ..., "rows": ...}}}
    papers.jsonl          one arXiv entry a line
    threads.jsonl         one GitHub thread a line
    frameworks/<name>.fi      a git fast-import stream (the demo), or
    frameworks/<name>.bundle  a git bundle

Every file named in the manifest is checked against its sha256 before it is
read; a mismatch, a missing file, or a name that leaves the folder (``../``, an
absolute path, a symlink out) is refused with :class:`SnapshotError`.  Nothing
in a snapshot is evaluated or unpickled: JSON only.

Format 2 adds the review fields to a thread (``THREAD_REVIEW_KEYS``: the
author's association with the repository, an issue's state reason, a pull
request's merge commit, the issues it closes and its reviews) and
``author_association`` to each comment.  A format-1 snapshot has none of the
thread fields: its threads are read with them empty, and the source says so in
a note.  A comment's association is kept whatever the format (the embedded demo,
format 1, gives it on every comment).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .errors import SnapshotError

FORMAT = 2
READABLE_FORMATS = (1, 2)
PAPER_KEYS = ("arxiv_id", "version", "title", "abstract", "authors", "primary_category", "categories",
              "published", "updated", "comment", "journal_ref", "doi", "links")
THREAD_KEYS = ("framework", "repo", "number", "kind", "title", "body", "state", "author", "labels",
               "created_at", "updated_at", "closed_at", "merged_at", "url", "comments")
# Optional thread keys of format 2: what review needs (empty when the source does not give them).
THREAD_REVIEW_KEYS = ("author_association", "state_reason", "merge_commit", "closes_issues", "reviews")
# GitHub's author associations (a thread's, a comment's, a review's ``author_association``), and the ones that
# make someone a maintainer: the one definition read by the role rules, paper_thread_reviews and inclusion_prs.
ASSOCIATIONS = ("OWNER", "MEMBER", "COLLABORATOR", "CONTRIBUTOR", "FIRST_TIME_CONTRIBUTOR", "FIRST_TIMER", "MANNEQUIN",
                "NONE")
MAINTAINER_ASSOCIATIONS = ("OWNER", "MEMBER", "COLLABORATOR")


def demo_path() -> Path:
    return Path(__file__).resolve().parent / "demo" / "snapshot"


def sha256_file(path: Path) -> str:
    """The hex sha256 of a file, read in 1 MiB chunks."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _safe_member(root: Path, name: str) -> Path:
    if not isinstance(name, str) or not name or name.startswith(("/", "\\")) or os.path.isabs(name):
        raise SnapshotError(f"manifest names a path outside the snapshot folder: {name!r}")
    parts = Path(name).parts
    if ".." in parts:
        raise SnapshotError(f"manifest names a path outside the snapshot folder: {name!r}")
    path = (root / name).resolve()
    if root.resolve() not in path.parents:
        raise SnapshotError(f"manifest names a path outside the snapshot folder: {name!r}")
    return path


@dataclass
class JsonlLine:
    """One line of a JSONL file: the parsed object, or why it could not be parsed."""

    lineno: int
    raw: str
    data: dict[str, Any] | None
    error: str | None


@dataclass
class Snapshot:
    root: Path
    created_at: datetime
    files: dict[str, dict[str, Any]] = field(default_factory=dict)
    format: int = FORMAT
    _verified: set[str] = field(default_factory=set, repr=False)
    _lines: dict[str, list[JsonlLine]] = field(default_factory=dict, repr=False)

    @classmethod
    def open(cls, root: str | os.PathLike) -> Snapshot:
        root = Path(root)
        manifest_path = root / "manifest.json"
        if not manifest_path.is_file():
            raise SnapshotError(f"{root} is not a snapshot: no manifest.json")
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise SnapshotError(f"{manifest_path}: not valid JSON ({exc})") from exc
        if not isinstance(manifest, dict) or manifest.get("format") not in READABLE_FORMATS:
            raise SnapshotError(f"{manifest_path}: unsupported format {manifest.get('format') if isinstance(manifest, dict) else manifest!r} "
                                f"(this version reads formats {', '.join(map(str, READABLE_FORMATS))})")
        files = manifest.get("files")
        if not isinstance(files, dict):
            raise SnapshotError(f"{manifest_path}: 'files' must be an object")
        for name, info in files.items():
            _safe_member(root, name)
            if not isinstance(info, dict) or not isinstance(info.get("sha256"), str):
                raise SnapshotError(f"{manifest_path}: entry {name!r} lacks a sha256")
        try:
            created = datetime.fromisoformat(str(manifest.get("created_at")).replace("Z", "+00:00"))
        except ValueError as exc:
            raise SnapshotError(f"{manifest_path}: bad created_at {manifest.get('created_at')!r}") from exc
        if created.tzinfo is None:
            created = created.replace(tzinfo=timezone.utc)
        return cls(root=root, created_at=created, files=files, format=manifest["format"])

    def has(self, name: str) -> bool:
        return name in self.files

    def _member(self, name: str) -> Path:
        if name not in self.files:
            raise SnapshotError(f"{self.root}: manifest does not list {name}")
        path = _safe_member(self.root, name)
        if not path.is_file():
            raise SnapshotError(f"{self.root}: {name} is listed in the manifest but missing")
        return path

    def _check(self, name: str, actual: str) -> None:
        if actual != self.files[name]["sha256"]:
            raise SnapshotError(
                f"{self.root}: {name} does not match its manifest checksum "
                f"(manifest {self.files[name]['sha256'][:12]}..., file {actual[:12]}...); refusing to read it")

    def sha256(self, name: str) -> str:
        """The checksum the manifest gives a member (its file has been checked against it by ``path``)."""
        return self.files[name]["sha256"]

    def path(self, name: str) -> Path:
        """The verified path of a member: its checksum must match the manifest (hashed once per Snapshot)."""
        path = self._member(name)
        if name not in self._verified:
            self._check(name, sha256_file(path))
            self._verified.add(name)
        return path

    def members(self, prefix: str) -> list[str]:
        return sorted(n for n in self.files if n.startswith(prefix))

    def read_jsonl(self, name: str) -> list[JsonlLine]:
        """Lines of a JSONL member; a line that is not UTF-8 JSON comes back with its error.

        The file is read once per Snapshot: the bytes that are hashed are the bytes that are parsed,
        and later calls (one per quarter, one per framework) reuse the parsed lines.
        """
        if name not in self._lines:
            data = self._member(name).read_bytes()
            self._check(name, hashlib.sha256(data).hexdigest())
            self._verified.add(name)
            self._lines[name] = list(_parse_jsonl(data))
        return self._lines[name]


def _parse_jsonl(data: bytes) -> Iterator[JsonlLine]:
    for lineno, raw in enumerate(data.split(b"\n"), start=1):
        raw = raw.rstrip(b"\r")
        if not raw.strip():
            continue
        text = raw.decode("utf-8", errors="replace")
        try:
            decoded = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield JsonlLine(lineno, text, None, f"not UTF-8 at byte {exc.start}")
            continue
        try:
            parsed = json.loads(decoded)
        except json.JSONDecodeError as exc:
            yield JsonlLine(lineno, text, None, f"not valid JSON: {exc.msg} at column {exc.colno}")
            continue
        if not isinstance(parsed, dict):
            yield JsonlLine(lineno, text, None, "a line must hold a JSON object")
            continue
        yield JsonlLine(lineno, text, parsed, None)


def write_snapshot(root: str | os.PathLike, jsonl: dict[str, Iterable[dict[str, Any]]],
                   binaries: dict[str, Path] | None = None, created_at: datetime | None = None) -> Path:
    """Write a snapshot folder: JSONL members from records, binary members copied.

    Files are written first and the manifest last, each through a temporary file
    renamed into place, so a reader never sees a manifest for missing files.
    """
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    files: dict[str, dict[str, Any]] = {}
    for name, records in jsonl.items():
        target = _safe_member(root, name)
        target.parent.mkdir(parents=True, exist_ok=True)
        rows = 0
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=target.parent, delete=False) as tmp:
            for rec in records:
                tmp.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
                rows += 1
        os.chmod(tmp.name, 0o644)
        os.replace(tmp.name, target)
        files[name] = {"sha256": sha256_file(target), "rows": rows}
    for name, src in (binaries or {}).items():
        target = _safe_member(root, name)
        target.parent.mkdir(parents=True, exist_ok=True)
        data = Path(src).read_bytes()
        with tempfile.NamedTemporaryFile("wb", dir=target.parent, delete=False) as tmp:
            tmp.write(data)
        os.chmod(tmp.name, 0o644)
        os.replace(tmp.name, target)
        files[name] = {"sha256": sha256_file(target), "rows": None}
    manifest = {
        "format": FORMAT,
        "created_at": (created_at or datetime.now(timezone.utc)).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "files": files,
    }
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=root, delete=False) as tmp:
        json.dump(manifest, tmp, indent=2, sort_keys=True)
    os.chmod(tmp.name, 0o644)
    os.replace(tmp.name, root / "manifest.json")
    return root
