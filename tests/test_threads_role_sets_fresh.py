"""The fresh role sets (issue 12, ``heldout-r2`` and on): paper-citing threads that other labellers chose and
summarised, for measuring the role and outcome rules once.  Files load the way ``eval-threads --roles`` reads
them, no thread repeats an older role set, every thread names its search, and the counts are the README's.

Nothing here runs the role rules."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest

from rl_inclusion.sources.github import validate_thread
from rl_inclusion.threads.labelled import read_role_labels, select_split
from rl_inclusion.threads.roles import OUTCOMES, ROLES

REAL = Path(__file__).parents[1] / "rl_inclusion" / "threads" / "labels_real"
# set -> (threads, roles, outcomes), as the labelled set's README states them
FRESH = {
    "r2": (230, {"implementation": 94, "request": 58, "question_discussion": 56, "failure_report": 22},
           {"merged": 78, "no_response": 77, "open": 29, "closed_unmerged": 28, "redirected": 15, "rejected": 3}),
    "r3": (160, {"implementation": 67, "request": 37, "question_discussion": 35, "failure_report": 21},
           {"merged": 66, "no_response": 50, "closed_unmerged": 26, "open": 13, "redirected": 4, "rejected": 1}),
    "r4": (152, {"implementation": 58, "question_discussion": 37, "failure_report": 34, "request": 23},
           {"merged": 48, "no_response": 48, "open": 26, "closed_unmerged": 24, "redirected": 4, "rejected": 2}),
    "r5": (95, {"implementation": 34, "failure_report": 22, "request": 21, "question_discussion": 18},
           {"no_response": 31, "merged": 24, "open": 18, "closed_unmerged": 16, "rejected": 4, "redirected": 2}),
    "r6": (121, {"implementation": 72, "request": 20, "question_discussion": 19, "failure_report": 10},
           {"merged": 46, "no_response": 32, "closed_unmerged": 23, "open": 16, "rejected": 2, "redirected": 2}),
    "r7": (117, {"implementation": 56, "failure_report": 33, "question_discussion": 17, "request": 11},
           {"no_response": 43, "merged": 41, "closed_unmerged": 17, "redirected": 7, "open": 6, "rejected": 3}),
    "r8": (113, {"implementation": 63, "request": 20, "question_discussion": 18, "failure_report": 12},
           {"merged": 46, "no_response": 37, "closed_unmerged": 11, "open": 11, "redirected": 6, "rejected": 2}),
    "r9": (120, {"implementation": 63, "question_discussion": 26, "request": 19, "failure_report": 12},
           {"no_response": 41, "merged": 40, "closed_unmerged": 22, "open": 15, "rejected": 1, "redirected": 1}),
    "r10": (87, {"implementation": 39, "request": 20, "question_discussion": 20, "failure_report": 8},
            {"merged": 34, "no_response": 24, "closed_unmerged": 13, "redirected": 7, "open": 7, "rejected": 2}),
    "r11": (71, {"implementation": 37, "failure_report": 16, "question_discussion": 13, "request": 5},
            {"merged": 33, "no_response": 18, "closed_unmerged": 9, "open": 8, "redirected": 2, "rejected": 1}),
    "r12": (122, {"implementation": 79, "request": 21, "question_discussion": 16, "failure_report": 6},
            {"merged": 43, "no_response": 35, "closed_unmerged": 29, "open": 13, "redirected": 1, "rejected": 1}),
    "r13": (102, {"implementation": 51, "request": 26, "question_discussion": 16, "failure_report": 9},
            {"merged": 30, "no_response": 29, "closed_unmerged": 26, "open": 10, "redirected": 5, "rejected": 2}),
    "r14": (100, {"implementation": 48, "request": 24, "question_discussion": 21, "failure_report": 7},
            {"no_response": 30, "merged": 28, "closed_unmerged": 26, "open": 10, "redirected": 4, "rejected": 2}),
}
# every older role set, in the order they were drawn: a set must repeat none of the sets before it
_SET_FILES = ["roles_threads.jsonl"] + [f"roles_threads_{v}.jsonl" for v in FRESH]
OLDER = {v: _SET_FILES[:k + 1] for k, v in enumerate(FRESH)}


def _files(v):
    return REAL / f"roles_threads_{v}.jsonl", REAL / f"roles_labels_{v}.csv", REAL / f"roles_draw_{v}.csv"


def _rows(path):
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _threads(path):
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


@pytest.mark.parametrize("v", sorted(FRESH))
def test_threads_are_valid_and_match_the_labels(v):
    threads, labels, draw = _files(v)
    lines, rows = _threads(threads), _rows(labels)
    assert all(validate_thread(t) is None for t in lines)
    keys = [(r["framework"], int(r["number"])) for r in rows]
    assert len(set(keys)) == len(keys) == len(lines)
    assert {(t["framework"], t["number"]) for t in lines} == set(keys)
    assert [(r["framework"], int(r["number"])) for r in _rows(draw)] == keys
    assert all(r["query"].strip() for r in _rows(draw))
    for t in lines:
        kind = {"pull": "pull", "discussion": "discussions"}.get(t["kind"], "issues")
        assert t["url"] == f"https://github.com/{t['repo']}/{kind}/{t['number']}"
        assert all(c["author_association"] in {"MEMBER", "BOT", "NONE"} for c in t["comments"])


@pytest.mark.parametrize("v", sorted(FRESH))
def test_labels_use_the_rules_values_and_the_split_selects_every_row(v):
    _, labels, _ = _files(v)
    frame = read_role_labels(labels)
    assert set(frame["role"]) <= set(ROLES) and set(frame["outcome"]) <= set(OUTCOMES)
    assert select_split(frame, f"heldout-{v}", labels).height == frame.height


@pytest.mark.parametrize("v", sorted(FRESH))
def test_no_thread_repeats_an_older_role_set(v):
    mine = {(t["repo"].lower(), t["number"]) for t in _threads(_files(v)[0])}
    for older in OLDER[v]:
        assert not mine & {(t["repo"].lower(), t["number"]) for t in _threads(REAL / older)}, older


@pytest.mark.parametrize("v", sorted(FRESH))
def test_counts_are_the_ones_the_readme_states(v):
    n, roles, outcomes = FRESH[v]
    rows = _rows(_files(v)[1])
    assert (len(rows), dict(Counter(r["role"] for r in rows)), dict(Counter(r["outcome"] for r in rows))) == \
        (n, roles, outcomes)


def test_a_second_reviewer_agrees_as_the_readme_says():
    """roles_second_reviewer.csv: 40 threads of each of r2, r3 and r4 (the first 40 by sha256 of repo#number),
    labelled again from the same records by a reviewer who saw neither the labels nor the rules."""
    second = {(r["repo"].lower(), int(r["number"])): (r["role"], r["outcome"])
              for r in _rows(REAL / "roles_second_reviewer.csv")}
    first = {}
    for v in ("r2", "r3", "r4"):
        for r in _rows(_files(v)[1]):
            first[(r["repo"].lower(), int(r["number"]))] = (v, r["role"], r["outcome"])
    assert len(second) == 120 and set(second) <= set(first)
    agree = Counter((first[k][0], first[k][1:] == second[k]) for k in second)
    assert {v: agree[(v, True)] for v in ("r2", "r3", "r4")} == {"r2": 39, "r3": 39, "r4": 31}
    assert sum(first[k][1] == second[k][0] for k in second) == 113      # role
    assert sum(first[k][2] == second[k][1] for k in second) == 116      # outcome
