"""The labelled real threads as files: threads in the snapshot format (one JSON object a line), failure labels
(``framework,number,training_failure[,split]``) and role labels (``framework,number,role,outcome[,split]``), read
with a clear error for every bad row, and the choice of one split.  Read by ``eval-threads`` (``evaluate``), the
classifier's measured error (``failure_error``) and the agreement reports."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import polars as pl

from ..errors import ConfigError
from ..sources.github import validate_thread
from .roles import OUTCOMES, ROLES

_TRUE = {"true", "1", "yes", "y", "t"}
_FALSE = {"false", "0", "no", "n", "f"}


def read_threads(path: str | Path) -> list[dict]:
    threads = []
    with Path(path).open(encoding="utf-8") as f:
        for lineno, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                d = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ConfigError(f"{path}:{lineno}: not valid JSON ({exc.msg})") from exc
            problem = validate_thread(d) if isinstance(d, dict) else "not a JSON object"
            if problem:
                raise ConfigError(f"{path}:{lineno}: {problem}")
            threads.append(d)
    return threads


def read_labels(path: str | Path) -> pl.DataFrame:
    rows = []
    with Path(path).open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        need = {"framework", "number", "training_failure"}
        if not reader.fieldnames or not need <= set(reader.fieldnames):
            raise ConfigError(f"{path}: needs the columns framework,number,training_failure; has {reader.fieldnames}")
        for lineno, r in enumerate(reader, start=2):
            value = (r["training_failure"] or "").strip().lower()
            if value not in _TRUE | _FALSE:
                raise ConfigError(f"{path}:{lineno}: training_failure must be true or false, got {r['training_failure']!r}")
            try:
                number = int(r["number"])
            except ValueError as exc:
                raise ConfigError(f"{path}:{lineno}: number must be an integer, got {r['number']!r}") from exc
            rows.append({"framework": r["framework"].strip(), "number": number, "label": value in _TRUE,
                         "split": (r.get("split") or "").strip() or None})
    frame = pl.DataFrame(rows, schema={"framework": pl.String(), "number": pl.Int32(), "label": pl.Boolean(),
                                       "split": pl.String()})
    dup = frame.filter(pl.struct("framework", "number").is_duplicated())
    if len(dup):
        raise ConfigError(f"{path}: labelled twice: {dup.select('framework', 'number').unique().rows()}")
    return frame


def select_split(labels: pl.DataFrame, split: str | None, labels_path: str | Path) -> pl.DataFrame:
    """The labelled rows of one part (``dev``/``heldout``), or all of them for ``None``/``"all"``."""
    if split in (None, "all"):
        return labels
    if labels["split"].is_null().all():
        raise ConfigError(f"{labels_path}: has no split column, cannot score --split {split}")
    known = set(labels["split"].drop_nulls().unique().to_list())
    if split not in known:
        raise ConfigError(f"{labels_path}: no threads in split {split!r} (splits: {sorted(known)})")
    return labels.filter(pl.col("split") == split)


def read_role_labels(path: str | Path) -> pl.DataFrame:
    """``framework,number,role,outcome[,split]`` with the values of :mod:`rl_inclusion.threads.roles`."""
    rows = []
    with Path(path).open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        need = {"framework", "number", "role", "outcome"}
        if not reader.fieldnames or not need <= set(reader.fieldnames):
            raise ConfigError(f"{path}: needs the columns framework,number,role,outcome; has {reader.fieldnames}")
        for lineno, r in enumerate(reader, start=2):
            role, outcome = (r["role"] or "").strip(), (r["outcome"] or "").strip()
            if role not in ROLES:
                raise ConfigError(f"{path}:{lineno}: role must be one of {ROLES}, got {role!r}")
            if outcome not in OUTCOMES:
                raise ConfigError(f"{path}:{lineno}: outcome must be one of {OUTCOMES}, got {outcome!r}")
            try:
                number = int(r["number"])
            except ValueError as exc:
                raise ConfigError(f"{path}:{lineno}: number must be an integer, got {r['number']!r}") from exc
            rows.append({"framework": r["framework"].strip(), "number": number, "role": role, "outcome": outcome,
                         "split": (r.get("split") or "").strip() or None})
    frame = pl.DataFrame(rows, schema={"framework": pl.String(), "number": pl.Int32(), "role": pl.String(),
                                       "outcome": pl.String(), "split": pl.String()})
    dup = frame.filter(pl.struct("framework", "number").is_duplicated())
    if len(dup):
        raise ConfigError(f"{path}: labelled twice: {dup.select('framework', 'number').unique().rows()}")
    return frame
