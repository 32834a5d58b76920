"""Role and outcome rules of paper-citing threads, and eval-threads --roles, on hand-made threads."""

from __future__ import annotations

import json

import pytest

from rl_inclusion.errors import ConfigError
from rl_inclusion.threads.evaluate import eval_roles
from rl_inclusion.threads.roles import role_and_outcome


def th(n, title, body="", kind="issue", state="open", comments=(), author_association="NONE", labels=()):
    return {"framework": "verl", "repo": "verl-project/verl", "number": n, "kind": kind, "title": title,
            "body": body, "state": state, "author": "u", "author_association": author_association,
            "labels": list(labels), "created_at": "2025-05-02T00:00:00Z", "updated_at": "2025-05-02T00:00:00Z",
            "closed_at": None, "merged_at": None, "url": "u",
            "comments": [{"author": a, "created_at": "2025-05-03T00:00:00Z", "author_association": assoc, "body": b}
                         for a, assoc, b in comments]}


M = "MEMBER"
CASES = [
    # (thread, failure rules' verdict, role, outcome)
    (th(1, "Add GSPO (arXiv 2507.18071)", kind="pull", state="merged"), False, "implementation", "merged"),
    (th(2, "Add CISPO loss", kind="pull", state="closed"), False, "implementation", "closed_unmerged"),
    (th(3, "Docs: add DAPO to the paper index", kind="pull", state="open"), False, "question_discussion",
     "no_response"),
    (th(4, "[Feature] support SAPO"), False, "request", "no_response"),
    (th(5, "GRPO integration", "Any plans to integrate GRPO?",
        comments=[("m", M, "REINFORCE++ and RLOO are enough.")]), False, "request", "rejected"),
    (th(6, "Will DAPO be supported?", state="closed",
        comments=[("m", M, "It is in PR #514; online DPO is already supported.")]), False, "request", "redirected"),
    (th(7, "Support GSPO", state="closed", comments=[("m", M, "#3775")]), False, "request", "merged"),
    (th(8, "Support GDPO", comments=[("bot", "BOT", "Scheduled cleanup: PR #5503 was merged, closing.")]), False,
     "request", "merged"),
    (th(9, "Support KTAE", comments=[("k", "BOT", "Scheduled cleanup: no activity, closing.")]), False,
     "request", "no_response"),
    (th(10, "Why is the DAPO loss token-mean?", state="closed", comments=[("m", M, "Because of length bias.")]),
     False, "question_discussion", "closed_unmerged"),
    (th(11, "Decoupled-GAE", "Feature request", comments=[("m", M, "Contributions are welcome!")]), False,
     "request", "open"),
    (th(12, "GSPO run collapses", "rewards are 0"), True, "failure_report", "no_response"),
    (th(13, "DAPO recipe OOM", "CUDA out of memory at step 3"), False, "failure_report", "no_response"),
    (th(14, "SAPO tracking", author_association=M), False, "question_discussion", "open"),
    # role set r2 (other labellers' summaries), after its look: a duplicate points to an issue, not an
    # implementation (LLaMA-Factory #3234, OpenRLHF #547)
    (th(15, "Support GRPO?", state="closed", comments=[("m", M, "Marks it a duplicate of #535.")]), False,
     "request", "closed_unmerged"),
    (th(16, "RLOO support planned?", state="closed", comments=[("m", M, "Replies only with a link to issue #4561.")]),
     False, "request", "closed_unmerged"),
    # a maintainer pointing to what exists is a redirection (NeMo-RL #860, LLaMA-Factory #3900 and #8717)
    (th(17, "Stabilize training with vLLM off-policy correction", state="closed",
        comments=[("m", M, "Points to the existing importance-sampling correction option in the guide.")]), False,
     "question_discussion", "redirected"),
    (th(18, "Will SimPO be added?", state="closed", comments=[("m", M, "Answers that it is supported.")]), False,
     "request", "redirected"),
    (th(19, "GRPO training support", state="closed",
        comments=[("m", M, "Says RLVR methods are supported in the separate EasyR1 repository.")]), False,
     "request", "redirected"),
    # leading tags do not hide a docs, CI or removal pull request (EasyR1 #132, NeMo-RL #297, TRL #4179)
    (th(20, "[core] Remove entropy loss", kind="pull", state="merged"), False, "question_discussion", "merged"),
    (th(21, "ci: add DPO convergence recipes", kind="pull", state="merged"), False, "question_discussion", "merged"),
    (th(22, "Fix docstring interlink for NashMDTrainer", kind="pull", state="merged"), False,
     "question_discussion", "merged"),
    # asking for a recipe, an upstreamed method or a proposal is a request (SkyRL #88, ROLL #490, TRL #4493)
    (th(23, "Add DAPO recipe", "Tracking issue with a checklist."), False, "request", "no_response"),
    (th(24, "[RFC] Upstream ERPO into ROLL"), False, "request", "no_response"),
    (th(25, "[GRPO] Sequence-level TIS + MIS", "Proposes making it the default."), False, "request", "no_response"),
    # role set r3, after its look: tests, paper-index, error-message and move pull requests, a description that
    # opens as a docs change (TRL #6229, #3937, #6373, #4485, #6258); "recommends using" another project and
    # "where it is implemented" redirect (LLaMA-Factory #8857, AReaL #546)
    (th(26, "Add ORPOTrainer tests", kind="pull", state="closed"), False, "question_discussion", "closed_unmerged"),
    (th(27, "Update the paper_index section", kind="pull", state="merged"), False, "question_discussion", "merged"),
    (th(28, "Fix formatting of the loss_type error message", kind="pull", state="merged"), False,
     "question_discussion", "merged"),
    (th(29, "Move XPOTrainer to trl.experimental.xpo", kind="pull", state="merged"), False, "question_discussion",
     "merged"),
    (th(30, "Align the KTO docs with the DPO docs", "Docs change: rewrites the KTO trainer page.", kind="pull",
        state="merged"), False, "question_discussion", "merged"),
    (th(31, "Consider adding the GSPO training method", state="closed",
        comments=[("m", M, "Recommends using verl for RLVR training.")]), False, "request", "redirected"),
    (th(32, "Where is the group-normalised advantage?", state="closed",
        comments=[("m", M, "Points to the PPO actor module where it is implemented.")]), False,
     "question_discussion", "redirected"),
    # role set r4, after its look: a bot's "fixed and merged in #1652" and "already usable through ..." (verl #1455,
    # #1459)
    (th(33, "Where is actor/entropy_loss?", comments=[("bot", "BOT", "Says it was fixed and merged in #1652.")]),
     False, "question_discussion", "merged"),
    (th(34, "When to support GenRM", comments=[("bot", "BOT", "GenRM is already usable through the reward loop.")]),
     False, "request", "redirected"),
    # "existing" redirects only as what exists to use instead, not in a review remark (OpenRLHF #1111)
    (th(35, "feat: add GSPO loss", kind="pull", state="open",
        comments=[("m", M, "Notes the existing code a line below already implements GSPO.")]), False,
     "implementation", "redirected"),
    (th(36, "feat: add GSPO loss", kind="pull", state="open",
        comments=[("m", M, "This breaks existing configs; please keep the old default.")]), False,
     "implementation", "open"),
    # After r6's look: a revert removes code (NeMo-RL #973, slime #186) ...
    (th(37, 'Revert "feat: GSPO"', kind="pull", state="open"), False, "question_discussion", "no_response"),
    # ... while a title ending "and tests" still adds the method (verl #4622); "tests" alone stays a tests PR
    (th(38, "[algo, recipe, ci] SAPO loss, recipe and tests", kind="pull", state="closed"), False,
     "implementation", "closed_unmerged"),
    (th(39, "[trainer] GSPO tests", kind="pull", state="merged"), False, "question_discussion", "merged"),
    # "Closed by PR 1703" names the implementing pull request (TRL #1684)
    (th(40, "Feature request: integrate SimPO", state="closed",
        comments=[("m", M, "Closed by PR 1703; install from main.")]), False, "request", "merged"),
    # the existing arguments are something that exists to use (LLaMA-Factory #6245)
    (th(41, "Plans for desirable/undesirable weights in KTO?", state="closed",
        comments=[("m", M, "Links the existing arguments in the finetuning args file.")]), False,
     "question_discussion", "redirected"),
    # a team decision against it is a decline (TRL #4659, Open-Instruct #362)
    (th(42, "[WIP] Online DPO rebuilt on top of GRPOTrainer", kind="pull", state="closed",
        comments=[("m", M, "The team decided not to make it a subclass.")]), False, "implementation", "rejected"),
    (th(43, "PRM training support", kind="pull", state="closed",
        comments=[("m", M, "The team has moved away from PRMs.")]), False, "implementation", "rejected"),
    # an issue the tracker labels as an enhancement asks for something (NeMo-RL #1475)
    (th(44, "ScaleRL features", "Checklist: batch-level advantage normalisation, CISPO.",
        labels=("algorithm", "enhancement")), False, "request", "no_response"),
    # After r7's look: errors and failures in other words (TRL #1911, ms-swift #2717, ROLL #253, TRL #2215) ...
    (th(45, "KTO slightly misestimates its KL term when the batch size is odd"), False, "failure_report",
     "no_response"),
    (th(46, "KTO: loss never changes", "LoRA KTO keeps the loss at 0.5."), False, "failure_report", "no_response"),
    (th(47, "Agentic run hangs with async generation"), False, "failure_report", "no_response"),
    (th(48, "GKD: tensor size mismatch", "Raises a RuntimeError when stacking log-probs."), False,
     "failure_report", "no_response"),
    # ... but NotImplementedError asks for what is missing, and "bug" or "mismatch" alone stay questions
    (th(49, "GSPO with Liger", "The trainer raises NotImplementedError; please add it."), False, "request",
     "no_response"),
    (th(50, "Is the train/inference mismatch correction a bug?"), False, "question_discussion", "no_response"),
    # a fix that landed is a merge (unsloth #1941); a pointer to a recipe, demo, docs or option redirects
    (th(51, "Trying to run GKD", state="closed", comments=[("m", M, "Says it is fixed; please upgrade.")]), False,
     "question_discussion", "merged"),
    (th(52, "Can verl use process reward models?", state="closed",
        comments=[("m", M, "Points to the PRIME recipe folder.")]), False, "question_discussion", "redirected"),
    (th(53, "How to set beta for SimPO", state="closed", comments=[("m", M, "Names the pref_beta option.")]),
     False, "question_discussion", "redirected"),
    # After r8's look: what already exists redirects (TRL #1975, TRL #14); "intended" declines (EasyR1 #212)
    (th(54, "Feature request: train a student on teacher logits",
        comments=[("m", M, "Says the feature already exists in the GKD trainer.")]), False, "request", "redirected"),
    (th(55, "Expose the optimization hyperparameters", state="closed",
        comments=[("m", M, "These can already be controlled via PPOTrainer arguments.")]), False,
     "question_discussion", "redirected"),
    (th(56, "Loss averaged over all tokens of the batch?", state="closed",
        comments=[("m", M, "Says this is intended for long-CoT training.")]), False, "question_discussion",
     "rejected"),
]


@pytest.mark.parametrize("thread, failing, role, outcome", CASES, ids=[str(c[0]["number"]) for c in CASES])
def test_role_and_outcome_with_reasons(thread, failing, role, outcome):
    got = role_and_outcome(thread, failing)
    assert (got.role, got.outcome) == (role, outcome)
    assert got.role_reason and got.outcome_reason


def test_reasons_name_what_matched():
    got = role_and_outcome(CASES[4][0])
    assert got.outcome_reason == "maintainer m declines ('are enough')"
    assert role_and_outcome(CASES[6][0]).outcome_reason == "closed after maintainer m pointed to #3775"
    assert role_and_outcome(CASES[0][0]).role_reason == "pull request"


def test_eval_roles_result_line(tmp_path):
    threads = [c[0] for c in CASES[:4]]
    t = tmp_path / "t.jsonl"
    t.write_text("".join(json.dumps(x) + "\n" for x in threads))
    c = tmp_path / "l.csv"
    c.write_text("framework,number,role,outcome,split\n"
                 "verl,1,implementation,merged,heldout\n"
                 "verl,2,implementation,merged,heldout\n"          # outcome wrong (closed_unmerged)
                 "verl,3,question_discussion,no_response,heldout\n"
                 "verl,4,question_discussion,no_response,dev\n")   # role wrong (request)
    lines = eval_roles(t, c, split="heldout").splitlines()
    assert lines[:4] == ["threads: 3 labelled", "role accuracy:    1.000 (3/3)", "outcome accuracy: 0.667 (2/3)",
                         "both correct:     0.667 (2/3)"]
    assert lines[-1] == "RESULT role_accuracy=1.000 outcome_accuracy=0.667 both=0.667 n=3"
    assert eval_roles(t, c).splitlines()[-1] == "RESULT role_accuracy=0.750 outcome_accuracy=0.750 both=0.500 n=4"
    c.write_text("framework,number,role,outcome\nverl,1,approval,merged\n")
    with pytest.raises(ConfigError, match="role must be one of"):
        eval_roles(t, c)
