"""Normalisation of arXiv entries into ``raw_papers`` rows.

Input records are in the snapshot format (``papers.jsonl``), whichever source
produced them (the live API client converts ``arxiv.Result`` objects into the
same dicts).  Output is a polars frame in the ``raw_papers`` schema plus the
quarantined records with their reasons.  Duplicates (the same base id seen
twice: a later version, a cross-listing, a re-run) collapse to one row, the
latest version's metadata kept, the v1 date deciding the partition.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

import polars as pl

from ..ids import ArxivIdError, parse_arxiv_id
from ..partitions import quarter_label

# Archives of the arXiv taxonomy; a category must belong to one of them.
_ARCHIVES = ("cs", "stat", "math", "eess", "econ", "q-bio", "q-fin", "physics", "astro-ph", "cond-mat", "nlin")
_SINGLE = {"gr-qc", "hep-ex", "hep-lat", "hep-ph", "hep-th", "math-ph", "nucl-ex", "nucl-th", "quant-ph"}
_CATEGORY_RE = re.compile(r"^(?:" + "|".join(re.escape(a) for a in _ARCHIVES) + r")\.[A-Za-z][A-Za-z\-]*$")

CODE_URL_PATTERN = (
    r"(?i)https?://(?:www\.)?(?:github\.com|gitlab\.com|huggingface\.co|hf\.co)/[\w.\-]+(?:/[\w.\-]+)?"
    r"|https?://[\w.\-]+\.github\.io(?:/[\w.\-/]*)?"
)

RAW_PAPERS_SCHEMA = {
    "arxiv_id": pl.Utf8, "version": pl.Int32, "title": pl.Utf8, "abstract": pl.Utf8,
    "authors": pl.List(pl.Utf8), "primary_category": pl.Utf8, "categories": pl.List(pl.Utf8),
    "published": pl.Datetime("us", "UTC"), "updated": pl.Datetime("us", "UTC"), "comment": pl.Utf8,
    "journal_ref": pl.Utf8, "doi": pl.Utf8, "links": pl.List(pl.Utf8), "code_urls": pl.List(pl.Utf8),
    "source": pl.Utf8, "quarter": pl.Utf8,
}
QUARANTINE_SCHEMA = {"quarter": pl.Utf8, "entry_key": pl.Utf8, "reason": pl.Utf8, "raw": pl.Utf8}


def valid_category(cat: str) -> bool:
    return bool(_CATEGORY_RE.match(cat)) or cat in _SINGLE


def parse_timestamp(value: Any) -> datetime:
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, str):
        dt = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    else:
        raise ValueError(f"not a timestamp: {value!r}")
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc)


@dataclass
class Normalized:
    rows: list[dict[str, Any]] = field(default_factory=list)
    quarantine: list[dict[str, Any]] = field(default_factory=list)


def _str_list(value: Any, name: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{name} must be a list of strings")
    return value


def _opt_str(value: Any, name: str) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a string")
    return value


def normalize_record(rec: dict[str, Any], source: str) -> dict[str, Any]:
    """One snapshot record -> one raw_papers row (without code_urls); ValueError says why not."""
    raw_id = rec.get("arxiv_id")
    try:
        pid = parse_arxiv_id(str(raw_id)) if raw_id is not None else None
    except ArxivIdError as exc:
        raise ValueError(f"id does not parse: {exc}") from None
    if pid is None:
        raise ValueError("missing arxiv_id")
    version = rec.get("version", pid.version)
    if version is None:
        version = pid.version or 1
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError(f"bad version {version!r}")
    title = rec.get("title")
    if not isinstance(title, str) or not title.strip():
        raise ValueError("missing title")
    abstract = rec.get("abstract")
    if not isinstance(abstract, str):
        raise ValueError("missing abstract")
    categories = _str_list(rec.get("categories"), "categories")
    primary = rec.get("primary_category") or (categories[0] if categories else None)
    if not isinstance(primary, str) or not primary:
        raise ValueError("missing primary_category")
    unknown = [c for c in [primary, *categories] if not valid_category(c)]
    if unknown:
        raise ValueError(f"unknown category {unknown[0]!r}")
    if primary not in categories:
        categories = [primary, *categories]
    try:
        published = parse_timestamp(rec.get("published"))
        updated = parse_timestamp(rec.get("updated") or rec.get("published"))
    except ValueError as exc:
        raise ValueError(f"bad date: {exc}") from None
    for name in ("title", "abstract", "comment"):
        v = rec.get(name)
        if isinstance(v, str) and "\x00" in v:
            pass  # stored exactly: NUL is legal in DuckDB VARCHAR values passed as parameters
    return {
        "arxiv_id": pid.base,
        "version": version,
        "title": " ".join(title.split()),
        "abstract": abstract.strip(),
        "authors": _str_list(rec.get("authors"), "authors"),
        "primary_category": primary,
        "categories": categories,
        "published": published,
        "updated": max(updated, published),
        "comment": _opt_str(rec.get("comment"), "comment"),
        "journal_ref": _opt_str(rec.get("journal_ref"), "journal_ref"),
        "doi": _opt_str(rec.get("doi"), "doi"),
        "links": _str_list(rec.get("links"), "links"),
        "source": source,
        "quarter": quarter_label(published),
    }


def normalize(records: Iterable[tuple[str, dict[str, Any] | None, str | None, str]], run_quarter: str | None = None,
              source: str = "snapshot") -> Normalized:
    """Records as ``(entry_key, data or None, parse error or None, raw text)``.

    Bad records go to quarantine with the reason (``run_quarter`` labels them);
    good ones are returned as rows.
    """
    out = Normalized()
    for key, data, error, raw in records:
        if error is None and data is not None:
            try:
                out.rows.append(normalize_record(data, source))
                continue
            except ValueError as exc:
                error = str(exc)
        out.quarantine.append({"quarter": run_quarter or "unknown", "entry_key": key,
                               "reason": error or "unreadable", "raw": raw[:100_000]})
    return out


def to_frame(rows: list[dict[str, Any]]) -> pl.DataFrame:
    """Rows -> the raw_papers frame: duplicates collapsed, code links extracted."""
    base = {k: v for k, v in RAW_PAPERS_SCHEMA.items() if k != "code_urls"}
    df = pl.DataFrame(rows, schema=base) if rows else pl.DataFrame(schema=base)
    # One row per base id: the first submission date over all copies, the latest version's metadata.
    df = (
        df.with_columns(pl.col("published").min().over("arxiv_id").alias("_v1"))
        .sort(["arxiv_id", "version", "updated"], descending=[False, True, True])
        .unique(subset="arxiv_id", keep="first", maintain_order=True)
        .with_columns(pl.col("_v1").alias("published"))
        .drop("_v1")
    )
    df = df.with_columns(
        (pl.col("published").dt.year().cast(pl.Utf8) + "Q"
         + ((pl.col("published").dt.month() - 1) // 3 + 1).cast(pl.Utf8)).alias("quarter"),
        pl.concat_str([pl.col("abstract"), pl.col("comment").fill_null("")], separator=" ")
        .str.extract_all(CODE_URL_PATTERN)
        .list.eval(pl.element().str.strip_chars_end(".,;)"))
        .list.unique(maintain_order=True)
        .alias("code_urls"),
    )
    return df.select(list(RAW_PAPERS_SCHEMA)).sort("arxiv_id")


def quarantine_frame(rows: list[dict[str, Any]]) -> pl.DataFrame:
    df = pl.DataFrame(rows, schema=QUARANTINE_SCHEMA) if rows else pl.DataFrame(schema=QUARANTINE_SCHEMA)
    return df.unique(subset=["quarter", "entry_key"], keep="first", maintain_order=True)


def record_key(lineno: int, data: dict[str, Any] | None, raw: str) -> str:
    if data is not None and isinstance(data.get("arxiv_id"), str):
        return data["arxiv_id"]
    return f"line:{lineno}"


def dumps(rec: dict[str, Any]) -> str:
    return json.dumps(rec, ensure_ascii=False, default=str)
