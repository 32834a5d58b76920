"""inclusion-set-v5 and -v6: hand-verified pairs in five, then three, frameworks beyond the seven (issue 11's
fresh held-out sets).

Checks the files the way ``eval-inclusion`` reads them, that every paper is labelled once in each framework of
the set's ``frameworks.toml``, that every included pair names its commit, and the counts the labels
README states.  Nothing here runs the miner: these files are for measuring it."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from rl_inclusion.frameworks_config import load_frameworks
from rl_inclusion.linking.evaluate import eligible_from_labels
from rl_inclusion.linking.labels import load_inclusion_labels

LABELS = Path(__file__).parents[1] / "rl_inclusion" / "linking" / "labels"
V5 = LABELS / "v5"
V6 = LABELS / "v6"
COLUMNS = "arxiv_id,framework,included,level,first_sha,first_date,removed,path,split,reviewer,note".split(",")
# included pairs per framework, as the labels README states them
INCLUDED = {"ms-swift": 27, "SkyRL": 19, "prime-rl": 20, "EasyR1": 6, "Open-Instruct": 11}


def _ids(path: Path) -> list[str]:
    return [json.loads(line)["arxiv_id"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_paper_is_labelled_once_in_each_of_the_five_frameworks():
    with (V5 / "inclusion_labels.csv").open(encoding="utf-8", newline="") as f:
        assert next(csv.reader(f)) == COLUMNS
    labels = load_inclusion_labels(V5 / "inclusion_labels.csv")
    frameworks = {fw.name for fw in load_frameworks(V5 / "frameworks.toml")}
    assert frameworks == set(INCLUDED)
    papers = _ids(LABELS / "papers.jsonl") + _ids(V5 / "papers.jsonl")
    assert len(set(papers)) == len(papers)  # no v5 paper is in the older sets
    assert sorted(labels.select("arxiv_id", "framework").rows()) == sorted((p, fw) for p in papers for fw in frameworks)
    assert set(labels["split"]) == {"heldout-v5"} and set(labels["reviewer"]) == {"inclusion-set-v5"}


def test_included_pairs_name_their_first_commit_and_level():
    labels = load_inclusion_labels(V5 / "inclusion_labels.csv")
    included = labels.filter(labels["included"])
    assert all(re.fullmatch(r"[0-9a-f]{40}", s or "") for s in included["first_sha"])
    assert included["first_date"].null_count() == 0 and included["level"].null_count() == 0
    got = {fw: n for fw, n in included.group_by("framework").len().rows()}
    assert got == INCLUDED and included.height == 83


def test_the_new_papers_load_beside_the_older_ones():
    eligible = eligible_from_labels([LABELS / "papers.jsonl", V5 / "papers.jsonl"],
                                    [LABELS / "paper_labels.csv", V5 / "paper_labels.csv"])
    assert eligible.height == len(_ids(LABELS / "papers.jsonl")) + len(_ids(V5 / "papers.jsonl")) == 204


# v6: every paper of v1-v5 and its own two new ones, in LLaMA-Factory, rLLM and RLinf
INCLUDED_V6 = {"LLaMA-Factory": 1, "rLLM": 11, "RLinf": 6}


def test_v6_labels_every_paper_of_the_older_sets_in_its_three_frameworks():
    with (V6 / "inclusion_labels.csv").open(encoding="utf-8", newline="") as f:
        assert next(csv.reader(f)) == COLUMNS
    labels = load_inclusion_labels(V6 / "inclusion_labels.csv")
    frameworks = {fw.name for fw in load_frameworks(V6 / "frameworks.toml")}
    assert frameworks == set(INCLUDED_V6)
    papers = _ids(LABELS / "papers.jsonl") + _ids(V5 / "papers.jsonl") + _ids(V6 / "papers.jsonl")
    assert len(set(papers)) == len(papers) == 206
    assert sorted(labels.select("arxiv_id", "framework").rows()) == sorted((p, fw) for p in papers for fw in frameworks)
    assert set(labels["split"]) == {"heldout-v6"} and set(labels["reviewer"]) == {"inclusion-set-v6"}
    included = labels.filter(labels["included"])
    assert all(re.fullmatch(r"[0-9a-f]{40}", s or "") for s in included["first_sha"])
    assert {fw: n for fw, n in included.group_by("framework").len().rows()} == INCLUDED_V6
    eligible = eligible_from_labels([LABELS / "papers.jsonl", V5 / "papers.jsonl", V6 / "papers.jsonl"],
                                    [LABELS / "paper_labels.csv", V5 / "paper_labels.csv", V6 / "paper_labels.csv"])
    assert eligible.height == 206
