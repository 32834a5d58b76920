"""Reading a framework's first-parent history with one ``git log -p`` process.

``run_log`` streams ``git log --first-parent -p --unified=0`` (oldest first, no
renames, merges diffed against their first parent) into a consumer a commit at
a time: ``begin_commit(head, subject, body)``, ``block(diff_block)`` per file,
``end_commit()``.  A reader thread drains git's pipe into a bounded queue, so
git never waits for the parser; the output is cut at the NUL that starts each
commit (``FORMAT``) where it opens a line: a text diff can hold NUL bytes (git
calls a file binary only from a NUL in its first 8,000 bytes; Visual-RFT's
history has such files), but every diff line starts with its prefix, so a NUL
never opens one.
"""

from __future__ import annotations

import queue
import re
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

from ..errors import SourceError
from ..frameworks_config import Rules
from ..sources.git import git_env, run_git

FORMAT = "--format=%x00%H %ct%n%s%n%b"
_COMMIT_START = b"\n\x00"   # the NUL of FORMAT, at the start of a line
# A submodule's pointer (a gitlink) has mode 160000 in its block's header (``new file mode 160000``, ``deleted file
# mode 160000``, ``index <old>..<new> 160000``); its one line is another repository's commit, no file of this history
# (VISTA-Gym's ``verl-tool-internvl``, inclusion-set-v185).
_GITLINK_MODE = re.compile(rb"^(?:(?:new|deleted) file mode|index \S+) 160000$", re.MULTILINE)


def is_gitlink(block: bytes) -> bool:
    """Is this ``diff --git`` block a submodule's pointer? Only its header, up to the first hunk, is read."""
    hunk = block.find(b"\n@@")
    return _GITLINK_MODE.search(block, 0, hunk if hunk >= 0 else len(block)) is not None


class CommitConsumer(Protocol):
    def begin_commit(self, head: bytes, subject: bytes, body: bytes) -> None: ...
    def block(self, block: bytes) -> None: ...
    def end_commit(self) -> None: ...


def exclude_pathspecs(rules: Rules) -> list[str]:
    """The framework's ``skip_paths`` as git pathspecs: git never reads those files."""
    return [f":(exclude,glob){p}" for p in rules.skip_paths.patterns]


# Files every installed environment holds: a conda prefix its ``conda-meta/history``, a virtual environment its
# ``pyvenv.cfg`` (Illusion-of-Reasoning committed a conda environment of git, Perl and Python; inclusion-set-v128).
_ENVIRONMENT_MARKERS = ("conda-meta/history", "pyvenv.cfg")


def environment_excludes(repo: Path, ref: str) -> list[str]:
    """Pathspecs that exclude every installed environment the first-parent history ever adds: the folder that holds
    an ``_ENVIRONMENT_MARKERS`` file (not the top of the repository, which is the code base itself)."""
    specs = [f":(glob)**/{m}" for m in _ENVIRONMENT_MARKERS]
    out = run_git(["log", "--first-parent", "--diff-merges=first-parent", "--no-renames", "--diff-filter=A",
                   "--name-only", "-z", "--format=", ref, "--", *specs], cwd=repo).stdout.decode("utf-8", "replace")
    prefixes = set()
    for path in filter(None, (p.strip("\n") for p in out.split("\0"))):   # -z: names as they are, never quoted
        marker = next((m for m in _ENVIRONMENT_MARKERS if path == m or path.endswith("/" + m)), None)
        prefix = path[: -len(marker)].rstrip("/") if marker else ""
        if prefix:
            prefixes.add(prefix)
    return [f":(exclude,literal){p}" for p in sorted(prefixes)]


def _log_args(ref: str, specs: list[str]) -> list[str]:
    args = ["-c", "core.quotePath=false", "-c", "diff.noprefix=false", "log", "--first-parent",
            "--diff-merges=first-parent", "--reverse", "--no-renames", "--no-color", "--no-ext-diff",
            "--no-textconv", "--full-index"]
    return args + ["-p", "--unified=0", FORMAT, ref, "--", *specs]


_READ = 1 << 20          # bytes per read from git's pipe
_QUEUED_CHUNKS = 64       # read ahead at most this many reads (64 MB) while parsing


_BLOCK_START = b"\ndiff --git "   # a file block opens a line
_HELD = len(_BLOCK_START) - 1   # a cut may begin this many bytes before a new chunk


class _Splitter:
    """Cuts git's output, as it arrives, at each commit start and each file block start.

    Only the piece being read (a commit's header or one file block) is held, in
    the chunks it came in, and every byte is searched once: a commit of
    gigabytes of data files (RULE-Unlearn's first commit adds 3 GB of JSON and
    text; inclusion-set-v156) costs its length, where appending each chunk to
    one buffer of the whole commit, and searching that buffer again, cost its
    square.

    The consumer sees what cutting the whole output at once gives: a commit's
    text (empty: no commit) ends with the newline its successor's cut took (the
    last one with git's own ending); ``begin_commit(head, subject, body)`` gets
    its first line, its second, and what follows up to the first line that
    opens a file block (the subject line is never one); each block comes with
    its ``diff --git `` restored; then ``end_commit()``.
    """

    def __init__(self, miner: CommitConsumer):
        self.miner = miner
        self.parts: list[bytes] = [b"\n"]   # the piece being read; the first commit's NUL opens a line too
        self.kind = "start"   # what opened the piece: "start", "commit" (a header) or "block"

    def _tail(self) -> bytes:
        out = b""
        for part in reversed(self.parts):
            out = part[-(_HELD - len(out)):] + out
            if len(out) >= _HELD:
                break
        return out

    def _trim(self, n: int) -> None:
        """Drop the last ``n`` bytes of the piece (a cut that began before the new chunk)."""
        while n:
            last = self.parts.pop()
            if len(last) > n:
                self.parts.append(last[:-n])
                break
            n -= len(last)

    def _header_has_line(self, window: bytes, pos: int, at: int) -> bool:
        """Whether the header read so far, up to ``at``, holds a whole first line."""
        if at < pos:
            return b"\n" in b"".join(self.parts)[: at - pos]
        return any(b"\n" in p for p in self.parts) or b"\n" in window[pos:at]

    def feed(self, data: bytes) -> None:
        tail = self._tail()
        window = tail + data
        held = pos = len(tail)   # pos: where the bytes not yet in the piece begin
        nc = window.find(_COMMIT_START, max(0, held - len(_COMMIT_START) + 1))   # cuts that end in the new bytes
        nb = window.find(_BLOCK_START, max(0, held - _HELD))
        while nc >= 0 or nb >= 0:
            commit = nb < 0 or 0 <= nc < nb
            at = nc if commit else nb
            end = at + (len(_COMMIT_START) if commit else len(_BLOCK_START))
            if commit or self.kind != "commit" or self._header_has_line(window, pos, at):
                if at < pos:
                    self._trim(pos - at)
                elif at > pos:
                    self.parts.append(window[pos:at])
                self._cut("commit" if commit else "block")
            else:   # a subject line that opens like a block is the subject
                self.parts.append(window[pos:end])
            pos = end
            if 0 <= nc < pos:
                nc = window.find(_COMMIT_START, pos)
            if 0 <= nb < pos:
                nb = window.find(_BLOCK_START, pos)
        if pos < len(window):
            self.parts.append(data if pos == held else window[pos:])

    def _cut(self, next_kind: str) -> None:
        """The piece is whole: hand it on, and open one of ``next_kind`` ("commit", "block" or "eof")."""
        piece = b"".join(self.parts)
        self.parts = []
        if next_kind == "commit" and (piece or self.kind == "block"):
            piece += b"\n"   # the newline the cut took
        began = self.kind == "commit" and bool(piece)   # an empty commit text is no commit
        if began:
            head, _, rest = piece.partition(b"\n")
            subject, _, body = rest.partition(b"\n")
            self.miner.begin_commit(head, subject, body)
        elif self.kind == "block":
            self.miner.block(b"diff --git " + piece)
        # a commit is open from its header to the last of its blocks: a piece that no block follows ends it
        if next_kind != "block" and (began or self.kind == "block"):
            self.miner.end_commit()
        self.kind = next_kind

    def close(self) -> None:
        """The output ended: the last piece is whole."""
        self._cut("eof")


def _stream(proc: subprocess.Popen, miner: CommitConsumer) -> None:
    """Parse ``git log -p --unified=0`` output (see ``FORMAT``) as it arrives.

    A reader thread drains git's pipe into a bounded queue (git never waits
    for the parser); ``_Splitter`` cuts the chunks at each commit start (a NUL
    that opens a line, never one inside a diff line) and each file block start;
    each file block is first tested for an id or a name with two C-level
    regular expressions, and only blocks that pass are split into lines.
    """
    chunks: queue.Queue = queue.Queue(maxsize=_QUEUED_CHUNKS)
    failure: list[BaseException] = []

    def drain() -> None:
        # git writes into a 64 KB pipe: read it in a thread (the read releases the GIL), so git keeps
        # producing while this thread parses, instead of waiting for every chunk to be parsed.
        try:
            while True:
                data = proc.stdout.read(_READ)
                chunks.put(data)
                if not data:
                    return
        except BaseException as exc:  # reported in the parsing thread
            failure.append(exc)
            chunks.put(b"")

    reader = threading.Thread(target=drain, name="git-log-reader", daemon=True)
    reader.start()
    splitter = _Splitter(miner)
    while True:
        data = chunks.get()
        if not data:
            break
        splitter.feed(data)
    splitter.close()
    reader.join()
    if failure:
        raise SourceError(f"reading git log failed: {failure[0]}")


def run_log(repo: Path, ref: str, specs: list[str], miner: CommitConsumer) -> tuple[int, str]:
    env = git_env()
    env.pop("GIT_NO_REPLACE_OBJECTS", None)
    proc = subprocess.Popen(["git", *_log_args(ref, specs)], cwd=repo, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, bufsize=1 << 20)
    try:
        _stream(proc, miner)
    finally:
        proc.stdout.close()
        stderr = proc.stderr.read().decode("utf-8", "replace")
        proc.stderr.close()
        rc = proc.wait()
    return rc, stderr




def iter_first_parent(repo: Path, ref: str) -> Iterator[tuple[str, int]]:
    """(sha, committer epoch) of the first-parent history, oldest first."""
    proc = run_git(["rev-list", "--first-parent", "--reverse", "--format=%H %ct", "--no-commit-header", ref],
                   cwd=repo, check=False)
    if proc.returncode != 0:  # git < 2.33 lacks --no-commit-header
        proc = run_git(["log", "--first-parent", "--reverse", "--format=%H %ct", ref], cwd=repo)
    for line in proc.stdout.decode("ascii").splitlines():
        if line.strip():
            sha, ts = line.split()
            yield sha, int(ts)
