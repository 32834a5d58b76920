"""Invented GitHub threads of the demo (our own words; numbers/authors are not real threads)."""
REPO = {"verl": "volcengine/verl", "TRL": "huggingface/trl", "OpenRLHF": "OpenRLHF/OpenRLHF",
        "NeMo-RL": "NVIDIA-NeMo/RL", "ROLL": "alibaba/ROLL", "slime": "THUDM/slime", "AReaL": "inclusionAI/AReaL"}
T = []
# Each comment carries its author's association with the repository (GitHub's author_association), so the
# demo can show maintainer responses, rejections and redirections (rl_inclusion/threads/reviews.py), as the
# live fetch's comments do.  The snapshot is format 2: a thread also carries its author's association, an
# issue's state reason and a pull request's reviews (merge commits and closed issues are left empty: the demo's
# pull requests are found by number).
MAINTAINERS = {"verl-maintainer": "MEMBER", "trl-maintainer": "MEMBER", "trl-reviewer": "COLLABORATOR", "openrlhf-dev": "COLLABORATOR",
               "nemo-dev": "MEMBER", "roll-dev": "MEMBER", "slime-dev": "MEMBER", "areal-dev": "MEMBER"}


def th(fw, n, kind, title, body, created, *, state, author="demo-user", labels=(), closed=None, merged=None,
       updated=None, comments=(), failure=None, state_reason=None, reviews=None):
    seg = {"issue": "issues", "pull": "pull", "discussion": "discussions"}[kind]
    if merged and not closed:
        closed = merged
    T.append(dict(framework=fw, repo=REPO[fw], number=n, kind=kind, title=title, body=body, state=state,
                  author=author, labels=list(labels), created_at=created,
                  updated_at=updated or (comments[-1][1] if comments else (closed or created)),
                  closed_at=closed, merged_at=merged, url=f"https://github.com/{REPO[fw]}/{seg}/{n}",
                  comments=[{"author": a, "created_at": c, "body": b, "author_association": MAINTAINERS.get(a, "NONE")}
                            for a, c, b in comments], _failure=failure,
                  author_association=MAINTAINERS.get(author, "NONE"), state_reason=state_reason, merge_commit=None,
                  closes_issues=None,
                  reviews=None if reviews is None else [
                      {"author": a, "author_association": MAINTAINERS.get(a, "NONE"), "state": st, "submitted_at": at,
                       "comments": n_c} for a, st, at, n_c in reviews]))


# ---------------------------------------------------------------- verl
th("verl", 105, "issue", "Support REINFORCE++ advantage estimator?",
   "Would you accept a PR adding the global-batch normalised estimator from https://arxiv.org/abs/2501.03262 ? "
   "It needs no critic, so it fits next to GRPO in core_algos.", "2025-01-10T09:12:00Z", state="closed",
   author="rl-tinkerer", labels=["enhancement"], closed="2025-01-22T08:00:00Z",
   comments=[("verl-maintainer", "2025-01-22T07:58:00Z", "Landed in #123, use algorithm.adv_estimator=reinforce_plus_plus.")])
th("verl", 640, "pull", "[recipe] feat: add DAPO recipe",
   "Adds a recipe that reproduces arXiv:2503.14476v1 with Qwen2.5-32B: clip-higher, dynamic sampling and overlong "
   "shaping. Scripts live under recipe/dapo.", "2025-03-19T10:00:00Z", state="merged", author="dapo-repro",
   labels=["recipe"], merged="2025-03-20T14:05:00Z")
th("verl", 790, "issue", "Dr. GRPO loss: drop the length normalisation?",
   "The Dr. GRPO analysis argues that dividing by response length and by the group std biases training. Can verl "
   "expose a switch to turn both off?", "2025-03-29T16:20:00Z", state="closed", author="ml-student-42",
   labels=["question"], closed="2025-04-02T10:30:00Z",
   comments=[("verl-maintainer", "2025-04-02T10:29:00Z", "Set algorithm.norm_adv_by_std_in_grpo=False (#812).")])
th("verl", 1050, "issue", "Support PRIME implicit process rewards?",
   "PRIME (arXiv:2502.01456) learns a token-level implicit reward model online from outcome labels only. Would "
   "verl take an implementation in the core trainer?", "2025-02-20T09:00:00Z", state="closed", author="dense-rewards",
   labels=["enhancement"], closed="2025-02-24T12:00:00Z", state_reason="NOT_PLANNED",
   comments=[("verl-maintainer", "2025-02-22T10:00:00Z",
              "Thanks for the pointer. An online implicit reward model is out of scope for the core trainer, so we "
              "will not add it.")])
th("verl", 1120, "issue", "Entropy collapses to ~0 after 200 steps (GRPO, Qwen2.5-7B)",
   "Policy entropy drops from 0.6 to 0.02 within 200 steps and validation accuracy plateaus. Rewards are binary "
   "math rewards, lr 1e-6, clip 0.2. Is this expected?", "2025-04-28T07:45:00Z", state="closed",
   author="entropy-watcher", labels=["training"], closed="2025-06-06T09:00:00Z", failure="entropy collapse",
   comments=[("helper-bot-fan", "2025-04-29T03:10:00Z", "Try a higher upper clip bound, it slowed the drop for us."),
             ("verl-maintainer", "2025-06-06T08:58:00Z",
              "The covariance-based losses from https://arxiv.org/pdf/2505.22617 are now available (#1830).")])
th("verl", 1455, "issue", "CUDA out of memory computing log-probs with 32k responses",
   "OOM in the actor's compute_log_prob with max_response_length=32768 on 8xH100. Micro batch size is already 1.",
   "2025-05-15T11:30:00Z", state="closed", author="long-context-lab", labels=["memory"],
   closed="2025-05-20T12:00:00Z",
   comments=[("verl-maintainer", "2025-05-20T11:58:00Z", "Enable ulysses sequence parallel and dynamic batch size.")])
th("verl", 1830, "pull", "[algo] feat: Clip-Cov and KL-Cov policy losses",
   "Implements the two losses of https://arxiv.org/abs/2505.22617 as loss_mode=clip_cov and loss_mode=kl_cov, with "
   "clip_cov_ratio and kl_cov_ratio in the actor config.", "2025-06-01T06:00:00Z", state="merged",
   author="entropy-author", labels=["algorithm"], merged="2025-06-05T07:55:00Z")
th("verl", 2760, "issue", "support GSPO?",
   "Qwen published a sequence-level variant of GRPO that is said to be much more stable for MoE. Any plan to support GSPO?",
   "2025-07-25T02:15:00Z", state="closed", author="moe-trainer", labels=["enhancement"],
   closed="2025-07-30T11:30:00Z",
   comments=[("verl-maintainer", "2025-07-26T04:00:00Z", "Paper is 2507.18071, we are on it."),
             ("verl-maintainer", "2025-07-30T11:29:00Z", "Has been merged as loss_mode=gspo (#2775).")])
th("verl", 2920, "pull", "[algo] feat: add GMPO policy loss",
   "Adds the geometric-mean objective (https://arxiv.org/html/2507.20673v1) as loss_mode=gmpo.",
   "2025-08-10T05:00:00Z", state="merged", author="linqiao", labels=["algorithm"], merged="2025-08-20T13:00:00Z")
th("verl", 3300, "issue", "Training hangs at first weight sync on 4 nodes",
   "With 4 nodes the job stops making progress right after the first rollout; no error, GPUs idle, NCCL timeout "
   "after 30 minutes.", "2025-09-18T13:40:00Z", state="closed", author="cluster-ops", labels=["bug"],
   closed="2025-09-25T09:00:00Z",
   comments=[("cluster-ops", "2025-09-25T08:59:00Z", "Was a firewall blocking the NCCL port range. Closing.")])
th("verl", 3510, "issue", "NaN loss after enabling sequence packing on Qwen3-30B-A3B",
   "pg_loss becomes NaN at step 37 and every later step; grad_norm is inf one step before. Disabling packing avoids it.",
   "2025-10-20T08:25:00Z", state="closed", author="moe-trainer", labels=["bug", "training"],
   closed="2025-11-02T10:00:00Z", failure="NaN loss",
   comments=[("verl-maintainer", "2025-11-02T09:59:00Z", "Fixed an attention-mask bug in packed MoE batches.")])
th("verl", 4100, "discussion", "SAPO vs GSPO for MoE models",
   "Has anyone compared SAPO (arXiv 2511.20347) with GSPO on Qwen3 MoE? The soft gate sounds less brittle than "
   "sequence clipping.", "2025-11-27T12:00:00Z", state="open", author="moe-trainer", labels=["discussion"],
   comments=[("rl-tinkerer", "2025-12-03T10:00:00Z", "SAPO was a bit better for us on math, same on code.")])
th("verl", 4700, "issue", "Multi-reward runs: many groups get identical advantages",
   "With format + correctness + length rewards, many groups get identical advantages. arXiv:2601.05242 (GDPO) "
   "normalises each reward separately; could verl add it?", "2026-01-12T09:00:00Z", state="closed",
   author="reward-mixer", labels=["enhancement"], closed="2026-01-20T15:40:00Z")
th("verl", 5210, "issue", "Rollout and training log-probs diverge with FP8 rollout",
   "The training-inference mismatch (KL between vLLM and FSDP log-probs) grows from 1e-3 to 0.2 over 300 steps "
   "and the reward then drops.", "2026-04-09T06:30:00Z", state="open", author="fp8-user", labels=["training"],
   failure="training-inference mismatch")
th("verl", 5600, "issue", "ImportError: cannot import name 'FusedLinearForPPO'",
   "After upgrading to the nightly wheel, `import verl.utils.experimental` fails with ImportError.",
   "2026-06-20T10:00:00Z", state="closed", author="nightly-tester", labels=["bug"], closed="2026-06-22T08:00:00Z")
# ---------------------------------------------------------------- TRL
th("TRL", 2600, "issue", "GRPO reward climbs then collapses to zero",
   "Accuracy reward rises to 0.45 by step 400, then falls to 0 within 50 steps and never recovers; completions "
   "become empty strings.", "2025-01-28T15:00:00Z", state="closed", author="grpo-newbie", labels=["🏋 GRPO"],
   closed="2025-02-10T12:00:00Z", failure="reward collapse",
   comments=[("trl-maintainer", "2025-02-10T11:59:00Z", "Lower the learning rate and add a small KL term.")])
th("TRL", 3256, "pull", "Add loss_type with BNPO and Dr. GRPO options",
   "Implements the constant normaliser proposed in https://arxiv.org/abs/2503.20783 as loss_type='dr_grpo'.",
   "2025-03-30T09:00:00Z", state="merged", author="trl-maintainer", labels=["🏋 GRPO"],
   merged="2025-04-01T09:45:00Z")
th("TRL", 3400, "pull", "Make the DAPO token-level loss the default",
   "Switches the default loss_type to 'dapo' (token normalisation over the global batch, arXiv:2503.14476).",
   "2025-05-16T10:00:00Z", state="merged", author="trl-maintainer", labels=["🏋 GRPO"],
   merged="2025-05-20T15:00:00Z")
th("TRL", 3700, "issue", "pip install trl[vllm] fails on Python 3.13",
   "Resolver error: no matching distribution for vllm on cp313. Installing on 3.12 works.",
   "2025-07-02T08:00:00Z", state="closed", author="py313-early", labels=["installation"],
   closed="2025-07-03T09:00:00Z")
th("TRL", 3820, "pull", "Add GSPO-token to trl.experimental",
   "Token-level variant of the sequence-ratio method from https://arxiv.org/abs/2507.18071v1, kept experimental for now.",
   "2025-08-01T07:00:00Z", state="merged", author="trl-maintainer", labels=["🏋 GRPO"], merged="2025-08-05T08:30:00Z",
   reviews=[("trl-reviewer", "APPROVED", "2025-08-04T10:00:00Z", 1)])
th("TRL", 4150, "pull", "Add CISPO loss type",
   "Adds the clipped-IS-weight loss described in the MiniMax-M1 report (https://arxiv.org/abs/2506.13585).",
   "2025-09-29T12:00:00Z", state="merged", author="trl-contrib", labels=["🏋 GRPO"], merged="2025-10-02T13:15:00Z",
   reviews=[("trl-maintainer", "CHANGES_REQUESTED", "2025-09-30T09:00:00Z", 2),
            ("trl-maintainer", "APPROVED", "2025-10-02T12:00:00Z", 0)])
th("TRL", 4480, "issue", "Completion length drops to ~20 tokens after 300 steps",
   "Mean completion length falls from 600 to about 20 tokens and the model answers without reasoning. Using "
   "loss_type=grpo.", "2025-11-10T14:00:00Z", state="closed", author="short-answers", labels=["🏋 GRPO"],
   closed="2025-11-20T10:00:00Z", failure="response-length collapse",
   comments=[("trl-maintainer", "2025-11-12T09:00:00Z", "The per-sequence normalisation favours short answers; try the Dr. GRPO loss.")])
th("TRL", 4600, "pull", "Add SAPO loss type",
   "Soft gate from arxiv.org/abs/2511.20347 with tau_pos / tau_neg.", "2025-12-05T10:00:00Z", state="merged",
   author="trl-contrib", labels=["🏋 GRPO"], merged="2025-12-10T10:40:00Z")
th("TRL", 4900, "issue", "Feature request: RGRA loss (no ratio, no clipping)",
   "The RGRA paper (https://arxiv.org/abs/2603.18756) drops the PPO ratio and clipping from GRPO and keeps "
   "group-relative advantages. Could GRPOTrainer offer it as a loss_type?", "2026-03-25T08:00:00Z", state="closed",
   author="simple-losses", labels=["✨ enhancement"], closed="2026-03-27T09:00:00Z",
   comments=[("trl-maintainer", "2026-03-26T08:00:00Z",
              "We keep new loss types out of the trainer until they are widely used; please use a custom loss in a "
              "subclass of GRPOTrainer, or share it as a community recipe.")])
th("TRL", 5050, "issue", "ValueError: loss_type 'dapo ' not recognised",
   "My YAML had a trailing space in `loss_type: \"dapo \"` and GRPOConfig raises ValueError at start-up.",
   "2026-02-14T09:30:00Z", state="closed", author="yaml-fan", labels=["question"], closed="2026-02-14T12:00:00Z")
th("TRL", 5300, "discussion", "Listwise policy optimization in GRPOTrainer?",
   "The target-projection view in arXiv:2605.06139 looks like it could be a loss_type. Interest?",
   "2026-05-12T08:00:00Z", state="open", author="ranking-nerd", labels=["discussion"])
# ---------------------------------------------------------------- OpenRLHF
th("OpenRLHF", 620, "pull", "Add REINFORCE++",
   "Implements https://arxiv.org/pdf/2501.03262v1 as --advantage_estimator reinforce_plus_plus.",
   "2025-01-06T02:00:00Z", state="merged", author="openrlhf-dev", labels=["feature"], merged="2025-01-08T06:20:00Z")
th("OpenRLHF", 870, "issue", "Please add a Dr. GRPO advantage estimator",
   "Mean-only group baseline without std scaling, as in Dr. GRPO.", "2025-04-08T03:00:00Z", state="closed",
   author="ml-student-42", labels=["feature"], closed="2025-04-12T04:30:00Z")
th("OpenRLHF", 1005, "issue", "KL divergence blows up after 150 steps",
   "With init_kl_coef=0 the KL to the reference goes from 0.01 to 40 in 20 steps and the outputs degrade.",
   "2025-06-18T05:00:00Z", state="closed", author="kl-hunter", labels=["training"], closed="2025-06-25T05:00:00Z",
   failure="KL blow-up",
   comments=[("openrlhf-dev", "2025-06-20T08:05:00Z", "Keep a small KL coefficient; a KL-Cov flag is coming in #1010.")])
th("OpenRLHF", 1340, "issue", "VAPO support?", "Any plan for the value-based VAPO recipe with length-adaptive GAE?",
   "2025-11-05T06:00:00Z", state="closed", author="value-fan", labels=["feature"], closed="2025-11-20T09:10:00Z",
   comments=[("openrlhf-dev", "2025-11-06T01:00:00Z", "Reference: https://arxiv.org/abs/2504.05118 - will add the lambda option.")])
th("OpenRLHF", 1390, "issue", "ModuleNotFoundError: No module named 'flash_attn' in Ray actor",
   "The driver imports fine but Ray workers fail with ModuleNotFoundError.", "2025-11-28T10:00:00Z",
   state="closed", author="ray-user", labels=["installation"], closed="2025-11-29T10:00:00Z")
th("OpenRLHF", 1450, "pull", "Add PIPO policy loss",
   "Implements the sliding-window improvement check of PIPO (2604.00860) as --policy_loss_type pipo.",
   "2026-04-10T04:00:00Z", state="closed", author="pipo-fan", labels=["feature"], closed="2026-05-02T10:00:00Z",
   comments=[("openrlhf-dev", "2026-04-12T08:00:00Z", "Thanks. Could you add a convergence curve on a math set and a unit test?"),
             ("pipo-fan", "2026-04-20T09:00:00Z", "I will come back to this once I have the compute.")])
th("OpenRLHF", 1600, "pull", "Add WAPO positive-advantage policy loss",
   "Adds --policy_loss_type wapo following 2606.16154.", "2026-06-28T04:00:00Z", state="merged",
   author="openrlhf-dev", labels=["feature"], merged="2026-07-01T07:00:00Z")
# ---------------------------------------------------------------- NeMo-RL
th("NeMo-RL", 210, "pull", "feat: clip-higher by default",
   "Sets ratio_clip_max=0.28 in grpo_math_1B following DAPO (arXiv:2503.14476).", "2025-04-22T15:00:00Z",
   state="merged", author="nemo-dev", labels=["enhancement"], merged="2025-04-25T16:00:00Z")
th("NeMo-RL", 260, "pull", "example: off-policy trace mixing",
   "Example script mixing teacher traces into GRPO batches, as in LUFFY (https://arxiv.org/abs/2504.14945).",
   "2025-05-01T11:00:00Z", state="merged", author="nemo-dev", labels=["example"], merged="2025-05-05T12:30:00Z")
th("NeMo-RL", 480, "issue", "Reference policy reset for prolonged training",
   "ProRL (https://arxiv.org/abs/2505.24864) resets the reference model periodically; can GRPO config expose it?",
   "2025-06-03T18:00:00Z", state="closed", author="long-run", labels=["enhancement"], closed="2025-06-12T20:15:00Z")
th("NeMo-RL", 700, "issue", "Grad norm spikes to 1e4 and loss diverges (Llama-3.1-8B)",
   "grad_norm jumps from ~1 to 1.2e4 at step 812 and the loss diverges afterwards, even with max_grad_norm=1.0.",
   "2025-07-15T09:00:00Z", state="closed", author="llama-rl", labels=["bug"], closed="2025-07-30T09:00:00Z",
   failure="grad-norm explosion")
th("NeMo-RL", 1002, "issue", "Config error: tensor_parallel_size must divide number of attention heads",
   "Setting policy.generation.vllm_cfg.tensor_parallel_size=3 fails validation at start-up.",
   "2025-09-25T07:00:00Z", state="closed", author="config-user", labels=["question"], closed="2025-09-25T09:00:00Z")
# ---------------------------------------------------------------- ROLL
th("ROLL", 110, "issue", "GiGPO for the agentic pipeline",
   "Step-level grouping from 2505.10978 would help our multi-turn FrozenLake runs.", "2025-06-05T03:00:00Z",
   state="closed", author="agent-builder", labels=["enhancement"], closed="2025-06-10T08:00:00Z")
th("ROLL", 280, "issue", "Outputs become garbled after 500 steps",
   "Responses turn into repeated tokens and mixed-language text after ~500 steps; reward drops at the same time.",
   "2025-08-12T06:00:00Z", state="closed", author="rlvr-user", labels=["bug"], closed="2025-08-30T06:00:00Z",
   failure="garbled output")
th("ROLL", 700, "pull", "feat: MHPO ratio modulation",
   "Implements the hazard-aware ratio modulation of https://arxiv.org/abs/2603.16929.", "2026-03-20T05:00:00Z",
   state="merged", author="roll-dev", labels=["feature"], merged="2026-03-25T09:00:00Z")
th("ROLL", 760, "issue", "Installation fails building the megatron-core wheel",
   "pip install -e . stops with a compiler error while building megatron-core.", "2026-05-28T02:00:00Z",
   state="open", author=None, labels=["installation"],
   comments=[(None, "2026-05-29T02:00:00Z", "Same here with gcc 13.")])
# ---------------------------------------------------------------- slime
th("slime", 180, "pull", "Add GSPO advantage estimator",
   "Adds --advantage-estimator gspo (sequence-level ratio, 2507.18071).", "2025-08-02T09:00:00Z", state="merged",
   author="slime-dev", labels=["feature"], merged="2025-08-05T12:00:00Z")
th("slime", 295, "issue", "Train/rollout log-prob mismatch grows on MoE",
   "The gap between SGLang and Megatron log-probs keeps growing on a 30B MoE until training diverges "
   "after step 400 - a training-inference mismatch.", "2025-09-10T04:00:00Z", state="closed", author="moe-trainer",
   labels=["training"], closed="2025-09-15T09:00:00Z", failure="training-inference mismatch",
   comments=[("slime-dev", "2025-09-15T08:59:00Z", "Use --use-tis (#300) to correct with truncated importance sampling.")])
th("slime", 930, "issue", "Plans to support SAPO?",
   "Is the soft-gated SAPO loss on the roadmap?", "2025-12-02T07:00:00Z", state="open", author="gate-curious",
   labels=["enhancement"])
th("slime", 600, "issue", "Positive amplification for retried rollouts",
   "R3L (https://arxiv.org/abs/2601.03715) up-weights successful retries; a simple weight flag would do.",
   "2026-01-10T06:00:00Z", state="closed", author="retry-fan", labels=["enhancement"], closed="2026-01-15T08:20:00Z")
th("slime", 1100, "issue", "Add dtgpo estimator (synthetic demo entry)",
   "Request for the invented DTGPO method, arXiv 2608.99001 (a synthetic demo paper).", "2026-09-02T06:00:00Z",
   state="closed", author="demo-user", labels=["enhancement"], closed="2026-09-10T11:00:00Z")
# ---------------------------------------------------------------- AReaL
th("AReaL", 140, "issue", "How does the code map to the paper?",
   "Which module implements the decoupled objective from arXiv:2505.24298?", "2025-05-31T03:00:00Z",
   state="closed", author="reader-01", labels=["question"], closed="2025-06-01T06:30:00Z")
th("AReaL", 290, "issue", "Sequence-level importance sampling option",
   "Could the actor support a sequence-level ratio for MoE stability?", "2025-08-28T02:00:00Z", state="closed",
   author="moe-trainer", labels=["enhancement"], closed="2025-09-05T10:00:00Z",
   comments=[("areal-dev", "2025-08-29T02:00:00Z", "Sure, following https://arxiv.org/abs/2507.18071 (GSPO).")])
th("AReaL", 520, "pull", "Add SAPO soft-gate loss switch",
   "Adds actor.use_sapo_loss following https://arxiv.org/abs/2511.20347.", "2025-12-04T03:00:00Z",
   state="merged", author="areal-dev", labels=["feature"], merged="2025-12-08T07:45:00Z")
th("AReaL", 690, "discussion", "Make GiGPO the default for agent workflows?",
   "Most of our multi-turn runs use GiGPO anyway; proposing it as the AgentPPOConfig default.",
   "2026-01-22T05:00:00Z", state="closed", author="areal-dev", closed="2026-01-28T12:05:00Z", labels=["discussion"])
