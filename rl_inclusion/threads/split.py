"""Development / held-out split of labelled threads, fixed by a hash of (repository, number).

A thread's part depends only on its repository and number, never on its text or label, so the
split was decided before any rule was tuned and stays the same when threads are added:

    bucket = int(sha256(f"{repo.lower()}#{number}")[:8], 16) / 16**8      (in [0, 1))
    held-out  when bucket <  heldout_share, development otherwise.

The labelled sets say which share they use (``labels_real/README.md``): 0.5 for the
training-failure set, 0.75 for the role and outcome set (so that at least 60 of its threads are
held out).
"""

from __future__ import annotations

import hashlib

DEV = "dev"
HELDOUT = "heldout"


def split_bucket(repo: str, number: int) -> float:
    """A number in [0, 1) fixed by the repository (case-insensitive) and the thread number."""
    digest = hashlib.sha256(f"{repo.strip().lower()}#{int(number)}".encode()).hexdigest()
    return int(digest[:8], 16) / 16**8


def split_of(repo: str, number: int, heldout_share: float = 0.5) -> str:
    """``"heldout"`` or ``"dev"`` for a thread (see the module docstring)."""
    if not 0.0 < heldout_share < 1.0:
        raise ValueError(f"heldout_share must be between 0 and 1, got {heldout_share}")
    return HELDOUT if split_bucket(repo, number) < heldout_share else DEV
