"""Helpers shared by the asset modules: run quarters, the drop guard, previews."""

from __future__ import annotations

import warnings

import dagster as dg
import duckdb
import polars as pl

from ..partitions import quarter_label
from ..storage import _ident, sql_dir

# backfill_policy is marked beta in Dagster 1.13; we rely on single-run backfills on purpose
# (a range of quarters in one run), so its warning is silenced here, once.
warnings.filterwarnings("ignore", message=r".*backfill_policy.*beta", category=dg.BetaWarning)

WRITER_POOL = "duckdb_writer"
SINGLE_RUN = dg.BackfillPolicy.single_run()


def run_quarters(context: dg.AssetExecutionContext) -> list[str]:
    """The quarter labels of the partitions this run materializes (one or a range)."""
    return [quarter_label(k) for k in context.partition_keys]


def preview(df: pl.DataFrame, columns: list[str], n: int = 10) -> dg.MetadataValue:
    """The first ``n`` rows of ``columns`` as Markdown metadata."""
    from ..report import md_table

    return dg.MetadataValue.md(md_table(df.select([c for c in columns if c in df.columns]).head(n), max_cell=80).rstrip())


def table_metadata(table: str, key: list[str], partitioned: bool = False) -> dict:
    """The asset metadata that names its DuckDB table, key and (for partitioned tables) partition column."""
    from ..export import table_columns

    meta = {"dagster/table_name": table, "primary_key": ", ".join(key),
            # the column schema the UI shows, from the same DDL the table is created with
            "dagster/column_schema": dg.TableSchema(columns=[
                dg.TableColumn(name, type_.lower(), description=note or None,
                               constraints=dg.TableColumnConstraints(nullable=name not in key))
                for name, type_, note in table_columns(table)])}
    if partitioned:
        meta["partition_expr"] = "quarter"
    return meta


def check_sql(con: duckdb.DuckDBPyConnection, name: str, params: list | None = None) -> list[tuple]:
    """Run the check query ``sql/checks/<name>.sql`` (values as parameters) and return its rows."""
    return con.execute((sql_dir() / "checks" / f"{name}.sql").read_text(), params or []).fetchall()


def check_count(con: duckdb.DuckDBPyConnection, name: str, params: list | None = None) -> int:
    """The count a ``sql/checks/<name>.sql`` query returns (0: the check passes)."""
    return int(check_sql(con, name, params)[0][0])


def primary_key_check(con: duckdb.DuckDBPyConnection, table: str, key: list[str]) -> dg.AssetCheckResult:
    """The table declares ``key`` as its primary key (a file made by an older DDL may not: CREATE TABLE
    IF NOT EXISTS does not change it) and no two rows share a key."""
    declared = con.execute(
        "SELECT constraint_column_names FROM duckdb_constraints() "
        "WHERE table_name = ? AND constraint_type = 'PRIMARY KEY'", [table]).fetchall()
    cols = ", ".join(_ident(k) for k in key)
    duplicates = con.execute(f"SELECT count(*) - count(DISTINCT ({cols})) FROM {_ident(table)}").fetchone()[0]
    declared_ok = declared == [(list(key),)]
    return dg.AssetCheckResult(check_name="primary_key_unique", passed=declared_ok and duplicates == 0,
                               metadata={"declared_primary_key": str(declared[0][0]) if declared else "(none)",
                                         "duplicates": duplicates})
