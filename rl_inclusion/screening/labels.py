"""Human labels: a CSV a reviewer writes, which overrides any screener.

Columns: ``arxiv_id``, ``eligible`` (required); ``note``, ``reviewer``,
``method_name``, ``aliases`` (``|``-separated spellings code uses),
``modification_type`` (one of ``MODIFICATION_TYPES``) and
``max_policy_params_b`` (largest policy trained, in billions) and
``code_released`` (true / false / unknown) and ``mechanisms`` (``|``-separated
code spellings of the paper's technique that do not name it, such as
``routing_replay`` for Rollout Routing Replay; weaker evidence than a name, see
``rl_inclusion/linking/evidence.py``) optional.  An empty feature cell
(or ``unknown``) means "not labelled": the extracted value is kept.  The
columns ``draw_query`` and ``draw_rank`` (how a drawn paper was found) may be
present and are not read.
Ids may carry a version or an ``arXiv:`` prefix; they are reduced to the base
id.  A bad row is refused with its line number (the header is line 1).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import polars as pl

from ..errors import ConfigError
from .features import ALL_MODIFICATION_TYPES

LABEL_SCHEMA = {"arxiv_id": pl.Utf8, "eligible": pl.Boolean, "note": pl.Utf8, "reviewer": pl.Utf8,
                "method_name": pl.Utf8, "aliases": pl.List(pl.Utf8), "modification_type": pl.Utf8,
                "max_policy_params_b": pl.Float64, "code_released": pl.Boolean,
                "mechanisms": pl.List(pl.Utf8)}
REQUIRED = ("arxiv_id", "eligible")
OPTIONAL = ("note", "reviewer", "method_name", "aliases", "modification_type", "max_policy_params_b", "code_released",
            "mechanisms")
IGNORED = ("draw_query", "draw_rank")
FEATURE_COLUMNS = ("modification_type", "max_policy_params_b")
# The values of eligible_methods.modification_type (sql/tables/eligible_methods.sql): one home, features.py.
MODIFICATION_TYPES = ALL_MODIFICATION_TYPES
_NUMBER_RE = r"^\d+(?:\.\d+)?$"
TRUE_VALUES = _TRUE = ["true", "1", "yes", "y", "t"]
FALSE_VALUES = _FALSE = ["false", "0", "no", "n", "f"]
_ID_RE = r"^(?i:arxiv:)?(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?$"


def line_numbers(mask: pl.Series, limit: int = 5) -> str:
    """The CSV line numbers (header is line 1) where ``mask`` is true: ``2, 5 and 3 more``."""
    return _lines(mask, limit)


def read_csv_strings(path: str | Path, what: str = "labels file") -> pl.DataFrame:
    """A label CSV as a frame of strings; a missing or unreadable file is a ConfigError naming it."""
    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"{what} {path}: no such file")
    try:
        return pl.read_csv(path, infer_schema=False)
    except (pl.exceptions.ComputeError, pl.exceptions.NoDataError) as exc:
        raise ConfigError(f"{path}: not a readable CSV ({exc})") from None


def _lines(mask: pl.Series, limit: int = 5) -> str:
    rows = [i + 2 for i, bad in enumerate(mask.to_list()) if bad]
    more = f" and {len(rows) - limit} more" if len(rows) > limit else ""
    return ", ".join(map(str, rows[:limit])) + more


def labels_from_frame(raw: pl.DataFrame, where: str = "labels") -> pl.DataFrame:
    """Validate a frame of strings with the label columns and return the typed labels frame."""
    missing = [c for c in REQUIRED if c not in raw.columns]
    if missing:
        raise ConfigError(f"{where}: missing column(s) {missing}; expected arxiv_id,eligible"
                          f"[,{','.join(OPTIONAL)}]")
    raw = raw.drop([c for c in IGNORED if c in raw.columns])
    unknown = [c for c in raw.columns if c not in REQUIRED + OPTIONAL]
    if unknown:
        raise ConfigError(f"{where}: unknown column(s) {unknown}")
    raw = raw.with_columns([pl.lit(None, dtype=pl.Utf8).alias(c) for c in OPTIONAL if c not in raw.columns])
    raw = raw.with_columns([pl.col(c).cast(pl.Utf8).str.strip_chars() for c in REQUIRED + OPTIONAL])
    ids = raw["arxiv_id"].str.extract(_ID_RE, 1)
    bad_id = ids.is_null()
    if bad_id.any():
        raise ConfigError(f"{where}: line(s) {_lines(bad_id)}: arxiv_id is empty or not an arXiv id "
                          f"(e.g. {raw['arxiv_id'].filter(bad_id).to_list()[0]!r})")
    flag = raw["eligible"].str.to_lowercase()
    bad_flag = ~flag.is_in(_TRUE + _FALSE) | flag.is_null()
    if bad_flag.any():
        raise ConfigError(f"{where}: line(s) {_lines(bad_flag)}: eligible must be true/false (or 1/0, yes/no), "
                          f"got {raw['eligible'].filter(bad_flag).to_list()[0]!r}")
    dup = ids.is_duplicated()
    if dup.any():
        raise ConfigError(f"{where}: line(s) {_lines(dup)}: arxiv_id {ids.filter(dup).to_list()[0]} is labelled more than once")
    kind = raw["modification_type"].replace("", None)
    bad_kind = kind.is_not_null() & ~kind.is_in(MODIFICATION_TYPES)
    if bad_kind.any():
        raise ConfigError(f"{where}: line(s) {_lines(bad_kind)}: modification_type must be empty or one of "
                          f"{' | '.join(MODIFICATION_TYPES)}, got {kind.filter(bad_kind).to_list()[0]!r}")
    size = raw["max_policy_params_b"].replace("", None)
    bad_size = size.is_not_null() & ~size.str.contains(_NUMBER_RE)
    if bad_size.any():
        raise ConfigError(f"{where}: line(s) {_lines(bad_size)}: max_policy_params_b must be empty or a number of "
                          f"billions such as 7 or 1.5, got {size.filter(bad_size).to_list()[0]!r}")
    code = raw["code_released"].str.to_lowercase().replace(["", "unknown"], [None, None])
    bad_code = code.is_not_null() & ~code.is_in(_TRUE + _FALSE)
    if bad_code.any():
        raise ConfigError(f"{where}: line(s) {_lines(bad_code)}: code_released must be empty, unknown, true or false, "
                          f"got {raw['code_released'].filter(bad_code).to_list()[0]!r}")
    def spellings(column: str) -> pl.Series:
        return raw[column].fill_null("").str.split("|").list.eval(
            pl.element().str.strip_chars().filter(pl.element().str.strip_chars() != ""))

    out = pl.DataFrame({
        "arxiv_id": ids,
        "eligible": flag.is_in(_TRUE),
        "note": raw["note"].fill_null(""),
        "reviewer": raw["reviewer"].fill_null(""),
        "method_name": pl.Series(raw["method_name"]).replace("", None),
        "aliases": spellings("aliases"),
        "modification_type": kind,
        "max_policy_params_b": size.cast(pl.Float64),
        "code_released": pl.select(pl.when(code.is_null()).then(None).otherwise(code.is_in(_TRUE))).to_series(),
        "mechanisms": spellings("mechanisms"),
    }, schema=LABEL_SCHEMA)
    return out


def load_labels(path: str | Path) -> pl.DataFrame:
    """Read a labels CSV (see module docstring); ConfigError names the line of a bad row.  A file read before
    and unchanged since (same size and modification time) is not parsed again in this process."""
    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"labels file not found: {path}")
    stat = path.stat()
    return _labels_file(path, path.resolve(), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=64)
def _labels_file(path: Path, resolved: Path, mtime_ns: int, size: int) -> pl.DataFrame:
    return labels_from_frame(read_csv_strings(path), str(path))


def empty_labels() -> pl.DataFrame:
    return pl.DataFrame(schema=LABEL_SCHEMA)
