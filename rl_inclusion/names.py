"""The method names of the eligible papers: one table, used by the git miner, the
thread linker and the lookup, so that a name means the same paper everywhere.

``name_pairs``  (arxiv_id, name, name_key) for every method name and alias, less
                descriptive phrases and model names (``ids.NOT_A_METHOD_NAME``);
``name_claims`` (name_key, owners): a key with two or more owners is ambiguous;
``name_index``  the ``ids.NameIndex`` that finds the names in text.
"""

from __future__ import annotations

import polars as pl

from .ids import NOT_A_METHOD_NAME, NameIndex, normalize_name_expr

PAIRS_SCHEMA = {"arxiv_id": pl.Utf8, "name": pl.Utf8, "name_key": pl.Utf8}


def name_pairs(eligible: pl.DataFrame) -> pl.DataFrame:
    """(arxiv_id, name, name_key) for every method name and alias of an eligible paper."""
    el = eligible.filter(pl.col("eligible").fill_null(False))
    if el.is_empty():
        return pl.DataFrame(schema=PAIRS_SCHEMA)
    return (
        el.select("arxiv_id", pl.concat_list(
            pl.col("method_name").cast(pl.Utf8),
            pl.col("aliases").cast(pl.List(pl.Utf8)).fill_null(pl.lit([], dtype=pl.List(pl.Utf8))),
        ).alias("name"))
        .explode("name")
        .drop_nulls("name")
        .filter(~pl.col("name").str.contains(NOT_A_METHOD_NAME))
        .with_columns(normalize_name_expr(pl.col("name")).alias("name_key"))
        .filter(pl.col("name_key") != "")
        .unique(["arxiv_id", "name"])
        .sort(["arxiv_id", "name"])
        .select(list(PAIRS_SCHEMA))
    )


def name_claims(eligible: pl.DataFrame) -> pl.DataFrame:
    """(name_key, owners: sorted list of arxiv ids) over the eligible papers' names and aliases."""
    return (name_pairs(eligible).unique(["name_key", "arxiv_id"])
            .group_by("name_key").agg(pl.col("arxiv_id").sort().alias("owners")).sort("name_key"))


def name_index(eligible: pl.DataFrame) -> NameIndex:
    """A NameIndex over the eligible papers' names and aliases (a name may have several owners)."""
    owners = name_pairs(eligible).group_by("name").agg(pl.col("arxiv_id")).rows()
    return NameIndex({name: ids for name, ids in owners})
