"""Reading and checking the configuration files: TOML, and the checks shared by the rules files' pydantic
models (screening rules and cues, failure rules)."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Annotated, Any

import polars as pl
from pydantic import AfterValidator, StrictStr

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
