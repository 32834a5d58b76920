"""Inclusion labels: a reviewer's verdict on (paper, framework) pairs, and how it wins over the rules.

One CSV format serves both the evaluation set (``rl_inclusion/linking/labels/``)
and the overrides a reviewer passes to the pipeline (``--inclusion-labels``):

``arxiv_id, framework, included``  required; ``included`` is true or false;
``level, first_sha, first_date``    the integration level and the first
                                    implementing commit on main (date YYYY-MM-DD);
``reviewer, note``                  who decided and why (kept with the row);
anything else (``split``, ``path``, ``removed``...) is carried along unread.

``apply_inclusion_labels`` works as screening labels do: a label with
``included = false`` removes the pair from ``paper_inclusion``; ``true``
confirms it (its commit, date and level replace the rules' when given) or adds
it when the rules found nothing (then ``first_sha`` and ``first_date`` are
required).  Either way the row says ``decided_by = reviewer:<name>`` and keeps
the note.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from ..errors import ConfigError
from ..levels import INCLUSION_LEVELS as LEVELS
from ..screening.labels import FALSE_VALUES, TRUE_VALUES, line_numbers, read_csv_strings
from .inclusion import with_timing

LABEL_SCHEMA = {"arxiv_id": pl.Utf8, "framework": pl.Utf8, "included": pl.Boolean, "level": pl.Utf8,
                "first_sha": pl.Utf8, "first_date": pl.Date, "reviewer": pl.Utf8, "note": pl.Utf8}


def load_inclusion_labels(path: str | Path) -> pl.DataFrame:
    """Read and check an inclusion labels CSV; every problem is reported with its lines."""
    raw = read_csv_strings(path, "inclusion labels")
    missing = [c for c in ("arxiv_id", "framework", "included") if c not in raw.columns]
    if missing:
        raise ConfigError(f"inclusion labels {path}: missing columns {missing}")
    raw = raw.with_columns(pl.lit(None, dtype=pl.Utf8).alias(c) for c in LABEL_SCHEMA if c not in raw.columns)
    raw = raw.with_columns(pl.col(c).str.strip_chars().replace("", None) for c in LABEL_SCHEMA)
    flag = pl.col("included").str.to_lowercase()
    yymm = pl.col("arxiv_id").str.extract(r"^(\d{4})\.\d{5}(?:v\d+)?$", 1)
    valid_id = yymm.is_not_null() & yymm.str.slice(2, 2).cast(pl.Int32, strict=False).is_between(1, 12)
    date = pl.col("first_date").str.to_date("%Y-%m-%d", strict=False)
    checks = raw.select(
        (~valid_id.fill_null(False)).alias("not an arXiv id (e.g. 2507.18071)"),
        pl.col("framework").is_null().alias("empty framework"),
        (~flag.is_in(TRUE_VALUES + FALSE_VALUES).fill_null(False)).alias("included must be true or false"),
        (pl.col("level").is_not_null() & ~pl.col("level").is_in(list(LEVELS))).alias(f"level must be one of {LEVELS}"),
        (pl.col("first_date").is_not_null() & date.is_null()).alias("first_date must be YYYY-MM-DD"),
    )
    problems = [f"line {line_numbers(checks[name])}: {name}" for name in checks.columns if checks[name].any()]
    if problems:
        raise ConfigError(f"inclusion labels {path}:\n  " + "\n  ".join(problems))
    out = raw.with_columns(flag.is_in(TRUE_VALUES).alias("included"), date.alias("first_date"))
    dupes = out.group_by("arxiv_id", "framework").len().filter(pl.col("len") > 1)
    if dupes.height:
        pairs = ", ".join(f"{a}/{f}" for a, f, _ in dupes.rows()[:10])
        raise ConfigError(f"inclusion labels {path}: a pair is labelled twice: {pairs}")
    extra = [c for c in out.columns if c not in LABEL_SCHEMA]
    return out.select([pl.col(c).cast(t) for c, t in LABEL_SCHEMA.items()] + extra)


def apply_inclusion_labels(inclusion: pl.DataFrame, labels: pl.DataFrame | None,
                           eligible: pl.DataFrame) -> pl.DataFrame:
    """``paper_inclusion`` with the reviewer's labels applied (see the module doc)."""
    if labels is None or labels.is_empty():
        return inclusion
    schema = inclusion.schema
    lab = labels.select(list(LABEL_SCHEMA))
    rejected = lab.filter(~pl.col("included")).select("arxiv_id", "framework")
    kept = inclusion.join(rejected, on=["arxiv_id", "framework"], how="anti")
    confirmed = lab.filter(pl.col("included"))
    decided = pl.format("reviewer:{}", pl.col("reviewer").fill_null("unnamed"))
    # Pairs the rules found: the label confirms them and may correct commit, date and level.
    found = kept.join(confirmed, on=["arxiv_id", "framework"], how="inner", suffix="_l")
    as_date = pl.col("first_date").cast(pl.Datetime("us")).dt.replace_time_zone("UTC")
    found = found.with_columns(
        pl.coalesce(pl.col("first_sha_l"), pl.col("first_sha")).alias("first_sha"),
        pl.coalesce(as_date, pl.col("implementation_date")).alias("implementation_date"),
        pl.coalesce(pl.col("level"), pl.col("integration_level")).alias("integration_level"),
        decided.alias("decided_by"), pl.col("note").alias("review_note"),
    )
    # Pairs the rules missed: the label adds them.
    new = confirmed.join(kept.select("arxiv_id", "framework"), on=["arxiv_id", "framework"], how="anti")
    incomplete = new.filter(pl.col("first_sha").is_null() | pl.col("first_date").is_null())
    if incomplete.height:
        pairs = ", ".join(f"{a}/{f}" for a, f in incomplete.select("arxiv_id", "framework").rows()[:10])
        raise ConfigError(f"an inclusion label adds a pair the rules did not find but lacks first_sha or "
                          f"first_date: {pairs}")
    el = eligible.filter(pl.col("eligible").fill_null(False)).select("arxiv_id", "method_name", "published", "quarter")
    unknown = new.join(el, on="arxiv_id", how="anti")
    if unknown.height:
        raise ConfigError("an inclusion label adds a pair for a paper that is not eligible: "
                          + ", ".join(sorted(set(unknown["arxiv_id"].to_list()))[:10]))
    new = new.join(el, on="arxiv_id", how="inner").with_columns(
        as_date.alias("implementation_date"), pl.col("level").fill_null("configuration option").alias("integration_level"),
        pl.lit(None, dtype=pl.Int32).alias("first_pr"), pl.lit(False).alias("removed"),
        pl.lit(None, dtype=pl.Datetime("us", "UTC")).alias("removed_date"), pl.lit(0, dtype=pl.Int32).alias("evidence_count"),
        pl.lit(None, dtype=pl.Utf8).alias("confidence"), decided.alias("decided_by"), pl.col("note").alias("review_note"))
    untouched = kept.join(confirmed.select("arxiv_id", "framework"), on=["arxiv_id", "framework"], how="anti")
    def fit(f: pl.DataFrame) -> pl.DataFrame:
        return f.select([pl.col(c).cast(t) if c in f.columns else pl.lit(None, dtype=t).alias(c)
                         for c, t in schema.items()])

    merged = pl.concat([fit(untouched), fit(found), fit(new)], how="vertical")
    return with_timing(merged).select(list(schema)).cast(schema).sort(["framework", "arxiv_id"])
