"""The package holds what users run; helpers that only tests and benchmarks use live under tests/."""

import importlib.util


def test_test_only_helpers_live_outside_the_package():
    for moved in ("rl_inclusion.mining.gitbuild", "rl_inclusion.sources.arxiv_source", "rl_inclusion.sources.papers"):
        assert importlib.util.find_spec(moved) is None, moved
    import rl_inclusion.ids as ids
    import rl_inclusion.raw_papers as raw_papers

    assert not hasattr(ids, "tokenize") and not hasattr(raw_papers, "extract_code_urls")
    from gitbuild import GitBuilder, build_synthetic_repo  # tests/gitbuild.py
    from support import extract_code_urls, tokenize  # tests/support.py

    assert tokenize("computeGSPOLoss") == ["compute", "gspo", "loss"]
    assert extract_code_urls("code at github.com/a/b.") == ["https://github.com/a/b"]
    assert callable(GitBuilder) and callable(build_synthetic_repo)
