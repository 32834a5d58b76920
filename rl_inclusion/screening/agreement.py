"""How often two reviewers who label the same papers by ``docs/screening.md`` agree (issue 13).

    rl-inclusion eval-agreement papers SECOND.csv FIRST.csv [FIRST.csv ...]

A screener cannot be measured more finely than its labels are: if two careful
reviewers disagree on one paper in five, an F1 or a type accuracy near 1 is
not a property any screener can have.  This module compares the labels of a
second reviewer, who labelled a sample blind, with the first labels of the same
papers (any number of first files, screening labels format), on what both
labelled:

- eligibility: the share of papers with the same verdict and Cohen's kappa;
- modification type, over the papers both call eligible: the share with the
  same type and Cohen's kappa;
- largest policy size, over the papers both gave a size: the share with the
  same number.

The last line is ``RESULT eligible_agree=<x> eligible_kappa=<k> type_agree=<y>
type_kappa=<k> size_agree=<z> n=<n> n_both_eligible=<m>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from ..agreement import kappa, share
from ..errors import ConfigError
from .labels import OPTIONAL, REQUIRED, labels_from_frame, load_labels, read_csv_strings


@dataclass
class Agreement:
    n: int
    eligible_agree: float
    eligible_kappa: float
    n_both_eligible: int
    type_agree: float
    type_kappa: float
    n_both_sized: int
    size_agree: float
    disagreements: pl.DataFrame

    def result_line(self) -> str:
        return (f"RESULT eligible_agree={self.eligible_agree:.3f} eligible_kappa={self.eligible_kappa:.3f} "
                f"type_agree={self.type_agree:.3f} type_kappa={self.type_kappa:.3f} "
                f"size_agree={self.size_agree:.3f} n={self.n} n_both_eligible={self.n_both_eligible}")


def compare_reviewers(first: pl.DataFrame, second: pl.DataFrame) -> Agreement:
    """Agreement of ``second`` with ``first`` (both screening-labels frames) on the papers both labelled."""
    cols = ["arxiv_id", "eligible", "modification_type", "max_policy_params_b"]
    j = first.select(cols).join(second.select(cols), on="arxiv_id", how="inner", suffix="_2")
    if j.is_empty():
        raise ConfigError("the two label files have no paper in common")
    both = j.filter(pl.col("eligible") & pl.col("eligible_2"))
    typed = both.filter(pl.col("modification_type").is_not_null() & pl.col("modification_type_2").is_not_null())
    sized = j.filter(pl.col("max_policy_params_b").is_not_null() & pl.col("max_policy_params_b_2").is_not_null())
    differs = ((pl.col("eligible") != pl.col("eligible_2"))
               | (pl.col("eligible") & pl.col("eligible_2")
                  & (pl.col("modification_type") != pl.col("modification_type_2")).fill_null(False)))
    return Agreement(
        n=j.height,
        eligible_agree=share(j["eligible"] == j["eligible_2"]),
        eligible_kappa=kappa(j["eligible"], j["eligible_2"]),
        n_both_eligible=typed.height,
        type_agree=share(typed["modification_type"] == typed["modification_type_2"]),
        type_kappa=kappa(typed["modification_type"], typed["modification_type_2"]),
        n_both_sized=sized.height,
        size_agree=share((sized["max_policy_params_b"] - sized["max_policy_params_b_2"]).abs() < 1e-9),
        disagreements=j.filter(differs).sort("arxiv_id"),
    )


def load_second(path: str | Path) -> pl.DataFrame:
    """A second reviewer's file: the labels columns are checked as any labels file; other columns (where the
    abstract was read, the reason) are the reviewer's working notes and are set aside."""
    raw = read_csv_strings(path, "second reviewer's labels")
    return labels_from_frame(raw.select([c for c in raw.columns if c in REQUIRED + OPTIONAL]), str(path))


def agreement_report(firsts: list[str | Path], second: str | Path) -> str:
    first = pl.concat([load_labels(p) for p in firsts], how="vertical_relaxed").unique("arxiv_id", keep="first")
    a = compare_reviewers(first, load_second(second))
    lines = [f"papers labelled by both: {a.n}",
             f"eligibility: same verdict {a.eligible_agree:.3f}, Cohen's kappa {a.eligible_kappa:.3f}",
             f"modification type (both eligible, {a.n_both_eligible}): same {a.type_agree:.3f}, "
             f"kappa {a.type_kappa:.3f}",
             f"largest policy size (both sized, {a.n_both_sized}): same {a.size_agree:.3f}",
             "", "disagreements (first / second):"]
    for r in a.disagreements.iter_rows(named=True):
        lines.append(f"  {r['arxiv_id']}: eligible {r['eligible']}/{r['eligible_2']}, "
                     f"type {r['modification_type']}/{r['modification_type_2']}")
    lines += ["", a.result_line()]
    return "\n".join(lines)

