"""How often a second reviewer agrees with the labelled training failures (issue 12).

    rl-inclusion eval-agreement threads SECOND.csv FIRST.csv [FIRST.csv ...] [--base-rate R]

``SECOND.csv`` has the columns ``framework,number,training_failure`` of a
labels file (others, such as the reviewer's reasons, are ignored); the first
labels may be several files (``labels_v2.csv`` to ``labels_v5.csv``).  On the
threads both labelled it reports the share with the same verdict, Cohen's
kappa, and the second reviewer read as a classifier of the first labels:
precision and recall on the sample, and the precision those same rates would
give at a chosen base rate of failures (``--base-rate``, default 1 in 24, that of
``heldout-v5``).  Last line: ``RESULT agree=<a> kappa=<k> precision=<p>
recall=<r> precision_at_base_rate=<q> n=<n>``.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from ..agreement import binary_agreement
from ..errors import ConfigError
from .labelled import read_labels

BASE_RATE = 1 / 24


def agreement_report(firsts: list[str | Path], second: str | Path, base_rate: float = BASE_RATE) -> str:
    if not 0 < base_rate < 1:
        raise ConfigError(f"--base-rate must lie between 0 and 1, got {base_rate}")
    first = pl.concat([read_labels(p) for p in firsts]).unique(["framework", "number"], keep="first")
    j = first.join(read_labels(second), on=["framework", "number"], how="inner", suffix="_2")
    if j.is_empty():
        raise ConfigError("the two label files have no thread in common")
    a = binary_agreement(j["label"], j["label_2"])
    lines = [f"threads labelled by both: {a.n} ({a.tp + a.fn} failures by the first labels)",
             f"same verdict {a.agree:.3f}, Cohen's kappa {a.kappa:.3f}",
             f"second reviewer as a classifier: {a.tp} both, {a.fp} only second, {a.fn} only first, {a.tn} neither",
             "", "disagreements (first / second):"]
    for r in j.filter(pl.col("label") != pl.col("label_2")).sort("framework", "number").iter_rows(named=True):
        lines.append(f"  {r['framework']}#{r['number']}: {r['label']}/{r['label_2']}")
    lines += ["", f"RESULT agree={a.agree:.3f} kappa={a.kappa:.3f} precision={a.precision:.3f} "
                  f"recall={a.recall:.3f} precision_at_base_rate={a.precision_at(base_rate):.3f} n={a.n}"]
    return "\n".join(lines)

