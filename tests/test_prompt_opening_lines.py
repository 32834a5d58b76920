"""A prompt's first line (issue 11, inclusion-set-v188): DeepDive's reward server opens its judge prompt with
``JUDGE_PROMPT = <three quotes>You are judging a DeepDive deep-search agent answer.``, whose words spell DeepSearch's
name; the text of a triple-quoted string the line opens is prose when it holds prose, as a one-line help text is."""

from __future__ import annotations

import pytest

from test_evidence_failures import papers, run_in_areal, utc


@pytest.mark.parametrize("line, context", [
    ('JUDGE_PROMPT = """You are judging a DeepDive deep-search agent answer.\nBe strict.\n"""\n', "comment"),
    ('MODES = """deep-search\n"""\n', "code"),                    # one word, no prose
    ('    mode = "deep-search"  # """ is not opened here\n', "code"),
])
def test_the_first_line_of_a_prompt_is_prose(tmp_path, line, context):
    eligible = papers(("2509.25454", utc(2025, 9, 30), "DeepSearch", ["deepsearch", "deep-search"]))
    shas, events, inc = run_in_areal(tmp_path, [("2026-06-17", "reward (#7)", {"areal/reward/server.py": line})],
                                     eligible)
    assert events.select("method_name", "context").rows() == [("deepsearch", context)]
