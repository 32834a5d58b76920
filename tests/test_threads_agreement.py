"""A second reviewer's training-failure labels against the first, worked by hand (issue 12)."""

from __future__ import annotations

import csv
import hashlib
from pathlib import Path

import pytest

from rl_inclusion.errors import ConfigError
from rl_inclusion.cli import main
from rl_inclusion.threads.agreement import agreement_report

REAL = Path(__file__).parents[1] / "rl_inclusion" / "threads" / "labels_real"

FIRST = ("framework,repo,number,training_failure,category,created_from,split\n"
         "verl,verl-project/verl,1,true,nan,description,heldout-v5\n"
         "verl,verl-project/verl,2,true,no_learning,description,heldout-v5\n"
         "TRL,huggingface/trl,3,false,oom,description,heldout-v5\n"
         "TRL,huggingface/trl,4,false,pr,description,heldout-v5\n"
         "TRL,huggingface/trl,5,false,question,description,heldout-v5\n")
SECOND = ("framework,repo,number,training_failure,category,found,reason\n"
          "verl,verl-project/verl,1,true,nan,true,loss turns nan\n"
          "verl,verl-project/verl,2,false,question,true,asks how to read the reward\n"
          "TRL,huggingface/trl,3,true,no_learning,true,reward flat after an OOM fix\n"
          "TRL,huggingface/trl,4,false,pr,true,a fix\n"
          "TRL,huggingface/trl,5,false,question,true,a question\n"
          "TRL,huggingface/trl,99,true,nan,true,not in the first file\n")


def test_agreement_by_hand(tmp_path, capsys):
    (tmp_path / "first.csv").write_text(FIRST)
    (tmp_path / "second.csv").write_text(SECOND)
    assert main(["eval-agreement", "threads", str(tmp_path / "second.csv"), str(tmp_path / "first.csv"),
                 "--base-rate", "0.25"]) == 0
    out = capsys.readouterr().out.splitlines()
    # 5 in common; same verdict on 1, 4, 5: 0.6.  first true 2/5, second true 2/5:
    #   p_e = 0.4*0.4 + 0.6*0.6 = 0.52; kappa = (0.6-0.52)/(0.48) = 0.167
    # as a classifier: TP 1 (#1), FP 1 (#3), FN 1 (#2), TN 2: precision 0.5, recall 0.5
    # at base rate 0.25: TPR 0.5, FPR 1/3 -> 0.125 / (0.125 + 0.25) = 0.333
    assert out[-1] == ("RESULT agree=0.600 kappa=0.167 precision=0.500 recall=0.500 "
                       "precision_at_base_rate=0.333 n=5")
    assert "  TRL#3: False/True" in out and "  verl#2: True/False" in out


def test_a_base_rate_outside_0_1_is_refused(tmp_path):
    (tmp_path / "a.csv").write_text(FIRST)
    with pytest.raises(ConfigError, match="--base-rate must lie between 0 and 1"):
        agreement_report([tmp_path / "a.csv"], tmp_path / "a.csv", base_rate=1.5)


def test_the_second_review_of_symptom_drawn_threads_agrees_as_the_readme_says(capsys):
    """failure_second_reviewer_symptom.csv: the first 40 threads by sha256 of repo#number of each of the symptom
    parts of v12, v13 and v14, labelled again from the same records by a reviewer who saw neither the labels
    nor the classifier."""
    assert main(["eval-agreement", "threads", str(REAL / "failure_second_reviewer_symptom.csv"),
                 *(str(REAL / f"labels_{v}.csv") for v in ("v12", "v13", "v14")), "--base-rate", "0.3"]) == 0
    out = capsys.readouterr().out.splitlines()
    # 33 both, 10 only second, 2 only first, 75 neither: agree 108/120, precision 33/43, recall 33/35
    assert out[-1] == ("RESULT agree=0.900 kappa=0.773 precision=0.767 recall=0.943 "
                       "precision_at_base_rate=0.775 n=120")


def test_the_symptom_review_sample_is_the_first_40_by_hash_of_each_set():
    with (REAL / "failure_second_reviewer_symptom.csv").open(encoding="utf-8", newline="") as f:
        sample = [(r["repo"], r["number"]) for r in csv.DictReader(f)]
    want = []
    for v in ("v12", "v13", "v14"):
        with (REAL / f"labels_{v}.csv").open(encoding="utf-8", newline="") as f:
            rows = [r for r in csv.DictReader(f) if r["split"] == f"heldout-{v}-symptom"]
        rows.sort(key=lambda r: hashlib.sha256(f"{r['repo'].lower()}#{r['number']}".encode()).hexdigest())
        want += [(r["repo"], r["number"]) for r in rows[:40]]
    assert sample == want
