"""Mine the demo snapshot's fast-import histories and check them against rl_inclusion/demo/EXPECTED.md."""

from __future__ import annotations

import csv
import json
import re
from datetime import datetime
from pathlib import Path

import polars as pl
import pytest

from rl_inclusion.linking.inclusion import build_inclusion, build_mentions, link_events
from rl_inclusion.names import name_index
from rl_inclusion.mining.miner import mine
from rl_inclusion.snapshot import Snapshot, demo_path
from rl_inclusion.frameworks_config import load_frameworks
from rl_inclusion.sources.git import RepoHandle, import_stream, prepare_repo, resolve_branch

DEMO = demo_path()
EXPECTED = DEMO.parent / "EXPECTED.md"
LEVEL = r"default|selectable algorithm|configuration option|experimental|example"

pytestmark = pytest.mark.skipif(
    not EXPECTED.is_file() or not list((DEMO / "frameworks").glob("*.fi")),
    reason="the demo snapshot's fast-import streams and EXPECTED.md are not written yet")


def _eligible() -> pl.DataFrame:
    published = {}
    for line in (DEMO / "papers.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            d = json.loads(line)
            published[d["arxiv_id"]] = datetime.fromisoformat(d["published"].replace("Z", "+00:00"))
    rows = []
    with (DEMO.parent / "labels.csv").open(encoding="utf-8") as f:
        for r in csv.DictReader(f):
            p = published[r["arxiv_id"]]
            rows.append(dict(arxiv_id=r["arxiv_id"], title="", published=p, eligible=r["eligible"] == "true",
                             method_name=r["method_name"] or None,
                             aliases=[a for a in r["aliases"].split("|") if a],
                             quarter=f"{p.year}Q{(p.month - 1) // 3 + 1}"))
    return pl.DataFrame(rows, schema_overrides={"published": pl.Datetime("us", "UTC")})


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    cache = tmp_path_factory.mktemp("demo_cache")
    snapshot = Snapshot.open(DEMO) if (DEMO / "manifest.json").is_file() else None
    eligible = _eligible()
    index = name_index(eligible)
    results = {}
    for fw in load_frameworks():
        if snapshot is not None:
            handle = prepare_repo(fw, cache, snapshot, live=False)
        else:  # the manifest is written last; read the streams directly meanwhile
            target = cache / f"{fw.name}.git"
            import_stream(DEMO / "frameworks" / f"{fw.name}.fi", target, "unverified")
            handle = RepoHandle(target, resolve_branch(target, fw.branch), "snapshot")
        results[fw.name] = mine(handle, fw, index)
    events = link_events(pl.concat([r.events for r in results.values()]), eligible)
    return results, events, build_inclusion(events, eligible), build_mentions(events, eligible)


def _expected_inclusions() -> dict:
    out = {}
    pat = re.compile(rf"^\| (\d{{4}}\.\d{{5}}) \| [^|]+ \| ([\w-]+) \| ({LEVEL}) \| (\d{{4}}-\d\d-\d\d) \| #(\d+) \| "
                     r"(-?\d+) \| (yes|no) \| (yes|no) \|")
    for line in EXPECTED.read_text(encoding="utf-8").splitlines():
        m = pat.match(line)
        if m:
            out[(m[1], m[2])] = (m[3], m[4], int(m[5]), int(m[6]), m[7] == "yes", m[8] == "yes")
    return out


def test_commits_per_history(demo):
    results, *_ = demo
    text = EXPECTED.read_text(encoding="utf-8")
    line = re.search(r"Commits per history: ([^(]+)", text).group(1)
    expected = {name: int(n) for name, n in re.findall(r"([\w-]+) (\d+)", line)}
    assert {k: r.commits for k, r in results.items()} == expected
    assert all(r.skipped_objects == 0 for r in results.values())


def test_inclusions_match_expected(demo):
    _, _, inclusion, _ = demo
    expected = _expected_inclusions()
    assert len(expected) == 35
    got = {(r["arxiv_id"], r["framework"]): (r["integration_level"], r["implementation_date"].strftime("%Y-%m-%d"),
                                             r["first_pr"], r["lag_days"], r["within_180_days"], r["removed"])
           for r in inclusion.iter_rows(named=True)}
    assert got == expected


def test_levels_and_mentions(demo):
    _, events, inclusion, mentions = demo
    counts = dict(inclusion.group_by("integration_level").len().iter_rows())
    assert counts == {"default": 3, "selectable algorithm": 17, "configuration option": 11, "experimental": 1,
                      "example": 3}
    assert mentions.select("arxiv_id", "framework", "path").rows() == [("2506.01939", "verl", "docs/algo/entropy.md")]
    # Not-eligible papers named in code never become inclusions (MiniMax-M1 and AReaL are eligible since issue 13).
    assert not set(inclusion["arxiv_id"]) & {"2501.12948"}
    assert events.filter(pl.col("arxiv_id").is_in(["2501.12948"]))["link_status"].unique().to_list() == ["unlinked"]
