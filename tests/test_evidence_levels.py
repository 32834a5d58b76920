"""Integration levels of cited ids (issue 11, levels): an arXiv id in the docstring or comments of a function that a
decorator enters into a registry speaks at the registry's level.

verl's ``geo_mean`` policy loss is registered with ``@register_policy_loss("geo_mean")`` and its docstring cites GMPO
(2507.20673); verl's pass@k estimator is registered with ``@register_adv_est(AdvantageEstimator.GRPO_PASSK)`` and
cites 2503.19595.  The id's own line is prose (a configuration option at most), so before this rule both papers came
out as configuration options in verl's copies, where the labels call them selectable algorithms.  An id under the
docstring's ``Args:`` documents a parameter (verl's GRPO estimator credits Dr. GRPO, 2503.20783, for dropping the std
division): it keeps its line's level, as the labels have it.
"""

from __future__ import annotations

from test_evidence_mechanisms import papers, run, utc

GMPO = ("2507.20673", utc(2025, 7, 28), "GMPO", ["gmpo"], [])
PASSK = ("2503.19595", utc(2025, 3, 25), None, [], [])
OTHER = ("2502.01234", utc(2025, 2, 3), None, [], [])
LATER = ("2504.04321", utc(2025, 4, 8), None, [], [])
DR_GRPO = ("2503.20783", utc(2025, 3, 26), None, [], [])

CORE = '''import torch


@register_policy_loss("geo_mean")
def compute_policy_loss_geo_mean(
    old_log_prob,
    log_prob,
) -> tuple:
    """Geometric-mean policy loss.

    Adapted from paper https://arxiv.org/abs/2507.20673
    """
    return old_log_prob


@register_adv_est(AdvantageEstimator.GRPO_PASSK)  # or simply: @register_adv_est("grpo_passk")
def compute_grpo_passk_outcome_advantage(token_level_rewards,
                                         index):
    """Implemented as described in https://arxiv.org/abs/2503.19595."""
    return token_level_rewards


@register_adv_est("grpo")
def compute_grpo_outcome_advantage(token_level_rewards, norm_adv_by_std_in_grpo=True):
    """GRPO's outcome advantage.

    Args:
        norm_adv_by_std_in_grpo: (bool)
            If False, the advantage is not scaled by the std, as in https://arxiv.org/abs/2503.20783.
    """
    return token_level_rewards


@torch.no_grad()
def entropy_of(logits):
    """A helper, as in https://arxiv.org/abs/2502.01234."""
    return logits


def compute_kl(a, b):
    # estimator of https://arxiv.org/abs/2504.04321
    return a - b
'''


def test_an_id_in_a_registered_functions_docstring_is_a_selectable_algorithm(tmp_path):
    shas, events, inc = run(tmp_path, "verl", [
        ("2025-01-05", "init", {"README.md": "x\n"}),
        ("2025-08-01", "add losses (#9)", {"verl/trainer/ppo/core_algos.py": CORE}),
    ], papers(GMPO, PASSK, OTHER, LATER, DR_GRPO))
    assert inc.select("arxiv_id", "integration_level", "first_sha").sort("arxiv_id").rows() == [
        ("2502.01234", "configuration option", shas[1]),    # decorated, but by no registry
        ("2503.19595", "selectable algorithm", shas[1]),    # registered by an enum member
        ("2503.20783", "configuration option", shas[1]),    # documents an argument of a registered function
        ("2504.04321", "configuration option", shas[1]),    # a comment in a plain function
        ("2507.20673", "selectable algorithm", shas[1]),    # registered by a quoted key
    ]


def test_a_registered_function_under_experimental_keeps_the_experimental_level(tmp_path):
    shas, events, inc = run(tmp_path, "verl", [
        ("2025-01-05", "init", {"README.md": "x\n"}),
        ("2025-08-01", "add an experimental loss (#9)", {"verl/experimental/gm/core_algos.py": CORE}),
    ], papers(GMPO, PASSK))
    assert inc.select("arxiv_id", "integration_level").sort("arxiv_id").rows() == [
        ("2503.19595", "experimental"), ("2507.20673", "experimental")]


def test_an_id_added_below_a_definition_outside_the_hunk_keeps_its_line_level(tmp_path):
    before = CORE.replace("    Adapted from paper https://arxiv.org/abs/2507.20673\n", "")
    shas, events, inc = run(tmp_path, "verl", [
        ("2025-01-05", "init", {"verl/trainer/ppo/core_algos.py": before.replace(
            '"""Implemented as described in https://arxiv.org/abs/2503.19595."""', '"""Pass@k."""')}),
        ("2025-08-01", "cite GMPO (#9)", {"verl/trainer/ppo/core_algos.py": before.replace(
            "Geometric-mean policy loss.\n", "Geometric-mean policy loss.\n    Adapted from paper "
            "https://arxiv.org/abs/2507.20673\n")}),
    ], papers(GMPO))
    # the diff holds the docstring line and its neighbours only: the definition is not in the hunk's added lines
    assert inc.select("arxiv_id", "integration_level", "first_sha").rows() == [
        ("2507.20673", "configuration option", shas[1])]


BASE_PY = '''from abc import ABC, abstractmethod


class CheckpointEngineWithCache(ABC):
    """Engine that keeps weights in a local cache while rollout requests go on.

    Laminar: https://arxiv.org/abs/2510.12633
    """

    @abstractmethod
    async def get_weights(self):
        """Weights from the local cache."""
        raise NotImplementedError
{extra}
'''
CONCRETE = '''
    def clear(self):
        self.cache = {}
'''


def test_an_id_in_the_docstring_of_an_interface_documents_it_and_a_concrete_class_implements(tmp_path):
    """verl's ``CheckpointEngineWithCache`` cites Laminar (2510.12633) above methods that are all abstract; the copies
    of verl that carry it were labelled false five times (inclusion-set-v41, v46, v57, v59, v62): an interface
    implements nothing.  One concrete method makes the class an implementation, and the id speaks as code again."""
    from test_evidence_failures import pairs, papers, run, utc
    eligible = papers(("2510.12633", utc(2025, 10, 14), "Laminar", ["laminar"]))
    for extra, expected in [("", "arxiv_id_docs"), (CONCRETE, "arxiv_id_code")]:
        shas, events, inc = run(tmp_path / expected, "verl", [
            ("2026-01-06", "feat: checkpoint engine (#1)", {"verl/checkpoint_engine/base.py": BASE_PY.format(extra=extra)}),
        ], eligible)
        # the name on that line is read only where the class implements something
        assert sorted(events.select("evidence_kind", "integration_level").rows()) == (
            [("arxiv_id_docs", "mentioned")] if expected == "arxiv_id_docs"
            else [("arxiv_id_code", "configuration option"), ("method_name_code", "configuration option")])
        assert pairs(inc) == ([] if expected == "arxiv_id_docs"
                              else [("2510.12633", "verl", shas[0], "configuration option")])
