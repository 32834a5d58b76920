"""The frameworks file and prepare_repo: local clones, snapshot streams and bundles, live clone and fetch."""

from __future__ import annotations

import shutil
import subprocess
import textwrap

import pytest

from rl_inclusion.errors import ConfigError, SourceError
from gitbuild import GitBuilder
from rl_inclusion.snapshot import Snapshot, write_snapshot
from rl_inclusion.frameworks_config import Framework, PathRule, glob_to_regex, load_frameworks, parse_frameworks
from rl_inclusion.sources.git import prepare_repo


def test_packaged_frameworks():
    fws = load_frameworks()
    assert [f.name for f in fws] == ["verl", "TRL", "OpenRLHF", "NeMo-RL", "ROLL", "slime", "AReaL"]
    nemo = next(f for f in fws if f.name == "NeMo-RL")
    assert nemo.repo == "NVIDIA-NeMo/RL" and nemo.aliases == ("NVIDIA/NeMo-RL",) and nemo.branch == "main"
    # NeMo-RL replaces example_paths: its canonical configs under examples/configs are not examples.
    assert not nemo.rules.example_paths.match("examples/configs/grpo_math_1B.yaml")
    assert nemo.rules.example_paths.match("examples/run_grpo_luffy.py")
    verl = fws[0]
    assert verl.rules.example_paths.match("examples/configs/x.yaml")
    assert verl.rules.default_config_paths.match("verl/trainer/config/actor/dp_actor.yaml")
    assert verl.rules.fallback_level == "configuration option"


@pytest.mark.parametrize("pattern,path,hit", [
    ("**/*.md", "README.md", True), ("**/*.md", "a/b/c.md", True), ("docs/**", "docs/a/b.py", True),
    ("docs/**", "docsx/a.py", False), ("examples/*.py", "examples/a.py", True),
    ("examples/*.py", "examples/x/a.py", False), ("**/README*", "recipe/dapo/README.md", True),
    ("mkdocs.yml", "sub/mkdocs.yml", False), ("**/experimental/**", "trl/experimental/g/x.py", True),
    ("file?.py", "file1.py", True), ("file?.py", "file12.py", False),
])
def test_globs(pattern, path, hit):
    assert PathRule([pattern]).match(path) is hit
    assert glob_to_regex("**/*.md") == r"(?:.*/)?[^/]*\.md"


def test_every_glob_of_a_list_matches_the_whole_path():
    # The end anchor once held for the last pattern only, so the others matched any path they began: `**/*.log` took
    # `utils/run.logger.py` for a log, and `**/*.c` everything under a folder named `github.com/` (ResT's ms-swift copy).
    rule = PathRule(["**/*.log", "**/*.c", "**/*.md"])
    assert [rule.match(p) for p in ["utils/run.logger.py", "github.com/modelscope/ms-swift.git/swift/orm.py",
                                    "CITATION.cff", "nohup.log", "kernels/a.c", "README.md"]] == [
        False, False, False, True, True, True]


def test_overrides_and_extra_lists(tmp_path):
    f = tmp_path / "fw.toml"
    f.write_text(textwrap.dedent("""
        [defaults]
        skip_paths = ["**/*.lock"]
        docs_paths = ["docs/**"]
        example_paths = ["examples/**"]
        option_line_patterns = ['--\\w+']
        [[framework]]
        name = "a"
        repo = "o/a"
        clone_url = "https://example.org/a.git"
        branch = "main"
        extra_skip_paths = ["**/*.bin"]
        example_paths = ["demo/**"]
        fallback_level = "example"
        [[framework]]
        name = "b"
        repo = "o/b"
        local_path = "/nowhere/b"
        branch = "dev"
    """))
    a, b = load_frameworks(f)
    assert a.raw_rules["skip_paths"] == ["**/*.lock", "**/*.bin"]
    assert a.raw_rules["example_paths"] == ["demo/**"]
    assert a.rules.fallback_level == "example"
    assert b.raw_rules["example_paths"] == ["examples/**"] and b.rules.fallback_level == "configuration option"
    assert str(b.local_path) == "/nowhere/b" and b.clone_url == ""


def test_data_paths_are_a_rule_of_the_frameworks_file(tmp_path):
    from rl_inclusion.mining.paths import LevelRules

    packaged = LevelRules(next(f for f in load_frameworks() if f.name == "verl").rules)
    assert [packaged.path_class(p).data for p in ("lightrft/datasets/imagegen_cot_reward.py",
                                                  "nemo_rl/data/datasets/intent.py", "verl/trainer/ppo/core_algos.py",
                                                  "verl/utils/dataset_utils.py")] == [True, True, False, False]
    f = tmp_path / "fw.toml"
    f.write_text(textwrap.dedent("""
        [[framework]]
        name = "a"
        repo = "o/a"
        clone_url = "https://example.org/a.git"
        branch = "main"
        data_paths = ["corpus/**"]
    """))
    (a,) = load_frameworks(f)
    own = LevelRules(a.rules)
    assert [own.path_class(p).data for p in ("corpus/loader.py", "pkg/datasets/x.py")] == [True, False]


@pytest.mark.parametrize("entry,message", [
    ({"repo": "o/a", "branch": "main", "clone_url": "u"}, "'name' is required"),
    ({"name": "a", "repo": "o/a", "branch": "main"}, "give clone_url or local_path"),
    ({"name": "a", "repo": "o/a", "branch": "main", "clone_url": "u", "docs_path": ["x"]}, "unknown keys"),
    ({"name": "a", "repo": "o/a", "branch": "main", "clone_url": "u", "skip_paths": "x"}, "must be a list"),
    ({"name": "a", "repo": "o/a", "branch": "main", "clone_url": "u", "option_line_patterns": ["("]},
     "bad regular expression"),
    ({"name": "a/b", "repo": "o/a", "branch": "main", "clone_url": "u"}, "the name may hold"),
    ({"name": "a", "repo": "o/a", "branch": "main", "clone_url": "u", "fallback_level": "mentioned"},
     "fallback_level"),
    ({"name": "a", "repo": "o/a", "branch": 3, "clone_url": "u"}, "branch: Input should be a valid string"),
    ({"name": "a", "repo": "o/a", "branch": "main", "clone_url": "u", "aliases": ["x", 1]}, "aliases must be a list"),
    ({"name": "a", "repo": "  ", "branch": "main", "clone_url": "u"}, "repo: must be a non-empty string"),
])
def test_bad_entries(entry, message):
    with pytest.raises(ConfigError, match=message):
        parse_frameworks({"framework": [entry]}, "t.toml")


def test_bad_files(tmp_path):
    with pytest.raises(ConfigError, match="not found"):
        load_frameworks(tmp_path / "missing.toml")
    (tmp_path / "bad.toml").write_text("x = [\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_frameworks(tmp_path / "bad.toml")
    with pytest.raises(ConfigError, match="defined twice"):
        parse_frameworks({"framework": [{"name": "a", "repo": "r", "branch": "m", "clone_url": "u"}] * 2})


def _fw(**kw) -> Framework:
    base = dict(name="demo", repo="o/demo", clone_url="", branch="main")
    base.update(kw)
    return parse_frameworks({"framework": [base]})[0]


@pytest.fixture
def origin(tmp_path):
    g = GitBuilder(tmp_path / "origin")
    g.commit("one (#1)", "2025-02-01T00:00:00+00:00", files={"a.py": "x = 1\n"})
    return g


def test_local_path_bare_and_not(origin, tmp_path):
    h = prepare_repo(_fw(local_path=str(origin.path)), tmp_path / "cache", None, live=False)
    assert (h.path, h.branch, h.fetch_status) == (origin.path, "refs/heads/main", "local")
    bare = tmp_path / "bare.git"
    subprocess.run(["git", "clone", "--quiet", "--bare", str(origin.path), str(bare)], check=True)
    h = prepare_repo(_fw(local_path=str(bare)), tmp_path / "cache", None, live=False)
    assert (h.path, h.fetch_status) == (bare, "local")
    with pytest.raises(SourceError, match="not a git repository"):
        prepare_repo(_fw(local_path=str(tmp_path)), tmp_path / "cache", None, live=False)
    with pytest.raises(SourceError, match="no branch 'dev'"):
        prepare_repo(_fw(local_path=str(origin.path), branch="dev"), tmp_path / "cache", None, live=False)


def _stream(origin: GitBuilder) -> bytes:
    return subprocess.run(["git", "fast-export", "--all"], cwd=origin.path, capture_output=True, check=True).stdout


def test_snapshot_stream_imported_once_and_rebuilt_on_change(origin, tmp_path):
    fi = tmp_path / "demo.fi"
    fi.write_bytes(_stream(origin))
    snap = Snapshot.open(write_snapshot(tmp_path / "snap", {}, {"frameworks/demo.fi": fi}))
    cache = tmp_path / "cache"
    h1 = prepare_repo(_fw(), cache, snap, live=False)
    assert h1.fetch_status == "snapshot" and h1.note.startswith("imported frameworks/demo.fi")
    head1 = subprocess.run(["git", "rev-parse", h1.branch], cwd=h1.path, capture_output=True, text=True).stdout
    assert head1.strip() == origin.head()   # fast-export/import keeps the hashes
    h2 = prepare_repo(_fw(), cache, snap, live=False)
    assert h2.note.startswith("reused the import")
    origin.commit("two (#2)", "2025-02-02T00:00:00+00:00", files={"b.py": "y = 2\n"})
    fi.write_bytes(_stream(origin))
    snap = Snapshot.open(write_snapshot(tmp_path / "snap", {}, {"frameworks/demo.fi": fi}))
    h3 = prepare_repo(_fw(), cache, snap, live=False)
    assert h3.note.startswith("imported")
    head3 = subprocess.run(["git", "rev-parse", h3.branch], cwd=h3.path, capture_output=True, text=True).stdout
    assert head3.strip() == origin.head()


def test_snapshot_bundle(origin, tmp_path):
    bundle = tmp_path / "demo.bundle"
    subprocess.run(["git", "bundle", "create", "--quiet", str(bundle), "main"], cwd=origin.path, check=True)
    snap = Snapshot.open(write_snapshot(tmp_path / "snap", {}, {"frameworks/demo.bundle": bundle}))
    h = prepare_repo(_fw(), tmp_path / "cache", snap, live=False)
    assert h.fetch_status == "snapshot"
    out = subprocess.run(["git", "rev-parse", h.branch], cwd=h.path, capture_output=True, text=True).stdout
    assert out.strip() == origin.head()


def test_snapshot_without_the_framework(tmp_path):
    snap = Snapshot.open(write_snapshot(tmp_path / "snap", {"papers.jsonl": []}))
    with pytest.raises(SourceError, match="holds neither frameworks/demo.fi nor frameworks/demo.bundle"):
        prepare_repo(_fw(), tmp_path / "cache", snap, live=False)
    with pytest.raises(SourceError, match="nothing to mine"):
        prepare_repo(_fw(), tmp_path / "cache", None, live=False)


def test_live_clone_fetch_and_offline(origin, tmp_path):
    fw = _fw(clone_url=str(origin.path))
    cache = tmp_path / "cache"
    h = prepare_repo(fw, cache, None, live=True)
    assert (h.path, h.fetch_status, h.note) == (cache / "demo.git", "fetched", f"cloned {origin.path}")
    new = origin.commit("two (#2)", "2025-02-02T00:00:00+00:00", files={"b.py": "y = 2\n"})
    h = prepare_repo(fw, cache, None, live=True)
    assert h.fetch_status == "fetched"
    got = subprocess.run(["git", "rev-parse", h.branch], cwd=h.path, capture_output=True, text=True).stdout.strip()
    assert got == new
    shutil.rmtree(origin.path)  # the remote is gone: use the clone we have, and say so
    h = prepare_repo(fw, cache, None, live=True)
    assert h.fetch_status == "offline-used-existing"
    assert "failed" in h.note and str(cache / "demo.git") in h.note
    with pytest.raises(SourceError, match="cannot clone .* and no earlier clone exists"):
        prepare_repo(fw, tmp_path / "other_cache", None, live=True)


def test_the_level_order_has_one_home():
    from rl_inclusion import levels, report
    from rl_inclusion.linking import inclusion, labels
    from rl_inclusion.mining import miner
    from rl_inclusion import frameworks_config as git

    assert git.LEVELS is levels.LEVELS and miner.LEVEL_RANK is levels.LEVEL_RANK
    assert report.LEVELS is labels.LEVELS is levels.INCLUSION_LEVELS
    assert inclusion.LEVEL_PRIORITY == list(levels.INCLUSION_LEVELS)
    assert levels.LEVELS[0] == "default" and levels.LEVELS[-1] == "mentioned"


def test_a_file_of_entries_only_takes_the_packaged_defaults(tmp_path):
    """A user's file with only [[framework]] entries gets the packaged [defaults] and [contribution] tables."""
    from rl_inclusion.frameworks_config import load_toml_section

    f = tmp_path / "more.toml"
    f.write_text(textwrap.dedent("""
        [[framework]]
        name = "EasyR1"
        repo = "hiyouga/EasyR1"
        local_path = "/nowhere/easyr1"
        branch = "main"
        extra_example_paths = ["demo/**"]
    """))
    (fw,) = load_frameworks(f)
    packaged = load_frameworks()[0]
    assert fw.raw_rules["skip_paths"] == packaged.raw_rules["skip_paths"]
    assert fw.raw_rules["example_paths"] == packaged.raw_rules["example_paths"] + ["demo/**"]
    assert fw.rules.docs_paths.match("docs/algo/grpo.md") and fw.rules.nonsource_paths.match("tests/test_x.py")
    assert "guide_paths" in load_toml_section(str(f), "contribution")
    # a file that gives its own [defaults] keeps them (nothing is merged in)
    g = tmp_path / "own.toml"
    g.write_text(f.read_text() + '\n[defaults]\ndocs_paths = ["manual/**"]\n')
    (own,) = load_frameworks(g)
    assert own.raw_rules["docs_paths"] == ["manual/**"] and not own.raw_rules.get("skip_paths")
