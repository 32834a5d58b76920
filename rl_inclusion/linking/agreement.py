"""How often a second reader agrees with the inclusion labels (issue 11).

    rl-inclusion eval-agreement inclusion SECOND.csv FIRST.csv [FIRST.csv ...]

Both files are inclusion labels (``linking.labels``: ``arxiv_id, framework, included`` and, for included pairs,
``level, first_sha, first_date``).  On the pairs both labelled it reports:

- the share of pairs with the same verdict and Cohen's kappa, and the second reader read as a classifier of the
  first labels (precision, recall): a ceiling for any miner measured against the first labels;
- the same without the pairs either reader left open (``UNCERTAIN`` in ``note``);
- over the pairs both call included: the share with the same first commit (the same sha, or failing that the
  same day, as ``eval-inclusion`` counts a date match) and with the same integration level.

A second file that holds a pair the first files do not is an error (the reader was given pairs of the first
labels); first labels of pairs the reader was not given are left out.  Last line:
``RESULT agree=<a> kappa=<k> precision=<p> recall=<r> date_agree=<d> level_agree=<l> n=<n>``.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from ..agreement import binary_agreement, share
from ..errors import ConfigError
from .labels import load_inclusion_labels

KEY = ["arxiv_id", "framework"]
OPEN_CALL = "UNCERTAIN"


def _labels(paths: list[str | Path]) -> pl.DataFrame:
    frames = [load_inclusion_labels(p).select(*KEY, "included", "level", "first_sha", "first_date",
                                              pl.col("note").fill_null("")) for p in paths]
    both = pl.concat(frames, how="vertical")
    twice = both.filter(pl.struct(KEY).is_duplicated())
    if twice.height:
        pairs = ", ".join(f"{a}/{f}" for a, f in twice.select(KEY).unique().rows()[:10])
        raise ConfigError(f"the first labels hold a pair twice: {pairs}")
    return both


def compare_readers(first: pl.DataFrame, second: pl.DataFrame) -> str:
    """The report on the pairs both labelled (the module doc says what it holds)."""
    stray = second.join(first, on=KEY, how="anti")
    if stray.height:
        pairs = ", ".join(f"{a}/{f}" for a, f in stray.select(KEY).rows()[:10])
        raise ConfigError(f"the second reader labelled pairs the first labels do not hold: {pairs}")
    j = first.join(second, on=KEY, how="inner", suffix="_2").sort(KEY)
    if j.is_empty():
        raise ConfigError("the two label files have no pair in common")
    a = binary_agreement(j["included"], j["included_2"])
    settled = j.filter(~pl.col("note").str.contains(OPEN_CALL) & ~pl.col("note_2").str.contains(OPEN_CALL))
    s = binary_agreement(settled["included"], settled["included_2"])
    both = j.filter(pl.col("included") & pl.col("included_2"))
    same_commit = ((pl.col("first_sha") == pl.col("first_sha_2"))
                   | (pl.col("first_date") == pl.col("first_date_2"))).fill_null(False)
    date_agree = share(both.select(same_commit).to_series())
    level_agree = share(both.select((pl.col("level") == pl.col("level_2")).fill_null(False)).to_series())
    lines = [f"pairs labelled by both: {a.n} ({a.tp + a.fn} included by the first labels)",
             f"same verdict {a.agree:.3f}, Cohen's kappa {a.kappa:.3f}",
             f"second reader as a classifier: {a.tp} both, {a.fp} only second, {a.fn} only first, {a.tn} neither",
             f"without the pairs either reader left open ({a.n - s.n}): {s.tp} both, {s.fp} only second, "
             f"{s.fn} only first, {s.tn} neither; precision {s.precision:.3f} recall {s.recall:.3f}",
             f"over the {both.height} pairs both include: same first commit {date_agree:.3f}, "
             f"same level {level_agree:.3f}", "", "disagreements (first / second):"]
    for r in j.filter(pl.col("included") != pl.col("included_2")).iter_rows(named=True):
        marks = "".join(m for m, note in (("1", r["note"]), ("2", r["note_2"])) if OPEN_CALL in note)
        lines.append(f"  {r['framework']} {r['arxiv_id']}: {str(r['included']).lower()}/{str(r['included_2']).lower()}"
                     + (f" (left open by {', '.join(marks)})" if marks else ""))
    lines += ["", f"RESULT agree={a.agree:.3f} kappa={a.kappa:.3f} precision={a.precision:.3f} "
                  f"recall={a.recall:.3f} date_agree={date_agree:.3f} level_agree={level_agree:.3f} n={a.n}"]
    return "\n".join(lines)


def agreement_report(firsts: list[str | Path], second: str | Path) -> str:
    return compare_readers(_labels(list(firsts)), _labels([second]))
