"""Generated code on real histories: AWorld's history adds minified web bundles whose single lines run to
hundreds of kilobytes; reading them made the miner quadratic (matching names and string spans on one line)
and could not finish.  Built assets are skipped by path, and any line over ``MAX_LINE_BYTES`` is not read
and counted."""

from __future__ import annotations

import polars as pl

from gitbuild import GitBuilder
from rl_inclusion.frameworks_config import load_frameworks
from rl_inclusion.mining.miner import MAX_LINE_BYTES, mine
from rl_inclusion.names import name_index
from rl_inclusion.sources.git import RepoHandle


def test_minified_bundles_and_over_long_lines_are_not_read_and_are_counted(tmp_path):
    eligible = pl.DataFrame({"arxiv_id": ["2507.18071"], "eligible": [True], "method_name": ["GSPO"],
                             "aliases": [["gspo"]]})
    long_line = 'var a="gspo";' * (MAX_LINE_BYTES // 13 + 10)
    assert len(long_line) > MAX_LINE_BYTES
    g = GitBuilder(tmp_path / "repo")
    g.commit("init", "2025-01-05T12:00:00+00:00", files={"README.md": "x\n"})
    sha = g.commit("add web ui and the loss", "2025-08-01T12:00:00+00:00", files={
        "web/app.js": long_line + "\n",
        "web/dist/assets/flow-ABC.js": 'var b="gspo";\n',
        "web/vendor.min.js": 'var c="gspo";\n',
        "pkg/loss.py": 'if loss_type == "gspo":\n    pass\n',
    })
    fw = next(f for f in load_frameworks() if f.name == "verl")
    result = mine(RepoHandle(g.path, "refs/heads/main", "local"), fw, name_index(eligible))
    assert result.long_lines == 1
    assert result.events.select("sha", "path").unique().rows() == [(sha, "pkg/loss.py")]
    # two commits; one event (the loss line's name); nothing unreadable, one line not read
    assert result.summary() == "2 commits, 1 events, 1 generated over-long lines not read"


def test_the_mining_summary_names_only_what_was_left_unread():
    from rl_inclusion.mining.events import MiningResult

    events = pl.DataFrame({"x": [1, 2, 3]})
    assert MiningResult(events, 5, 0, "abc").summary() == "5 commits, 3 events"
    assert MiningResult(events, 5, 2, "abc", 4).summary() == \
        "5 commits, 3 events, 2 unreadable objects skipped, 4 generated over-long lines not read"


def test_string_spans_on_a_line_of_backslashes_with_an_unclosed_quote():
    # LaTeX in a model's log on AWorld's history: many backslashes and an apostrophe that never closes.  The
    # span pattern's alternatives overlapped on a backslash, so this backtracked exponentially (hours per line).
    from rl_inclusion.mining.lines import _prose_literal_spans

    line = "x = 'a \\frac{1}{2} q " + "\\\\a \\b " * 30
    assert _prose_literal_spans(line) == []
    assert _prose_literal_spans(line + " it's") == [(4, 235)]   # closed by the apostrophe at the end
    assert _prose_literal_spans('help="say \\"hi\\" to all of them", k=\'a\'') == [(5, 32)]
