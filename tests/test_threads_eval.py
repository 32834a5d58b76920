"""eval_threads: precision, recall and confusion counts on a small hand-worked set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rl_inclusion.errors import ConfigError
from rl_inclusion.threads.evaluate import eval_threads

LABELS = Path(__file__).parents[1] / "rl_inclusion" / "threads" / "labels"


def th(n, title, body):
    return {"framework": "verl", "repo": "volcengine/verl", "number": n, "kind": "issue", "title": title,
            "body": body, "state": "open", "author": None, "labels": [], "created_at": "2025-02-01T00:00:00Z",
            "updated_at": "2025-02-01T00:00:00Z", "closed_at": None, "merged_at": None, "url": "u", "comments": []}


def write(tmp_path, threads, labels):
    t = tmp_path / "t.jsonl"
    t.write_text("".join(json.dumps(x) + "\n" for x in threads))
    c = tmp_path / "l.csv"
    c.write_text("framework,number,training_failure\n" + "".join(f"verl,{n},{v}\n" for n, v in labels))
    return t, c


def test_counts_precision_recall_and_result_line(tmp_path):
    threads = [th(1, "Entropy collapses at step 50", ""),           # TP
               th(2, "Reward drops to 0 after step 300", ""),       # TP
               th(3, "Loss went up a little", ""),                  # FN (labelled a failure, rules miss it)
               th(4, "Docs: wording of the GRPO page", "it says entropy collapses"),  # TN (vetoed)
               th(5, "Question", "the KL divergence explodes in the example plot in the README")]  # FP
    t, c = write(tmp_path, threads, [(1, "true"), (2, "1"), (3, "yes"), (4, "false"), (5, "0")])
    report = eval_threads(t, c)
    lines = report.splitlines()
    assert lines[:8] == ["threads: 5 labelled (3 training failures, 2 not)", "confusion:",
                         "  true positives  2", "  false positives 1", "  false negatives 1", "  true negatives  1",
                         "precision: 0.667", "recall:    0.667"]
    assert "  verl#3 'Loss went up a little': missed" in lines
    assert lines[-1] == "RESULT precision=0.667 recall=0.667 n=5"


def test_labels_for_unknown_threads_and_bad_values_are_errors(tmp_path):
    t, c = write(tmp_path, [th(1, "a", "")], [(1, "true"), (2, "false")])
    with pytest.raises(ConfigError, match=r"labelled threads not in .*\[\('verl', 2\)\]"):
        eval_threads(t, c)
    t, c = write(tmp_path, [th(1, "a", "")], [(1, "maybe")])
    with pytest.raises(ConfigError, match="training_failure must be true or false, got 'maybe'"):
        eval_threads(t, c)


def test_the_shipped_labelled_set_is_balanced_and_scores():
    report = eval_threads(LABELS / "threads.jsonl", LABELS / "labels.csv")
    assert report.splitlines()[0] == "threads: 64 labelled (32 training failures, 32 not)"
    assert report.splitlines()[-1].startswith("RESULT precision=")
