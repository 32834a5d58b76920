"""contribution_rules: guides, templates and code owners read from the tree at each quarter's last commit."""

from __future__ import annotations

import json
from datetime import datetime, timezone

from rl_inclusion.mining.contribution import contribution_rules, load_contribution_config
from gitbuild import GitBuilder
from rl_inclusion.frameworks_config import load_frameworks
from rl_inclusion.sources.git import RepoHandle
from rl_inclusion.storage import replace_partitions


def _repo(tmp_path):
    g = GitBuilder(tmp_path / "repo")
    c1 = g.commit("init (#1)", "2025-02-10T08:00:00+00:00", files={
        "CONTRIBUTING.md": "# Contributing\n\nPlease add unit tests for every change.\n"
                           "All commits need a Signed-off-by line (DCO).\nBe kind.\n",
        "src/a.py": "x = 1\n"})
    g.commit("template (#2)", "2025-05-01T08:00:00+00:00", files={
        ".github/PULL_REQUEST_TEMPLATE.md": "## Checklist\n- [ ] Link the related issue\n"
                                            "- [ ] Updated the documentation\n"
                                            "- [ ] New algorithms: attach convergence curves\n",
        ".github/CODEOWNERS": "* @maintainers\n"})
    c3 = g.commit("late in Q2 (#3)", "2025-06-30T23:59:59+00:00", files={"src/b.py": "y = 2\n"})
    g.commit("Q3 starts (#4)", "2025-07-01T00:00:00+00:00", files={
        "docs/contributing.rst": "Open a discussion issue before large design changes.\n"
                                 "We require a signed Contributor License Agreement.\n"})
    return g, c1, c3


def test_rows_per_quarter(tmp_path):
    g, c1, c3 = _repo(tmp_path)
    fw = load_frameworks()[0]
    df = contribution_rules(RepoHandle(g.path, "refs/heads/main", "local"), fw,
                            ["2024Q4", "2025Q1", "2025Q2", "2025Q3"])
    rows = {r["quarter"]: r for r in df.iter_rows(named=True)}
    assert rows["2024Q4"]["sha"] is None and rows["2024Q4"]["has_guide"] is False
    q1 = rows["2025Q1"]
    assert (q1["sha"], q1["commit_date"]) == (c1, datetime(2025, 2, 10, 8, tzinfo=timezone.utc))
    assert (q1["guide_paths"], q1["pr_template_paths"], q1["codeowners_paths"]) == (["CONTRIBUTING.md"], [], [])
    assert [k for k in df.columns if k.startswith("requires_") and q1[k]] == ["requires_tests", "requires_dco"]
    assert json.loads(q1["evidence_json"]) == [
        {"requirement": "tests", "path": "CONTRIBUTING.md", "line": "Please add unit tests for every change."},
        {"requirement": "dco", "path": "CONTRIBUTING.md",
         "line": "All commits need a Signed-off-by line (DCO)."},
    ]
    q2 = rows["2025Q2"]   # the commit at 23:59:59 on 30 June is the last of Q2
    assert q2["sha"] == c3
    assert q2["pr_template_paths"] == [".github/PULL_REQUEST_TEMPLATE.md"]
    assert q2["codeowners_paths"] == [".github/CODEOWNERS"] and q2["has_codeowners"] is True
    assert [k for k in df.columns if k.startswith("requires_") and q2[k]] == [
        "requires_tests", "requires_docs", "requires_linked_issue", "requires_benchmark_evidence", "requires_dco"]
    q3 = rows["2025Q3"]
    assert q3["guide_paths"] == ["CONTRIBUTING.md", "docs/contributing.rst"]
    assert q3["requires_design_discussion"] is True and q3["requires_cla"] is True
    assert {"requirement": "cla", "path": "docs/contributing.rst",
            "line": "We require a signed Contributor License Agreement."} in json.loads(q3["evidence_json"])


def test_config_and_storage(tmp_path, con):
    cfg = load_contribution_config()
    assert cfg.pr_template_paths.match(".github/pull_request_template/feature.md")
    g, *_ = _repo(tmp_path)
    df = contribution_rules(RepoHandle(g.path, "refs/heads/main", "local"), load_frameworks()[0], ["2025Q1"], cfg)
    assert replace_partitions(con, "contribution_rules", df, ["2025Q1"]) == 1
    assert con.execute("select framework, quarter, requires_dco from contribution_rules").fetchall() == [
        ("verl", "2025Q1", True)]
