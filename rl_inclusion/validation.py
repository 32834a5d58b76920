"""Reading and checking the configuration files: TOML, the checks shared by the rules files' pydantic
models (screening rules and cues, failure rules), and how their errors are told (``describe_errors``)."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from collections.abc import Callable
from typing import Annotated, Any

import polars as pl
from pydantic import AfterValidator, StrictStr, ValidationError

from .errors import ConfigError


def non_empty(text: str) -> str:
    if not text.strip():
        raise ValueError("must be a non-empty string")
    return text


def polars_regex(pattern: str) -> str:
    """A pattern polars can run (Rust regex syntax: no look-around, no back-references), non-empty."""
    non_empty(pattern)
    if re.search(r"\(\?<?[=!]|\\[1-9]", pattern):
        raise ValueError("look-around and back-references are not supported by polars regex")
    try:
        pl.select(pl.lit("probe").str.contains(pattern))
    except Exception as exc:  # polars raises ComputeError for a bad pattern
        raise ValueError(f"is not a valid regular expression ({exc})") from None
    return pattern


def check_regex(pattern: str, where: str) -> None:
    """``polars_regex`` outside a pydantic model: a ConfigError naming ``where``."""
    try:
        polars_regex(pattern)
    except ValueError as exc:
        raise ConfigError(f"{where}: {exc}") from None


# A rules-file field holding a regular expression that polars runs.
PolarsRegex = Annotated[StrictStr, AfterValidator(polars_regex)]


def read_toml(path: str | os.PathLike, missing: str) -> dict[str, Any]:
    """A TOML file as a dict (tomllib: nothing is evaluated).  ``missing`` is the error when the file does not
    exist (``{path}`` is filled in); a file that is not UTF-8 TOML is a ConfigError naming it."""
    path = Path(path)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(missing.format(path=path)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None


def _where(loc: list, doc: Any) -> str:
    """A pydantic location in the file's words: keys joined by spaces, a list entry named by its ``name`` in
    ``doc`` (else ``#n``) when it is a table, other list positions left out."""
    words, node = [], doc
    for part in loc:
        if isinstance(part, int):
            entry = node[part] if isinstance(node, list) and part < len(node) else None
            if isinstance(entry, dict):
                words.append(str(entry["name"]) if isinstance(entry.get("name"), str) else f"#{part + 1}")
            node = entry
        else:
            words.append(str(part))
            node = node.get(part) if isinstance(node, dict) else None
    return " ".join(words)


def describe_errors(exc: ValidationError, doc: Any = None,
                    word: Callable[[dict, str], str | None] | None = None) -> str:
    """A pydantic error of a configuration file in the file's own words, one part per problem, ``; ``-joined:
    the unknown keys of each table together (``kind x: unknown keys ['require']``), then each other error as
    ``<where>: <what>`` (``_where``; pydantic's message without ``Value error, ``).  ``doc`` is the validated
    data (it names list entries); ``word(error, where)`` may word an error itself (None: the default)."""
    unknown: dict[str, list[str]] = {}
    parts = []
    for err in exc.errors():
        loc = list(err["loc"])
        if err["type"] == "extra_forbidden":
            unknown.setdefault(_where(loc[:-1], doc), []).append(str(loc[-1]))
            continue
        where = _where(loc, doc)
        what = str(err["msg"]).removeprefix("Value error, ")
        parts.append((word(err, where) if word else None) or (f"{where}: {what}" if where else what))
    extra = [f"{w}: unknown keys {sorted(keys)}" if w else f"unknown keys {sorted(keys)}" for w, keys in unknown.items()]
    return "; ".join(dict.fromkeys(extra + parts))
