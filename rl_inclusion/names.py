"""The dictionary of method names, built from the eligible papers."""

from __future__ import annotations

import polars as pl

from .ids import NameIndex


def name_table(eligible: pl.DataFrame) -> pl.DataFrame:
    """(arxiv_id, name) for every method name and alias of an eligible paper."""
    if eligible.is_empty():
        return pl.DataFrame(schema={"arxiv_id": pl.Utf8, "name": pl.Utf8})
    df = eligible.filter(pl.col("eligible"))
    names = df.select("arxiv_id", pl.col("method_name").alias("name")).drop_nulls()
    aliases = df.select("arxiv_id", pl.col("aliases").alias("name")).explode("name").drop_nulls()
    return pl.concat([names, aliases]).filter(pl.col("name").str.strip_chars() != "").unique().sort(["arxiv_id", "name"])


def name_index(eligible: pl.DataFrame) -> NameIndex:
    """A NameIndex over the eligible papers' names and aliases (a name may have several owners)."""
    owners = name_table(eligible).group_by("name").agg(pl.col("arxiv_id")).rows()
    return NameIndex({name: ids for name, ids in owners})
