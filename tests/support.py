"""Small helpers that only the tests use (kept out of the package)."""

from __future__ import annotations

import polars as pl

from rl_inclusion.ids import token_spans
from rl_inclusion.raw_papers import code_urls_expr


def tokenize(text: str) -> list[str]:
    """The tokens of ``token_spans`` without their positions (``REINFORCE++`` -> ``reinforceplusplus``)."""
    return [t for t, _, _ in token_spans(text)]


def extract_code_urls(text: str | None) -> list[str]:
    """``code_urls_expr`` applied to one string."""
    out = pl.select(code_urls_expr(pl.lit(text or "", dtype=pl.Utf8)).alias("u"))["u"][0]
    return list(out) if out is not None else []
