"""Hand-written demo histories of the seven frameworks (invented commits, realistic layout).

Each framework is a list of first-parent commits on main.  A commit carries a UTC date, an author, a
subject ending in "(#PR)", and the full text of every file it touches (None deletes the file).  A commit may
carry a `side` commit: it is then written as a merge whose second parent is that side commit.
"""
from datetime import datetime, timezone

LIC = "# Copyright 2024 The {org} Authors.\n# Licensed under the Apache License, Version 2.0.\n"


def _lines(*parts):
    return "\n".join(p for p in parts if p is not None).rstrip("\n") + "\n"


# ------------------------------------------------------------------ verl
def verl_core(f):
    enum = ['    GAE = "gae"', '    GRPO = "grpo"']
    if "rpp" in f:
        enum.append('    REINFORCE_PLUS_PLUS = "reinforce_plus_plus"')
    if "gdpo" in f:
        enum.append('    GDPO = "gdpo"')
    out = [LIC.format(org="verl"), '"""Core functions to implement PPO-style algorithms."""', "",
           "from collections import defaultdict", "from enum import Enum", "", "import torch", "",
           "POLICY_LOSS_REGISTRY = {}", "ADV_ESTIMATOR_REGISTRY = {}", "", "",
           "def register_policy_loss(name):", "    def decorator(fn):", "        POLICY_LOSS_REGISTRY[name] = fn",
           "        return fn", "", "    return decorator", "", "",
           "def register_adv_est(name_or_enum):", "    def decorator(fn):",
           "        name = name_or_enum.value if isinstance(name_or_enum, Enum) else name_or_enum",
           "        ADV_ESTIMATOR_REGISTRY[name] = fn", "        return fn", "", "    return decorator", "", "",
           "class AdvantageEstimator(str, Enum):", '    """Names accepted by algorithm.adv_estimator."""', "",
           *enum, "", "",
           "@register_adv_est(AdvantageEstimator.GAE)",
           "def compute_gae_advantage_return(token_level_rewards, values, response_mask, gamma, lam):",
           '    """Generalized Advantage Estimation."""',
           "    raise NotImplementedError", "", "",
           "@register_adv_est(AdvantageEstimator.GRPO)",
           "def compute_grpo_outcome_advantage(token_level_rewards, response_mask, index, epsilon=1e-6,",
           "                                   norm_adv_by_std_in_grpo=True):",
           '    """Group-normalised outcome advantage.',
           ]
    if "drgrpo" in f:
        out.append("    If norm_adv_by_std_in_grpo is False the std scaling is skipped, as in Dr. GRPO "
                   "(https://arxiv.org/abs/2503.20783).")
    out += ['    """', "    scores = token_level_rewards.sum(dim=-1)", "    return scores, scores", ""]
    if "rpp" in f:
        out += ["", "@register_adv_est(AdvantageEstimator.REINFORCE_PLUS_PLUS)",
                "def compute_reinforce_plus_plus_outcome_advantage(token_level_rewards, response_mask, gamma):",
                '    """Global-batch whitened returns, see https://arxiv.org/abs/2501.03262."""',
                "    returns = torch.zeros_like(token_level_rewards)", "    return returns, returns", ""]
    if "gdpo" in f:
        out += ["", "@register_adv_est(AdvantageEstimator.GDPO)",
                "def compute_gdpo_outcome_advantage(reward_components, response_mask, index, epsilon=1e-6):",
                '    """Normalise each reward component inside its group before summing them.',
                "",
                "    Reference: https://arxiv.org/abs/2601.05242",
                '    """',
                "    return reward_components.sum(dim=-1), None", ""]
    out += ["", '@register_policy_loss("vanilla")',
            "def compute_policy_loss_vanilla(old_log_prob, log_prob, advantages, response_mask, config):",
            "    ratio = torch.exp(log_prob - old_log_prob)", "    return -(ratio * advantages).mean()", ""]
    if "gpg" in f:
        out += ["", '@register_policy_loss("gpg")',
                "def compute_policy_loss_gpg(old_log_prob, log_prob, advantages, response_mask, config):",
                '    """Plain policy gradient without ratio clipping (https://arxiv.org/abs/2504.02546)."""',
                "    return -(log_prob * advantages * response_mask).sum() / response_mask.sum()", ""]
    if "clipcov" in f:
        out += ["", '@register_policy_loss("clip_cov")',
                "def compute_policy_loss_clip_cov(old_log_prob, log_prob, advantages, response_mask, config):",
                '    """Detach gradients of high-covariance tokens (https://arxiv.org/abs/2505.22617)."""',
                "    cov = (advantages - advantages.mean()) * (log_prob - log_prob.mean())",
                "    return -(torch.exp(log_prob - old_log_prob) * advantages).mean(), cov", "",
                "", '@register_policy_loss("kl_cov")',
                "def compute_policy_loss_kl_cov(old_log_prob, log_prob, advantages, response_mask, config):",
                "    raise NotImplementedError", ""]
    if "gspo" in f:
        out += ["", '@register_policy_loss("gspo")',
                "def compute_policy_loss_gspo(old_log_prob, log_prob, advantages, response_mask, config):",
                '    """Sequence-level importance ratio, see https://arxiv.org/abs/2507.18071."""',
                "    seq_log_ratio = ((log_prob - old_log_prob) * response_mask).sum(-1) / response_mask.sum(-1)",
                "    return -(torch.exp(seq_log_ratio) * advantages[:, 0]).mean()", ""]
    if "gmpo" in f:
        out += ["", '@register_policy_loss("gmpo")',
                "def compute_policy_loss_gmpo(old_log_prob, log_prob, advantages, response_mask, config):",
                '    """Geometric-mean objective, https://arxiv.org/abs/2507.20673."""',
                "    log_ratio = torch.clamp(log_prob - old_log_prob, -0.4, 0.4)",
                "    return -(torch.exp((log_ratio * response_mask).mean(-1)) * advantages[:, 0]).mean()", ""]
    if "sapo" in f:
        out += ["", '@register_policy_loss("sapo")',
                "def compute_policy_loss_sapo(old_log_prob, log_prob, advantages, response_mask, config):",
                '    """Soft sigmoid gate instead of hard clipping (https://arxiv.org/abs/2511.20347)."""',
                "    ratio = torch.exp(log_prob - old_log_prob)",
                "    tau = torch.where(advantages > 0, config.tau_pos, config.tau_neg)",
                "    gate = torch.sigmoid(tau * (ratio - 1)) * 4 / tau",
                "    return -(gate * advantages).mean()", ""]
    return _lines(*out)


def verl_yaml(f):
    return _lines("# Format checks enforced on CI:", "data:", "  train_batch_size: 1024",
                  "  max_prompt_length: 512", "  max_response_length: 512", "actor_rollout_ref:", "  actor:",
                  "    ppo_mini_batch_size: 256", "    clip_ratio: 0.2", "    loss_agg_mode: token-mean",
                  "    policy_loss:", "      loss_mode: vanilla", "  rollout:", "    name: vllm", "    n: 1",
                  "algorithm:", "  gamma: 1.0", "  lam: 1.0", "  adv_estimator: gae", "  use_kl_in_reward: false",
                  "  kl_ctrl:", "    kl_coef: 0.001")


def verl_algo_py(f):
    out = [LIC.format(org="verl"), "from dataclasses import dataclass", "", "", "@dataclass",
           "class AlgoConfig:", '    gamma: float = 1.0', '    lam: float = 1.0', '    adv_estimator: str = "gae"']
    if "drgrpo" in f:
        out.append("    norm_adv_by_std_in_grpo: bool = True  # set False for Dr. GRPO")
    out.append("    use_kl_in_reward: bool = False")
    return _lines(*out)


def verl_actor_cfg(f):
    out = [LIC.format(org="verl"), "from dataclasses import dataclass", "", "", "@dataclass",
           "class PolicyLossConfig:", '    loss_mode: str = "vanilla"']
    if "clipcov" in f:
        out += ["    clip_cov_ratio: float = 0.0002", "    clip_cov_lb: float = 1.0", "    clip_cov_ub: float = 5.0",
                "    kl_cov_ratio: float = 0.0002"]
    if "sapo" in f:
        out += ["    tau_pos: float = 1.0", "    tau_neg: float = 1.05"]
    return _lines(*out)


VERL_README = _lines("# verl: Volcano Engine Reinforcement Learning for LLMs", "",
                     "verl is a flexible and efficient RL post-training library for large language models.", "",
                     "## Quick start", "", "```bash", "python3 -m verl.trainer.main_ppo data.train_files=...", "```")

VERL_ENTROPY_DOC = _lines("# Entropy control", "",
                          "Policy entropy tends to collapse early in RL for reasoning models.", "",
                          "* Clip-Cov and KL-Cov (arXiv:2505.22617) limit updates of high-covariance tokens; set",
                          "  `actor_rollout_ref.actor.policy_loss.loss_mode=clip_cov` or `kl_cov`.",
                          "* Related reading: restricting the gradient to high-entropy forking tokens,",
                          "  https://arxiv.org/abs/2506.01939 (not implemented in verl).")

DAPO_SH = _lines("#!/usr/bin/env bash", "set -xeuo pipefail", "# DAPO recipe, see https://arxiv.org/abs/2503.14476",
                 "project_name='DAPO'", "exp_name='DAPO-Qwen2.5-32B'", "clip_ratio_low=0.2", "clip_ratio_high=0.28",
                 "enable_overlong_buffer=True", "python3 -m recipe.dapo.main_dapo \\",
                 "    algorithm.adv_estimator=grpo \\", "    actor_rollout_ref.actor.clip_ratio_high=${clip_ratio_high} \\",
                 "    trainer.project_name=\"${project_name}\" trainer.experiment_name=\"${exp_name}\"")
DAPO_MAIN = _lines(LIC.format(org="verl"), '"""Entry point of the DAPO recipe: dynamic sampling on top of the PPO trainer."""',
                   "", "from verl.trainer.main_ppo import run_ppo", "", "",
                   "def main(config):", "    # filter groups whose rewards are all equal before the update", "    run_ppo(config)")

# ------------------------------------------------------------------ TRL
def trl_grpo_config(f):
    lt = ['"grpo"', '"bnpo"', '"dr_grpo"']
    if "dapo" in f:
        lt.append('"dapo"')
    if "cispo" in f:
        lt.append('"cispo"')
    if "sapo" in f:
        lt.append('"sapo"')
    default = '"dapo"' if "dapo" in f else '"bnpo"'
    out = [LIC.format(org="HuggingFace Team"), "from dataclasses import dataclass, field", "from typing import Literal", "",
           "from transformers import TrainingArguments", "", "", "@dataclass", "class GRPOConfig(TrainingArguments):",
           '    """Configuration class for the GRPOTrainer."""', "",
           "    num_generations: int = field(default=8, metadata={\"help\": \"Completions sampled per prompt.\"})",
           "    beta: float = field(default=0.0, metadata={\"help\": \"KL coefficient.\"})",
           "    epsilon: float = field(default=0.2, metadata={\"help\": \"Lower clipping bound.\"})"]
    if "lt" in f:
        out += ["    loss_type: Literal[" + ", ".join(lt) + "] = field(",
                "        default=" + default + ",",
                "        metadata={",
                '            "help": "How per-token losses are aggregated. "',
                "            \"'dr_grpo' divides by a constant (https://arxiv.org/abs/2503.20783). \""]
        if "dapo" in f:
            out.append("            \"'dapo' normalises by active tokens in the global batch (https://arxiv.org/abs/2503.14476). \"")
        if "cispo" in f:
            out.append("            \"'cispo' clips importance weights (https://arxiv.org/abs/2506.13585). \"")
        if "sapo" in f:
            out.append("            \"'sapo' uses soft gates (https://arxiv.org/abs/2511.20347), see tau_pos/tau_neg.\"")
        out += ["        },", "    )"]
    if "sapo" in f:
        out += ["    tau_pos: float = field(default=1.0)", "    tau_neg: float = field(default=1.05)"]
    out += ['    importance_sampling_level: str = field(default="token")']
    return _lines(*out)


def trl_rloo_config(f):
    return _lines(LIC.format(org="HuggingFace Team"), "from dataclasses import dataclass, field", "",
                  "from transformers import TrainingArguments", "", "", "@dataclass", "class RLOOConfig(TrainingArguments):",
                  "    rloo_k: int = field(default=2)", "    kl_coef: float = field(default=0.05)")


TRL_GRPO_TRAINER = _lines(LIC.format(org="HuggingFace Team"), "import torch", "", "from .grpo_config import GRPOConfig",
                          "", "", "class GRPOTrainer:", '    """Group Relative Policy Optimization trainer."""', "",
                          "    def _compute_loss(self, model, inputs):",
                          "        # format reward as used for DeepSeek-R1 (https://arxiv.org/abs/2501.12948)",
                          "        per_token_logps = inputs[\"logps\"]", "        return -per_token_logps.mean()")
TRL_GSPO_TOKEN = _lines(LIC.format(org="HuggingFace Team"),
                        '"""Experimental GSPO-token variant of the GRPO trainer (https://arxiv.org/abs/2507.18071)."""',
                        "", "import torch", "", "from ...trainer.grpo_trainer import GRPOTrainer", "", "",
                        "class GRPOTrainer(GRPOTrainer):", "    def _compute_loss(self, model, inputs):",
                        "        return self._compute_gspo_token_loss(inputs)", "",
                        "    def _compute_gspo_token_loss(self, inputs):",
                        "        seq_ratio = torch.exp(inputs[\"log_ratio\"].mean(-1, keepdim=True))",
                        "        return -(seq_ratio * inputs[\"advantages\"]).mean()")
TRL_README = _lines("# TRL - Transformer Reinforcement Learning", "",
                    "TRL is a library for post-training foundation models with SFT, DPO, GRPO and more.")

# ------------------------------------------------------------------ OpenRLHF
def orl_cli(f):
    choices = ['"gae"', '"reinforce"', '"rloo"']
    if "rpp" in f:
        choices.append('"reinforce_plus_plus"')
    if "drgrpo" in f:
        choices.append('"dr_grpo"')
    out = [LIC.format(org="OpenRLHF"), "import argparse", "", "", "def build_parser():",
           "    parser = argparse.ArgumentParser()",
           '    parser.add_argument("--pretrain", type=str, default=None)',
           '    parser.add_argument("--actor_learning_rate", type=float, default=1e-6)',
           '    parser.add_argument("--init_kl_coef", type=float, default=0.01)',
           "    parser.add_argument(", '        "--advantage_estimator",', "        type=str",
           "        choices=[" + ", ".join(choices) + "],", '        default="gae",',
           '        help="Advantage estimation method",', "    )"]
    out[out.index("        type=str")] = "        type=str,"
    if "klcov" in f:
        out.append('    parser.add_argument("--kl_cov_ratio", type=float, default=0.0, help="KL-Cov ratio, '
                   'https://arxiv.org/abs/2505.22617")')
    if "vapo" in f:
        out.append('    parser.add_argument("--vapo_length_adaptive_alpha", type=float, default=0.0, '
                   'help="Length-adaptive GAE lambda from VAPO (https://arxiv.org/abs/2504.05118)")')
    if "wapo" in f:
        out += ["    parser.add_argument(", '        "--policy_loss_type",', "        type=str,",
                '        choices=["ppo", "wapo"],', '        default="ppo",',
                '        help="Policy loss; see https://arxiv.org/abs/2606.16154",', "    )"]
    out += ["    return parser", "", "", 'if __name__ == "__main__":', "    args = build_parser().parse_args()"]
    return _lines(*out)


def orl_experience(f):
    out = [LIC.format(org="OpenRLHF"), "import torch", "", "", "class RemoteExperienceMaker:",
           "    def compute_advantages(self, rewards, args):",
           '        if args.advantage_estimator == "gae":', "            return self.get_gae(rewards)"]
    if "rpp" in f:
        out += ['        elif args.advantage_estimator == "reinforce_plus_plus":',
                "            # REINFORCE++ (https://arxiv.org/abs/2501.03262): whiten over the global batch",
                "            return (rewards - rewards.mean()) / (rewards.std() + 1e-8)"]
    if "drgrpo" in f:
        out += ['        elif args.advantage_estimator == "dr_grpo":',
                "            return rewards - rewards.mean(dim=-1, keepdim=True)"]
    out += ["        return rewards", ""]
    if "r1" in f:
        out += ["    def format_reward(self, text):",
                "        # <think>/<answer> format reward as in DeepSeek-R1, https://arxiv.org/abs/2501.12948",
                '        return float("<answer>" in text)', ""]
    return _lines(*out)


def orl_loss(f):
    out = [LIC.format(org="OpenRLHF"), "import torch", "import torch.nn as nn", "", "", "class PolicyLoss(nn.Module):",
           "    def __init__(self, clip_eps: float = 0.2, kl_cov_ratio: float = 0.0):" if "klcov" in f else
           "    def __init__(self, clip_eps: float = 0.2):",
           "        super().__init__()", "        self.clip_eps = clip_eps"]
    if "klcov" in f:
        out += ["        self.kl_cov_ratio = kl_cov_ratio"]
    out += ["", "    def forward(self, log_probs, old_log_probs, advantages):",
            "        ratio = (log_probs - old_log_probs).exp()",
            "        loss = -torch.min(ratio * advantages, ratio.clamp(1 - self.clip_eps, 1 + self.clip_eps) * advantages)"]
    if "klcov" in f:
        out += ["        if self.kl_cov_ratio > 0:", "            loss = loss + self._kl_cov_penalty(log_probs, advantages)"]
    if "wapo" in f:
        out += ["        if self.loss_type == \"wapo\":", "            loss = loss * (advantages > 0)"]
    out += ["        return loss.mean()"]
    return _lines(*out)


ORL_README = _lines("# OpenRLHF", "", "An easy-to-use, scalable RLHF framework built on Ray, vLLM and DeepSpeed.")

# ------------------------------------------------------------------ NeMo-RL
def nemo_yaml(f):
    clip_max = "  ratio_clip_max: 0.28  # clip-higher as in DAPO (https://arxiv.org/abs/2503.14476)" if "dapo" in f \
        else "  ratio_clip_max: 0.2"
    return _lines("grpo:", "  num_prompts_per_step: 32", "  num_generations_per_prompt: 16", "  max_num_steps: 1000000",
                  "loss_fn:", "  reference_policy_kl_penalty: 0.01", "  ratio_clip_min: 0.2", clip_max,
                  "  ratio_clip_c: null", "  token_level_loss: true",
                  "policy:", "  model_name: \"Qwen/Qwen2.5-1.5B\"", "  train_global_batch_size: 512")


def nemo_loss(f):
    out = ["# Copyright (c) 2025, NVIDIA CORPORATION.  All rights reserved.", "from typing import Literal, NotRequired, TypedDict",
           "", "import torch", "", "", "class ClippedPGLossConfig(TypedDict):", "    reference_policy_kl_penalty: float",
           "    ratio_clip_min: float", "    ratio_clip_max: float", "    token_level_loss: bool"]
    if "gspo" in f:
        out.append("    sequence_level_importance_ratios: NotRequired[bool]  # GSPO, https://arxiv.org/abs/2507.18071")
    if "luffy_pkg" in f:
        out.append('    off_policy_mixing: NotRequired[Literal["none", "luffy"]]')
    out += ["", "", "class ClippedPGLossFn:", "    def __init__(self, cfg: ClippedPGLossConfig):",
            "        self.cfg = cfg"]
    if "gspo" in f:
        out.append('        self.sequence_level_importance_ratios = cfg.get("sequence_level_importance_ratios", False)')
    out += ["", "    def __call__(self, logprobs, prev_logprobs, advantages, mask):", "        log_ratio = logprobs - prev_logprobs"]
    if "gspo" in f:
        out += ["        if self.sequence_level_importance_ratios:  # GSPO",
                "            log_ratio = (log_ratio * mask).sum(-1, keepdim=True) / mask.sum(-1, keepdim=True)"]
    out += ["        ratio = torch.exp(log_ratio)", "        return -(ratio * advantages * mask).sum() / mask.sum()"]
    return _lines(*out)


def nemo_grpo(f):
    out = ["# Copyright (c) 2025, NVIDIA CORPORATION.  All rights reserved.", "from typing import NotRequired, TypedDict",
           "", "", "class GRPOConfig(TypedDict):", "    num_prompts_per_step: int", "    num_generations_per_prompt: int",
           "    max_num_steps: int"]
    if "prorl" in f:
        out.append("    reference_policy_reset_steps: NotRequired[int]  # ProRL reference reset, https://arxiv.org/abs/2505.24864")
    return _lines(*out)


NEMO_RUN = _lines("# Copyright (c) 2025, NVIDIA CORPORATION.  All rights reserved.", '"""Run GRPO on math data."""',
                  "import argparse", "", "from nemo_rl.algorithms.grpo import GRPOConfig", "", "",
                  "def main():", "    parser = argparse.ArgumentParser()", '    parser.add_argument("--config", type=str)',
                  "    parser.parse_args()", "", "", 'if __name__ == "__main__":', "    main()")
NEMO_LUFFY = _lines("# Copyright (c) 2025, NVIDIA CORPORATION.  All rights reserved.",
                    '"""LUFFY-style mixing of off-policy teacher traces into GRPO batches (https://arxiv.org/abs/2504.14945)."""',
                    "import argparse", "", "", "def mix_luffy_batch(on_policy, off_policy, ratio=0.25):",
                    "    n_off = int(len(on_policy) * ratio)", "    return on_policy[n_off:] + off_policy[:n_off]", "", "",
                    'if __name__ == "__main__":', "    argparse.ArgumentParser().parse_args()")
NEMO_README = _lines("# NeMo RL", "", "A scalable toolkit for post-training models with reinforcement learning.")

# ------------------------------------------------------------------ ROLL
def roll_rlvr_config(f):
    pl = '"gspo"' if "gspo" in f else '"vanilla"'
    out = ["# Copyright (c) 2025, Alibaba Group.", "from dataclasses import dataclass, field", "", "", "@dataclass",
           "class RLVRConfig:",
           '    adv_estimator: str = field(default="grpo", metadata={"help": "Advantage estimator."})',
           '    rollout_batch_size: int = field(default=128)', '    num_return_sequences_in_group: int = field(default=8)']
    if "gspo" in f:
        out += ['    policy_loss: str = field(default="gspo", metadata={"help": "Sequence-level ratio; arXiv 2507.18071."})']
    else:
        out += ['    policy_loss: str = field(default="vanilla")']
    return _lines(*out)


def roll_worker_config(f):
    out = ["# Copyright (c) 2025, Alibaba Group.", "from dataclasses import dataclass, field", "", "", "@dataclass",
           "class WorkerConfig:", "    ppo_epochs: int = field(default=1)", "    max_grad_norm: float = field(default=1.0)"]
    if "rej" in f:
        out += ["    use_reinforce_rej_filter: bool = False  # drop all-correct and all-wrong groups",
                "    reinforce_rej_min_pass_rate: float = 0.0"]
    return _lines(*out)


def roll_agentic_utils(f):
    out = ["# Copyright (c) 2025, Alibaba Group.", "import torch", "", "",
           "def compute_agentic_advantage(batch, adv_estimator):", '    if adv_estimator == "grpo":',
           "        return batch[\"scores\"] - batch[\"scores\"].mean()"]
    if "gigpo" in f:
        out += ['    if adv_estimator == "gigpo":', "        return compute_gigpo_advantage(batch)"]
    out += ["    raise ValueError(adv_estimator)", ""]
    if "gigpo" in f:
        out += ["", "def compute_gigpo_advantage(batch, step_reward_weight=1.0):",
                '    """Episode-level plus anchor-state step-level advantages, https://arxiv.org/abs/2505.10978."""',
                "    return batch[\"episode_adv\"] + step_reward_weight * batch[\"step_adv\"]", ""]
    return _lines(*out)


def roll_actor(f):
    out = ["# Copyright (c) 2025, Alibaba Group.", "import torch", "", "", "class ActorWorker:",
           "    def loss_func(self, log_probs, old_log_probs, advantages):",
           "        ratio = torch.exp(log_probs - old_log_probs)"]
    if "mhpo" in f:
        out += ['        if self.pipeline_config.loss_type == "mhpo":',
                "            # log-fidelity modulator, https://arxiv.org/abs/2603.16929",
                "            ratio = 1 + torch.tanh(torch.log(ratio))"]
    out += ["        return -(ratio * advantages).mean()"]
    return _lines(*out)


ROLL_README = _lines("# ROLL: Reinforcement Learning Optimization for Large-Scale Learning", "",
                     "An efficient RL library for large language models on large GPU clusters.")

# ------------------------------------------------------------------ slime
def slime_args(f):
    est = ['"grpo"', '"ppo"']
    if "gspo" in f:
        est.append('"gspo"')
    if "dtgpo" in f:
        est.append('"dtgpo"')
    out = ["import argparse", "", "", "def add_algo_arguments(parser):",
           '    parser.add_argument("--eps-clip", type=float, default=0.2)',
           '    parser.add_argument("--eps-clip-high", type=float, default=None)',
           "    parser.add_argument(", '        "--advantage-estimator",', "        type=str,",
           "        choices=[" + ", ".join(est) + "],", '        default="grpo",', "    )"]
    if "tis" in f:
        out.append('    parser.add_argument("--use-tis", action="store_true", help="Truncated importance sampling '
                   'for rollout/training mismatch.")')
    if "r3l" in f:
        out.append('    parser.add_argument("--r3l-positive-amplification", type=float, default=1.0, '
                   'help="Up-weight successful retries (https://arxiv.org/abs/2601.03715)")')
    out += ["    return parser"]
    return _lines(*out)


def slime_loss(f):
    out = ["import torch", "", "", "def policy_loss_function(args, log_probs, old_log_probs, advantages):",
           "    log_ratio = log_probs - old_log_probs"]
    if "gspo" in f:
        out += ['    if args.advantage_estimator == "gspo":',
                "        log_ratio = log_ratio.mean(dim=-1, keepdim=True)  # sequence-level ratio"]
    out += ["    ratio = torch.exp(log_ratio)", "    return -(ratio * advantages).mean()"]
    return _lines(*out)


SLIME_CAPO = _lines("#!/bin/bash", "# CAPO: curvature-aware masking of samples that would destabilise the update (https://arxiv.org/abs/2510.00819)",
                    "set -ex", "python3 train.py \\", "   --advantage-estimator grpo \\", "   --capo-mask-ratio 0.08 \\",
                    "   --hf-checkpoint Qwen/Qwen2.5-7B")
SLIME_README = _lines("# slime", "", "An LLM post-training framework for RL scaling, connecting Megatron with SGLang.")

# ------------------------------------------------------------------ AReaL
def areal_cli(f):
    out = ["from dataclasses import dataclass, field", "", "", "@dataclass", "class PPOActorConfig:",
           '    group_size: int = field(default=1, metadata={"help": "Responses per prompt."})',
           '    eps_clip: float = field(default=0.2, metadata={"help": "Clipping factor."})',
           '    use_decoupled_loss: bool = field(default=False, metadata={"help": "Decoupled PPO objective."})']
    if "gspo" in f:
        out += ["    importance_sampling_level: str = field(", '        default="token",',
                "        metadata={\"help\": \"Use 'sequence' for GSPO (https://arxiv.org/abs/2507.18071).\"},", "    )"]
    if "sapo" in f:
        out += ["    use_sapo_loss: bool = field(", "        default=False,",
                '        metadata={"help": "Soft gate instead of clipping."},', "    )",
                "    sapo_tau_pos: float = 1.0", "    sapo_tau_neg: float = 1.05"]
    if "gigpo" in f:
        out += ["", "", "@dataclass", "class AgentPPOConfig(PPOActorConfig):",
                '    adv_estimator: str = field(default="gigpo", metadata={"help": "Step-level grouping for agents."})']
    return _lines(*out)


def areal_actor(f):
    out = ["import torch", "", "", "def ppo_actor_loss_fn(logprobs, proximal_logprobs, old_logprobs, advantages, eps_clip):",
           "    # Decoupled objective of the AReaL paper (https://arxiv.org/abs/2505.24298): the proximal policy",
           "    # anchors clipping while the behaviour policy only enters the importance weight.",
           "    ratio = torch.exp(logprobs - proximal_logprobs)",
           "    behav_weight = torch.exp(proximal_logprobs - old_logprobs)",
           "    return -(behav_weight * torch.min(ratio * advantages, ratio.clamp(1 - eps_clip, 1 + eps_clip) * advantages)).mean()"]
    return _lines(*out)


AREAL_README = _lines("# AReaL", "", "A large-scale asynchronous reinforcement learning system for reasoning and agents.",
                      "See the system paper, arXiv:2505.24298.")


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
