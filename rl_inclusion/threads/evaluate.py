"""``rl-inclusion eval-threads``: precision and recall of the training-failure rules.

``eval_threads(threads_path, labels_path)`` reads threads in the snapshot
format (one JSON object a line) and a CSV with the columns
``framework,number,training_failure`` (true/false, 1/0, yes/no), classifies the
threads with :func:`rl_inclusion.threads.classify.classify_threads` and
returns the report: counts, precision, recall, the threads it got wrong, and a
last line ``RESULT precision=<p> recall=<r> n=<n>``.

A labels file may carry a ``split`` column (``dev`` / ``heldout``, see
:mod:`rl_inclusion.threads.split`); ``split="dev"`` or ``"heldout"`` scores only
that part, ``None`` or ``"all"`` scores every labelled thread.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from ..errors import ConfigError
from ..ids import NameIndex
from ..screening.estimate import share_estimate
from . import failure_error
from .classify import FailureRules, classify_threads
from .labelled import read_labels, read_role_labels, read_threads, select_split
from .learned_failure import LABELLED_SETS, model_for
from .roles import role_and_outcome


def eval_threads(threads_path: str | Path, labels_path: str | Path, rules: FailureRules | None = None,
                 split: str | None = None, classifier: str = "rules", threshold: float | None = None) -> str:
    """Score the failure classifier on labelled threads.  With ``classifier='rules+learned'`` the model is
    trained on the bundled labelled threads less every thread of ``threads_path`` (never on what it scores)."""
    threads = read_threads(threads_path)
    labels = select_split(read_labels(labels_path), split, labels_path)
    evaluated = frozenset((t["repo"], int(t["number"])) for t in threads)
    model = model_for(classifier, evaluated, threshold)
    predicted = classify_threads(threads, NameIndex({}), rules, model).select(
        "framework", "number", "kind", "title", "training_failure", "failure_kind", "failure_evidence")
    joined = labels.join(predicted, on=["framework", "number"], how="left")
    missing = joined.filter(pl.col("training_failure").is_null())
    if len(missing):
        raise ConfigError(f"{labels_path}: labelled threads not in {threads_path}: "
                          f"{missing.select('framework', 'number').rows()[:10]}")
    tp = joined.filter(pl.col("label") & pl.col("training_failure")).height
    fp = joined.filter(~pl.col("label") & pl.col("training_failure")).height
    fn = joined.filter(pl.col("label") & ~pl.col("training_failure")).height
    tn = joined.filter(~pl.col("label") & ~pl.col("training_failure")).height
    n = joined.height
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    lines = [
        f"threads: {n} labelled ({tp + fn} training failures, {fp + tn} not)",
        "confusion:",
        f"  true positives  {tp}",
        f"  false positives {fp}",
        f"  false negatives {fn}",
        f"  true negatives  {tn}",
        f"precision: {precision:.3f}",
        f"recall:    {recall:.3f}",
    ]
    wrong = joined.filter(pl.col("label") != pl.col("training_failure")).sort("framework", "number")
    if len(wrong):
        lines.append("misclassified:")
        for r in wrong.iter_rows(named=True):
            what = (f"predicted {r['failure_kind']} from {r['failure_evidence']!r}" if r["training_failure"]
                    else "missed")
            lines.append(f"  {r['framework']}#{r['number']} {r['title']!r}: {what}")
    lines.append(failure_count_line(joined, classifier, threshold, rules))
    lines.append(f"RESULT precision={precision:.3f} recall={recall:.3f} n={n}")
    return "\n".join(lines)


def failure_count_line(joined: pl.DataFrame, classifier: str, threshold: float | None,
                       rules: FailureRules | None) -> str:
    """The count of failure reports among the evaluated issues and discussions as the pipeline would estimate it:
    the flagged count corrected for the classifier's error on the labelled real threads (``failure_error``, less
    any row of the evaluated threads), beside the true count."""
    issues = joined.filter(pl.col("kind") != "pull")
    total, flagged, true = issues.height, int(issues["training_failure"].sum()), int(issues["label"].sum())
    head = f"failure reports among the {total} issues and discussions: true {true}, flagged {flagged}"
    if threshold is not None or rules is not None:
        return head + " (no corrected count: the measured error is the shipped classifier's, at its own rules and threshold)"
    rows, _ = failure_error.load(classifier)
    # the evaluated threads' own rows (a bundled set measured again) must not measure the error that corrects them
    own = joined.select("framework", "number").unique()
    model, what = failure_error.error_model(rows.join(own, on=["framework", "number"], how="anti"))
    est = share_estimate(model, flagged, total)
    if est is None:
        return head + f" (no corrected count: {what})"
    return (head + f", corrected {est.estimate * total:.1f} (95 % interval {est.low * total:.1f} - "
            f"{est.high * total:.1f}) for the error measured on {what}")


def eval_roles(threads_path: str | Path, labels_path: str | Path, split: str | None = None) -> str:
    """Accuracy of :func:`rl_inclusion.threads.roles.role_and_outcome` against role/outcome labels.

    The report ends with ``RESULT role_accuracy=<a> outcome_accuracy=<b> both=<c> n=<n>``."""
    threads = read_threads(threads_path)
    labels = select_split(read_role_labels(labels_path), split, labels_path)
    failures = classify_threads(threads, NameIndex({})).select("framework", "number", "training_failure")
    failing = {(r[0], r[1]) for r in failures.filter(pl.col("training_failure")).iter_rows()}
    by_key = {(t["framework"], int(t["number"])): t for t in threads}
    missing = [k for k in labels.select("framework", "number").iter_rows() if k not in by_key]
    if missing:
        raise ConfigError(f"{labels_path}: labelled threads not in {threads_path}: {missing[:10]}")
    wrong, n, role_ok, outcome_ok, both_ok = [], 0, 0, 0, 0
    for r in labels.sort("framework", "number").iter_rows(named=True):
        key = (r["framework"], r["number"])
        got = role_and_outcome(by_key[key], key in failing)
        n += 1
        role_ok += got.role == r["role"]
        outcome_ok += got.outcome == r["outcome"]
        both_ok += got.role == r["role"] and got.outcome == r["outcome"]
        if got.role != r["role"]:
            wrong.append(f"  {key[0]}#{key[1]} role {got.role} ({got.role_reason}), labelled {r['role']}")
        if got.outcome != r["outcome"]:
            wrong.append(f"  {key[0]}#{key[1]} outcome {got.outcome} ({got.outcome_reason}), labelled {r['outcome']}")
    acc = lambda k: k / n if n else 0.0  # noqa: E731
    lines = [f"threads: {n} labelled",
             f"role accuracy:    {acc(role_ok):.3f} ({role_ok}/{n})",
             f"outcome accuracy: {acc(outcome_ok):.3f} ({outcome_ok}/{n})",
             f"both correct:     {acc(both_ok):.3f} ({both_ok}/{n})"]
    if wrong:
        lines.append("misclassified:")
        lines.extend(wrong)
    lines.append(f"RESULT role_accuracy={acc(role_ok):.3f} outcome_accuracy={acc(outcome_ok):.3f} "
                 f"both={acc(both_ok):.3f} n={n}")
    return "\n".join(lines)


def threshold_table(thresholds: list[float], sets: tuple[tuple[str, str], ...] | None = None) -> str:
    """The table the learned model's threshold is chosen from: each bundled labelled set (``LABELLED_SETS``) is
    left out of the model's training in turn and classified at every threshold (rules + learned, as
    ``eval-threads`` scores one set; ``failure_error.out_of_sample``); the confusion is pooled over the sets.
    Ends with a ``RESULT`` line per threshold.  ``sets``: (threads file, labels file) pairs of ``labels_real/``
    (default all of them)."""
    sets = sets or LABELLED_SETS
    rows = failure_error.out_of_sample("rules+learned", sets, thresholds=tuple(thresholds))
    label, flag = pl.col("training_failure"), pl.col("predicted")
    table = (rows.group_by("threshold").agg(
        tp=(label & flag).sum(), fp=(~label & flag).sum(), fn=(label & ~flag).sum(), n=pl.len())
        .with_columns(precision=pl.col("tp") / (pl.col("tp") + pl.col("fp")), recall=pl.col("tp") / (pl.col("tp") + pl.col("fn")))
        .with_columns(f1=2 * pl.col("precision") * pl.col("recall") / (pl.col("precision") + pl.col("recall")))
        .sort("threshold"))
    lines = [f"each of the {len(sets)} labelled sets left out of training in turn, pooled:"]
    lines += [f"RESULT threshold={r['threshold']} precision={r['precision']:.3f} recall={r['recall']:.3f} "
              f"f1={r['f1']:.3f} n={r['n']}" for r in table.iter_rows(named=True)]
    return "\n".join(lines)
