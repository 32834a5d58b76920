"""Trained models kept on disk, so that a process does not train again what an earlier process trained.

A Dagster run executes each step in its own process, and a test session starts many runs: the models that a
step trains from the bundled labelled sets (the learned failure model, the modification typer, the learned
screener and its cross-validated scores) would be trained again in every one of them.  A model is kept under a name that carries the digest of everything it was trained
from; a process that finds the file loads it, one that does not trains and writes it.

- Where: ``$RL_INCLUSION_MODEL_CACHE`` (empty: nowhere, train in every process), else
  ``$XDG_CACHE_HOME/rl_inclusion/models``, else ``~/.cache/rl_inclusion/models``.
- How: ``skops`` (only types it trusts by default are read back: scikit-learn, numpy, builtins).  A fitted
  TF-IDF vocabulary is kept as one array of its terms in index order: skops reads a dict back entry by entry
  (seconds for 100,000 terms), an array at once (milliseconds).
- Writes are atomic (a temporary file, then a rename): a concurrent reader sees the old file or the whole new
  one.  A file that cannot be read (truncated, foreign) is ignored and replaced; a folder that cannot be written
  only costs the next process a training.
"""

from __future__ import annotations

import logging
import os
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

CACHE_ENV = "RL_INCLUSION_MODEL_CACHE"


def cache_dir() -> Path | None:
    """The folder kept models live in (None: keep nothing); see the module's docstring."""
    value = os.environ.get(CACHE_ENV)
    if value is not None:
        return Path(value).expanduser() if value.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base).expanduser() / "rl_inclusion" / "models"


def library_versions() -> str:
    """The versions of the libraries that train and store a kept model (part of every digest)."""
    import sklearn
    import skops

    return f"sklearn {sklearn.__version__} numpy {np.__version__} skops {skops.__version__}"


def load(path: Path, vectorizers_of: Callable[[dict], list[Any]]) -> dict | None:
    """The payload kept at ``path`` with each vectorizer's vocabulary restored (``vectorizers_of(payload)``
    lists them in the order ``keep`` was given them), or None when there is none or it cannot be read."""
    import skops.io as sio

    try:
        kept = sio.load(path)
        for vectorizer, names in zip(vectorizers_of(kept), kept["terms"], strict=True):
            vectorizer.vocabulary_ = dict(zip(names.tolist(), range(len(names))))
        return kept
    except FileNotFoundError:
        return None
    except Exception as exc:  # a truncated or foreign file: train again and replace it
        log.warning("ignoring the kept model %s (%s); training again", path, exc)
        return None


def keep(path: Path, payload: dict, vectorizers: list[Any]) -> bool:
    """Write ``payload`` (plain values and scikit-learn objects) to ``path`` atomically, each of ``vectorizers``'
    vocabulary as an array of its terms (under ``terms``).  False when the model was not kept."""
    import skops.io as sio

    vocabularies = [vectorizer.vocabulary_ for vectorizer in vectorizers]
    ordered = [sorted(vocabulary, key=vocabulary.__getitem__) for vocabulary in vocabularies]
    terms = [np.array(names, dtype=str) for names in ordered]
    if any(kept.tolist() != names for kept, names in zip(terms, ordered)):   # numpy drops trailing NUL characters
        log.warning("not keeping %s: a term does not survive an array of strings", path.name)
        return False
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for vectorizer in vectorizers:
            del vectorizer.vocabulary_
        sio.dump({**payload, "terms": terms}, tmp, compression=zipfile.ZIP_DEFLATED, compresslevel=1)
        os.replace(tmp, path)
        return True
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        log.warning("could not keep %s in %s (%s)", path.name, path.parent, exc)
        return False
    finally:
        for vectorizer, vocabulary in zip(vectorizers, vocabularies):
            vectorizer.vocabulary_ = vocabulary


def load_or_train(name: str | None, train: Callable[[], Any], payload_of: Callable[[Any], dict],
                  model_of: Callable[[dict], Any], vectorizers_of: Callable[[dict], list[Any]] = lambda kept: []) -> Any:
    """The model kept under ``name`` in the cache folder, else ``train()``'s, kept there for the next process.

    ``name``: the file name (carrying the digest of everything the model was trained from), or None to train
    without keeping; ``payload_of(model)`` is what ``keep`` writes, ``model_of(payload)`` rebuilds the model from
    what ``load`` reads, and ``vectorizers_of(payload)`` lists its fitted vectorizers (their vocabularies are
    stored as arrays)."""
    folder = cache_dir() if name is not None else None
    path = folder / name if folder is not None else None
    if path is not None and (kept := load(path, vectorizers_of)) is not None:
        return model_of(kept)
    model = train()
    if path is not None:
        payload = payload_of(model)
        keep(path, payload, vectorizers_of(payload))
    return model
