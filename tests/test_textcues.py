"""strongest_terms: the reason a linear text model gives for a row, by hand."""

import numpy as np
from scipy.sparse import csr_matrix

from rl_inclusion.textcues import strongest_terms


def test_the_largest_positive_and_most_negative_contribution_per_row():
    names = np.array(["nan", "install", "reward"])
    coef = np.array([2.0, -1.5, 0.5])
    X = csr_matrix([[0.2, 0.5, 0.9],    # contributions 0.4, -0.75, 0.45 -> reward, install
                    [0.0, 0.0, 0.0],    # nothing -> None, None
                    [0.1, 0.0, 0.0]])   # 0.2 only -> nan, None
    assert strongest_terms(X, coef, names) == (["reward", None, "nan"], ["install", None, None])
