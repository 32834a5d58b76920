"""``rl-inclusion path`` and the ``inclusion_paths`` asset on the demo, against values worked out by hand
from the demo's sources (rl_inclusion/demo/_frameworks.py, _threads.py; EXPECTED.md)."""

import copy
import json
import subprocess
from pathlib import Path

import jsonschema
import pytest

from rl_inclusion.cli import main
from rl_inclusion.paths import build_inclusion_paths, git_commit_size, paths, render
from rl_inclusion.storage import connect

SCHEMA = json.loads((Path(__file__).parent.parent / "docs" / "path_schema.json").read_text())
VERL_ASKS = ["tests", "docs", "benchmark", "design discussion", "linked issue"]


@pytest.fixture(scope="module")
def db(demo_run):
    return demo_run.db  # the session's demo database (read only here)


def path_of(db, query, **kw):
    with connect(db, read_only=True) as con:
        (p,) = paths(con, query, **kw)
    return p, {f["framework"]: f for f in p["frameworks"]}


def test_an_included_method(db):
    p, fw = path_of(db, "GSPO")
    assert p["arxiv_id"] == "2507.18071" and p["modification_type"] == "new_objective"
    assert sorted(p["included_in"]) == ["AReaL", "NeMo-RL", "ROLL", "TRL", "slime", "verl"]
    # threads citing GSPO: verl #2760, TRL #3820, slime #180, AReaL #290, verl discussion #4100
    assert p["demand"] == {"threads": 5, "open_requests": 0, "unmerged_prs": 0}
    verl = fw["verl"]
    assert verl["status"] == "included" and verl["sibling"] is None
    assert verl["inclusion"]["level"] == "selectable algorithm" and verl["inclusion"]["since"] == "2025-07-30"
    where = dict(verl["inclusion"]["where"])
    commit = where.pop("commit")
    assert where == {"path": "verl/trainer/ppo/core_algos.py", "identifier": "registry",
                     "line": '@register_policy_loss("gspo")', "commit_date": "2025-07-30"}
    # the commit is the one on verl's main whose subject ends with (#2775), as git itself finds it
    with connect(db, read_only=True) as con:
        (repo,) = con.execute("SELECT repo_path FROM framework_mining_runs WHERE framework = 'verl'").fetchone()
    found = subprocess.run(["git", "log", "--first-parent", "--format=%H", "--grep=(#2775)", "--fixed-strings", "refs/heads/main"],
                           cwd=repo, capture_output=True, text=True, check=True).stdout.split()
    assert found == [commit]
    # #2775 adds one 7-line block (blank, decorator, def, docstring, two statements, blank) to core_algos.py; the
    # demo has no thread for #2775, so when it was opened, its comments and its reviews are unknown.
    assert verl["inclusion"]["pr"] == {"number": 2775, "url": "unknown", "files": 1, "lines_added": 7,
                                       "lines_deleted": 0, "days_to_merge": "unknown", "comments": "unknown",
                                       "reviews": "unknown"}
    trl = fw["TRL"]["inclusion"]
    assert (trl["level"], trl["since"]) == ("experimental", "2025-08-05")
    assert trl["where"]["path"] == "trl/experimental/gspo_token/__init__.py" and trl["where"]["identifier"] == "folder"
    # #3820: __init__.py (1 line) + grpo_trainer.py (licence 2 lines + blank + 14) = 18 lines in 2 files;
    # opened 2025-08-01 07:00, merged 2025-08-05 08:30: 4 days 1.5 hours = 4.0625 = 4.06 days; one review (trl-reviewer)
    assert trl["pr"] == {"number": 3820, "url": "https://github.com/huggingface/trl/pull/3820", "files": 2,
                         "lines_added": 18, "lines_deleted": 0, "days_to_merge": 4.06, "comments": 0, "reviews": 1}
    # no new_objective method (GSPO, GMPO, GPG) is in OpenRLHF
    assert fw["OpenRLHF"]["status"] == "not included" and fw["OpenRLHF"]["sibling"] is None
    assert fw["OpenRLHF"]["sibling_note"] == "no included new_objective method in OpenRLHF to follow"
    # verl's discussion #4100 cites GSPO, but GSPO is in verl: a thread about it, not a request
    assert fw["verl"]["open_requests"] == [] and [t["number"] for t in fw["verl"]["threads"]] == [2760, 4100]


def test_a_method_no_framework_includes(db):
    p, fw = path_of(db, "Listwise Policy Optimization")
    assert p["arxiv_id"] == "2605.06139" and p["included_in"] == []
    assert p["demand"] == {"threads": 1, "open_requests": 1, "unmerged_prs": 0}
    # verl holds GPG (2025-04-10), GSPO (2025-07-30) and GMPO (2025-08-20), all selectable: the latest wins
    sib = fw["verl"]["sibling"]
    assert (sib["arxiv_id"], sib["method_name"], sib["level"], sib["since"]) == (
        "2507.20673", "GMPO", "selectable algorithm", "2025-08-20")
    assert (sib["where"]["path"], sib["where"]["identifier"], sib["where"]["line"]) == (
        "verl/trainer/ppo/core_algos.py", "registry", '@register_policy_loss("gmpo")')
    # the merge of #2920 brings a 7-line block; opened 2025-08-10 05:00, merged 2025-08-20 13:00 = 10 days 8 hours = 10.33
    assert sib["pr"] == {"number": 2920, "url": "https://github.com/volcengine/verl/pull/2920", "files": 1,
                         "lines_added": 7, "lines_deleted": 0, "days_to_merge": 10.33, "comments": 0, "reviews": "unknown"}
    assert fw["verl"]["requirements"]["asks"] == VERL_ASKS and fw["verl"]["requirements"]["as_of_quarter"] == "2026Q3"
    assert fw["verl"]["requirements"]["guides"] == ["CONTRIBUTING.md"]
    # GSPO is the only new_objective method in the other five; ROLL has it as its default
    assert {f: (x["sibling"] or {}).get("method_name") for f, x in fw.items()} == {
        "AReaL": "GSPO", "NeMo-RL": "GSPO", "OpenRLHF": None, "ROLL": "GSPO", "slime": "GSPO", "TRL": "GSPO", "verl": "GMPO"}
    assert fw["ROLL"]["sibling"]["level"] == "default"
    # the TRL discussion #5300 asks for it and is open
    assert [t["url"] for t in fw["TRL"]["open_requests"]] == ["https://github.com/huggingface/trl/discussions/5300"]
    assert fw["TRL"]["unmerged_prs"] == []
    # slime has neither a contribution guide nor a PR template: nothing recorded, not "asks nothing"
    assert fw["slime"]["requirements"]["recorded"] is False and fw["slime"]["requirements"]["asks"] == []
    text = render([p])
    assert "verl        not included; nearest included new_objective method: GMPO (2507.20673)" in text
    assert "PR #2920: 7 lines added, 0 deleted in 1 file(s); 10.33 days to merge; 0 comment(s); reviews unknown" in text
    assert "open request: https://github.com/huggingface/trl/discussions/5300 (discussion, 2026-05-12)" in text


def test_nearest_sibling_prefers_present_then_strongest_then_latest(db):
    # PRIME (advantage estimator). verl: REINFORCE++ and GDPO, both selectable -> the later, GDPO.
    # OpenRLHF: REINFORCE++ selectable (2025-01-08) beats VAPO configuration option (2025-11-20).
    _, fw = path_of(db, "2502.01456")
    assert fw["verl"]["sibling"]["method_name"] == "GDPO"
    assert fw["OpenRLHF"]["sibling"]["method_name"] == "REINFORCE++"
    # high-entropy minority tokens (loss-level). OpenRLHF: Dr. GRPO and WAPO selectable, Clip-Cov removed -> WAPO.
    _, fw = path_of(db, "2506.01939")
    assert fw["OpenRLHF"]["sibling"]["method_name"] == "WAPO"


def test_json_validates_against_the_schema_and_the_schema_bites(db):
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    with connect(db, read_only=True) as con:
        ids = [r[0] for r in con.execute("SELECT arxiv_id FROM eligible_methods ORDER BY arxiv_id").fetchall()]
        every = [paths(con, a)[0] for a in ids]
    doc = json.loads(json.dumps(every))
    jsonschema.validate(doc, SCHEMA)
    bad = copy.deepcopy(doc)
    lpo = next(p for p in bad if p["arxiv_id"] == "2605.06139")
    next(f for f in lpo["frameworks"] if f["framework"] == "verl")["sibling"]["pr"]["days_to_merge"] = "soon"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, SCHEMA)
    bad = copy.deepcopy(doc)
    gspo = next(p for p in bad if p["arxiv_id"] == "2507.18071")
    next(f for f in gspo["frameworks"] if f["framework"] == "verl")["inclusion"] = None  # included without an inclusion
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, SCHEMA)


def test_size_is_unknown_without_the_clone(db, tmp_path):
    assert git_commit_size(str(tmp_path / "gone.git"), "0" * 40) is None
    _, fw = path_of(db, "GMPO", size_reader=lambda repo, sha: None)
    pr = fw["verl"]["inclusion"]["pr"]
    assert (pr["files"], pr["lines_added"], pr["lines_deleted"], pr["days_to_merge"]) == ("unknown", "unknown", "unknown", 10.33)


def test_cli_json_and_text(db, capsys):
    assert main(["path", "--db", str(db), "2605.06139", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    jsonschema.validate(doc, SCHEMA)
    assert doc[0]["method_name"] == "Listwise Policy Optimization"
    assert main(["path", "--db", str(db), "GMPO"]) == 0
    assert "verl        included as selectable algorithm since 2025-08-20" in capsys.readouterr().out
    assert main(["path", "--db", str(db), "no-such-method"]) == 2


def test_inclusion_paths_table_and_report(db):
    from rl_inclusion.report import build_report

    with connect(db, read_only=True) as con:
        stored = con.execute("SELECT * FROM inclusion_paths").pl().sort("arxiv_id", "framework")
        rebuilt = build_inclusion_paths(con).sort("arxiv_id", "framework")
        report = build_report(con)
    # seven eligible papers no framework includes (PRIME, high-entropy minority tokens, DeepSeek-V3.2's off-policy
    # sequence masking, eligible since issue 13, RGRA, PIPO, LPO, ZPPO) x 7 frameworks
    assert stored.height == 49 and stored["arxiv_id"].n_unique() == 7
    assert stored.to_dicts() == rebuilt.to_dicts()  # the asset wrote what the module computes
    row = stored.filter((stored["arxiv_id"] == "2605.06139") & (stored["framework"] == "verl")).to_dicts()[0]
    assert (row["sibling_method"], row["sibling_pr"], row["pr_files"], row["pr_lines_added"], row["pr_lines_deleted"],
            row["pr_days_to_merge"], row["pr_reviews"]) == ("GMPO", 2920, 1, 7, 0, 10.33, None)
    assert row["requirements"] == VERL_ASKS and row["demand_threads"] == 1
    trl = stored.filter((stored["arxiv_id"] == "2605.06139") & (stored["framework"] == "TRL")).to_dicts()[0]
    assert trl["open_requests"] == ["https://github.com/huggingface/trl/discussions/5300"]
    # the report's path table: PRIME (verl #1050), RGRA (TRL #4900), PIPO (OpenRLHF #1450) and LPO (TRL #5300) have
    # a thread each (the high-entropy paper, off-policy sequence masking and ZPPO none), so four papers x seven frameworks
    table = report.tables["paths"]
    assert table.height == 28 and table["paper"].unique(maintain_order=True).to_list() == [
        "PRIME (2502.01456)", "RGRA (2603.18756)", "PIPO (2604.00860)", "Listwise Policy Optimization (2605.06139)"]
    pipo = stored.filter((stored["arxiv_id"] == "2604.00860") & (stored["framework"] == "OpenRLHF")).to_dicts()[0]
    assert pipo["unmerged_prs"] == ["https://github.com/OpenRLHF/OpenRLHF/pull/1450"]
    verl = table.filter((table["framework"] == "verl") & (table["paper"].str.contains("2605.06139"))).to_dicts()[0]
    assert verl["nearest sibling"] == "GMPO (selectable algorithm)" and verl["PR"] == "#2920: +7/-0, 10.33 days"
    assert "## Paths to inclusion for the most-requested missing methods" in report.markdown


def test_unmerged_pull_requests_and_open_requests(db, tmp_path):
    """A closed, unmerged verl pull request and an open verl issue for LPO (added to a copy of the demo)."""
    import shutil

    copy_db = tmp_path / "copy.duckdb"
    shutil.copy(db, copy_db)
    with connect(copy_db) as con:
        for number, kind, state, url in [
                (5701, "pull", "closed", "https://github.com/volcengine/verl/pull/5701"),
                (5702, "issue", "open", "https://github.com/volcengine/verl/issues/5702")]:
            con.execute("INSERT INTO issue_threads SELECT * REPLACE (? AS thread_id, ? AS number, ? AS kind, ? AS state, "
                        "? AS url, NULL AS merged_at) FROM issue_threads WHERE thread_id = 'volcengine/verl#pull/2920'",
                        [f"volcengine/verl#{kind}/{number}", number, kind, state, url])
            con.execute("INSERT INTO paper_threads VALUES ('2605.06139', ?, 'verl', 'arxiv_id', '2605.06139')",
                        [f"volcengine/verl#{kind}/{number}"])
    p, fw = path_of(copy_db, "2605.06139")
    assert p["demand"] == {"threads": 3, "open_requests": 2, "unmerged_prs": 1}
    assert [t["url"] for t in fw["verl"]["unmerged_prs"]] == ["https://github.com/volcengine/verl/pull/5701"]
    assert [t["url"] for t in fw["verl"]["open_requests"]] == ["https://github.com/volcengine/verl/issues/5702"]
    assert "unmerged PR: https://github.com/volcengine/verl/pull/5701 (closed, 2025-08-10)" in render([p])
    jsonschema.validate(json.loads(json.dumps([p])), SCHEMA)
