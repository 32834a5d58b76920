"""The real labelled thread sets: split fixed by a hash of (repo, number), sizes, and the failure rules
on real-style wording (the phrases the invented set had missed)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from rl_inclusion.ids import NameIndex
from rl_inclusion.sources.github import validate_thread
from rl_inclusion.threads.classify import classify_threads
from rl_inclusion.threads.evaluate import eval_threads
from rl_inclusion.threads.split import split_bucket, split_of

REAL = Path(__file__).parents[1] / "rl_inclusion" / "threads" / "labels_real"


def test_split_bucket_is_the_first_eight_hex_digits_of_sha256():
    # sha256("thudm/slime#1695") starts c299e78e -> 0xc299e78e / 16**8 = 0.7601...
    assert split_bucket("THUDM/slime", 1695) == pytest.approx(0xC299E78E / 16**8)
    assert split_of("THUDM/slime", 1695, 0.5) == "dev"
    assert split_of("THUDM/slime", 1695, 0.8) == "heldout"
    # sha256("verl-project/verl#747") starts 0e8aa276 -> 0.0568: held out at any share above that
    assert split_of("verl-project/verl", 747, 0.5) == "heldout"
    with pytest.raises(ValueError, match="heldout_share"):
        split_of("a/b", 1, 1.0)


def _rows(name):
    with (REAL / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("threads, labels, share", [("threads.jsonl", "labels.csv", 0.5),
                                                     ("roles_threads.jsonl", "roles_labels.csv", 0.75)])
def test_the_split_column_is_the_hash_split_and_every_thread_is_valid(threads, labels, share):
    rows = _rows(labels)
    assert all(r["split"] == split_of(r["repo"], int(r["number"]), share) for r in rows)
    lines = [json.loads(x) for x in (REAL / threads).read_text(encoding="utf-8").splitlines()]
    assert all(validate_thread(t) is None for t in lines)
    assert {(t["framework"], t["number"]) for t in lines} == {(r["framework"], int(r["number"])) for r in rows}
    assert all(t["url"] == f"https://github.com/{t['repo']}/{'pull' if t['kind'] == 'pull' else 'issues'}/{t['number']}"
               for t in lines)


def test_sizes_meet_the_issue():
    rows = _rows("labels.csv")
    assert len(rows) >= 250
    assert sum(r["training_failure"] == "true" for r in rows) >= 80
    roles = _rows("roles_labels.csv")
    assert sum(r["split"] == "heldout" for r in roles) >= 60


def th(n, title, body, kind="issue"):
    return {"framework": "slime", "repo": "THUDM/slime", "number": n, "kind": kind, "title": title, "body": body,
            "state": "open", "author": None, "labels": [], "created_at": "2025-05-02T00:00:00Z",
            "updated_at": "2025-05-02T00:00:00Z", "closed_at": None, "merged_at": None, "url": "u", "comments": []}


def decisions(threads):
    """(number, training_failure, failure_kind, failure_evidence) of each thread, by the rules alone."""
    return classify_threads(threads, NameIndex({})).select("number", "training_failure", "failure_kind",
                                                         "failure_evidence").rows()


def test_failure_rules_catch_the_wording_the_invented_set_missed():
    threads = [
        th(1, "[Bug] Unexpected result nan on 64 GPUs", "Qwen3 MoE run stops."),
        th(2, "Geo3k example failed to converge", "The raw reward did not grow."),
        th(3, "Weird accuracy after refactor", "The entropy keeps going up abnormally during training."),
        th(4, "Resume problem", "After resuming from the checkpoint, pass@1 and raw_reward are very low for a few steps."),
        th(5, "Reward instability tied to vLLM version", "PPO rewards are stable with vllm 0.8.1, not with 0.8.3."),
        th(6, "Loss becomes NaN", "Fixed by clamping.", kind="pull"),               # the title shows the symptom
        th(7, "Clamp the KL", "Prevents NaN; in my run the loss becomes NaN at step 40.", kind="pull"),  # PR vetoed
        th(8, "Add an entropy bonus", "Without it my entropy drops to 0 within 50 steps."),  # a request title
        th(9, "Question", "reward=0, loss=0, grad_norm=0 on every step of the gsm8k example"),
        th(10, "Two ways to handle the KL divergence?", "KL in the reward or the KL divergence as a loss?"),
        th(11, "PPO", "reward_mean converges but the kl is getting bigger and bigger"),
    ]
    rows = decisions(threads)
    assert rows == [
        (1, True, "nan_inf_loss", "Unexpected result nan"),
        (2, True, "no_learning", "failed to converge"),
        (3, True, "entropy_collapse", "entropy keeps going up"),
        (4, True, "divergence_after_resume", "resuming from the checkpoint, pass@1 and raw_reward are very low"),
        (5, True, "regression_after_upgrade", "Reward instability tied to vLLM version"),
        (6, True, "nan_inf_loss", "Loss becomes NaN"),
        (7, False, None, None),
        (8, False, None, None),
        (9, True, "no_learning", "reward=0, loss=0, grad_norm=0"),
        (10, False, None, None),                      # the noun "divergence" names the KL, it is no symptom
        (11, True, "kl_blowup", "kl is getting bigger and bigger"),
    ]


def test_failure_rules_catch_the_wording_of_the_spent_heldout_errors():
    """Phrases of the first held-out part's misses and false alarms, tuned on once that part became
    development data (a fresh held-out part, heldout-v2, measures them)."""
    threads = [
        th(1, "32B reproduction", "The reward stops rising after some step."),
        th(2, "PPOTrainer", "The loss goes down, objective/kl rises a lot and the mean reward falls."),
        th(3, "GRPO shows reward 0 and loss 0", "Every step."),
        th(4, "PPO on MuSiQue", "Unusually long responses after 100 steps."),
        th(5, "Qwen3 run", "The response length has become exceptionally high."),
        th(6, "How to read KL loss and entropy loss trends?", "My entropy loss keep increasing; is it fine?"),
        th(7, "Reward does not fall", "It falls only in validation."),
    ]
    rows = decisions(threads)
    assert rows == [
        (1, True, "no_learning", "reward stops rising"),
        (2, True, "no_learning", "reward falls"),
        (3, True, "no_learning", "reward 0 and loss 0"),
        (4, True, "response_length_collapse", "Unusually long responses"),
        (5, True, "response_length_collapse", "response length has become exceptionally high"),
        (6, False, None, None),                       # a question about reading a metric (title veto)
        (7, False, None, None),     # "fall" is no symptom; "falls" has no reward in its own sentence
    ]


def test_failure_rules_catch_the_wording_of_the_first_fresh_heldout_part():
    """Phrases of heldout-v2's misses and false alarms after its one look (it is development data now)."""
    threads = [
        th(1, "Negative KL divergence with PPOTrainer", "Many values below zero."),
        th(2, "GPT2-style model", "Extremely large KL values from the first step."),
        th(3, "DPO on Llama-2", "The model degenerates within five steps."),
        th(4, "DPO with chatglm2", "The training loss does not go down."),
        th(5, "GRPO with LoRA", "The LoRA run does not learn."),
        th(6, "Nightly DPO test", "The run fails its metric check since the vLLM bump."),
        th(7, "StackLLaMA", "The reward score stays negative after hundreds of steps."),
        th(8, "Warn when the KL divergence turns negative", "A proposal."),              # proposal title
        th(9, "Mask sequences whose logprob error is high", "Masks them.", kind="pull"),  # a change, not a report
        th(10, "Loss becomes NaN", "Fixed by clamping.", kind="pull"),                   # a report in a PR title
    ]
    rows = decisions(threads)
    assert rows == [
        (1, True, "kl_blowup", "Negative KL"),
        (2, True, "kl_blowup", "Extremely large KL"),
        (3, True, "garbled_output", "model degenerates"),
        (4, True, "no_learning", "loss does not go down"),
        (5, True, "no_learning", "does not learn"),
        (6, True, "regression_after_upgrade", "fails its metric check"),
        (7, True, "no_learning", "reward score stays negative"),
        (8, False, None, None),
        (9, False, None, None),
        (10, True, "nan_inf_loss", "Loss becomes NaN"),
    ]


def test_eval_threads_scores_one_split_only(tmp_path):
    threads = [th(1, "Loss becomes NaN", ""), th(2, "How to log entropy?", ""), th(3, "Reward stays flat", "")]
    t = tmp_path / "t.jsonl"
    t.write_text("".join(json.dumps(x) + "\n" for x in threads))
    c = tmp_path / "l.csv"
    c.write_text("framework,number,training_failure,split\nslime,1,true,dev\nslime,2,false,dev\nslime,3,true,heldout\n")
    assert eval_threads(t, c, split="dev").splitlines()[-1] == "RESULT precision=1.000 recall=1.000 n=2"
    assert eval_threads(t, c, split="heldout").splitlines()[0] == "threads: 1 labelled (1 training failures, 0 not)"
    assert eval_threads(t, c).splitlines()[-1].endswith("n=3")


def test_output_gone_wrong_is_a_failure_only_when_seen_in_the_run():
    """The fifth boundary (output_review.csv): repetition or garbage seen only in the finished model is no training
    failure; seen in rollouts, during training or in a named RL or preference run it is."""
    threads = [
        # after fine-tuning, at inference only (Chinese-LLaMA-Alpaca #96 of heldout-v48 in other words)
        th(1, "Continued fine-tuning on my data", "After merging the LoRA, the answers keep repeating one sentence."),
        th(2, "Fine-tuned model", "Chatting with it gives gibberish output."),
        # in the run
        th(3, "Rollouts", "Midway through training the responses turn into gibberish output."),
        th(4, "GRPO on Qwen2.5-3B", "The model answers with !!!!!! only."),
        th(5, "SFT run", "At step 300 the samples start repeating the same sentence."),
    ]
    assert decisions(threads) == [
        (1, False, None, None),
        (2, False, None, None),
        (3, True, "garbled_output", "responses turn into gibberish"),
        (4, True, "garbled_output", "!!!!!!"),
        (5, True, "garbled_output", "repeating the same sentence"),
    ]
