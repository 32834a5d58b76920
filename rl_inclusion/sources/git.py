"""The frameworks file and the git repositories the miner reads.

``load_frameworks`` reads ``frameworks.toml`` (tomllib: nothing is evaluated)
into :class:`Framework` values whose rules are already compiled.
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
import re
import shutil
import subprocess
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import ConfigError, SourceError
from ..levels import LEVELS
from ..snapshot import Snapshot

log = logging.getLogger(__name__)

_LIST_KEYS = (
    "skip_paths", "docs_paths", "nonsource_paths", "experimental_paths", "experimental_line_patterns", "example_paths",
    "default_config_paths", "default_line_patterns", "selectable_line_patterns", "option_line_patterns",
    "algorithm_line_patterns",
)
_PATTERN_KEYS = {"experimental_line_patterns", "default_line_patterns", "selectable_line_patterns",
                 "option_line_patterns", "algorithm_line_patterns"}
_SCALAR_KEYS = {"name": str, "repo": str, "clone_url": str, "branch": str, "local_path": str,
                "fallback_level": str}
_KNOWN = set(_LIST_KEYS) | {f"extra_{k}" for k in _LIST_KEYS} | set(_SCALAR_KEYS) | {"aliases"}

# Environment for every git process: never prompt, never page, never fetch lazily.
GIT_ENV = {"GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat", "GIT_NO_LAZY_FETCH": "1", "LC_ALL": "C",
           "GIT_CONFIG_NOSYSTEM": "1"}


def glob_to_regex(pattern: str) -> str:
    """A git ``:(glob)`` pattern as a regular expression over the whole path.

    ``*`` and ``?`` stay inside one folder; ``**/`` is zero or more folders,
    ``/**`` at the end is everything below, ``**`` elsewhere anything.
    """
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("/**", i) and i + 3 == n:
            out.append("/.*")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif c == "*":
            out.append("[^/]*")
            i += 1
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            j = pattern.find("]", i + 1)
            if j == -1:
                out.append(re.escape(c))
                i += 1
            else:
                body = pattern[i + 1:j].replace("\\", "\\\\")
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body}]")
                i = j + 1
        else:
            out.append(re.escape(c))
            i += 1
    return "".join(out)


class PathRule:
    """A list of git-style globs compiled into one anchored regular expression."""

    def __init__(self, patterns: list[str]):
        self.patterns = list(patterns)
        self._re = re.compile("|".join(f"(?:{glob_to_regex(p)})" for p in self.patterns) + r"\Z") \
            if self.patterns else None

    def match(self, path: str) -> bool:
        return bool(self._re and self._re.match(path))


class LineRule:
    """A list of Python regular expressions, any of which may match a line."""

    def __init__(self, patterns: list[str]):
        self.patterns = list(patterns)
        self._res = [re.compile(p) for p in self.patterns]

    def search(self, line: str) -> bool:
        return any(r.search(line) for r in self._res)


@dataclass(frozen=True)
class Rules:
    skip_paths: PathRule
    docs_paths: PathRule
    nonsource_paths: PathRule
    experimental_paths: PathRule
    experimental_line_patterns: LineRule
    example_paths: PathRule
    default_config_paths: PathRule
    default_line_patterns: LineRule
    selectable_line_patterns: LineRule
    option_line_patterns: LineRule
    algorithm_line_patterns: LineRule
    fallback_level: str


@dataclass(frozen=True)
class Framework:
    name: str
    repo: str
    clone_url: str
    branch: str
    aliases: tuple[str, ...] = ()
    local_path: Path | None = None
    rules: Rules | None = field(default=None, compare=False, repr=False)
    raw_rules: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class RepoHandle:
    path: Path
    branch: str
    fetch_status: str      # fetched | offline-used-existing | local | snapshot
    note: str = ""


# --- the frameworks file ------------------------------------------------------

def default_frameworks_path() -> Path:
    return Path(str(resources.files("rl_inclusion") / "frameworks.toml"))


def _check_list(where: str, key: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: {key} must be a list of strings, got {value!r}")
    if key.removeprefix("extra_") in _PATTERN_KEYS:
        for v in value:
            try:
                re.compile(v)
            except re.error as exc:
                raise ConfigError(f"{where}: {key} holds a bad regular expression {v!r}: {exc}") from exc
    return list(value)


def compile_rules(where: str, merged: dict[str, Any]) -> Rules:
    fallback = merged.get("fallback_level", "configuration option")
    if fallback not in LEVELS or fallback == "mentioned":
        raise ConfigError(f"{where}: fallback_level must be one of {LEVELS[:-1]}, got {fallback!r}")
    kw: dict[str, Any] = {}
    for key in _LIST_KEYS:
        values = merged.get(key, [])
        kw[key] = LineRule(values) if key in _PATTERN_KEYS else PathRule(values)
    return Rules(fallback_level=fallback, **kw)


def parse_frameworks(doc: dict[str, Any], source: str = "<frameworks>") -> list[Framework]:
    defaults = doc.get("defaults", {})
    if not isinstance(defaults, dict):
        raise ConfigError(f"{source}: [defaults] must be a table")
    base: dict[str, Any] = {}
    for key, value in defaults.items():
        if key in _LIST_KEYS:
            base[key] = _check_list(f"{source} [defaults]", key, value)
        elif key == "fallback_level":
            base[key] = value
        else:
            raise ConfigError(f"{source} [defaults]: unknown key {key!r}")
    entries = doc.get("framework", [])
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{source}: no [[framework]] entries")
    out: list[Framework] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries, start=1):
        where = f"{source} [[framework]] #{i}"
        if not isinstance(entry, dict):
            raise ConfigError(f"{where}: must be a table")
        unknown = set(entry) - _KNOWN
        if unknown:
            raise ConfigError(f"{where}: unknown keys {sorted(unknown)}")
        for key in ("name", "repo", "branch"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise ConfigError(f"{where}: {key!r} is required and must be a non-empty string")
        where = f"{source} framework {entry['name']!r}"
        if entry["name"] in seen:
            raise ConfigError(f"{where}: defined twice")
        seen.add(entry["name"])
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._\-]*", entry["name"]):
            raise ConfigError(f"{where}: the name may hold letters, digits, '.', '_' and '-' only")
        for key, typ in _SCALAR_KEYS.items():
            if key in entry and not isinstance(entry[key], typ):
                raise ConfigError(f"{where}: {key} must be a {typ.__name__}")
        if "clone_url" not in entry and "local_path" not in entry:
            raise ConfigError(f"{where}: give clone_url or local_path")
        merged = dict(base)
        for key in _LIST_KEYS:
            if key in entry:
                merged[key] = _check_list(where, key, entry[key])
            if f"extra_{key}" in entry:
                merged[key] = list(merged.get(key, [])) + _check_list(where, f"extra_{key}", entry[f"extra_{key}"])
        if "fallback_level" in entry:
            merged["fallback_level"] = entry["fallback_level"]
        aliases = _check_list(where, "aliases", entry.get("aliases", []))
        local = entry.get("local_path")
        out.append(Framework(
            name=entry["name"], repo=entry["repo"], clone_url=entry.get("clone_url", ""),
            branch=entry["branch"], aliases=tuple(aliases),
            local_path=Path(local).expanduser() if local else None,
            rules=compile_rules(where, merged), raw_rules=merged,
        ))
    return out


def load_frameworks(path: str | os.PathLike | None = None) -> list[Framework]:
    """The frameworks of a frameworks file (default: the packaged one)."""
    path = Path(path) if path else default_frameworks_path()
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"frameworks file not found: {path}") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from exc
    return parse_frameworks(doc, str(path))


@lru_cache(maxsize=4)
def load_toml_section(path: str, section: str) -> dict[str, Any]:
    doc = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    value = doc.get(section)
    if not isinstance(value, dict):
        raise ConfigError(f"{path}: no [{section}] table")
    return value


# --- running git --------------------------------------------------------------

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


def _is_repo(path: Path) -> bool:
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


def _import_stream(stream: Path, target: Path, digest: str) -> None:
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
        if not _is_repo(path):
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
            if marker.is_file() and marker.read_text().strip() == digest and _is_repo(target):
                note = f"reused the import of {fi} (sha256 {digest[:12]})"
            else:
                cache_dir.mkdir(parents=True, exist_ok=True)
                _import_stream(stream, target, digest)
                note = f"imported {fi} (sha256 {digest[:12]})"
            return RepoHandle(target, resolve_branch(target, framework.branch), "snapshot", note)
        if snapshot.has(bundle):
            src = snapshot.path(bundle)
            digest = snapshot.sha256(bundle)
            target = cache_dir / f"{framework.name}.bundle.git"
            marker = target / "rl_inclusion_stream.sha256"
            if not (marker.is_file() and marker.read_text().strip() == digest and _is_repo(target)):
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
    if _is_repo(target):
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
