"""Hand-written demo histories of the seven frameworks (invented commits, realistic layout).

Each framework is a list of first-parent commits on main.  A commit carries a UTC date, an author, a
subject ending in "(#PR)", and the full text of every file it touches (None deletes the file).  A commit may
carry a `side` commit: it is then written as a merge whose second parent is that side commit.
"""
from datetime import datetime, timezone

from rl_inclusion.demo._files import (  # the file contents the commits carry
    AREAL_README, DAPO_MAIN, DAPO_SH, NEMO_LUFFY, NEMO_README, NEMO_RUN, ORL_README, ROLL_README,
    SLIME_CAPO, SLIME_README, TRL_GRPO_TRAINER, TRL_GSPO_TOKEN, TRL_README, VERL_ENTROPY_DOC, VERL_README, _lines,
    areal_actor, areal_cli, nemo_grpo, nemo_loss, nemo_yaml, orl_cli, orl_experience, orl_loss,
    roll_actor, roll_agentic_utils, roll_rlvr_config, roll_worker_config, slime_args, slime_loss, trl_grpo_config, trl_rloo_config,
    verl_actor_cfg, verl_algo_py, verl_core, verl_yaml,
)


# ------------------------------------------------------------------ contribution rules (our own wording)
CONTRIB = {
    "verl": {
        "CONTRIBUTING.md": _lines(
            "# Contributing", "",
            "New algorithms are welcome. Please open an issue or a discussion before you start, so the design is",
            "agreed first.", "",
            "* Add unit tests for new loss functions and advantage estimators.",
            "* Update the documentation under docs/algo when you add an option.",
            "* For a new RL algorithm, attach convergence evidence: reward curves of a run against the baseline,",
            "  for example a wandb report."),
        ".github/PULL_REQUEST_TEMPLATE.md": _lines(
            "### What does this PR do?", "", "### Checklist", "",
            "- [ ] Link the related issue(s) above.", "- [ ] Add or update unit tests.",
            "- [ ] Update the documentation.", "- [ ] Paste benchmark results or learning curves for algorithm changes."),
        ".github/CODEOWNERS": "/verl/trainer/ @verl-maintainers\n/recipe/ @verl-recipes\n",
    },
    "TRL": {
        "CONTRIBUTING.md": _lines(
            "# How to contribute", "",
            "Before adding a new trainer or loss, open an issue to discuss it with the maintainers first: not",
            "every paper becomes a trainer.", "",
            "Write tests for your change and update the docs of any argument you add."),
        ".github/PULL_REQUEST_TEMPLATE.md": _lines(
            "# What does this PR do?", "", "Fixes # (issue)", "",
            "## Before submitting", "- [ ] Did you write any new necessary tests?",
            "- [ ] Did you update the documentation with your changes?"),
    },
    "OpenRLHF": {
        ".github/PULL_REQUEST_TEMPLATE.md": _lines(
            "## Summary", "", "## Test plan", "- [ ] I added tests or explain why none are needed.",
            "- [ ] Benchmark results for training changes (before / after)."),
    },
    "NeMo-RL": {
        "CONTRIBUTING.md": _lines(
            "# Contributing to NeMo RL", "",
            "Every commit must be signed off under the Developer Certificate of Origin: use `git commit -s`.",
            "Pull requests without a Signed-off-by line cannot be merged.", "",
            "Add unit tests for new features; functional tests for new algorithms should show convergence."),
        ".github/CODEOWNERS": "* @nemo-rl-maintainers\n",
    },
    "ROLL": {
        "CONTRIBUTING.md": _lines(
            "# Contributing", "",
            "Before your first pull request, sign the Contributor License Agreement (CLA); the CLA bot checks it.",
            "Please add tests for new pipelines and update the documentation pages."),
    },
    "slime": {},
    "AReaL": {
        "CONTRIBUTING.md": _lines(
            "# Contributing to AReaL", "",
            "For large changes, write a short design proposal and open a discussion before coding.",
            "Include tests with every change."),
        ".github/pull_request_template.md": _lines(
            "## Description", "", "Related issue: #", "", "- [ ] Tests added", "- [ ] Docs updated"),
    },
}


def d(s):
    return datetime.strptime(s, "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc)


A = {  # invented contributor identities
    "v1": ("Haibin Chen", "haibin.chen@example.com"), "v2": ("Guangming Sun", "g.sun@example.com"),
    "v3": ("Chi Zhang", "chi.zhang@example.com"), "t1": ("Quentin Moreau", "quentin@example.com"),
    "t2": ("Kashif Rahman", "kashif.r@example.com"), "o1": ("Jian Lu", "jian.lu@example.com"),
    "n1": ("Terry Kim", "terry.kim@example.com"), "r1": ("Wei Gao", "wei.gao@example.com"),
    "s1": ("Zilin Zhu", "zilin.zhu@example.com"), "a1": ("Wei Fang", "wei.fang@example.com"),
    "x1": ("Lin Qiao", "lin.qiao@example.com"),
}


def C(date, who, subject, pr, files, side=None):
    return dict(date=d(date), author=A[who], subject=subject, pr=pr, files=files, side=side)


def verl():
    f = set()
    cs = []
    cs.append(C("2024-11-02 08:00", "v1", "Initial commit of the PPO trainer (#1)", 1, {
        "README.md": VERL_README, "setup.py": _lines("from setuptools import setup", "", 'setup(name="verl")'),
        "verl/trainer/ppo/core_algos.py": verl_core(f), "verl/trainer/config/ppo_trainer.yaml": verl_yaml(f),
        "verl/trainer/config/algorithm.py": verl_algo_py(f), "verl/workers/config/actor.py": verl_actor_cfg(f),
        **CONTRIB["verl"]}))
    f.add("rpp")
    cs.append(C("2025-01-21 09:30", "v2", "[algo] feat: add REINFORCE++ advantage estimator (#123)", 123, {
        "verl/trainer/ppo/core_algos.py": verl_core(f)}))
    cs.append(C("2025-03-20 14:05", "v3", "[recipe] feat: add DAPO recipe (#640)", 640, {
        "recipe/dapo/run_dapo_qwen2.5_32b.sh": DAPO_SH, "recipe/dapo/main_dapo.py": DAPO_MAIN,
        "recipe/dapo/README.md": _lines("# DAPO recipe", "", "Reproduces arXiv:2503.14476 (DAPO) with Qwen2.5-32B.")}))
    f.add("drgrpo")
    cs.append(C("2025-04-02 10:12", "v2", "[algo] feat: allow disabling std normalisation in GRPO advantage (#812)", 812, {
        "verl/trainer/ppo/core_algos.py": verl_core(f), "verl/trainer/config/algorithm.py": verl_algo_py(f)}))
    f.add("gpg")
    cs.append(C("2025-04-10 16:40", "v3", "[algo] feat: add GPG policy loss (#1002)", 1002, {
        "verl/trainer/ppo/core_algos.py": verl_core(f)}))
    f.add("clipcov")
    cs.append(C("2025-06-05 07:55", "v1", "[algo] feat: Clip-Cov and KL-Cov policy losses (#1830)", 1830, {
        "verl/trainer/ppo/core_algos.py": verl_core(f), "verl/workers/config/actor.py": verl_actor_cfg(f),
        "docs/algo/entropy.md": VERL_ENTROPY_DOC}))
    f.add("gspo")
    cs.append(C("2025-07-30 11:20", "v2", "[algo] feat: add GSPO policy loss (#2775)", 2775, {
        "verl/trainer/ppo/core_algos.py": verl_core(f)}))
    g = set(f) | {"gmpo"}
    side = C("2025-08-12 06:45", "x1", "[algo] feat: add GMPO policy loss (#2920)", 2920, {
        "verl/trainer/ppo/core_algos.py": verl_core(g)})
    f.add("gmpo")
    cs.append(C("2025-08-20 13:00", "v1", "Merge pull request #2920 from linqiao/gmpo", 2920, {
        "verl/trainer/ppo/core_algos.py": verl_core(f)}, side=side))
    f.add("sapo")
    cs.append(C("2025-11-30 09:00", "v3", "[algo] feat: add SAPO soft-gated policy loss (#4200)", 4200, {
        "verl/trainer/ppo/core_algos.py": verl_core(f), "verl/workers/config/actor.py": verl_actor_cfg(f)}))
    f.add("gdpo")
    cs.append(C("2026-01-20 15:30", "v2", "[algo] feat: GDPO reward-decoupled advantage (#4810)", 4810, {
        "verl/trainer/ppo/core_algos.py": verl_core(f)}))
    cs.append(C("2026-05-06 10:00", "v1", "[doc] chore: refresh quick start (#5402)", 5402, {
        "README.md": VERL_README + "\nSee docs/ for algorithm guides.\n"}))
    return cs


def trl():
    f = set()
    cs = [C("2024-10-15 12:00", "t1", "Add RLOO config scaffolding (#2210)", 2210, {
        "README.md": TRL_README, "trl/trainer/rloo_config.py": trl_rloo_config(f), **CONTRIB["TRL"]})]
    cs.append(C("2025-01-20 17:10", "t1", "Add GRPOTrainer (#2565)", 2565, {
        "trl/trainer/grpo_config.py": trl_grpo_config(f), "trl/trainer/grpo_trainer.py": TRL_GRPO_TRAINER}))
    f.add("lt")
    cs.append(C("2025-04-01 09:45", "t2", "Add loss_type with BNPO and Dr. GRPO options (#3256)", 3256, {
        "trl/trainer/grpo_config.py": trl_grpo_config(f)}))
    f.add("dapo")
    cs.append(C("2025-05-20 15:00", "t2", "Use DAPO token normalisation as default loss_type (#3400)", 3400, {
        "trl/trainer/grpo_config.py": trl_grpo_config(f)}))
    cs.append(C("2025-08-05 08:30", "t1", "Add GSPO-token under trl.experimental (#3820)", 3820, {
        "trl/experimental/gspo_token/__init__.py": "from .grpo_trainer import GRPOTrainer\n",
        "trl/experimental/gspo_token/grpo_trainer.py": TRL_GSPO_TOKEN}))
    f.add("cispo")
    cs.append(C("2025-10-02 13:15", "t2", "Add CISPO loss type (#4150)", 4150, {
        "trl/trainer/grpo_config.py": trl_grpo_config(f)}))
    f.add("sapo")
    cs.append(C("2025-12-10 10:40", "t1", "Add SAPO loss type (#4600)", 4600, {
        "trl/trainer/grpo_config.py": trl_grpo_config(f)}))
    return cs


def openrlhf():
    f = set()
    cs = [C("2024-10-20 03:00", "o1", "Initial Ray PPO CLI (#450)", 450, {
        "README.md": ORL_README, "openrlhf/cli/train_ppo_ray.py": orl_cli(f),
        "openrlhf/trainer/ppo_utils/experience_maker.py": orl_experience(f), "openrlhf/models/loss.py": orl_loss(f),
        **CONTRIB["OpenRLHF"]})]
    f.add("rpp")
    cs.append(C("2025-01-08 06:20", "o1", "Add REINFORCE++ advantage estimator (#620)", 620, {
        "openrlhf/cli/train_ppo_ray.py": orl_cli(f), "openrlhf/trainer/ppo_utils/experience_maker.py": orl_experience(f)}))
    f.add("r1")
    cs.append(C("2025-02-15 11:00", "o1", "Add think/answer format reward helper (#700)", 700, {
        "openrlhf/trainer/ppo_utils/experience_maker.py": orl_experience(f)}))
    f.add("drgrpo")
    cs.append(C("2025-04-12 04:30", "o1", "Support dr_grpo advantage estimator (#880)", 880, {
        "openrlhf/cli/train_ppo_ray.py": orl_cli(f), "openrlhf/trainer/ppo_utils/experience_maker.py": orl_experience(f)}))
    f.add("klcov")
    cs.append(C("2025-06-20 08:00", "o1", "Add KL-Cov regulariser flag (#1010)", 1010, {
        "openrlhf/cli/train_ppo_ray.py": orl_cli(f), "openrlhf/models/loss.py": orl_loss(f)}))
    f.add("vapo")
    cs.append(C("2025-11-20 09:10", "o1", "Add length-adaptive GAE option (#1350)", 1350, {
        "openrlhf/cli/train_ppo_ray.py": orl_cli(f)}))
    f.discard("klcov")
    cs.append(C("2025-12-01 05:00", "o1", "Remove unused KL-Cov flag (#1400)", 1400, {
        "openrlhf/cli/train_ppo_ray.py": orl_cli(f), "openrlhf/models/loss.py": orl_loss(f)}))
    f.add("wapo")
    cs.append(C("2026-07-01 07:00", "o1", "Add WAPO positive-advantage policy loss (#1600)", 1600, {
        "openrlhf/cli/train_ppo_ray.py": orl_cli(f), "openrlhf/models/loss.py": orl_loss(f)}))
    return cs


def nemo():
    f = set()
    cs = [C("2025-01-10 18:00", "n1", "Initial GRPO implementation (#1)", 1, {
        "README.md": NEMO_README, "examples/configs/grpo_math_1B.yaml": nemo_yaml(f),
        "examples/run_grpo_math.py": NEMO_RUN, "nemo_rl/algorithms/loss_functions.py": nemo_loss(f),
        "nemo_rl/algorithms/grpo.py": nemo_grpo(f), **CONTRIB["NeMo-RL"]})]
    f.add("dapo")
    cs.append(C("2025-04-25 16:00", "n1", "feat: clip-higher by default in grpo_math_1B (#210)", 210, {
        "examples/configs/grpo_math_1B.yaml": nemo_yaml(f)}))
    cs.append(C("2025-05-05 12:30", "n1", "feat: example script mixing off-policy traces (#260)", 260, {
        "examples/run_grpo_luffy.py": NEMO_LUFFY}))
    f.add("prorl")
    cs.append(C("2025-06-12 20:15", "n1", "feat: periodic reference policy reset (#500)", 500, {
        "nemo_rl/algorithms/grpo.py": nemo_grpo(f)}))
    f.add("gspo")
    cs.append(C("2025-09-02 14:00", "n1", "feat: sequence-level importance ratios (#950)", 950, {
        "nemo_rl/algorithms/loss_functions.py": nemo_loss(f)}))
    f.add("luffy_pkg")
    cs.append(C("2025-10-14 09:30", "n1", "feat: promote off-policy mixing into the loss config (#1180)", 1180, {
        "nemo_rl/algorithms/loss_functions.py": nemo_loss(f)}))
    return cs


def roll():
    f = set()
    cs = [C("2025-05-25 02:00", "r1", "Initial open-source release (#1)", 1, {
        "README.md": ROLL_README, "roll/pipeline/rlvr/rlvr_config.py": roll_rlvr_config(f),
        "roll/configs/worker_config.py": roll_worker_config(f), "roll/pipeline/agentic/utils.py": roll_agentic_utils(f),
        "roll/pipeline/rlvr/actor_worker.py": roll_actor(f), **CONTRIB["ROLL"]})]
    f.add("gigpo")
    cs.append(C("2025-06-10 08:00", "r1", "feat(agentic): add GiGPO advantage (#120)", 120, {
        "roll/pipeline/agentic/utils.py": roll_agentic_utils(f)}))
    f.add("rej")
    cs.append(C("2025-08-01 03:30", "r1", "feat: Reinforce-Rej group filter (#260)", 260, {
        "roll/configs/worker_config.py": roll_worker_config(f)}))
    f.add("gspo")
    cs.append(C("2025-08-20 06:00", "r1", "feat: sequence-level policy loss as RLVR default (#330)", 330, {
        "roll/pipeline/rlvr/rlvr_config.py": roll_rlvr_config(f)}))
    f.add("mhpo")
    cs.append(C("2026-03-25 09:00", "r1", "feat: MHPO ratio modulation (#700)", 700, {
        "roll/pipeline/rlvr/actor_worker.py": roll_actor(f)}))
    return cs


def slime():
    f = set()
    cs = [C("2025-06-20 10:00", "s1", "Initial release (#1)", 1, {
        "README.md": SLIME_README, "slime/utils/arguments.py": slime_args(f),
        "slime/backends/megatron_utils/loss.py": slime_loss(f), **CONTRIB["slime"]})]
    f.add("gspo")
    cs.append(C("2025-08-05 12:00", "s1", "Add GSPO advantage estimator (#180)", 180, {
        "slime/utils/arguments.py": slime_args(f), "slime/backends/megatron_utils/loss.py": slime_loss(f)}))
    f.add("tis")
    cs.append(C("2025-09-15 09:00", "s1", "Add --use-tis for rollout/training mismatch (#300)", 300, {
        "slime/utils/arguments.py": slime_args(f)}))
    cs.append(C("2025-10-28 15:00", "s1", "examples: curvature-aware masking run script (#420)", 420, {
        "examples/capo/run-qwen2.5-7B-capo.sh": SLIME_CAPO}))
    f.add("r3l")
    cs.append(C("2026-01-15 08:20", "s1", "Add positive amplification weight for retries (#610)", 610, {
        "slime/utils/arguments.py": slime_args(f)}))
    f.add("dtgpo")
    cs.append(C("2026-09-10 11:00", "s1", "Add dtgpo estimator (#1105)", 1105, {
        "slime/utils/arguments.py": slime_args(f)}))
    return cs


def areal():
    f = set()
    cs = [C("2025-03-01 04:00", "a1", "Initial release of AReaL (#1)", 1, {
        "README.md": AREAL_README, "areal/api/cli_args.py": areal_cli(f), **CONTRIB["AReaL"]})]
    cs.append(C("2025-06-01 06:30", "a1", "Implement decoupled PPO actor loss (#150)", 150, {
        "areal/engine/ppo/actor.py": areal_actor(f)}))
    f.add("gspo")
    cs.append(C("2025-09-05 10:00", "a1", "Add sequence-level importance sampling option (#300)", 300, {
        "areal/api/cli_args.py": areal_cli(f)}))
    f.add("sapo")
    cs.append(C("2025-12-08 07:45", "a1", "Add SAPO soft-gate loss switch (#520)", 520, {
        "areal/api/cli_args.py": areal_cli(f),
        "docs/algorithms/sapo.md": _lines("# SAPO", "", "Soft Adaptive Policy Optimization, arXiv:2511.20347.",
                                          "Enable with `actor.use_sapo_loss=true`.")}))
    f.add("gigpo")
    cs.append(C("2026-01-28 12:00", "a1", "Agent workflows: GiGPO advantage by default (#700)", 700, {
        "areal/api/cli_args.py": areal_cli(f)}))
    return cs


FRAMEWORKS = {"verl": verl, "TRL": trl, "OpenRLHF": openrlhf, "NeMo-RL": nemo, "ROLL": roll, "slime": slime,
              "AReaL": areal}
