"""Which term of a text pushed a linear text model most: the reason a learned decision gives."""

from __future__ import annotations

import numpy as np


def strongest_terms(X, coef: np.ndarray, names: np.ndarray) -> tuple[list[str | None], list[str | None]]:
    """For each row of the sparse term matrix ``X``: the term whose weight times coefficient is the largest
    positive one, and the one with the most negative (None where no term pushes that way).

    Computed for all rows at once: ``X`` times the coefficients, then a row-wise argmax and argmin.
    """
    contrib = X.multiply(coef).tocsr()
    pos_idx = np.asarray(contrib.argmax(axis=1)).ravel()
    neg_idx = np.asarray(contrib.argmin(axis=1)).ravel()
    pos_val = np.asarray(contrib.max(axis=1).todense()).ravel()
    neg_val = np.asarray(contrib.min(axis=1).todense()).ravel()
    return (np.where(pos_val > 0, names[pos_idx], None).tolist(),
            np.where(neg_val < 0, names[neg_idx], None).tolist())
