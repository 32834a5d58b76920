"""Two reviewers' labels compared by hand (issue 13: how well can a screener agree with a reviewer at all?)."""

from __future__ import annotations

import pytest

from rl_inclusion.errors import ConfigError
from rl_inclusion.cli import main
from rl_inclusion.screening.agreement import agreement_report

FIRST = ("arxiv_id,eligible,modification_type,max_policy_params_b\n"
         "2503.14476,true,sampling_filtering,32\n"
         "2507.18071,true,loss_coefficients_clipping_masking_weighting,30\n"
         "2505.22617,true,loss_coefficients_clipping_masking_weighting,7\n"
         "2501.11223,false,,\n"
         "2502.00001,false,,\n"
         "2506.00002,true,new_objective,\n")
SECOND = ("arxiv_id,eligible,modification_type,max_policy_params_b,abstract_found,reason\n"
          "2503.14476,true,sampling_filtering,32,true,r\n"
          "2507.18071,true,loss_coefficients_clipping_masking_weighting,235,true,r\n"
          "2505.22617,true,advantage_estimator,7,true,r\n"
          "2501.11223,false,,,true,r\n"
          "2502.00001,true,other,,false,r\n"
          "2609.99999,true,other,,true,not in the first file\n")


def test_agreement_by_hand(tmp_path, capsys):
    (tmp_path / "first.csv").write_text(FIRST)
    (tmp_path / "second.csv").write_text(SECOND)
    assert main(["eval-agreement", "papers", str(tmp_path / "second.csv"), str(tmp_path / "first.csv")]) == 0
    out = capsys.readouterr().out.splitlines()
    # 5 papers in common (2506.00002 and 2609.99999 are in one file only); 4 same verdicts of 5.
    # eligibility 2x2: both true 3, both false 1, first false/second true 1.
    #   p_o = 0.8; first true 3/5, second true 4/5: p_e = 0.6*0.8 + 0.4*0.2 = 0.56; kappa = 0.24/0.44 = 0.545
    # types over the 3 both-eligible: 2 same (sampling, loss; then loss vs advantage): 0.667
    #   p_e = (1/3*1/3) sampling + (2/3*1/3) loss + 0 advantage = 1/9 + 2/9 = 1/3; kappa = (2/3-1/3)/(2/3) = 0.5
    # sizes both given: 32/32, 30/235, 7/7 -> 2 of 3
    assert out[-1] == ("RESULT eligible_agree=0.800 eligible_kappa=0.545 type_agree=0.667 type_kappa=0.500 "
                       "size_agree=0.667 n=5 n_both_eligible=3")
    assert "  2502.00001: eligible False/True, type None/other" in out
    assert "  2505.22617: eligible True/True, type loss_coefficients_clipping_masking_weighting/advantage_estimator" in out
    assert not any(line.startswith("  2507.18071") for line in out)  # a size difference is not listed


def test_no_common_paper_is_an_error(tmp_path):
    (tmp_path / "a.csv").write_text("arxiv_id,eligible\n2503.14476,true\n")
    (tmp_path / "b.csv").write_text("arxiv_id,eligible\n2507.18071,true\n")
    with pytest.raises(ConfigError, match="no paper in common"):
        agreement_report([tmp_path / "a.csv"], tmp_path / "b.csv")


def test_a_base_rate_is_refused_for_papers(tmp_path, capsys):
    (tmp_path / "a.csv").write_text("arxiv_id,eligible\n2503.14476,true\n")
    assert main(["eval-agreement", "papers", str(tmp_path / "a.csv"), str(tmp_path / "a.csv"), "--base-rate", "0.2"]) == 2
    assert "--base-rate is for threads" in capsys.readouterr().err
