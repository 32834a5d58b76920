"""A framework's hooks for a package the code base lacks are the copy's, not the code base's (issue 11, the
TransferQueue hooks of verl 0.6-0.7 copies: 33 of 45 such pairs of v122-v173 labelled not included)."""

from __future__ import annotations

from datetime import datetime, timezone

import polars as pl

from gitbuild import GitBuilder
from rl_inclusion.linking.inclusion import build_inclusion
from support import mine_with_verls_rules

ASYNCFLOW = "2507.01663"
ELIGIBLE = pl.DataFrame(
    {"arxiv_id": [ASYNCFLOW], "title": ["AsyncFlow: An Asynchronous Streaming RL Framework"],
     "published": [datetime(2025, 7, 2, tzinfo=timezone.utc)], "eligible": [True], "method_name": ["AsyncFlow"],
     "aliases": [["async_flow", "transfer_queue", "transferqueue"]], "quarter": ["2025Q3"]},
    schema_overrides={"published": pl.Datetime("us", "UTC"), "aliases": pl.List(pl.Utf8)})

BRIDGE = ("try:\n    from transfer_queue import (\n        TransferQueueClient,\n    )\nexcept ImportError:\n"
          "    TransferQueueClient = None\n\n\ndef create_transferqueue_client(config):\n"
          "    return TransferQueueClient(config)\n")
CONFIG = "transfer_queue:\n  enable: False\n"
MAIN = "def run(config):\n    if config.transfer_queue.enable:\n        return 1\n"
# the TransferQueue trainer of a recipe folder drives the hooks
DRIVER = "from verl.utils.transferqueue_utils import create_transferqueue_client\n"
HOOKS = {"verl/utils/transferqueue_utils.py": BRIDGE, "verl/trainer/config/ppo_trainer.yaml": CONFIG,
         "verl/trainer/main_ppo.py": MAIN, "recipe/transfer_queue/main_ppo.py": DRIVER}


def _framework_and_copy(tmp_path, copy_files: dict[str, str], framework_files: dict[str, str] | None = None):
    """verl adds the hooks (and ``framework_files``) in 2025; a code base copies them under ``src/`` in 2026 with
    ``copy_files`` beside them: (verl's sha, the copy's sha, events, inclusion)."""
    hooks = {**HOOKS, **(framework_files or {})}
    framework = GitBuilder(tmp_path / "framework")
    first = framework.commit("TransferQueue data system hooks (#3649)", "2025-10-21T12:00:00+00:00", files=hooks)
    copy = GitBuilder(tmp_path / "copy")
    # a whole tree: the recipe folders come three at a time, so the TransferQueue recipe is carried (and unused)
    others = {"src/recipe/dapo/main_dapo.py": "x = 1\n", "src/recipe/prime/main_prime.py": "x = 1\n"}
    copied = copy.commit("init", "2026-01-10T12:00:00+00:00",
                         files={**{f"src/{p}": t for p, t in hooks.items()}, **others, **copy_files})
    events = mine_with_verls_rules({"verl": framework, "copy": copy}, ELIGIBLE)
    return first, copied, events, build_inclusion(events, ELIGIBLE)


def _pairs(inclusion: pl.DataFrame) -> list[tuple]:
    return inclusion.select("arxiv_id", "framework", "first_sha", "integration_level").sort(
        "arxiv_id", "framework").rows()


def _copy_lines(events: pl.DataFrame) -> list[tuple]:
    return sorted(events.filter((pl.col("framework") == "copy") & (pl.col("linked_arxiv_id") == ASYNCFLOW)
                                & (pl.col("link_status") == "linked"))
                  .select("path", "snippet", "confidence").unique().rows())


def test_carried_hooks_for_a_package_the_copy_lacks_include_nothing(tmp_path):
    first, _, events, inc = _framework_and_copy(tmp_path, {"README.md": "our own method\n"})
    # verl's own hooks are verl's inclusion (it wrote them); the copy's are the same lines, later, and the copy
    # holds no transfer_queue package: low, whatever level they would have
    assert _pairs(inc) == [(ASYNCFLOW, "verl", first, "configuration option")]
    lines = _copy_lines(events)
    assert {c for _, _, c in lines} == {"low"}
    assert ("src/verl/utils/transferqueue_utils.py", "from transfer_queue import (", "low") in lines
    note = events.filter((pl.col("framework") == "copy") & (pl.col("path") == "src/verl/trainer/main_ppo.py")
                         & (pl.col("link_status") == "linked"))["evidence_note"].to_list()
    assert note == ["a framework's hook the code base carries, for a package it does not hold"]


def test_the_same_hook_line_in_a_file_of_the_code_bases_own_is_still_carried(tmp_path):
    # Agent-R1's own trainer repeats verl's ``if config.transfer_queue.enable:`` (inclusion-set-v136)
    _, _, _, inc = _framework_and_copy(tmp_path, {"agent_r1/main_agent_ppo.py": MAIN})
    assert [p[1] for p in _pairs(inc)] == ["verl"]


def test_a_launch_line_of_its_own_drives_the_hooks(tmp_path):
    script = "scripts/run.sh"
    first, copied, events, inc = _framework_and_copy(
        tmp_path, {script: "python3 -m verl.trainer.main_ppo transfer_queue.enable=True\n"})
    assert [p[:3] for p in _pairs(inc)] == [(ASYNCFLOW, "copy", copied), (ASYNCFLOW, "verl", first)]
    assert {c for _, _, c in _copy_lines(events)} >= {"medium"}


def test_a_copy_that_holds_the_package_implements_it(tmp_path):
    _, copied, _, inc = _framework_and_copy(
        tmp_path, {"transfer_queue/__init__.py": "from .client import TransferQueueClient\n",
                   "transfer_queue/client.py": "class TransferQueueClient:\n    pass\n"})
    assert [p[:3] for p in _pairs(inc)][0] == (ASYNCFLOW, "copy", copied)


def test_an_adapter_of_its_own_for_the_package_is_an_inclusion(tmp_path):
    # NeMo-RL's and ROLL's adapters for the TransferQueue library are their own lines, not verl's
    _, copied, _, inc = _framework_and_copy(
        tmp_path, {"nemo_rl/data_plane/adapters/transfer_queue.py":
                   "from transfer_queue import TransferQueueClient\n\n\nclass TransferQueueAdapter:\n"
                   "    def put(self, batch):\n        return TransferQueueClient.put(batch)\n"})
    assert [p[:3] for p in _pairs(inc)][0] == (ASYNCFLOW, "copy", copied)


def test_a_module_of_the_same_name_in_a_recipe_folder_is_not_the_package(tmp_path):
    # verl's recipe/transfer_queue/ holds the trainer that drives the hooks, not the package the bridge imports;
    # the copy carries it with the hooks
    recipe = {"recipe/transfer_queue/__init__.py": "", "recipe/transfer_queue/ray_trainer.py": MAIN}
    first, _, _, inc = _framework_and_copy(tmp_path, {}, recipe)
    assert _pairs(inc) == [(ASYNCFLOW, "verl", first, "configuration option")]


def test_a_later_copy_that_keeps_only_the_flag_carries_hooks_too(tmp_path):
    # a later verl copy keeps the flag (it sets an environment variable) without the bridge (VTool-R1's
    # training-v2, inclusion-set-v148): no import line, but the package is external to verl and every line is verl's
    framework = GitBuilder(tmp_path / "framework")
    first = framework.commit("TransferQueue data system hooks (#3649)", "2025-10-21T12:00:00+00:00", files=HOOKS)
    copy = GitBuilder(tmp_path / "copy")
    copy.commit("init", "2026-02-10T12:00:00+00:00",
                files={"verl/trainer/config/ppo_trainer.yaml": CONFIG, "verl/trainer/main_ppo.py": MAIN})
    events = mine_with_verls_rules({"verl": framework, "copy": copy}, ELIGIBLE)
    assert _pairs(build_inclusion(events, ELIGIBLE)) == [(ASYNCFLOW, "verl", first, "configuration option")]
    assert {c for _, _, c in _copy_lines(events)} == {"low"}


def test_a_dependency_declaration_does_not_drive_the_package(tmp_path):
    # OpenOneRec's copy declares the optional extra in its setup file (inclusion-set-v169): packaging, not use
    _, _, events, inc = _framework_and_copy(tmp_path, {"src/setup.py": '    "transferqueue": TQ_REQUIRES,\n'})
    assert [p[1] for p in _pairs(inc)] == ["verl"]
    assert ("src/setup.py", '"transferqueue": TQ_REQUIRES,', "low") in _copy_lines(events)


PREFIX_GROUPER = "2506.05433"


def test_an_option_that_calls_an_external_package_itself_counts_in_a_copy(tmp_path):
    # verl's use_prefix_grouper calls the prefix_grouper package, which verl does not ship; no recipe or experimental
    # trainer drives it (examples/prefix_grouper/ holds launch scripts): a copy's option is an inclusion
    eligible = pl.DataFrame(
        {"arxiv_id": [PREFIX_GROUPER],
         "title": ["Prefix Grouper: Efficient GRPO Training through Shared-Prefix Forward"],
         "published": [datetime(2025, 6, 5, tzinfo=timezone.utc)], "eligible": [True],
         "method_name": ["Prefix Grouper"],
         "aliases": [["prefix_grouper", "prefixgrouper"]], "quarter": ["2025Q2"]},
        schema_overrides={"published": pl.Datetime("us", "UTC"), "aliases": pl.List(pl.Utf8)})
    actor = "if self.config.use_prefix_grouper:\n    from prefix_grouper import PrefixGrouper\n"
    files = {"verl/workers/actor/dp_actor.py": actor,
             "examples/prefix_grouper/run_qwen3.sh": "python3 -m verl.trainer.main_ppo actor.use_prefix_grouper=True\n"}
    framework = GitBuilder(tmp_path / "framework")
    first = framework.commit("prefix grouper (#4100)", "2025-12-01T12:00:00+00:00", files=files)
    copy = GitBuilder(tmp_path / "copy")
    copied = copy.commit("init", "2026-02-10T12:00:00+00:00", files={"verl/workers/actor/dp_actor.py": actor})
    events = mine_with_verls_rules({"verl": framework, "copy": copy}, eligible)
    assert [p[:3] for p in _pairs(build_inclusion(events, eligible))] == [(PREFIX_GROUPER, "copy", copied),
                                                                           (PREFIX_GROUPER, "verl", first)]


def test_a_trainer_at_a_path_of_its_own_drives_the_hooks(tmp_path):
    # a trainer file at a path of its own (verl-recipe keeps verl's specRL recipe at specRL/, inclusion-set-v18): no
    # framework held that file there, so the code base drives the hooks
    _, copied, _, inc = _framework_and_copy(tmp_path, {"tq/transfer_queue/main_ppo.py": DRIVER})
    assert [p[:3] for p in _pairs(inc)][0] == (ASYNCFLOW, "copy", copied)
