"""What a framework asks of a contributor, quarter by quarter (``contribution_rules``).

For each quarter the tree of the last first-parent commit of main dated before
the quarter's end is read without a checkout (``git ls-tree``, then one
``git cat-file --batch`` for the files found).  The files are found and the
requirements recognised by the ``[contribution]`` section of the frameworks
file: path globs for contribution guides, pull-request templates and
code-owners files, and per requirement a list of regular expressions.  A
requirement holds when any line of a guide or template matches; every
matching line is kept in ``evidence_json`` so a reader can audit the call.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import polars as pl

from ..errors import ConfigError, SourceError
from ..partitions import quarter_bounds
from ..frameworks_config import Framework, PathRule, default_frameworks_path, load_toml_section
from ..sources.git import RepoHandle, git_env, run_git
from .gitlog import iter_first_parent

REQUIREMENTS = ("tests", "docs", "linked_issue", "design_discussion", "benchmark_evidence", "dco", "cla")
SCHEMA = {
    "framework": pl.Utf8, "quarter": pl.Utf8, "sha": pl.Utf8, "commit_date": pl.Datetime("us", "UTC"),
    "guide_paths": pl.List(pl.Utf8), "pr_template_paths": pl.List(pl.Utf8), "codeowners_paths": pl.List(pl.Utf8),
    "has_guide": pl.Boolean, "has_pr_template": pl.Boolean, "has_codeowners": pl.Boolean,
    **{f"requires_{r}": pl.Boolean for r in REQUIREMENTS},
    "evidence_json": pl.Utf8,
}
MAX_FILE_BYTES = 1 << 20
LINE_CHARS = 300


@dataclass(frozen=True)
class ContributionConfig:
    guide_paths: PathRule
    pr_template_paths: PathRule
    codeowners_paths: PathRule
    requirements: dict[str, list[re.Pattern]]


def load_contribution_config(path: str | os.PathLike | None = None) -> ContributionConfig:
    """The ``[contribution]`` section of a frameworks file (default: the packaged one)."""
    path = str(path or default_frameworks_path())
    section = load_toml_section(path, "contribution")
    globs = {}
    for key in ("guide_paths", "pr_template_paths", "codeowners_paths"):
        value = section.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{path} [contribution]: {key} must be a list of strings")
        globs[key] = PathRule([v.lower() for v in value])
    reqs = section.get("requirements")
    if not isinstance(reqs, dict) or set(reqs) != set(REQUIREMENTS):
        raise ConfigError(f"{path} [contribution.requirements]: must define exactly {list(REQUIREMENTS)}")
    compiled: dict[str, list[re.Pattern]] = {}
    for name in REQUIREMENTS:
        pats = reqs[name]
        if not isinstance(pats, list) or not all(isinstance(p, str) for p in pats):
            raise ConfigError(f"{path} [contribution.requirements]: {name} must be a list of strings")
        try:
            compiled[name] = [re.compile(p, re.IGNORECASE) for p in pats]
        except re.error as exc:
            raise ConfigError(f"{path} [contribution.requirements]: bad pattern in {name}: {exc}") from exc
    return ContributionConfig(requirements=compiled, **globs)


def _tree_paths(repo: Path, sha: str) -> list[str]:
    out = run_git(["ls-tree", "-r", "-z", "--name-only", sha], cwd=repo).stdout
    return [p.decode("utf-8", "replace") for p in out.split(b"\x00") if p]


def _read_blobs(repo: Path, sha: str, paths: list[str]) -> dict[str, str]:
    """File contents at ``sha`` through one ``git cat-file --batch`` (missing objects are skipped)."""
    if not paths:
        return {}
    request = "".join(f"{sha}:{p}\n" for p in paths).encode("utf-8")
    proc = subprocess.run(["git", "cat-file", "--batch"], cwd=repo, input=request, capture_output=True,
                          env=git_env())
    if proc.returncode != 0:
        raise SourceError(f"{repo}: git cat-file failed: {proc.stderr.decode('utf-8', 'replace').strip()}")
    data, pos, out = proc.stdout, 0, {}
    for p in paths:
        end = data.index(b"\n", pos)
        header = data[pos:end].split()
        pos = end + 1
        if len(header) < 3 or header[1] == b"missing":
            continue
        size = int(header[2])
        if header[1] == b"blob" and size <= MAX_FILE_BYTES:
            out[p] = data[pos:pos + size].decode("utf-8", "replace")
        pos += size + 1
    return out


def read_rules_at(repo: Path, sha: str, config: ContributionConfig) -> dict:
    """The columns of one row (without framework and quarter) for the tree at ``sha``."""
    found: dict[str, list[str]] = {"guide_paths": [], "pr_template_paths": [], "codeowners_paths": []}
    for p in _tree_paths(repo, sha):
        low = p.lower()
        for key in found:
            if getattr(config, key).match(low):
                found[key].append(p)
    texts = _read_blobs(repo, sha, found["guide_paths"] + found["pr_template_paths"])
    evidence = []
    hits = {r: False for r in REQUIREMENTS}
    for p in found["guide_paths"] + found["pr_template_paths"]:
        for line in texts.get(p, "").splitlines():
            for name, pats in config.requirements.items():
                if any(r.search(line) for r in pats):
                    hits[name] = True
                    evidence.append({"requirement": name, "path": p, "line": line.strip()[:LINE_CHARS]})
    return {
        **found,
        "has_guide": bool(found["guide_paths"]), "has_pr_template": bool(found["pr_template_paths"]),
        "has_codeowners": bool(found["codeowners_paths"]),
        **{f"requires_{r}": hits[r] for r in REQUIREMENTS},
        "evidence_json": json.dumps(evidence, ensure_ascii=False),
    }


def contribution_rules(handle: RepoHandle, framework: Framework, quarters: list[str],
                       config: ContributionConfig | None = None) -> pl.DataFrame:
    """One row per quarter: the rules in force at the last first-parent commit of main before its end."""
    config = config or load_contribution_config()
    repo = Path(handle.path)
    history = list(iter_first_parent(repo, handle.branch))
    rows, cache = [], {}
    for q in quarters:
        end = quarter_bounds(q)[1].timestamp()
        last = None
        for sha, ts in history:
            if ts < end:
                last = (sha, ts)
        row = {"framework": framework.name, "quarter": q, "sha": None, "commit_date": None}
        if last is None:
            row.update({"guide_paths": [], "pr_template_paths": [], "codeowners_paths": [], "has_guide": False,
                        "has_pr_template": False, "has_codeowners": False,
                        **{f"requires_{r}": False for r in REQUIREMENTS}, "evidence_json": "[]"})
        else:
            sha, ts = last
            if sha not in cache:
                cache[sha] = read_rules_at(repo, sha, config)
            row.update(sha=sha, commit_date=datetime.fromtimestamp(ts, tz=timezone.utc), **cache[sha])
        rows.append(row)
    return pl.DataFrame(rows, schema=SCHEMA)
