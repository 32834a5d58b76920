"""The frameworks file (``frameworks.toml``): which repositories to mine and the rules for reading them.

``load_frameworks`` reads the file with tomllib (nothing is evaluated),
validates it against the pydantic models below (unknown keys, wrong types, bad
regular expressions and levels are refused with the framework and key named)
and returns :class:`Framework` values whose rules are already compiled.

A framework's rules are the ``[defaults]`` lists, replaced by a list of the same
key in its ``[[framework]]`` entry or extended by ``extra_<key>``.  A file with
no ``[defaults]`` (or no ``[contribution]``) table takes that table from the
packaged file, so adding a framework needs only its ``[[framework]]`` entry.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, StrictStr, ValidationError, create_model, field_validator, model_validator

from .errors import ConfigError
from .levels import LEVELS
from .validation import describe_errors, read_toml

LIST_KEYS = (
    "skip_paths", "docs_paths", "nonsource_paths", "experimental_paths", "experimental_line_patterns", "example_paths",
    "default_config_paths", "default_line_patterns", "selectable_line_patterns", "option_line_patterns",
    "algorithm_line_patterns", "data_paths",
)
PATTERN_KEYS = frozenset({"experimental_line_patterns", "default_line_patterns", "selectable_line_patterns",
                          "option_line_patterns", "algorithm_line_patterns"})
DEFAULT_FALLBACK_LEVEL = "configuration option"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._\-]*")


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
        # the end anchor holds for every pattern of the list, not only the last one
        self._re = re.compile("(?:" + "|".join(f"(?:{glob_to_regex(p)})" for p in self.patterns) + r")\Z") \
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
    data_paths: PathRule
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


# --- the file's models ----------------------------------------------------------

class _RuleLists(BaseModel):
    """What ``[defaults]`` and a ``[[framework]]`` entry share: rule lists and the fallback level."""

    model_config = ConfigDict(extra="forbid")
    fallback_level: Optional[StrictStr] = None

    @field_validator("fallback_level")
    @classmethod
    def _known_level(cls, value: str | None) -> str | None:
        if value is not None and (value not in LEVELS or value == "mentioned"):
            raise ValueError(f"fallback_level must be one of {list(LEVELS[:-1])}, got {value!r}")
        return value

    @model_validator(mode="after")
    def _patterns_compile(self):
        for key in type(self).model_fields:
            if key.removeprefix("extra_") not in PATTERN_KEYS:
                continue
            for pattern in getattr(self, key) or ():
                try:
                    re.compile(pattern)
                except re.error as exc:
                    raise ValueError(f"{key} holds a bad regular expression {pattern!r}: {exc}") from exc
        return self

    def lists(self) -> dict[str, list[str]]:
        return {k: v for k in LIST_KEYS if (v := getattr(self, k)) is not None}


_LIST_FIELD: Any = (Optional[list[StrictStr]], None)
Defaults = create_model("Defaults", __base__=_RuleLists, **{k: _LIST_FIELD for k in LIST_KEYS})
_EntryLists = create_model("_EntryLists", __base__=Defaults, **{f"extra_{k}": _LIST_FIELD for k in LIST_KEYS})


class FrameworkEntry(_EntryLists):
    """One ``[[framework]]`` table."""

    name: StrictStr
    repo: StrictStr
    branch: StrictStr
    clone_url: Optional[StrictStr] = None
    local_path: Optional[StrictStr] = None
    aliases: list[StrictStr] = []

    @field_validator("name", "repo", "branch")
    @classmethod
    def _non_empty(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must be a non-empty string")
        return value

    @field_validator("name")
    @classmethod
    def _plain_name(cls, value: str) -> str:
        if not _NAME.fullmatch(value):
            raise ValueError("the name may hold letters, digits, '.', '_' and '-' only")
        return value

    @model_validator(mode="after")
    def _somewhere_to_read(self):
        if self.clone_url is None and self.local_path is None:
            raise ValueError("give clone_url or local_path")
        return self

    def merged_rules(self, base: dict[str, list[str]], fallback: str | None) -> dict[str, Any]:
        merged: dict[str, Any] = {k: list(v) for k, v in base.items()}
        merged.update({k: list(v) for k, v in self.lists().items()})
        for key in LIST_KEYS:
            extra = getattr(self, f"extra_{key}")
            if extra is not None:
                merged[key] = merged.get(key, []) + list(extra)
        level = self.fallback_level or fallback
        if level is not None:
            merged["fallback_level"] = level
        return merged


def _word(err: dict, where: str) -> str | None:
    """How a frameworks file words a missing key and a list that is not one (``validation.describe_errors``)."""
    key = str(err["loc"][0]) if err["loc"] else ""
    if err["type"] == "missing":
        return f"{key!r} is required and must be a non-empty string"
    if key.removeprefix("extra_") in LIST_KEYS or key == "aliases":
        return f"{key} must be a list of strings, got {err['input']!r}"
    return None


def _describe(exc: ValidationError, doc: dict) -> str:
    return describe_errors(exc, doc, _word)


def compile_rules(merged: dict[str, Any]) -> Rules:
    kw: dict[str, Any] = {}
    for key in LIST_KEYS:
        values = merged.get(key, [])
        kw[key] = LineRule(values) if key in PATTERN_KEYS else PathRule(values)
    return Rules(fallback_level=merged.get("fallback_level", DEFAULT_FALLBACK_LEVEL), **kw)


# --- reading the file -----------------------------------------------------------

def default_frameworks_path() -> Path:
    return Path(str(resources.files("rl_inclusion") / "frameworks.toml"))


def parse_frameworks(doc: dict[str, Any], source: str = "<frameworks>") -> list[Framework]:
    raw_defaults = doc.get("defaults", {})
    if not isinstance(raw_defaults, dict):
        raise ConfigError(f"{source}: [defaults] must be a table")
    try:
        defaults = Defaults.model_validate(raw_defaults)
    except ValidationError as exc:
        raise ConfigError(f"{source} [defaults]: {_describe(exc, raw_defaults)}") from None
    entries = doc.get("framework", [])
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{source}: no [[framework]] entries")
    out: list[Framework] = []
    seen: set[str] = set()
    for i, raw in enumerate(entries, start=1):
        where = f"{source} [[framework]] #{i}"
        if not isinstance(raw, dict):
            raise ConfigError(f"{where}: must be a table")
        if isinstance(raw.get("name"), str):
            where = f"{source} framework {raw['name']!r}"
        try:
            entry = FrameworkEntry.model_validate(raw)
        except ValidationError as exc:
            raise ConfigError(f"{where}: {_describe(exc, raw)}") from None
        if entry.name in seen:
            raise ConfigError(f"{where}: defined twice")
        seen.add(entry.name)
        merged = entry.merged_rules(defaults.lists(), defaults.fallback_level)
        out.append(Framework(
            name=entry.name, repo=entry.repo, clone_url=entry.clone_url or "", branch=entry.branch,
            aliases=tuple(entry.aliases), local_path=Path(entry.local_path).expanduser() if entry.local_path else None,
            rules=compile_rules(merged), raw_rules=merged,
        ))
    return out


INHERITED_SECTIONS = ("defaults", "contribution")


def read_frameworks_doc(path: str | os.PathLike) -> dict[str, Any]:
    """The parsed file, with ``[defaults]`` and ``[contribution]`` taken from the packaged file when it has none."""
    doc = read_toml(path, "frameworks file not found: {path}")
    missing = [s for s in INHERITED_SECTIONS if s not in doc]
    if missing:
        packaged = read_toml(default_frameworks_path(), "packaged frameworks file not found: {path}")
        doc = {**doc, **{s: packaged[s] for s in missing if s in packaged}}
    return doc


def load_frameworks(path: str | os.PathLike | None = None) -> list[Framework]:
    """The frameworks of a frameworks file (default: the packaged one)."""
    path = Path(path) if path else default_frameworks_path()
    return parse_frameworks(read_frameworks_doc(path), str(path))


@lru_cache(maxsize=4)
def load_toml_section(path: str, section: str) -> dict[str, Any]:
    value = read_frameworks_doc(path).get(section)
    if not isinstance(value, dict):
        raise ConfigError(f"{path}: no [{section}] table")
    return value
