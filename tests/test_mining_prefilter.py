"""The miner's name prefilter may only skip lines in which NameIndex.find finds nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rl_inclusion.ids import NameIndex
from rl_inclusion.mining.events import pr_number
from rl_inclusion.mining.prefilter import NamePrefilter

INDEX = NameIndex({"Dr. GRPO": ["a"], "dr_grpo": ["a"], "GSPO": ["b"], "REINFORCE++": ["c"], "Clip-Cov": ["d"],
                   "GiGPO": ["e"], "TreePO": ["f"]})
PIECES = ["dr", "Dr.", "GRPO", "grpo", "gspo", "GSPO", "REINFORCE", "++", "Clip", "-", "Cov", "Gi", "GPO", "tree",
          "PO", "compute", "Loss", " ", "_", "\n", "é", "\xff", "x", "1", "+", "s", "*", "A", ".", "-", "ing"]


def candidates(text: str) -> set[int] | None:
    return NamePrefilter(INDEX).candidate_lines(text.encode("utf-8", "surrogateescape"))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30))
def test_prefilter_never_drops_a_line_with_a_name(pieces):
    text = "".join(pieces)
    lines = text.split("\n")
    cand = candidates(text)
    for i, line in enumerate(lines):
        if INDEX.find(line):
            assert i in cand, (line, cand)


def test_prefilter_examples():
    text = "x = 1\ndef computeGSPOLoss():\nloss_type = 'dr_grpo'\nREINFORCE++ here\nnothing\n"
    assert candidates(text) == {1, 2, 3}
    assert NamePrefilter(NameIndex({})).candidate_lines(b"gspo\n") == set()


def test_pr_number_none_for_plain_subject():
    assert pr_number("Update README.md") is None
