"""Exports of the tracking dataset (papers, inclusions, threads) as Parquet and
CSV, with a data dictionary generated from the DDL in ``sql/tables``."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import polars as pl

from .errors import ConfigError
from .storage import sql_dir

def _all_tables() -> list[str]:
    return sorted(p.stem for p in (sql_dir() / "tables").glob("*.sql"))


# Every table of the DDL (quarantines, cursors and mining runs included: a reader checking the study needs them).
EXPORT_TABLES = _all_tables()

_COL = re.compile(r"^\s*(?P<name>[a-z_][a-z0-9_]*)\s+(?P<type>[A-Z]+(?:\[\])?)(?P<rest>[^-]*)(?:--\s*(?P<doc>.*))?$")


def table_columns(table: str) -> list[tuple[str, str, str]]:
    """(name, SQL type, note) of each column of a table, from its DDL in ``sql/tables``."""
    text = (sql_dir() / "tables" / f"{table}.sql").read_text()
    out = []
    for line in text.splitlines():
        m = _COL.match(line)
        if m and m.group("name") not in ("primary",):
            out.append((m.group("name"), m.group("type"), (m.group("doc") or "").strip()))
    return out


def data_dictionary(tables: list[str] | None = None) -> str:
    """Markdown: for each table, its description (the DDL's leading comment) and columns."""
    out = ["# Data dictionary", "", "Generated from `sql/tables/*.sql`.", ""]
    for path in sorted((sql_dir() / "tables").glob("*.sql")):
        if tables and path.stem not in tables:
            continue
        text = path.read_text()
        lines = text.splitlines()
        body = next((i for i, line in enumerate(lines) if not line.startswith("--")), len(lines))
        lead = [line[2:].strip() for line in lines[:body]]  # the leading comment only
        out += [f"## {path.stem}", "", " ".join(lead), "", "| column | type | notes |", "|---|---|---|"]
        for line in text.splitlines():
            m = _COL.match(line)
            if m and m.group("name") not in ("primary",):
                notes = (m.group("doc") or "").strip()
                if "PRIMARY KEY" in (m.group("rest") or ""):
                    notes = ("primary key. " + notes).strip()
                notes = notes.replace("|", "\\|")  # a cell of a Markdown table
                out.append(f"| {m.group('name')} | {m.group('type')} | {notes} |")
        pk = re.search(r"PRIMARY KEY \(([^)]*)\)", text)
        if pk:
            out.append(f"\nPrimary key: ({pk.group(1)})")
        out.append("")
    return "\n".join(out)


def _csv_ready(df: pl.DataFrame) -> pl.DataFrame:
    """CSV has no lists: list columns become '|'-joined strings."""
    return df.with_columns([pl.col(c).cast(pl.List(pl.Utf8)).list.join("|") for c, t in df.schema.items() if isinstance(t, pl.List)])


def export(con: duckdb.DuckDBPyConnection, out_dir: str | Path, tables: list[str] | None = None) -> dict[str, int]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    counts = {}
    for table in tables or EXPORT_TABLES:
        if table not in EXPORT_TABLES:
            raise ConfigError(f"cannot export {table!r}: choose from {', '.join(EXPORT_TABLES)}")
        df = con.execute(f"SELECT * FROM {table}").pl()
        df.write_parquet(out / f"{table}.parquet")
        _csv_ready(df).write_csv(out / f"{table}.csv")
        counts[table] = df.height
    (out / "DATA_DICTIONARY.md").write_text(data_dictionary(tables or EXPORT_TABLES), encoding="utf-8")
    return counts
