"""A name that ends in a number, written where the same stem carries another number in the file, numbers instances
of something (MAGIC's ``Agent0_ActorRollout`` beside ``Agent1_ActorRollout``, inclusion-set-v200): it is no method's
name (issue 11). The same name alone in a file stays a name."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rl_inclusion.mining.file_context import NumberedNames
from test_evidence_failures import pairs, papers, run, utc

AGENT0 = papers(("2511.16043", utc(2025, 11, 20), "Agent0", ["agent0"]))
TRAINER = "verl/separated_trainer/ray_trainer.py"


def _numbers(file_lines: list[str], line: str, name: str) -> bool:
    block = "".join(f"+{text}\n" for text in file_lines).encode()
    start = line.index(name)
    keys = {"agent0", "seqmaxk2", "seqmaxk3", "l1", "k15", "searchr1"}   # listed names, normalised
    return NumberedNames(block, keys).numbers(line, SimpleNamespace(start=start, end=start + len(name)))


@pytest.mark.parametrize("file_lines, line, name, numbered", [
    (["    Agent0_Actor = 0", "    Agent1_Actor = 1"], "    Agent0_Actor = 0", "Agent0", True),
    (["roles = [Role.Agent0_Critic, Role.Agent2_Critic]"], "roles = [Role.Agent0_Critic, Role.Agent2_Critic]",
     "Agent0", True),
    (["    Agent0_Actor = 0", "    Agent0_Critic = 1"], "    Agent0_Actor = 0", "Agent0", False),   # one number only
    (["from agent0 import Trainer", "model = 'Agent1B'"], "from agent0 import Trainer", "agent0", False),   # a size
    (["x = l1_loss + l2_loss"], "x = l1_loss + l2_loss", "l1", False),            # one letter: L1 beside an L2 norm
    (["use = 'kimi-k1.5'  # not k1.6"], "use = 'kimi-k1.5'  # not k1.6", "k1.5", False),   # a version
    (["reward = 'Search-R1'"], "reward = 'Search-R1'", "Search-R1", False),
    (["rs = 'seq_max_k2'", "if rs == 'seq_max_k3':"], "rs = 'seq_max_k2'", "seq_max_k2", False),   # the method's
    (["base = 'Video-R1'", "ours = 'Video-R2'"], "ours = 'Video-R2'", "Video-R2", False),   # a versioning letter
    (["class VideoR2Trainer(VideoR1Trainer):"], "class VideoR2Trainer(VideoR1Trainer):", "VideoR2", False),
    (["MEM1_PROMPT = 1", "import mem0"], "MEM1_PROMPT = 1", "MEM1", True),     # a word's numbered series
]
)
def test_a_name_of_a_numbered_series_numbers_instances(file_lines, line, name, numbered):
    assert _numbers(file_lines, line, name) is numbered


def test_agent0_among_numbered_roles_is_no_inclusion_and_alone_it_is(tmp_path):
    shas, events, inc = run(tmp_path, "verl", [
        ("2025-12-01", "init", {"verl/__init__.py": "x = 1\n"}),
        ("2025-12-05", "two agents (#3)", {TRAINER: "class Role(Enum):\n    Agent0_Actor = 0\n    Agent1_Actor = 1\n"}),
        ("2025-12-09", "agent0 trainer (#4)", {"verl/trainer/agent0_trainer.py": "class Agent0Trainer:\n    pass\n"}),
    ], AGENT0)
    assert pairs(inc) == [("2511.16043", "verl", shas[2], "configuration option")]
