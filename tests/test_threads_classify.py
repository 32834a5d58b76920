"""classify_threads and link_threads on hand-worked threads."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import polars as pl
import pytest

from rl_inclusion.errors import ConfigError
from rl_inclusion.ids import NameIndex
from rl_inclusion.threads.classify import ISSUE_THREADS_SCHEMA, PAPER_THREADS_SCHEMA, classify_threads, link_threads, load_rules


def th(n, title, body, comments=(), kind="issue", framework="verl", created="2025-05-02T00:00:00Z"):
    return {"framework": framework, "repo": "volcengine/verl", "number": n, "kind": kind, "title": title,
            "body": body, "state": "open", "author": None, "labels": ["bug"], "created_at": created,
            "updated_at": "2025-07-03T00:00:00Z", "closed_at": None, "merged_at": None,
            "url": f"https://github.com/volcengine/verl/issues/{n}",
            "comments": [{"author": "b", "created_at": "2025-05-02T01:00:00Z", "body": c} for c in comments]}


THREADS = [
    th(1, "Loss becomes NaN after 120 steps", "Following arXiv:2507.18071v2 with GSPO."),
    th(2, "CUDA out of memory during rollout", "The loss was fine, then OOM."),
    th(3, "Add clip-higher to prevent entropy collapse", "Adds Dr. GRPO loss to avoid entropy collapse.", kind="pull"),
    th(4, "Training hangs at step 3", "It is stuck; entropy drops to 0 in the logs."),
    th(5, "GRPO run", "See https://arxiv.org/pdf/2503.20783.", comments=["After 200 steps the KL divergence explodes."]),
    th(6, "vllm logprob mismatch", "The rollout logprobs differ from the fsdp ones by 0.3."),
    th(7, "vllm logprob mismatch", "The rollout logprobs differ from the fsdp ones; training diverges after step 50."),
    th(8, "Question on stability", "No NaN loss observed, training did not collapse.", created="2025-10-01T00:00:00Z"),
]
INDEX = NameIndex({"GSPO": ["2507.18071"], "Dr. GRPO": ["2503.20783"], "dr_grpo": ["2503.20783"]})


def test_columns_and_types_are_those_of_issue_threads():
    frame = classify_threads(THREADS, INDEX)
    assert frame.schema == pl.Schema(ISSUE_THREADS_SCHEMA)
    ddl = open("sql/tables/issue_threads.sql").read()
    for col in ISSUE_THREADS_SCHEMA:
        assert f"\n    {col} " in ddl


def test_failure_rules_citations_and_quarters():
    frame = classify_threads(THREADS, INDEX)
    rows = frame.select("number", "training_failure", "failure_kind", "failure_evidence", "cited_arxiv_ids",
                        "cited_method_names", "quarter", "n_comments").rows()
    assert rows == [
        (1, True, "nan_inf_loss", "Loss becomes NaN", ["2507.18071"], ["gspo"], "2025Q2", 0),
        (2, False, None, None, [], [], "2025Q2", 0),            # a crash
        (3, False, None, None, [], ["drgrpo"], "2025Q2", 0),    # names the failure it prevents
        (4, False, None, None, [], [], "2025Q2", 0),            # a hang, the title says so
        (5, True, "kl_blowup", "KL divergence explodes", ["2503.20783"], [], "2025Q2", 1),
        (6, False, None, None, [], [], "2025Q2", 0),            # a mismatch without divergence
        (7, True, "training_inference_mismatch", "logprobs differ from the fsdp ones; training", [], [], "2025Q2", 0),
        (8, False, None, None, [], [], "2025Q4", 0),            # negated
    ]
    one = frame.row(0, named=True)
    assert one["thread_id"] == "volcengine/verl#issue/1"
    assert one["created_at"] == datetime(2025, 5, 2, tzinfo=timezone.utc)
    assert json.loads(frame.row(4, named=True)["comments_json"]) == [
        {"author": "b", "created_at": "2025-05-02T01:00:00Z", "body": "After 200 steps the KL divergence explodes."}]


def test_a_frame_of_threads_gives_the_same_result():
    frame = pl.DataFrame(THREADS)
    assert classify_threads(frame, INDEX).equals(classify_threads(THREADS, INDEX))


def test_link_threads_by_id_and_by_method_name():
    issue_threads = classify_threads(THREADS, INDEX)
    eligible = pl.DataFrame({
        "arxiv_id": ["2507.18071", "2503.20783", "2501.00001"],
        "eligible": [True, True, False],
        "method_name": ["GSPO", "Dr. GRPO", "Other"],
        "aliases": [["gspo"], ["dr_grpo", "drgrpo"], []],
    })
    out = link_threads(issue_threads, eligible)
    assert out.schema == pl.Schema(PAPER_THREADS_SCHEMA)
    assert out.rows() == [
        ("2503.20783", "volcengine/verl#issue/5", "verl", "arxiv_id", "2503.20783"),
        ("2503.20783", "volcengine/verl#pull/3", "verl", "method_name", "drgrpo"),
        ("2507.18071", "volcengine/verl#issue/1", "verl", "arxiv_id", "2507.18071"),
        ("2507.18071", "volcengine/verl#issue/1", "verl", "method_name", "gspo"),
    ]


def test_a_bad_rules_file_is_a_config_error(tmp_path):
    bad = tmp_path / "rules.toml"
    bad.write_text('[[kind]]\nname = "x"\npatterns = ["(unclosed"]\n[veto]\ncrash_title = "a"\nproposal_title = "b"\n')
    with pytest.raises(ConfigError, match="kind x patterns: is not a valid regular expression"):
        load_rules(bad)


@pytest.mark.parametrize("text,message", [
    ('[[kind]]\nname = "x"\npatterns = []\n[veto]\ncrash_title = "a"\nproposal_title = "b"\n', "kind x patterns: List should have at least 1 item"),
    ('[[kind]]\nname = "x"\npatterns = ["a"]\nrequire = ["b"]\n[veto]\ncrash_title = "a"\nproposal_title = "b"\n', r"kind x: unknown keys \['require'\]"),
    ('[veto]\ncrash_title = "a"\nproposal_title = "b"\npull_requests = "yes"\n', "veto pull_requests: Input should be a valid boolean"),
    ('[[neutralise]]\nname = "n"\npattern = ""\n[veto]\ncrash_title = "a"\nproposal_title = "b"\n', "neutralise n pattern: must be a non-empty string"),
    ('[[kind]]\nname = "x"\npatterns = ["a"]\n', "veto: Field required"),
])
def test_the_rules_file_is_validated_with_the_entry_named(tmp_path, text, message):
    bad = tmp_path / "rules.toml"
    bad.write_text(text)
    with pytest.raises(ConfigError, match=message):
        load_rules(bad)


def test_review_fields_of_a_format_2_thread_reach_the_row():
    pr = {**THREADS[0], "kind": "pull", "number": 77, "author_association": "CONTRIBUTOR", "merge_commit": "abc",
          "closes_issues": [5], "state_reason": None,
          "reviews": [{"author": "m", "author_association": "MEMBER", "state": "APPROVED",
                       "submitted_at": "2025-05-03T00:00:00Z", "comments": 2}]}
    row = classify_threads([pr, THREADS[1]], INDEX).row(0, named=True)
    assert (row["author_association"], row["merge_commit"], row["closes_issues"], row["n_reviews"]) == (
        "CONTRIBUTOR", "abc", [5], 1)
    assert json.loads(row["reviews_json"])[0]["state"] == "APPROVED"
    old = classify_threads([THREADS[1]], INDEX).row(0, named=True)  # a format-1 thread: NULL, not zero
    assert (old["n_reviews"], old["reviews_json"], old["closes_issues"]) == (None, None, None)
