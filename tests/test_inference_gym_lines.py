"""Three lines of VISTA-Gym, an inference gym for vision-language agents (inclusion-set-v185), that named methods the
code base does not implement: a docstring line of Chinese text, a word looked for in a solution's text, and a
submodule entry that names another repository (issue 11). Each is tried beside a line that does implement."""

from __future__ import annotations

import polars as pl
import pytest

from test_evidence_failures import pairs, papers, run_in_areal, utc


@pytest.mark.parametrize("line, context", [
    ('"""\n包含基础VLM动作和Chain-of-Focus工具\n"""\n', "comment"),
    ('TOOLS = {"chain-of-focus": ChainOfFocusTool}  # 工具\n', "code"),
])
def test_a_docstring_line_of_chinese_text_is_prose(tmp_path, line, context):
    shas, events, inc = run_in_areal(tmp_path, [("2026-03-03", "actions (#7)", {"areal/gym/actions.py": line})],
                                     papers(("2505.15436", utc(2025, 5, 21), "Chain-of-Focus",
                                             ["chain-of-focus", "chainoffocus"])))
    assert events.select("method_name", "context").rows() == [("chainoffocus", context)]


@pytest.mark.parametrize("line, context", [
    ("        elif 'verif' in line_lower or 'check' in line_lower:\n", "artifact"),
    ("        if 'verif' in response.lower():\n", "artifact"),
    ("        if cfg.reward_type == 'verif':\n", "code"),
    ("        if 'verif' in cfg.reward_modes:\n", "code"),   # a list of modes is no text
])
def test_a_word_looked_for_in_a_text_is_no_method(tmp_path, line, context):
    shas, events, inc = run_in_areal(tmp_path, [("2026-03-03", "math tool (#7)", {"areal/gym/multimath.py": line})],
                                     papers(("2506.09942", utc(2025, 6, 11), "VerIF", ["verif"])))
    assert events.select("method_name", "context").rows() == [("verif", context)]


def test_a_submodule_entry_names_another_repository(tmp_path):
    shas, events, inc = run_in_areal(tmp_path, [
        ("2026-03-08", "Add verl-tool-internvl submodule", {".gitmodules": (
            '[submodule "verl-tool-internvl"]\n\tpath = verl-tool-internvl\n'
            '\turl = https://github.com/example/verl-tool-internvl.git\n')}),
        ("2026-03-09", "tool server (#8)", {"areal/gym/server.py": 'SERVERS = {"verl_tool": VerlToolServer}\n'}),
    ], papers(("2509.01055", utc(2025, 9, 1), "VerlTool", ["verltool", "verl-tool"])))
    code = events.filter(pl.col("evidence_kind") == "method_name_code")
    assert code.select("path", "context").rows() == [("areal/gym/server.py", "code")]
    assert pairs(inc) == [("2509.01055", "AReaL", shas[2], "configuration option")]
