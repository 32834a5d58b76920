"""A framework's tool lines a copy carries are the copy's, not the code base's (issue 11, after v143-v148)."""

from __future__ import annotations

from datetime import datetime, timezone

import polars as pl

from gitbuild import GitBuilder
from rl_inclusion.linking.carried_tools import carried_tool_lines
from rl_inclusion.linking.inclusion import build_inclusion
from support import mine_with_verls_rules

SEARCH_R1, GSPO, OTHER = "2503.09516", "2507.18071", "2501.00001"
ELIGIBLE = pl.DataFrame(
    {"arxiv_id": [SEARCH_R1, GSPO], "title": ["Search-R1", "Group Sequence Policy Optimization"],
     "published": [datetime(2025, 3, 12, tzinfo=timezone.utc), datetime(2025, 7, 24, tzinfo=timezone.utc)],
     "eligible": [True, True], "method_name": ["Search-R1", "GSPO"], "aliases": [["search_r1"], []],
     "quarter": ["2025Q1", "2025Q3"]},
    schema_overrides={"published": pl.Datetime("us", "UTC"), "aliases": pl.List(pl.Utf8)})

TOOL = "from verl.tools.utils.search_r1_like_utils import perform_single_search_batch\n"
ALGO = 'def loss(cfg):\n    if cfg.loss_mode == "gspo":\n        return 1\n'


def _framework_and_copy(tmp_path, copy_files: dict[str, str]):
    """verl adds its search tool and a GSPO loss mode in 2025; a code base copies both under ``src/`` in 2026
    (``copy_files`` added beside them): (verl's sha, the copy's sha, events, inclusion)."""
    framework = GitBuilder(tmp_path / "framework")
    first = framework.commit("add a search tool and gspo (#1)", "2025-08-01T12:00:00+00:00", files={
        "verl/tools/search_tool.py": TOOL, "verl/trainer/ppo/core_algos.py": ALGO})
    copy = GitBuilder(tmp_path / "copy")
    copied = copy.commit("init", "2026-01-10T12:00:00+00:00", files={
        "src/verl/tools/search_tool.py": TOOL, "src/verl/trainer/ppo/core_algos.py": ALGO, **copy_files})
    events = mine_with_verls_rules({"verl": framework, "copy": copy}, ELIGIBLE)
    return first, copied, events, build_inclusion(events, ELIGIBLE)


def _pairs(inclusion: pl.DataFrame) -> list[tuple]:
    return inclusion.select("arxiv_id", "framework", "first_sha", "integration_level").sort(
        "arxiv_id", "framework").rows()


def test_a_carried_tool_line_is_the_copys_and_a_carried_loss_mode_still_counts(tmp_path):
    first, copied, events, inc = _framework_and_copy(tmp_path, {"README.md": "our own method\n"})
    # verl's search tool is verl's Search-R1; the copy's identical line at the same path under src/ is verl's too,
    # so Search-R1 is not the copy's.  GSPO's loss mode, also carried, is what the copy's trainer can select.
    assert _pairs(inc) == [(SEARCH_R1, "verl", first, "configuration option"),
                           (GSPO, "copy", copied, "selectable algorithm"),
                           (GSPO, "verl", first, "selectable algorithm")]
    carried = events.filter((pl.col("framework") == "copy") & (pl.col("linked_arxiv_id") == SEARCH_R1))
    assert carried.select("path", "confidence", "evidence_note").rows() == [
        ("src/verl/tools/search_tool.py", "low",
         "a framework's tool line the code base carries (another framework held it earlier at that path)")]


def test_the_copys_own_use_of_the_tool_still_counts(tmp_path):
    # the code base's own environment imports the same helper from a file of its own: its own training uses the tool
    first, copied, events, inc = _framework_and_copy(tmp_path, {"agent/search_env.py": TOOL})
    assert _pairs(inc) == [(SEARCH_R1, "copy", copied, "configuration option"),
                           (SEARCH_R1, "verl", first, "configuration option"),
                           (GSPO, "copy", copied, "selectable algorithm"),
                           (GSPO, "verl", first, "selectable algorithm")]
    own = events.filter((pl.col("framework") == "copy") & (pl.col("linked_arxiv_id") == SEARCH_R1))
    assert sorted(own.select("path", "confidence").rows()) == [
        ("agent/search_env.py", "medium"), ("src/verl/tools/search_tool.py", "low")]


def test_an_own_script_beside_the_carried_tool_makes_the_tool_the_code_bases(tmp_path):
    # SPADER's retriever script sits in the carried search_r1_like example folder (inclusion-set-v144): the code
    # base's own training uses the tool, so the carried search tool is its Search-R1 again
    script = "examples/sglang_multiturn/search_r1_like/run_ours.sh"
    first, copied, events, inc = _framework_and_copy(tmp_path, {script: "# serve the index for search_r1 rollouts\n"})
    assert _pairs(inc) == [(SEARCH_R1, "copy", copied, "configuration option"),
                           (SEARCH_R1, "verl", first, "configuration option"),
                           (GSPO, "copy", copied, "selectable algorithm"),
                           (GSPO, "verl", first, "selectable algorithm")]
    own = events.filter((pl.col("framework") == "copy") & (pl.col("linked_arxiv_id") == SEARCH_R1))
    assert sorted(own.select("path", "confidence").rows()) == [(script, "low"),
                                                               ("src/verl/tools/search_tool.py", "medium")]


def _event(framework: str, path: str, snippet: str, day: int, paper: str = SEARCH_R1, context: str = "code") -> dict:
    return {"framework": framework, "sha": f"{framework}{day}", "path": path, "snippet": snippet,
            "linked_arxiv_id": paper, "link_status": "linked", "change": "added",
            "commit_date": datetime(2025, 6, day, tzinfo=timezone.utc), "context": context}


def test_which_lines_are_carried():
    line = '"searchR1_nq",'
    events = pl.DataFrame([
        _event("verl", "verl/utils/reward_score/__init__.py", line, 1),
        # the same line later, at a path ending with verl's: carried
        _event("a", "lib/verl/utils/reward_score/__init__.py", "    " + line, 5),
        # a path that only ends with the same characters, not the same folders: not carried
        _event("b", "myverl/utils/reward_score/__init__.py", line, 5),
        # the same line in the same framework again: nothing another framework held
        _event("verl", "verl/utils/reward_score/__init__.py", line, 9),
        # a later framework never makes an earlier one's line carried: "c" holds it before "verl" does here
        # (another paper, whose only other line in verl would otherwise be verl's own use of the tool)
        _event("c", "verl/tools/x.py", "import y", 1, paper=OTHER), _event("verl", "verl/tools/x.py", "import y", 3,
                                                                          paper=OTHER),
        # not a tool location: an advantage estimator a copy carries is the copy's to select
        _event("verl", "verl/trainer/core_algos.py", line, 1), _event("d", "verl/trainer/core_algos.py", line, 5),
        # a file event (its line is its path) matches on the path alone
        _event("verl", "verl/tools/search_r1.py", "verl/tools/search_r1.py", 1),
        _event("e", "src/verl/tools/search_r1.py", "src/verl/tools/search_r1.py", 5),
        # another paper's identical line is not this paper's
        _event("f", "verl/tools/search_r1.py", "verl/tools/search_r1.py", 5, paper="2504.11536"),
        # a carried line, and a line of the code base's own for the paper in a tool location: the tool is used
        _event("g", "verl/utils/reward_score/__init__.py", line, 5), _event("g", "verl/tools/ours.py", "ours", 6),
        # a tool line a kept commit adds (the miner's ``context = 'kept'``): carried with no earlier line, and even
        # beside a tool line of the fork's own
        _event("h", "verl/tools/search_tool.py", "import s", 1, context="kept"), _event("h", "verl/tools/o.py", "o", 6),
    ])
    assert sorted(carried_tool_lines(events).select("framework", "path").rows()) == [
        ("a", "lib/verl/utils/reward_score/__init__.py"), ("e", "src/verl/tools/search_r1.py"),
        ("h", "verl/tools/search_tool.py"), ("verl", "verl/tools/x.py")]
    assert carried_tool_lines(events.clear()).columns == ["framework", "sha", "path", "snippet", "linked_arxiv_id",
                                                          "carried_tool"]
