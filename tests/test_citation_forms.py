"""Every form a framework cites a paper in (issue 11), and the look-alikes that are not ids."""

import pytest

from rl_inclusion.ids import find_arxiv_ids


@pytest.mark.parametrize("text", [
    # TRL's favourite: a paper page of an aggregator, in docs and in code.
    "Paper [DAPO](https://huggingface.co/papers/2503.14476) recommends 0.28",
    "see hf.co/papers/2503.14476",
    "https://arxiv.org/abs/2503.14476v2",
    "http://export.arxiv.org/abs/2503.14476",
    "https://www.arxiv.org/pdf/2503.14476v1.pdf",
    "https://arxiv.org/html/2503.14476v3#S3",
    "https://browse.arxiv.org/abs/2503.14476",
    "https://ar5iv.labs.arxiv.org/html/2503.14476",
    "https://ar5iv.org/abs/2503.14476",
    "https://www.alphaxiv.org/abs/2503.14476",
    "https://www.alphaxiv.org/overview/2503.14476v2",
    "https://paperswithcode.com/paper/arxiv:2503.14476",
    "https://paperswithcode.com/arxiv/2503.14476",
    "https://www.semanticscholar.org/arxiv/2503.14476",
    "https://api.semanticscholar.org/arXiv:2503.14476",
    "arXiv preprint arXiv:2503.14476, 2025.",
    "arXiv: 2503.14476",
    "  eprint        = {2503.14476},",
    'eprint="2503.14476"',
    "doi = {10.48550/arXiv.2503.14476}",
    "https://doi.org/10.48550/ARXIV.2503.14476",
    "(2503.14476)",
])
def test_every_citation_form(text):
    assert find_arxiv_ids(text) == ["2503.14476"]


@pytest.mark.parametrize("text", [
    "torch==2503.14476.1",          # a version string
    "v1.2503.14476",
    "192.168.2503.14476",           # an address-like run of numbers
    "released 2025.0314",            # a date
    "2025.03.14",
    "checkpoints/2503.14476/step", # a path segment that is not a paper page
    "12503.14476",
    "2513.14476",                    # month 13
    "2503.1447",                     # four digits after 2015
])
def test_look_alikes_are_not_ids(text):
    assert find_arxiv_ids(text) == []
