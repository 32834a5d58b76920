"""A second reader's inclusion labels against the first, by hand (issue 11: how far can a miner agree at all?)."""

from __future__ import annotations

import pytest

from rl_inclusion.cli import main
from rl_inclusion.errors import ConfigError
from rl_inclusion.linking.agreement import agreement_report

HEAD = "arxiv_id,framework,included,level,first_sha,first_date,note\n"
FIRST = HEAD + (
    "2507.18071,Amo,true,selectable algorithm,aaaa,2025-11-10,registry\n"      # both true, same commit and level
    "2503.14476,Amo,true,configuration option,bbbb,2025-11-10,flags\n"         # both true, other sha, same day
    "2502.01456,Amo,true,example,cccc,2025-11-10,UNCERTAIN copied recipe\n"     # first true, second false (open)
    "2504.11536,Amo,false,,,,unused copy\n"                                     # both false
    "2503.09516,Amo,false,,,,nothing on main\n"                                 # first false, second true
    "2505.22617,Sparrow,true,selectable algorithm,dddd,2026-06-09,registry\n"   # both true, other commit and level
    "2506.13585,Sparrow,false,,,,not read by the second reader\n")
SECOND = HEAD + (
    "2507.18071,Amo,true,selectable algorithm,aaaa,2025-11-10,same\n"
    "2503.14476,Amo,true,configuration option,eeee,2025-11-10,same day\n"
    "2502.01456,Amo,false,,,,unused copy\n"
    "2504.11536,Amo,false,,,,unused copy\n"
    "2503.09516,Amo,true,configuration option,ffff,2025-11-10,search tool\n"
    "2505.22617,Sparrow,true,configuration option,gggg,2026-06-12,later\n")


def test_agreement_by_hand(tmp_path, capsys):
    (tmp_path / "first.csv").write_text(FIRST)
    (tmp_path / "second.csv").write_text(SECOND)
    assert main(["eval-agreement", "inclusion", str(tmp_path / "second.csv"), str(tmp_path / "first.csv")]) == 0
    out = capsys.readouterr().out.splitlines()
    # 6 pairs in common (2506.13585 was not given to the second reader): both true 3, only first 1, only second 1,
    # neither 1; agree 4/6.  First true 4/6, second true 4/6: p_e = (2/3)(2/3) + (1/3)(1/3) = 5/9;
    # kappa = (2/3 - 5/9) / (1 - 5/9) = (1/9) / (4/9) = 0.25.  Precision 3/4, recall 3/4.
    # Without the open call (2502.01456): both 3, only second 1, neither 1: precision 0.75, recall 1.
    # Both true: 2507.18071 (same sha), 2503.14476 (same day), 2505.22617 (neither): dates 2/3; levels 2/3.
    assert out[-1] == ("RESULT agree=0.667 kappa=0.250 precision=0.750 recall=0.750 date_agree=0.667 "
                       "level_agree=0.667 n=6")
    assert "  Amo 2502.01456: true/false (left open by 1)" in out
    assert "  Amo 2503.09516: false/true" in out
    assert ("without the pairs either reader left open (1): 3 both, 1 only second, 0 only first, 1 neither; "
            "precision 0.750 recall 1.000") in out


def test_a_pair_the_first_labels_do_not_hold_is_an_error(tmp_path):
    (tmp_path / "first.csv").write_text(HEAD + "2507.18071,Amo,true,,,,x\n")
    (tmp_path / "second.csv").write_text(HEAD + "2507.18071,Amo,true,,,,x\n2503.14476,Amo,false,,,,y\n")
    with pytest.raises(ConfigError, match="pairs the first labels do not hold: 2503.14476/Amo"):
        agreement_report([tmp_path / "first.csv"], tmp_path / "second.csv")


def test_a_pair_in_two_first_files_is_an_error(tmp_path):
    (tmp_path / "a.csv").write_text(HEAD + "2507.18071,Amo,true,,,,x\n")
    (tmp_path / "b.csv").write_text(HEAD + "2507.18071,Amo,false,,,,y\n")
    with pytest.raises(ConfigError, match="a pair twice: 2507.18071/Amo"):
        agreement_report([tmp_path / "a.csv", tmp_path / "b.csv"], tmp_path / "a.csv")


def test_a_base_rate_is_refused_for_inclusion_pairs(tmp_path, capsys):
    (tmp_path / "a.csv").write_text(HEAD + "2507.18071,Amo,true,,,,x\n")
    assert main(["eval-agreement", "inclusion", str(tmp_path / "a.csv"), str(tmp_path / "a.csv"),
                 "--base-rate", "0.2"]) == 2
    assert "--base-rate is for threads" in capsys.readouterr().err


def test_the_bundled_second_reading_agrees_as_the_labels_readme_states():
    # 153 pairs of six code bases of v37 and v38, read blind (labels README, "How far a second reader agrees")
    from pathlib import Path
    labels = Path(__file__).resolve().parents[1] / "rl_inclusion" / "linking" / "labels"
    out = agreement_report([labels / "v37" / "inclusion_labels.csv", labels / "v38" / "inclusion_labels.csv"],
                           labels / "second_reader" / "second_labels.csv").splitlines()
    assert out[-1] == ("RESULT agree=0.961 kappa=0.919 precision=0.989 recall=0.945 date_agree=1.000 "
                       "level_agree=0.977 n=153")
    assert ("without the pairs either reader left open (30): 69 both, 0 only second, 0 only first, 54 neither; "
            "precision 1.000 recall 1.000") in out
    assert sum(line.startswith("  ") and "left open by" in line for line in out) == 6
