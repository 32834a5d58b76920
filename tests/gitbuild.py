"""Small real git repositories, built with ``git`` itself: for tests and benchmarks.

``GitBuilder`` makes commits with fixed author and committer dates (so a
history is the same on every machine, hashes included) and offers the few
operations the miner's tests need: branches, merges with ``--no-ff``, renames,
reverts, raw bytes.  ``synthetic_stream`` writes a ``git fast-import`` stream
of a long history for the benchmark.
"""

from __future__ import annotations

import os
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path

_ENV_BASE = {"GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}


class GitBuilder:
    def __init__(self, path: Path, branch: str = "main"):
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.git("init", "--quiet", "-b", branch)
        self.git("config", "user.name", "Test Author")
        self.git("config", "user.email", "author@example.org")
        self.git("config", "commit.gpgsign", "false")

    def _env(self, date: str | None) -> dict[str, str]:
        env = dict(os.environ)
        env.update(_ENV_BASE)
        env["HOME"] = str(self.path)  # never read the developer's ~/.gitconfig
        if date:
            env["GIT_AUTHOR_DATE"] = date
            env["GIT_COMMITTER_DATE"] = date
        return env

    def git(self, *args: str, date: str | None = None, input: bytes | None = None) -> str:
        proc = subprocess.run(["git", *args], cwd=self.path, env=self._env(date), input=input,
                              capture_output=True)
        if proc.returncode != 0:
            raise RuntimeError(f"git {' '.join(args)}: {proc.stderr.decode('utf-8', 'replace')}")
        return proc.stdout.decode("utf-8", "replace").strip()

    def write(self, rel: str, content: str | bytes) -> None:
        target = self.path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)

    def append(self, rel: str, content: str | bytes) -> None:
        target = self.path / rel
        old = target.read_bytes() if target.exists() else b""
        self.write(rel, old + (content.encode("utf-8") if isinstance(content, str) else content))

    def commit(self, message: str, date: str, files: dict[str, str | bytes] | None = None,
               append: dict[str, str | bytes] | None = None) -> str:
        for rel, content in (files or {}).items():
            self.write(rel, content)
        for rel, content in (append or {}).items():
            self.append(rel, content)
        self.git("add", "-A")
        self.git("commit", "--quiet", "--allow-empty", "-m", message, date=date)
        return self.head()

    def head(self) -> str:
        return self.git("rev-parse", "HEAD")

    def checkout(self, branch: str, create: bool = False) -> None:
        self.git("checkout", "--quiet", *(["-b"] if create else []), branch)

    def merge(self, branch: str, message: str, date: str) -> str:
        self.git("merge", "--quiet", "--no-ff", "-m", message, branch, date=date)
        return self.head()

    def move(self, src: str, dst: str, message: str, date: str) -> str:
        (self.path / dst).parent.mkdir(parents=True, exist_ok=True)
        self.git("mv", src, dst)
        self.git("commit", "--quiet", "-m", message, date=date)
        return self.head()

    def revert(self, sha: str, message: str, date: str) -> str:
        self.git("revert", "--no-commit", sha, date=date)
        self.git("commit", "--quiet", "-m", message, date=date)
        return self.head()

    def blob(self, rev_path: str) -> str:
        return self.git("rev-parse", rev_path)

    def delete_loose_object(self, oid: str) -> None:
        """Make a blob unreadable, as in a damaged or partial clone."""
        objects = Path(self.git("rev-parse", "--git-path", "objects"))
        objects = objects if objects.is_absolute() else self.path / objects
        (objects / oid[:2] / oid[2:]).unlink()


# --- a long synthetic history for the benchmark ---------------------------------

_WORDS = ("actor critic rollout buffer batch reward advantage value policy ratio clip entropy token "
          "sequence group mean std normalize scale weight mask loss update step optimizer schedule "
          "sample generate prompt response length penalty coef beta gamma lam epsilon").split()


def synthetic_stream(commits: int, names: list[str], seed: int = 7, files: int = 60,
                     lines_per_commit: int = 30) -> Iterator[bytes]:
    """A fast-import stream of ``commits`` commits on ``main`` editing Python and YAML files.

    About one commit in twenty mentions one of ``names`` or an arXiv id; the
    rest is filler code, so that the cost is dominated by reading diffs.
    """
    rng = random.Random(seed)
    paths = [f"pkg/mod{i // 10}/file{i}.py" for i in range(files)] + ["docs/index.md", "configs/base.yaml",
                                                                     "examples/run.sh", "uv.lock"]
    contents: dict[str, list[str]] = {p: [] for p in paths}
    t0 = 1_735_732_800  # 2025-01-01T12:00:00Z

    def line() -> str:
        words = rng.sample(_WORDS, 4)
        kind = rng.random()
        if kind < 0.4:
            return f"    {words[0]}_{words[1]} = self.{words[2]}({words[3]}, dim=-1)"
        if kind < 0.7:
            return f"    if {words[0]} > {rng.random():.3f}:  # {words[1]} {words[2]}"
        return f"def {words[0]}_{words[1]}({words[2]}, {words[3]}):"

    mark = 0
    for c in range(commits):
        path = rng.choice(paths)
        body = contents[path]
        new_lines = [line() for _ in range(rng.randint(1, lines_per_commit))]
        if rng.random() < 0.05 and names:
            name = rng.choice(names).lower().replace(" ", "_").replace(".", "")
            new_lines.append(f"    loss_mode == \"{name}\"  # arXiv:25{rng.randint(1, 12):02d}.{rng.randint(0, 99999):05d}")
        if body and rng.random() < 0.3:
            del body[rng.randrange(len(body))]
        at = rng.randint(0, len(body))
        body[at:at] = new_lines
        data = ("\n".join(body) + "\n").encode("utf-8")
        mark += 1
        msg = f"change {c} (#{c + 1})".encode("utf-8")
        ts = t0 + c * 3600
        out = [b"commit refs/heads/main\n", f"mark :{mark}\n".encode(),
               f"committer Bench <bench@example.org> {ts} +0000\n".encode(),
               f"data {len(msg)}\n".encode(), msg, b"\n"]
        if c > 0:
            out.append(f"from :{mark - 1}\n".encode())
        out += [f"M 100644 inline {path}\n".encode(), f"data {len(data)}\n".encode(), data, b"\n"]
        yield b"".join(out)
    yield b"done\n"


def build_synthetic_repo(path: Path, commits: int, names: list[str], seed: int = 7) -> Path:
    """A bare repository holding ``synthetic_stream(commits, names)``."""
    return import_stream(path, synthetic_stream(commits, names, seed=seed))


def import_stream(path: Path, chunks) -> Path:
    """A bare repository at ``path`` holding the fast-import stream ``chunks`` (bytes; it must end with ``done``),
    its HEAD on ``main``."""
    path = Path(path)
    subprocess.run(["git", "init", "--bare", "--quiet", str(path)], check=True)
    proc = subprocess.Popen(["git", "fast-import", "--quiet", "--done"], cwd=path, stdin=subprocess.PIPE)
    for chunk in chunks:
        proc.stdin.write(chunk)
    proc.stdin.close()
    if proc.wait() != 0:
        raise RuntimeError(f"git fast-import failed building {path}")
    subprocess.run(["git", "symbolic-ref", "HEAD", "refs/heads/main"], cwd=path, check=True)
    return path
