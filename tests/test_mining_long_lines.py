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
