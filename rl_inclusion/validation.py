"""Checks shared by the rules files' pydantic models (screening rules and cues, failure rules)."""

from __future__ import annotations

import re
from typing import Annotated

import polars as pl
from pydantic import AfterValidator, StrictStr


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


# A rules-file field holding a regular expression that polars runs.
PolarsRegex = Annotated[StrictStr, AfterValidator(polars_regex)]
