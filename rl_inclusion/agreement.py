"""Agreement between two reviewers who labelled the same items (papers, threads).

Shared by ``screening.agreement``, ``threads.agreement`` and ``linking.agreement`` (the command that picks one of
them is :mod:`rl_inclusion.eval_agreement`): the share of items with the same label, Cohen's kappa (scikit-learn's),
and the second reviewer read as a classifier of the first reviewer's labels (a ceiling for any automatic classifier
measured against those labels).  It imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl


def kappa(a: pl.Series, b: pl.Series) -> float:
    """Cohen's kappa of two label series (NaN when empty; 1 when both use one and the same class)."""
    from sklearn.metrics import cohen_kappa_score

    if a.len() == 0:
        return float("nan")
    if a.n_unique() == 1 and b.n_unique() == 1 and a[0] == b[0]:
        return 1.0  # one class, all agree: kappa is undefined, agreement is complete
    return float(cohen_kappa_score(a.to_list(), b.to_list()))


def share(mask: pl.Series) -> float:
    return float(mask.mean()) if mask.len() else float("nan")


@dataclass
class BinaryAgreement:
    n: int
    agree: float
    kappa: float
    tp: int   # both true
    fp: int   # only the second reviewer true
    fn: int   # only the first reviewer true
    tn: int

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else float("nan")

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else float("nan")

    def precision_at(self, base_rate: float) -> float:
        """The second reviewer's precision if true items made up ``base_rate`` of what is labelled (same rates)."""
        tpr = self.recall
        fpr = self.fp / (self.fp + self.tn) if self.fp + self.tn else float("nan")
        hits, false_alarms = base_rate * tpr, (1 - base_rate) * fpr
        return hits / (hits + false_alarms) if hits + false_alarms else float("nan")


def binary_agreement(first: pl.Series, second: pl.Series) -> BinaryAgreement:
    f, s = first.cast(pl.Boolean), second.cast(pl.Boolean)
    return BinaryAgreement(n=f.len(), agree=share(f == s), kappa=kappa(f, s),
                           tp=int((f & s).sum()), fp=int((~f & s).sum()), fn=int((f & ~s).sum()),
                           tn=int((~f & ~s).sum()))
