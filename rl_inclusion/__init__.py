"""rl_inclusion: how RL post-training papers reach open-source training frameworks."""

__version__ = "0.1.0"
