"""One small real history that walks through every case the miner must get right.

main (first parent), all times 12:00 UTC:
  C1  2025-01-10  init: default config `adv_estimator: gae`, README
  C2  2025-08-01  Add GSPO loss (#101)           squash-merged PR: GSPO id + name in verl/losses.py
  C3  2025-08-15  docs: cite DAPO and VAPO       ids only in the README
      (branch alice/drgrpo: 2025-09-01 adds examples/dr_grpo/run.sh using dr_grpo)
  M   2025-09-03  Merge pull request #120        second parent adds the method (example level)
  C5  2025-10-01  Promote Dr. GRPO (#130)        `elif loss_mode == "dr_grpo":` in the package
  C6  2025-10-10  Move losses (#140)             rename verl/losses.py -> verl/algos/losses.py
  C7  2025-10-20  Add CISPO flag (#150)          experimental; CISPO claimed by two papers
  C8  2025-11-01  Make DAPO the default (#160)   default config line
  C9  2025-11-05  Revert ... (#161)              the only DAPO code line goes: removal
  C10 2025-11-10  Notes (#165)                   Latin-1 byte in a diff; a non-eligible id
  C11 2025-11-20  Add modes (#170)               its blob is deleted from the object store
  C12 2025-11-21  Add X (#171)                   diff from the missing blob: skipped
  C13 2025-11-22  Add Dr GRPO mode (#172)        diff between readable blobs: read
"""

from __future__ import annotations

from datetime import datetime, timezone

import polars as pl
import pytest

from rl_inclusion.linking.inclusion import build_inclusion, build_mentions, link_events
from rl_inclusion.names import name_index
from gitbuild import GitBuilder
from rl_inclusion.mining.events import EVENT_COLUMNS, pr_number
from rl_inclusion.mining.miner import mine
from rl_inclusion.frameworks_config import load_frameworks
from rl_inclusion.sources.git import RepoHandle


def utc(y, m, d, h=12):
    return datetime(y, m, d, h, tzinfo=timezone.utc)


def at(day: str) -> str:
    return f"{day}T12:00:00+00:00"


ELIGIBLE = pl.DataFrame(
    {
        "arxiv_id": ["2507.18071", "2503.14476", "2503.20783", "2504.05118", "2506.00001", "2506.00002", "2401.00001"],
        "title": ["GSPO", "DAPO", "Dr GRPO", "VAPO", "CISPO a", "CISPO b", "Not eligible"],
        "published": [utc(2025, 7, 24, 17), utc(2025, 3, 18, 9), utc(2025, 3, 26, 23), utc(2025, 4, 7),
                      utc(2025, 6, 1), utc(2025, 6, 2), utc(2024, 1, 1)],
        "eligible": [True, True, True, True, True, True, False],
        "method_name": ["GSPO", "DAPO", "Dr. GRPO", "VAPO", "CISPO", "CISPO", "Old"],
        "aliases": [["gspo"], [], ["dr_grpo", "drgrpo"], [], [], ["cispo_loss"], []],
        "quarter": ["2025Q3", "2025Q1", "2025Q1", "2025Q2", "2025Q2", "2025Q2", "2024Q1"],
    },
    schema_overrides={"published": pl.Datetime("us", "UTC")},
)


@pytest.fixture(scope="module")
def story(tmp_path_factory):
    g = GitBuilder(tmp_path_factory.mktemp("story") / "repo")
    s = {}
    s["C1"] = g.commit("init", at("2025-01-10"), files={
        "verl/trainer/config/ppo_trainer.yaml": "adv_estimator: gae\n",
        "verl/core.py": "x = 1\n", "README.md": "# verl\n"})
    s["C2"] = g.commit("Add GSPO loss (#101)", at("2025-08-01"), files={"verl/losses.py": (
        "def compute_gspo_loss(x):  # arXiv:2507.18071\n"
        "    if loss_mode == \"gspo\":\n"
        "        return x\n")})
    g.checkout("alice/drgrpo", create=True)
    s["F1"] = g.commit("dr grpo example", at("2025-09-01"),
                       files={"examples/dr_grpo/run.sh": "python train.py --loss-type dr_grpo\n"})
    g.checkout("main")
    s["C3"] = g.commit("docs: cite DAPO and VAPO", at("2025-08-15"), append={"README.md": (
        "Supports DAPO (https://arxiv.org/abs/2503.14476v2) and VAPO (arXiv:2504.05118).\n")})
    s["M"] = g.merge("alice/drgrpo", "Merge pull request #120 from alice/drgrpo", at("2025-09-03"))
    s["C5"] = g.commit("Promote Dr. GRPO into the package (#130)", at("2025-10-01"), append={"verl/losses.py": (
        "    elif loss_mode == \"dr_grpo\":\n"
        "        return x\n")})
    s["C6"] = g.move("verl/losses.py", "verl/algos/losses.py", "Move losses (#140)", at("2025-10-10"))
    s["C7"] = g.commit("Add CISPO flag (#150)", at("2025-10-20"),
                       files={"verl/experimental/cispo.py": "use_cispo: bool = False\n"})
    s["C8"] = g.commit("Make DAPO the default (#160)", at("2025-11-01"),
                       files={"verl/trainer/config/ppo_trainer.yaml": "adv_estimator: dapo\n"})
    s["C9"] = g.revert(s["C8"], 'Revert "Make DAPO the default (#160)" (#161)', at("2025-11-05"))
    s["C10"] = g.commit("Notes (#165)", at("2025-11-10"),
                        files={"verl/algos/notes.py": b"# caf\xe9: GSPO variant, see 2401.00001\n"})
    s["C11"] = g.commit("Add modes (#170)", at("2025-11-20"), files={"verl/algos/modes.py": 'GSPO_MODE = "gspo"\n'})
    missing = g.blob("HEAD:verl/algos/modes.py")
    s["C12"] = g.commit("Add X (#171)", at("2025-11-21"), append={"verl/algos/modes.py": "X = 1\n"})
    s["C13"] = g.commit("Add Dr GRPO mode (#172)", at("2025-11-22"),
                        append={"verl/algos/modes.py": 'DRGRPO_MODE = "dr_grpo"\n'})
    g.delete_loose_object(missing)
    fw = next(f for f in load_frameworks() if f.name == "verl")
    result = mine(RepoHandle(g.path, "refs/heads/main", "local"), fw, name_index(ELIGIBLE))
    return s, result


def test_pr_numbers_from_subjects():
    assert pr_number("Add GSPO loss (#101)") == 101
    assert pr_number('Revert "Make DAPO the default (#160)" (#161)') == 161
    assert pr_number("Merge pull request #120 from alice/drgrpo") == 120
    assert pr_number("fix typo in #12 docs") is None


def test_counts_and_missing_blob(story):
    s, r = story
    assert r.head_sha == s["C13"]
    assert r.commits == 13          # first-parent commits; F1 is not one of them
    assert r.skipped_objects == 1   # the deleted blob of verl/algos/modes.py
    assert list(r.events.columns) == EVENT_COLUMNS


def test_exact_events(story):
    s, r = story
    got = r.events.select("sha", "commit_date", "pr_number", "path", "evidence_kind", "change", "arxiv_id",
                          "method_name", "integration_level", "context", "identifier", "snippet").sort(
        "commit_date", "path", "evidence_kind", "arxiv_id", "method_name", nulls_last=True)
    cfg = "configuration option"
    exp = [
        (s["C2"], utc(2025, 8, 1), 101, "verl/losses.py", "arxiv_id_code", "added", "2507.18071", None,
         cfg, "code", None, "def compute_gspo_loss(x):  # arXiv:2507.18071"),
        # the whole value of a loss-mode comparison: a registry identifier
        (s["C2"], utc(2025, 8, 1), 101, "verl/losses.py", "method_name_code", "added", None, "gspo",
         "selectable algorithm", "code", "registry", 'if loss_mode == "gspo":'),
        # the squash-merged PR's title names the method and the commit adds code
        (s["C2"], utc(2025, 8, 1), 101, "verl/losses.py", "method_name_commit", "added", None, "gspo",
         cfg, "subject", None, "Add GSPO loss (#101)"),
        (s["C3"], utc(2025, 8, 15), None, "README.md", "arxiv_id_docs", "added", "2503.14476", None, "mentioned",
         "code", None, "Supports DAPO (https://arxiv.org/abs/2503.14476v2) and VAPO (arXiv:2504.05118)."),
        (s["C3"], utc(2025, 8, 15), None, "README.md", "arxiv_id_docs", "added", "2504.05118", None, "mentioned",
         "code", None, "Supports DAPO (https://arxiv.org/abs/2503.14476v2) and VAPO (arXiv:2504.05118)."),
        # the merged branch's folder is named after the method (the file's own line has it too; the folder wins)
        (s["M"], utc(2025, 9, 3), 120, "examples/dr_grpo/run.sh", "method_name_code", "added", None, "drgrpo",
         "example", "code", "folder", "examples/dr_grpo/run.sh"),
        (s["M"], utc(2025, 9, 3), 120, "examples/dr_grpo/run.sh", "method_name_commit", "added", None, "drgrpo",
         "example", "subject", None, "Merge pull request #120 from alice/drgrpo"),
        (s["C5"], utc(2025, 10, 1), 130, "verl/losses.py", "method_name_code", "added", None, "drgrpo",
         "selectable algorithm", "code", "registry", 'elif loss_mode == "dr_grpo":'),
        (s["C5"], utc(2025, 10, 1), 130, "verl/losses.py", "method_name_commit", "added", None, "drgrpo",
         cfg, "subject", None, "Promote Dr. GRPO into the package (#130)"),
        # the rename: everything re-added at the new path, nothing removed
        (s["C6"], utc(2025, 10, 10), 140, "verl/algos/losses.py", "arxiv_id_code", "added", "2507.18071", None,
         cfg, "code", None, "def compute_gspo_loss(x):  # arXiv:2507.18071"),
        (s["C6"], utc(2025, 10, 10), 140, "verl/algos/losses.py", "method_name_code", "added", None, "drgrpo",
         "selectable algorithm", "code", "registry", 'elif loss_mode == "dr_grpo":'),
        (s["C6"], utc(2025, 10, 10), 140, "verl/algos/losses.py", "method_name_code", "added", None, "gspo",
         "selectable algorithm", "code", "registry", 'if loss_mode == "gspo":'),
        # a file named after the method
        (s["C7"], utc(2025, 10, 20), 150, "verl/experimental/cispo.py", "method_name_code", "added", None, "cispo",
         "experimental", "code", "file", "verl/experimental/cispo.py"),
        (s["C7"], utc(2025, 10, 20), 150, "verl/experimental/cispo.py", "method_name_commit", "added", None, "cispo",
         "experimental", "subject", None, "Add CISPO flag (#150)"),
        (s["C8"], utc(2025, 11, 1), 160, "verl/trainer/config/ppo_trainer.yaml", "method_name_code", "added", None,
         "dapo", "default", "code", "registry", "adv_estimator: dapo"),
        (s["C8"], utc(2025, 11, 1), 160, "verl/trainer/config/ppo_trainer.yaml", "method_name_commit", "added", None,
         "dapo", cfg, "subject", None, "Make DAPO the default (#160)"),
        # the revert's subject names DAPO but takes it out: no subject evidence
        (s["C9"], utc(2025, 11, 5), 161, "verl/trainer/config/ppo_trainer.yaml", "removal", "removed", None, "dapo",
         "default", "code", None, "adv_estimator: dapo"),
        (s["C10"], utc(2025, 11, 10), 165, "verl/algos/notes.py", "arxiv_id_code", "added", "2401.00001", None,
         cfg, "comment", None, "# caf\ufffd: GSPO variant, see 2401.00001"),
        (s["C10"], utc(2025, 11, 10), 165, "verl/algos/notes.py", "method_name_code", "added", None, "gspo",
         cfg, "comment", None, "# caf\ufffd: GSPO variant, see 2401.00001"),
        # "Add Dr GRPO mode": a plain space joins no name; DRGRPO_MODE is no algorithm-selecting line
        (s["C13"], utc(2025, 11, 22), 172, "verl/algos/modes.py", "method_name_code", "added", None, "drgrpo",
         "selectable algorithm", "code", None, 'DRGRPO_MODE = "dr_grpo"'),
    ]
    assert got.rows() == exp
    assert r.events["event_id"].n_unique() == r.events.height


def test_event_ids_are_stable(story, tmp_path):
    s, r = story
    # Mining the same history again gives the same ids.
    from rl_inclusion.mining.events import event_id
    row = r.events.filter(pl.col("evidence_kind") == "removal").row(0, named=True)
    assert row["event_id"] == event_id("verl", s["C9"], "verl/trainer/config/ppo_trainer.yaml", "removal",
                                       "name:dapo", "removed")


def test_linking(story):
    s, r = story
    fe = link_events(r.events, ELIGIBLE)
    got = fe.select("evidence_kind", "arxiv_id", "method_name", "link_status", "linked_arxiv_id",
                    "candidate_ids").unique().sort("evidence_kind", "arxiv_id", "method_name", nulls_last=True)
    assert got.rows() == [
        ("arxiv_id_code", "2401.00001", None, "unlinked", None, []),   # screened, not eligible
        ("arxiv_id_code", "2507.18071", None, "linked", "2507.18071", ["2507.18071"]),
        ("arxiv_id_docs", "2503.14476", None, "linked", "2503.14476", ["2503.14476"]),
        ("arxiv_id_docs", "2504.05118", None, "linked", "2504.05118", ["2504.05118"]),
        ("method_name_code", None, "cispo", "ambiguous", None, ["2506.00001", "2506.00002"]),
        ("method_name_code", None, "dapo", "linked", "2503.14476", ["2503.14476"]),
        ("method_name_code", None, "drgrpo", "linked", "2503.20783", ["2503.20783"]),
        ("method_name_code", None, "gspo", "linked", "2507.18071", ["2507.18071"]),
        ("method_name_commit", None, "cispo", "ambiguous", None, ["2506.00001", "2506.00002"]),
        ("method_name_commit", None, "dapo", "linked", "2503.14476", ["2503.14476"]),
        ("method_name_commit", None, "drgrpo", "linked", "2503.20783", ["2503.20783"]),
        ("method_name_commit", None, "gspo", "linked", "2507.18071", ["2507.18071"]),
        ("removal", None, "dapo", "linked", "2503.14476", ["2503.14476"]),
    ]


def test_inclusion(story):
    s, r = story
    fe = link_events(r.events, ELIGIBLE)
    inc = build_inclusion(fe, ELIGIBLE)
    got = inc.select("arxiv_id", "method_name", "quarter", "implementation_date", "implementation_quarter",
                     "first_sha", "first_pr", "integration_level", "lag_days", "within_180_days", "removed",
                     "removed_date", "evidence_count").sort("arxiv_id")
    assert got.rows() == [
        # DAPO: default config line on 2025-11-01, reverted 2025-11-05; 2025-03-18 -> 2025-11-01 is 228 days
        ("2503.14476", "DAPO", "2025Q1", utc(2025, 11, 1), "2025Q4", s["C8"], 160, "default", 228, False, True,
         utc(2025, 11, 5), 2),
        # Dr. GRPO: first in examples via the merge (2025-09-03), promoted later; 2025-03-26 -> 2025-09-03 = 161
        ("2503.20783", "Dr. GRPO", "2025Q1", utc(2025, 9, 3), "2025Q3", s["M"], 120, "selectable algorithm", 161,
         True, False, None, 6),
        # GSPO: squash-merged PR #101 on 2025-08-01, published 2025-07-24 -> 8 days
        ("2507.18071", "GSPO", "2025Q3", utc(2025, 8, 1), "2025Q3", s["C2"], 101, "selectable algorithm", 8,
         True, False, None, 5),
    ]
    assert set(inc["framework"]) == {"verl"}


def test_mentions(story):
    s, r = story
    fe = link_events(r.events, ELIGIBLE)
    assert build_mentions(fe, ELIGIBLE).rows() == [("2504.05118", "verl", utc(2025, 8, 15), s["C3"], "README.md")]
