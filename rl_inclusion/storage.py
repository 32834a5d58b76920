"""DuckDB storage: schema, connections and atomic partition writes.

Every write here is one transaction: a partition's old rows are deleted and the
new ones inserted together, so a failure part-way leaves the previous complete
partition, and a rerun never duplicates.  Values always travel as parameters or
as registered Arrow/polars frames, never inside SQL text.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import re
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import duckdb
import polars as pl

from .errors import ConfigError

log = logging.getLogger(__name__)

DEFAULT_DB = Path("data") / "rl_inclusion.duckdb"
_IDENT = re.compile(r"^[a-z_][a-z0-9_]*$")


def sql_dir() -> Path:
    """The ``sql/`` folder: beside the package in a checkout, inside it when installed."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "sql", here / "sql"):
        if (candidate / "tables").is_dir():
            return candidate
    raise ConfigError(f"cannot find the sql/ folder next to {here}")


def resolve_db_path(cli_value: str | os.PathLike | None = None) -> Path:
    """``--db``, else ``$RL_INCLUSION_DB``, else ``data/rl_inclusion.duckdb``."""
    value = cli_value or os.environ.get("RL_INCLUSION_DB") or DEFAULT_DB
    return Path(value).expanduser().resolve()


def _ident(name: str) -> str:
    if not _IDENT.match(name):
        raise ValueError(f"not a safe SQL identifier: {name!r}")
    return name


def table_names() -> list[str]:
    return sorted(p.stem for p in (sql_dir() / "tables").glob("*.sql"))


def apply_schema(con: duckdb.DuckDBPyConnection) -> None:
    """Create the macros, every table (adding the columns a newer DDL declares to a table an older
    version made), then (re)create every view, from ``sql/``."""
    for path in sorted((sql_dir() / "macros").glob("*.sql")):
        con.execute(path.read_text())
    for path in sorted((sql_dir() / "tables").glob("*.sql")):
        con.execute(path.read_text())
    have: dict[str, dict[str, bool]] = {}
    for table, column, nullable in con.execute("SELECT table_name, column_name, is_nullable = 'YES' FROM "
                                               "information_schema.columns WHERE table_schema = current_schema()"
                                               ).fetchall():
        have.setdefault(table, {})[column] = nullable
    for table, columns in _ddl_columns(str(sql_dir())).items():
        for name, type_, nullable in columns:
            if table not in have:
                continue
            if name not in have[table]:
                # Added as nullable: the rows already stored have no value for it.
                con.execute(f"ALTER TABLE {_ident(table)} ADD COLUMN {_ident(name)} {type_}")
                log.info("added column %s.%s (%s) declared by a newer schema", table, name, type_)
            elif nullable and not have[table][name]:
                # A column a newer schema allows to be unknown (NULL), e.g. a three-valued feature.
                con.execute(f"ALTER TABLE {_ident(table)} ALTER COLUMN {_ident(name)} DROP NOT NULL")
                log.info("column %s.%s may now be NULL, as a newer schema declares", table, name)
    for path in sorted((sql_dir() / "views").glob("*.sql")):
        con.execute(path.read_text())


@functools.lru_cache(maxsize=2)
def _ddl_columns(folder: str) -> dict[str, list[tuple[str, str, bool]]]:
    """Every table's declared columns, types and nullability, read by DuckDB itself from the DDL in ``folder``."""
    scratch = duckdb.connect(":memory:")
    try:
        for path in sorted((Path(folder) / "tables").glob("*.sql")):
            scratch.execute(path.read_text())
        out: dict[str, list[tuple[str, str, bool]]] = {}
        for table, column, type_, nullable in scratch.execute(
                "SELECT table_name, column_name, data_type, is_nullable = 'YES' FROM information_schema.columns "
                "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position").fetchall():
            out.setdefault(table, []).append((column, type_, nullable))
        return out
    finally:
        scratch.close()


@contextlib.contextmanager
def connect(db_path: str | os.PathLike, read_only: bool = False, retries: int = 240,
            wait_s: float = 0.5) -> Iterator[duckdb.DuckDBPyConnection]:
    """A short-lived connection; waits (up to ``retries * wait_s``, two minutes by default) and
    retries, saying so, while another process holds the file's lock."""
    db_path = Path(db_path)
    if read_only and not db_path.exists():
        raise ConfigError(f"no database at {db_path}: run `rl-inclusion materialize` first")
    if not read_only:
        db_path.parent.mkdir(parents=True, exist_ok=True)
    attempt = 0
    while True:
        try:
            con = duckdb.connect(str(db_path), read_only=read_only)
            break
        except duckdb.IOException as exc:  # "Could not set lock on file"
            if "lock" not in str(exc).lower():
                raise ConfigError(f"cannot open the database {db_path}: {exc}") from None
            if attempt >= retries:
                raise ConfigError(f"the database {db_path} stayed locked by another process for "
                                  f"{attempt * wait_s:.0f}s; try again when that run has finished") from None
            if attempt == 0:  # one line, not one per retry
                log.warning("database %s is locked by another process; waiting up to %.0fs", db_path, retries * wait_s)
            attempt += 1
            time.sleep(wait_s)
    if attempt:
        log.warning("database %s: got the lock after waiting %.1fs", db_path, attempt * wait_s)
    try:
        yield con
    finally:
        con.close()


def _columns(con: duckdb.DuckDBPyConnection, table: str) -> list[str]:
    rows = con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position",
        [table],
    ).fetchall()
    return [r[0] for r in rows]


def _insert_frame(con: duckdb.DuckDBPyConnection, table: str, df: pl.DataFrame) -> None:
    cols = _columns(con, table)
    missing = [c for c in cols if c not in df.columns]
    if missing:
        raise ValueError(f"{table}: frame lacks columns {missing}")
    con.register("_staging", df.select(cols).to_arrow())
    try:
        col_list = ", ".join(cols)
        con.execute(f"INSERT INTO {_ident(table)} ({col_list}) SELECT {col_list} FROM _staging")
    finally:
        con.unregister("_staging")


@contextlib.contextmanager
def transaction(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """One transaction: committed when the block ends, rolled back if it raises (even on KeyboardInterrupt)."""
    con.execute("BEGIN TRANSACTION")
    try:
        yield
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")


def replace_partitions(con: duckdb.DuckDBPyConnection, table: str, df: pl.DataFrame,
                       quarters: Sequence[str], partition_column: str = "quarter") -> int:
    """Replace exactly the rows of ``quarters`` with ``df``, in one transaction.

    Rows of ``df`` outside ``quarters`` are refused: a partition run may only
    write its own partitions.
    """
    quarters = list(quarters)
    if df.height:
        outside = set(df[partition_column].unique().to_list()) - set(quarters)
        if outside:
            raise ValueError(f"{table}: rows for quarters {sorted(outside)} outside the run's partitions {quarters}")
    with transaction(con):
        con.execute(
            f"DELETE FROM {_ident(table)} WHERE {_ident(partition_column)} IN (SELECT unnest(?::VARCHAR[]))",
            [quarters],
        )
        if df.height:
            _insert_frame(con, table, df)
    return df.height


def replace_table(con: duckdb.DuckDBPyConnection, table: str, df: pl.DataFrame) -> int:
    """Replace a whole (unpartitioned) table, in one transaction."""
    with transaction(con):
        con.execute(f"DELETE FROM {_ident(table)}")
        if df.height:
            _insert_frame(con, table, df)
    return df.height


def upsert(con: duckdb.DuckDBPyConnection, table: str, df: pl.DataFrame, key: Sequence[str]) -> int:
    """Insert rows, replacing those with the same key, in one transaction."""
    with transaction(con):
        if df.height:
            con.register("_keys", df.select(list(key)).to_arrow())
            try:
                cond = " AND ".join(f"t.{_ident(k)} = k.{_ident(k)}" for k in key)
                con.execute(f"DELETE FROM {_ident(table)} t USING _keys k WHERE {cond}")
            finally:
                con.unregister("_keys")
            _insert_frame(con, table, df)
    return df.height


def read_frame(con: duckdb.DuckDBPyConnection, sql: str, params: Sequence | None = None) -> pl.DataFrame:
    """A query's result as a polars frame (through Arrow)."""
    return con.execute(sql, list(params or [])).pl()


def row_counts(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    return {t: con.execute(f"SELECT count(*) FROM {_ident(t)}").fetchone()[0] for t in table_names()}


def partition_row_counts(con: duckdb.DuckDBPyConnection, table: str, quarters: Sequence[str]) -> dict[str, int]:
    rows = con.execute(
        f"SELECT quarter, count(*) FROM {_ident(table)} WHERE quarter IN (SELECT unnest(?::VARCHAR[])) GROUP BY quarter",
        [list(quarters)],
    ).fetchall()
    return {q: n for q, n in rows}


def guard_drops(con: duckdb.DuckDBPyConnection, table: str, new_counts: dict[str, int], quarters: list[str],
                ratio: float, min_rows: int) -> tuple[list[str], dict[str, str]]:
    """Quarters safe to overwrite, and the refused ones with the reason.

    A source that suddenly returns much less than is stored (an outage, a
    truncated feed) must not delete data: such a quarter keeps its rows and
    the asset check reports the refusal.
    """
    stored = partition_row_counts(con, table, quarters)
    refused: dict[str, str] = {}
    for q in quarters:
        old, new = stored.get(q, 0), new_counts.get(q, 0)
        if old >= min_rows and new < ratio * old:
            refused[q] = f"{table} {q}: source returned {new} rows against {old} stored (< {ratio:.0%}); kept the stored rows"
    return [q for q in quarters if q not in refused], refused


def counts_by_quarter(df: pl.DataFrame) -> dict[str, int]:
    if df.is_empty():
        return {}
    return dict(df.group_by("quarter").len().rows())


def counts_json(df: pl.DataFrame, key: str | pl.Expr) -> str:
    """Rows per value of ``key`` (a column name or an expression) as sorted JSON, for asset metadata."""
    if df.is_empty():
        return "{}"
    return json.dumps({str(k): v for k, v in df.group_by(key).len().rows()}, sort_keys=True)
