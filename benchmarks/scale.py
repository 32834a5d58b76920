"""Run the whole graph on the demo and on a large generated world; compare.

    python benchmarks/scale.py [--world DIR] [--papers 100000] [--threads 50000] [--commits 20000]

Generates the world with benchmarks/generate_world.py unless --world points at
one, then runs `rl-inclusion materialize` on each in a child process (so the
peak memory of the run is the child's maximum resident set), reads the time of
each asset step from the progress lines, and prints a table per asset, rows
per second, and the growth of compute against the growth of the input.
Dagster's fixed start-up per run is excluded from "compute" (the sum of the
asset steps).  Ends with one line:

    RESULT peak_mb=<m> growth_ratio=<r> planted_found=<a>/<b> unplanted=<c>

growth_ratio = (world compute / demo compute) / (world input rows / demo input rows);
at most about 1 means cost grows no faster than the input.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb

HERE = Path(__file__).resolve().parent
STEP = re.compile(r"\[\d+/\d+\] (\S+) (ok|FAILED) \(([\d.]+)s\)")


def input_rows(snapshot: Path) -> int:
    manifest = json.loads((snapshot / "manifest.json").read_text())
    return sum(int(v.get("rows") or 0) for v in manifest["files"].values())


def fi_commits(snapshot: Path) -> int:
    """Commits in the snapshot's fast-import streams (each file read once)."""
    total = 0
    for p in (snapshot / "frameworks").glob("*.fi"):
        data = p.read_bytes()
        total += data.count(b"\ncommit refs/") + data.startswith(b"commit refs/")
    return total


def run(source: str, labels: str | None, work: Path) -> dict:
    db = work / "bench.duckdb"
    cmd = [sys.executable, "-m", "rl_inclusion.cli", "materialize", "--source", source, "--db", str(db),
           "--cache-dir", str(work / "cache")]
    if labels:
        cmd += ["--labels", labels]
    env = dict(os.environ, DAGSTER_HOME="")
    env.pop("DAGSTER_HOME")
    t0 = time.monotonic()
    with open(work / "out.log", "w") as out, open(work / "err.log", "w") as err:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, text=True, cwd=work, env=env)
        # wait4 gives this run's own peak resident set (with the git processes it waited for).
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - t0
    peak_kb = usage.ru_maxrss
    stderr = (work / "err.log").read_text()
    if proc.returncode != 0:
        raise SystemExit(f"materialize failed on {source}:\n{stderr[-3000:]}")
    steps = {m.group(1): float(m.group(3)) for m in STEP.finditer(stderr)}
    with duckdb.connect(str(db), read_only=True) as con:
        rows = {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                for (t,) in con.execute("SELECT table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE'").fetchall()}
        inclusions = con.execute("SELECT arxiv_id, framework FROM paper_inclusion").fetchall()
    return {"wall": wall, "steps": steps, "compute": sum(steps.values()), "peak_mb": peak_kb / 1024,
            "rows": rows, "inclusions": inclusions}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--world", type=Path)
    ap.add_argument("--papers", type=int, default=100_000)
    ap.add_argument("--threads", type=int, default=50_000)
    ap.add_argument("--commits", type=int, default=20_000)
    ap.add_argument("--planted", type=int, default=60)
    a = ap.parse_args()
    sys.path.insert(0, str(HERE.parent))
    from rl_inclusion.snapshot import demo_path

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        world = a.world
        if world is None:
            world = tmp / "world"
            print(f"generating {a.papers} papers, {a.threads} threads, 7 x {a.commits} commits ...", file=sys.stderr)
            subprocess.run([sys.executable, str(HERE / "generate_world.py"), str(world), "--papers", str(a.papers),
                            "--threads", str(a.threads), "--commits", str(a.commits), "--planted", str(a.planted)], check=True)
        (tmp / "demo").mkdir()
        (tmp / "big").mkdir()
        demo = run("demo", None, tmp / "demo")
        big = run(str(world.resolve()), str((world / "labels.csv").resolve()), tmp / "big")
        demo_in = input_rows(demo_path()) + fi_commits(demo_path())
        big_in = input_rows(world) + fi_commits(world)
        planted = {(p["arxiv_id"], p["framework"]) for p in json.loads((world / "planted.json").read_text())}
        found = planted & set(big["inclusions"])
        unplanted = set(big["inclusions"]) - planted

    print(f"{'asset':22s} {'demo s':>9s} {'world s':>9s} {'ratio':>8s}")
    for step in sorted(set(demo["steps"]) | set(big["steps"])):
        d, w = demo["steps"].get(step, 0.0), big["steps"].get(step, 0.0)
        print(f"{step:22s} {d:9.2f} {w:9.2f} {w / d if d else float('nan'):8.1f}")
    for name, r, n_in in (("demo", demo, demo_in), ("world", big, big_in)):
        written = sum(r["rows"].values())
        print(f"{name}: input rows {n_in}, rows written {written}, wall {r['wall']:.1f}s, compute {r['compute']:.1f}s, "
              f"{written / r['compute'] if r['compute'] else 0:.0f} rows/s, peak {r['peak_mb']:.0f} MB")
    growth = (big["compute"] / demo["compute"]) / (big_in / demo_in) if demo["compute"] else float("nan")
    print(f"input grew {big_in / demo_in:.0f}x, compute grew {big['compute'] / demo['compute']:.0f}x")
    print(f"RESULT peak_mb={max(demo['peak_mb'], big['peak_mb']):.0f} growth_ratio={growth:.2f} "
          f"planted_found={len(found)}/{len(planted)} unplanted={len(unplanted)}")


if __name__ == "__main__":
    main()
