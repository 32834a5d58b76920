"""File contents of the demo histories: each framework's files as functions of the features a commit has
switched on (``f``), so one commit can add a loss mode to a file another commit created."""

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
