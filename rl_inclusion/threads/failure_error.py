"""How the failure classifier errs on labelled real threads (``failure_error``), to correct the failure count.

The study's review figure (48 of 7,075 framework issues and discussions opened since January 2025 report a
training failure) is a count of what the classifier flags.  Measured on fresh real threads, the classifier
raises false alarms on 0.4-6 % of ordinary threads and misses about one failure in ten; at a base rate near
1 % the false alarms can outnumber the real failures, so the raw count says little on its own.  The
correction is the screener's (:mod:`rl_inclusion.screening.estimate`, adjusted classify-and-count with a
bootstrap interval), with the classifier's true- and false-positive rates measured here:

- ``rules``: the rules on every labelled real thread (they learned nothing from the labels, so no set is left
  out; they ship in the same file, read off the ``rules+learned`` pass, since deciding 13,000 threads takes a
  minute);
- ``rules+learned``: each labelled set (``learned_failure.LABELLED_SETS``: other labellers, other trackers) is
  classified by a model trained without it, the shift a live run meets.  That takes minutes (one model per
  set), so the result ships as ``labels_real/failure_error.csv`` with the digest of everything it depends on
  (``failure_error.json``).  A run whose digest differs (new labels, changed rules or model) recomputes it
  and says so; regenerate the file with ``python -m rl_inclusion.threads.failure_error``.

Rows are the labelled threads of every kind; the issue-and-discussion figure uses those that are not pull
requests.  The correction assumes the classifier errs on the live threads as it errs on the labelled ones,
so the rates come from the labelled threads most like a tracker's own mix:

- the false-positive rate from the parts drawn by general queries, every thread taken as the result lists
  brought it (``drawn = 'general'``: the splits in ``GENERAL_PARTS``).  The other parts were drawn with
  symptom-worded searches (or, in the first five sets, with them among other queries): their ordinary
  threads are the hard cases (a question about a reward curve), flagged far more often (20-31 % in the later
  symptom parts against 0.4-6 % in the general ones), and would push the correction far below the truth.
  Between general parts the rate varies more than sampling explains, so the interval is predictive: each
  replicate takes one general part's rate at random (``ErrorModel(fpr_sets=...)``), and a part's flagged
  rate is redrawn from its Jeffreys posterior (``jeffreys=True``), so nothing flagged still leaves room;
- the true-positive rate from every labelled failure, since the general parts hold too few (30) to measure
  it well.  Those 30 are caught less often (23) than the symptom-drawn ones (721 of 785): the failures a
  general query meets are more often bug reports whose failure is a consequence, so the rate used leans high
  and the corrected count leans low.

``coverage`` (``--coverage``) checks the interval by leaving each general part out in turn.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import polars as pl

from ..errors import ConfigError
from ..ids import NameIndex
from .classify import RULES_PATH, classify_threads
from .labelled import read_labels, read_threads
from .learned_failure import (CLASSIFIERS, LABELLED_SETS, REAL_DIR, bundled_model, hash_files, labelled_files,
                              read_relabels, relabelled)

ERROR_FILE = REAL_DIR / "failure_error.csv"
STAMP_FILE = REAL_DIR / "failure_error.json"
ERROR_SCHEMA = {"labelled_set": pl.Utf8(), "framework": pl.Utf8(), "number": pl.Int32(), "kind": pl.Utf8(),
                "drawn": pl.Utf8(), "training_failure": pl.Boolean(), "predicted": pl.Boolean(),
                "classifier": pl.Utf8()}
# The labelled parts drawn by general queries as the result lists came (see labels_real/README.md): a tracker's
# own mix of threads, where false alarms are measured.
GENERAL_PARTS = frozenset({"heldout-v6", "heldout-v7", "heldout-v8", "heldout-v9", "heldout-v10", "heldout-v11",
                           "heldout-v12", "heldout-v13"})
REGENERATE = "python -m rl_inclusion.threads.failure_error"


def inputs_digest(sets: tuple[tuple[str, str], ...] = LABELLED_SETS, real_dir: Path = REAL_DIR) -> str:
    """SHA-256 over the labelled files and the code and rules that decide (what the shipped file depends on)."""
    here = Path(__file__).resolve().parent
    h = hashlib.sha256()
    hash_files(h, labelled_files(sets, real_dir) + [RULES_PATH, here / "classify.py", here / "learned_failure.py"])
    return h.hexdigest()


def _known(classifier: str) -> None:
    if classifier not in CLASSIFIERS:
        raise ConfigError(f"unknown failure classifier {classifier!r} (one of {', '.join(CLASSIFIERS)})")


def out_of_sample(classifier: str, sets: tuple[tuple[str, str], ...] = LABELLED_SETS, real_dir: Path = REAL_DIR,
                  thresholds: tuple[float, ...] = (), rules_too: bool = False) -> pl.DataFrame:
    """Every labelled thread with its label and the decision of a classifier that never learned from its set.

    ``thresholds``: decide at each of these thresholds of the learned model instead of its own (one row per thread
    and threshold, with a ``threshold`` column; ``threshold_table`` pools them).  ``rules_too`` (``rules+learned``
    at its own threshold): the rules' rows as well, read off the same pass (the model only adds threads the rules
    leave, as ``failure_kind = 'learned'``), instead of deciding every thread by the rules a second time."""
    _known(classifier)
    if thresholds and classifier != "rules+learned":
        raise ConfigError("thresholds apply to the learned model; the rules alone have none")
    if rules_too and (thresholds or classifier != "rules+learned"):
        raise ConfigError("rules_too reads the rules' rows off a rules+learned pass at the model's own threshold")
    frames = []
    relabels = read_relabels(real_dir)
    for threads_file, labels_file in sets:
        threads = read_threads(real_dir / threads_file)
        labels = relabelled(read_labels(real_dir / labels_file), labels_file, relabels, column="label").select(
            "framework", "number", pl.col("label").alias("training_failure"),
            pl.when(pl.col("split").is_in(list(GENERAL_PARTS))).then(pl.lit("general")).otherwise(pl.lit("enriched"))
            .alias("drawn"))
        model = (bundled_model(frozenset((t["repo"], int(t["number"])) for t in threads))
                 if classifier == "rules+learned" else None)
        for t in thresholds or (None,):
            decided = classify_threads(threads, NameIndex({}), None, model if t is None else replace(model, threshold=t))
            decisions = {classifier: pl.col("training_failure")}
            if rules_too:
                # the rules' own flags, whether the model let them stand or overruled them
                decisions["rules"] = (pl.col("failure_kind") != "learned").fill_null(False)
            for name, predicted in decisions.items():
                frames.append(labels.join(decided.select("framework", pl.col("number").cast(pl.Int32), "kind",
                                                         predicted.alias("predicted")),
                                          on=["framework", "number"], how="inner")
                              .with_columns(labelled_set=pl.lit(Path(labels_file).stem), classifier=pl.lit(name),
                                            threshold=pl.lit(t, dtype=pl.Float64)))
    columns = list(ERROR_SCHEMA) + (["threshold"] if thresholds else [])
    return pl.concat(frames).select(columns).cast(ERROR_SCHEMA)


@lru_cache(maxsize=2)
def _decided_by_rules(digest: str) -> pl.DataFrame:
    """The rules' decisions on every labelled thread, computed once per process for the labels, rules and code
    whose ``inputs_digest`` is ``digest`` (the rules learn nothing, so no set needs leaving out)."""
    return out_of_sample("rules")


def load(classifier: str) -> tuple[pl.DataFrame, str]:
    """(``failure_error`` rows for ``classifier``, how they were obtained)."""
    _known(classifier)
    digest = inputs_digest()
    stamp = json.loads(STAMP_FILE.read_text()) if STAMP_FILE.is_file() else {}
    if ERROR_FILE.is_file() and stamp.get("digest") == digest:
        shipped = pl.read_csv(ERROR_FILE, schema=ERROR_SCHEMA).filter(pl.col("classifier") == classifier)
        if shipped.height:   # a file written before the rules' rows shipped holds rules+learned rows only
            return shipped, ("shipped failure_error.csv (the rules on every labelled thread)" if classifier == "rules"
                             else "shipped failure_error.csv (each labelled set decided by a model trained without it)")
    if classifier == "rules":
        return _decided_by_rules(digest), "the rules on every labelled thread"
    return (out_of_sample(classifier),
            f"recomputed: the shipped failure_error.csv does not match the labels, rules and model ({REGENERATE} "
            "writes it)")


def error_model(rows: pl.DataFrame):
    """(ErrorModel, what it is measured on) from ``failure_error`` rows: issues and discussions only (pull requests
    are not in the study's denominator), the true-positive rate on every labelled failure, the false-positive rate
    on the parts drawn as a tracker delivers threads; (None, why) when no row is left."""
    from ..screening.estimate import ErrorModel

    err = rows.filter((pl.col("kind") != "pull") & (pl.col("training_failure") | (pl.col("drawn") == "general")))
    if not err.height:
        return None, "no labelled threads"
    classifiers = ", ".join(sorted(err["classifier"].unique().to_list()))
    failures = int(err["training_failure"].sum())
    return (ErrorModel(err["training_failure"].to_numpy(), err["predicted"].to_numpy(),
                       fpr_sets=err["labelled_set"].to_numpy(), jeffreys=True),
            f"{failures} labelled failures and {err.height - failures} other issues and discussions of real "
            f"trackers drawn as they come ({classifiers})")


def coverage(rows: pl.DataFrame) -> pl.DataFrame:
    """Leave one set out, for the correction itself: for each labelled set with a part drawn by general queries,
    the corrected count of failure reports among that part's issues and discussions, with the error measured on
    every other set's rows (``error_model``), beside the true count, and whether the 95 % interval covers it.

    One row per set: ``labelled_set, issues, failures, flagged, estimate, low, high, covers``; rows with no model
    (nothing left to measure the error on) have null estimates and ``covers`` null."""
    from ..screening.estimate import share_estimate

    general = rows.filter((pl.col("drawn") == "general") & (pl.col("kind") != "pull"))
    parts = (general.group_by("labelled_set")
             .agg(issues=pl.len(), failures=pl.col("training_failure").sum().cast(pl.Int64),
                  flagged=pl.col("predicted").sum().cast(pl.Int64))
             .sort("labelled_set"))
    found = []
    for name, issues, flagged in parts.select("labelled_set", "issues", "flagged").iter_rows():
        model, _ = error_model(rows.filter(pl.col("labelled_set") != name))
        est = share_estimate(model, flagged, issues)
        found.append((name, *((est.estimate * issues, est.low * issues, est.high * issues) if est else (None,) * 3)))
    estimates = pl.DataFrame(found, schema={"labelled_set": pl.Utf8(), "estimate": pl.Float64(),
                                            "low": pl.Float64(), "high": pl.Float64()}, orient="row")
    return (parts.join(estimates, on="labelled_set", how="left")
            .with_columns(covers=pl.col("failures").is_between(pl.col("low").round(1), pl.col("high").round(1))))


def write(path: Path = ERROR_FILE, stamp: Path = STAMP_FILE) -> pl.DataFrame:
    """Compute the rows of both classifiers and write them with the digest of their inputs."""
    both = out_of_sample("rules+learned", rules_too=True)
    return write_rows(pl.concat([both.filter(pl.col("classifier") == c) for c in ("rules+learned", "rules")]),
                      path, stamp)


def write_rows(df: pl.DataFrame, path: Path = ERROR_FILE, stamp: Path = STAMP_FILE) -> pl.DataFrame:
    """Write ``failure_error`` rows (every labelled thread once per classifier) and their stamp."""
    per = {c: df.filter(pl.col("classifier") == c) for c in sorted(df["classifier"].unique())}
    heights = {rows.height for rows in per.values()}
    if len(heights) != 1:
        raise ValueError(f"each classifier must decide every labelled thread once: {sorted(heights)} rows")
    df.write_csv(path)
    confusion = {c: {f"{'failure' if r[0] else 'not'}_{'flagged' if r[1] else 'passed'}": r[2]
                     for r in rows.group_by("training_failure", "predicted").len()
                     .sort("training_failure", "predicted").iter_rows()} for c, rows in per.items()}
    stamp.write_text(json.dumps({"digest": inputs_digest(), "written_by": REGENERATE, "threads": heights.pop(),
                                 "confusion": confusion}, indent=1, sort_keys=True) + "\n")
    return df


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=REGENERATE, description="Write labels_real/failure_error.csv: the failure "
                                     "classifier's out-of-sample decisions on the labelled real threads.")
    parser.add_argument("--coverage", action="store_true",
                        help="write nothing; check the corrected count instead: leave each general-drawn part out, "
                             "correct its count with the error measured on the other sets, and say whether the 95 %% "
                             "interval covers the true count (from the shipped file, or recomputed if stale)")
    args = parser.parse_args(argv)
    if args.coverage:
        rows, origin = load("rules+learned")
        table = coverage(rows)
        print(f"rows: {origin}")
        for r in table.iter_rows(named=True):
            est = ("no corrected count" if r["estimate"] is None else
                   f"corrected {r['estimate']:.1f} ({r['low']:.1f} - {r['high']:.1f})"
                   f"{'' if r['covers'] else ', not covered'}")
            print(f"{r['labelled_set']}: {r['issues']} issues, {r['failures']} failures, {r['flagged']} flagged; "
                  f"{est}")
        measured = table.filter(pl.col("covers").is_not_null())
        print(f"RESULT covered={int(measured['covers'].sum())} parts={measured.height}")
        return 0
    df = write().filter(pl.col("classifier") == "rules+learned")
    print(f"wrote {ERROR_FILE.name}: {df.height} threads, {int(df['training_failure'].sum())} failures, "
          f"{int(df['predicted'].sum())} flagged by rules+learned (and the rules' rows)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
