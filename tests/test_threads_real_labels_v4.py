"""The third fresh held-out set of real threads (issue 12, ``heldout-v4``): files load the way
``eval-threads`` reads them, ``--split heldout-v4`` selects every row, and no thread is shared with
``labels.csv``, ``roles_labels.csv`` or the earlier fresh sets (``labels_v2.csv``, ``labels_v3.csv``,
now development data).

Nothing here runs the classifier on these threads: they are kept unseen for the lead's measurement."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from rl_inclusion.sources.github import validate_thread
from rl_inclusion.threads.evaluate import read_labels, read_threads, select_split

REAL = Path(__file__).parents[1] / "rl_inclusion" / "threads" / "labels_real"
THREADS, LABELS, DRAW = REAL / "threads_v4.jsonl", REAL / "labels_v4.csv", REAL / "draw_v4.csv"
TRACKERS = {"verl": "verl-project/verl", "TRL": "huggingface/trl", "OpenRLHF": "OpenRLHF/OpenRLHF",
            "NeMo-RL": "NVIDIA-NeMo/RL", "ROLL": "alibaba/ROLL", "slime": "THUDM/slime",
            "AReaL": "areal-project/AReaL"}
FAILURE = {"nan", "no_learning", "regression", "garbled", "mismatch", "gradnorm", "reward_collapse", "kl", "length",
           "entropy", "divergence", "resume"}
OTHER = {"pr", "feature", "question", "hang", "docs", "other", "crash", "install", "oom", "config"}


def _rows(path):
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_v4_threads_are_valid_and_match_the_labels():
    lines = [json.loads(x) for x in THREADS.read_text(encoding="utf-8").splitlines() if x.strip()]
    assert all(validate_thread(t) is None for t in lines)
    assert len(read_threads(THREADS)) == len(lines)
    rows = _rows(LABELS)
    keys = [(r["framework"], int(r["number"])) for r in rows]
    assert len(set(keys)) == len(keys)
    assert {(t["framework"], t["number"]) for t in lines} == set(keys)
    for t in lines:
        assert t["repo"] == TRACKERS[t["framework"]]
        assert t["url"] == f"https://github.com/{t['repo']}/{'pull' if t['kind'] == 'pull' else 'issues'}/{t['number']}"
        assert t["created_at"] <= t["updated_at"]
        assert t["closed_at"] is None and t["merged_at"] is None and t["comments"] == []


def test_v4_labels_use_the_same_columns_and_categories():
    rows = _rows(LABELS)
    with LABELS.open(encoding="utf-8", newline="") as f:
        header = next(csv.reader(f))
    with (REAL / "labels.csv").open(encoding="utf-8", newline="") as f:
        assert header == next(csv.reader(f))
    for r in rows:
        assert r["split"] == "heldout-v4"
        assert r["created_from"] in {"description", "comment"}
        assert r["category"] in (FAILURE if r["training_failure"] == "true" else OTHER)
    assert len(rows) >= 100
    assert sum(r["training_failure"] == "true" for r in rows) >= 10
    assert {r["framework"] for r in rows} == set(TRACKERS)


def test_split_heldout_v4_selects_every_row():
    labels = read_labels(LABELS)
    assert select_split(labels, "heldout-v4", LABELS).height == labels.height == len(_rows(LABELS))


def test_v4_shares_no_thread_with_the_older_sets():
    v4 = {(r["framework"], r["number"]) for r in _rows(LABELS)}
    for older in ("labels.csv", "roles_labels.csv", "labels_v2.csv", "labels_v3.csv"):
        assert not v4 & {(r["framework"], r["number"]) for r in _rows(REAL / older)}


def test_every_v4_thread_names_the_search_that_drew_it():
    draw = _rows(DRAW)
    assert [(r["framework"], r["number"]) for r in draw] == [(r["framework"], r["number"]) for r in _rows(LABELS)]
    assert all(r["query"].strip() for r in draw)


def test_v4_counts_are_the_ones_the_readme_states():
    rows = _rows(LABELS)
    assert len(rows) == 383 and sum(r["training_failure"] == "true" for r in rows) == 35
    per_tracker = {fw: (sum(r["framework"] == fw for r in rows),
                        sum(r["framework"] == fw and r["training_failure"] == "true" for r in rows)) for fw in TRACKERS}
    assert per_tracker == {"TRL": (119, 18), "verl": (85, 6), "NeMo-RL": (58, 5), "OpenRLHF": (42, 4), "slime": (31, 2), "AReaL": (28, 0), "ROLL": (20, 0)}
    failures = [r["category"] for r in rows if r["training_failure"] == "true"]
    assert {c: failures.count(c) for c in set(failures)} == {"no_learning": 10, "mismatch": 8, "divergence": 6, "garbled": 4, "regression": 3, "nan": 2, "kl": 1, "resume": 1}
    assert sum(r["created_from"] == "comment" for r in rows) == 66
