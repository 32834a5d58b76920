"""Counts with their error: how many papers are really eligible, given the screener's measured error.

A raw count of the papers a screener flags is biased whenever the screener errs
unevenly: at the query's base rate (about one eligible paper in six) a few
per cent of false positives among the many not-eligible papers outnumber the
missed eligible ones.  The correction is *adjusted classify-and-count*
(Forman, "Quantifying counts and costs via classification", 2008): with the
screener's true-positive rate ``tpr`` and false-positive rate ``fpr`` measured
out of sample on labelled papers, a group of ``n`` unlabelled papers of which
it flags ``k`` holds about

    n * clip((k / n - fpr) / (tpr - fpr), 0, 1)

eligible papers.  Papers that carry a label count as their label says.

The 95 % interval is a percentile bootstrap (``n_boot`` replicates, fixed
seed): each replicate resamples the labelled papers with replacement to
re-measure ``tpr`` and ``fpr`` and redraws each group's flagged count from
``Binomial(n, k / n)``, since the screened papers are themselves one draw of
what the query returns.  Every group and share of one :class:`ErrorModel` uses
the same replicates, so a share's interval accounts for its numerator and
denominator moving together.

Shares of a feature among eligible papers (>= 30B, loss-level, code released)
are corrected the same way, group by group: the eligible count is estimated
separately among papers whose feature is "yes" and among those whose feature is
"no" (papers whose feature is unknown are left out and counted beside), which
assumes the screener errs at the same rates whatever the feature.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

N_BOOT = 2000
SEED = 20251


@dataclass(frozen=True)
class Group:
    """Papers screened in one group: unlabelled ``total``, of them ``flagged`` by the screener, plus
    ``labelled_eligible`` papers whose label says eligible (they count exactly)."""
    flagged: int
    total: int
    labelled_eligible: int = 0


@dataclass(frozen=True)
class Estimate:
    raw: float        # what the screener (and the labels) say, uncorrected
    estimate: float   # corrected
    low: float        # 95 % bootstrap interval
    high: float


def rates(truth, predicted) -> tuple[float, float]:
    """(true-positive rate, false-positive rate); nan when a class is absent."""
    t, p = np.asarray(truth, dtype=bool), np.asarray(predicted, dtype=bool)
    tpr = float(p[t].mean()) if t.any() else float("nan")
    fpr = float(p[~t].mean()) if (~t).any() else float("nan")
    return tpr, fpr


def adjusted_count(flagged, total, tpr, fpr):
    """Adjusted classify-and-count for arrays or scalars; the raw count where ``tpr <= fpr``."""
    flagged, total = np.asarray(flagged, dtype=float), np.asarray(total, dtype=float)
    tpr, fpr = np.asarray(tpr, dtype=float), np.asarray(fpr, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        q = np.where(total > 0, flagged / np.where(total > 0, total, 1), 0.0)
        p = np.clip((q - fpr) / (tpr - fpr), 0.0, 1.0)
        return np.where(tpr > fpr, p * total, flagged)


class ErrorModel:
    """The screener's error measured on labelled papers, and the bootstrap replicates of it.

    ``fpr_sets`` (one label per item, optional): the items come from several labelled sets whose false-positive
    rates differ by more than their sampling error (the failure classifier's false alarms: 0.4-6.4 % from one
    tracker's general draw to another).  The group to correct is then one more such set, so each replicate's
    false-positive rate is that of one labelled set drawn at random (every set with negatives equally likely),
    itself drawn from its Jeffreys posterior ``Beta(fp + 1/2, negatives - fp + 1/2)``: a predictive interval
    that carries the spread between sets.  The point estimate keeps the pooled rate.

    ``jeffreys``: redraw each group's flagged rate from its Jeffreys posterior ``Beta(k + 1/2, n - k + 1/2)``
    instead of ``Binomial(n, k / n) / n``, which never moves off a flagged count of 0 (a group with nothing
    flagged would get an interval of width zero whatever its size)."""

    def __init__(self, truth, predicted, n_boot: int = N_BOOT, seed: int = SEED, fpr_sets=None,
                 jeffreys: bool = False):
        self.truth = np.asarray(truth, dtype=bool)
        self.predicted = np.asarray(predicted, dtype=bool)
        if self.truth.shape != self.predicted.shape:
            raise ValueError("truth and predicted differ in length")
        if fpr_sets is not None and np.asarray(fpr_sets).shape != self.truth.shape:
            raise ValueError("fpr_sets and truth differ in length")
        self.n = int(self.truth.size)
        self.tpr, self.fpr = rates(self.truth, self.predicted)
        self.n_boot, self.seed = n_boot, seed
        rng = np.random.default_rng(seed)
        idx = rng.integers(0, self.n, size=(n_boot, self.n)) if self.n else np.zeros((n_boot, 0), dtype=int)
        t, p = self.truth[idx], self.predicted[idx]
        npos, nneg = t.sum(axis=1), (~t).sum(axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            self.tpr_b = np.where(npos > 0, (t & p).sum(axis=1) / np.maximum(npos, 1), np.nan)
            self.fpr_b = np.where(nneg > 0, (~t & p).sum(axis=1) / np.maximum(nneg, 1), np.nan)
        if fpr_sets is not None and (~self.truth).any():
            neg = ~self.truth
            sets, which = np.unique(np.asarray(fpr_sets)[neg], return_inverse=True)
            negatives = np.bincount(which, minlength=len(sets))
            false_pos = np.bincount(which, weights=self.predicted[neg], minlength=len(sets))
            pick = rng.integers(0, len(sets), size=n_boot)
            self.fpr_b = rng.beta(false_pos[pick] + 0.5, negatives[pick] - false_pos[pick] + 0.5)
        self.jeffreys = jeffreys
        self._rng_seed = seed + 1

    @property
    def usable(self) -> bool:
        """Both classes present and the screener better than chance on them."""
        return bool(np.isfinite(self.tpr) and np.isfinite(self.fpr) and self.tpr > self.fpr)

    def _replicates(self, groups: list[Group]) -> tuple[np.ndarray, np.ndarray]:
        """Point estimates (one per group) and replicate matrix (n_boot x groups)."""
        flagged = np.array([g.flagged for g in groups], dtype=float)
        total = np.array([g.total for g in groups], dtype=float)
        known = np.array([g.labelled_eligible for g in groups], dtype=float)
        point = adjusted_count(flagged, total, self.tpr, self.fpr) + known
        rng = np.random.default_rng(self._rng_seed)
        q = np.where(total > 0, flagged / np.where(total > 0, total, 1), 0.0)
        if self.jeffreys:
            k_b = rng.beta(flagged + 0.5, total - flagged + 0.5, size=(self.n_boot, len(groups))) * total
        else:
            k_b = rng.binomial(total.astype(np.int64), q, size=(self.n_boot, len(groups)))
        ok = np.isfinite(self.tpr_b) & np.isfinite(self.fpr_b)
        reps = adjusted_count(k_b, total, self.tpr_b[:, None], self.fpr_b[:, None]) + known
        return point, reps[ok]

    def counts(self, groups: list[Group]) -> list[Estimate]:
        """Corrected count of eligible papers in each group."""
        if not groups:
            return []
        raw = [float(g.flagged + g.labelled_eligible) for g in groups]
        if not self.usable:
            return [Estimate(r, r, r, r) for r in raw]
        point, reps = self._replicates(groups)
        lo, hi = np.percentile(reps, [2.5, 97.5], axis=0) if len(reps) else (point, point)
        return [Estimate(r, float(e), float(a), float(b)) for r, e, a, b in zip(raw, point, lo, hi)]

    def count(self, group: Group) -> Estimate:
        return self.counts([group])[0]

    def share(self, yes: Group, no: Group) -> Estimate:
        """Corrected share of eligible papers with the feature: eligible(yes) / (eligible(yes) + eligible(no))."""
        raw_yes, raw_no = yes.flagged + yes.labelled_eligible, no.flagged + no.labelled_eligible
        raw = raw_yes / (raw_yes + raw_no) if raw_yes + raw_no else float("nan")
        if not self.usable:
            return Estimate(raw, raw, raw, raw)
        point, reps = self._replicates([yes, no])
        with np.errstate(divide="ignore", invalid="ignore"):
            est = point[0] / (point[0] + point[1]) if point.sum() else float("nan")
            r = reps[:, 0] / (reps[:, 0] + reps[:, 1])
        r = r[np.isfinite(r)]
        lo, hi = (np.percentile(r, [2.5, 97.5]) if len(r) else (est, est))
        return Estimate(raw, float(est), float(lo), float(hi))


def share_estimate(model: ErrorModel | None, flagged: int, total: int) -> Estimate | None:
    """The corrected share of ``total`` items of which the classifier flagged ``flagged`` (the failure threads'
    share; None without a model or items)."""
    if model is None or not total:
        return None
    e = model.count(Group(flagged=int(flagged), total=int(total)))
    return Estimate(e.raw / total, e.estimate / total, e.low / total, e.high / total)


MIN_REAL_ERROR = 30


def error_model_from(err) -> tuple[ErrorModel | None, str]:
    """An ErrorModel from a ``screening_error`` frame (polars: eligible, predicted, labelled_set), and which
    labelled papers it is measured on: those drawn as the query returns them (``labelled_set == "real"``) when
    there are at least ``MIN_REAL_ERROR`` of both classes together, else all of them."""
    import polars as pl

    if err is None or not err.height:
        return None, "no labelled papers"
    real = err.filter(pl.col("labelled_set") == "real")
    if real.height >= MIN_REAL_ERROR and 0 < int(real["eligible"].sum()) < real.height:
        err, which = real, f"{real.height} labelled papers drawn as the query returns them"
    else:
        which = f"{err.height} labelled papers (bundled and given sets)"
    return ErrorModel(err["eligible"].to_numpy(), err["predicted"].to_numpy()), which
