"""Miner wall time against a bare ``git log`` over the same repositories and path filters.

    python benchmarks/git_mining.py REPO_PATH [REPO_PATH ...]
    python benchmarks/git_mining.py --frameworks FRAMEWORKS_FILE --repeat 2   # real clones, each with its own rules
    python benchmarks/git_mining.py --generate 5000          # build a synthetic repo first
    python benchmarks/git_mining.py --bulk 1000              # one commit of 1,000 MB of data files

For each repository the miner (``rl_inclusion.mining.miner.mine``) runs with a
dictionary of at least 2,000 method names and aliases (the real ones below plus
generated ones), using the rules of the ``verl`` entry of the packaged
frameworks file (or ``--framework``), or each framework of ``--frameworks FILE``
(entries with ``local_path``) with its own rules.  Repositories with missing
blobs are read through the same overlay by both sides.  The baseline is
``git log --first-parent --diff-merges=first-parent -p --unified=0 --no-renames``
with the same exclusion pathspecs (skipped paths and committed environments), its
output read and discarded.  Ends with

    RESULT miner_s=<x> git_s=<y> ratio=<r> commits=<n> peak_mb=<m>

``peak_mb`` is the miner's peak resident memory (this process, which holds the
events but never the history).
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rl_inclusion.ids import NameIndex  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the test repository builder
from gitbuild import build_synthetic_repo, import_stream  # noqa: E402
from rl_inclusion.mining.gitlog import _log_args, environment_excludes, exclude_pathspecs  # noqa: E402
from rl_inclusion.mining.miner import find_missing_objects, make_overlay, mine  # noqa: E402
from rl_inclusion.frameworks_config import load_frameworks  # noqa: E402
from rl_inclusion.sources.git import RepoHandle, git_env, resolve_branch, run_git  # noqa: E402

REAL_NAMES = {
    "REINFORCE++": "2501.03262", "reinforce_plus_plus": "2501.03262", "PRIME": "2502.01456", "DAPO": "2503.14476",
    "Dr. GRPO": "2503.20783", "dr_grpo": "2503.20783", "GPG": "2504.02546", "VAPO": "2504.05118",
    "Reinforce-Rej": "2504.11343", "RAFT++": "2504.11343", "LUFFY": "2504.14945", "GiGPO": "2505.10978",
    "Clip-Cov": "2505.22617", "KL-Cov": "2505.22617", "ProRL": "2505.24864", "GSPO": "2507.18071",
    "GMPO": "2507.20673", "CISPO": "2506.13585", "SAPO": "2511.20347", "GDPO": "2601.05242", "BNPO": "2506.02864",
    "ARPO": "2507.19849", "TreePO": "2508.17445", "CE-GPPO": "2509.20712", "ASPO": "2510.06062",
    "Tapered Off-Policy REINFORCE": "2503.14286", "TOPR": "2503.14286", "OPO": "2505.23585",
}


def name_dictionary(n_generated: int, seed: int = 3) -> dict[str, list[str]]:
    """Real names plus generated acronyms and snake_case aliases (at least ``n_generated`` more)."""
    rng = random.Random(seed)
    names = {k: [v] for k, v in REAL_NAMES.items()}
    letters = "ABCDEFGHIJKLMNOPRSTUVWXYZ"
    i = 0
    while len(names) < len(REAL_NAMES) + n_generated:
        stem = "".join(rng.choice(letters) for _ in range(rng.randint(2, 4)))
        suffix = rng.choice(["PO", "RL", "GRPO", "PPO", "-Clip", "++", "-RS"])
        paper = f"26{rng.randint(1, 12):02d}.{rng.randint(0, 99999):05d}"
        display = f"{stem}{suffix}"
        names.setdefault(display, []).append(paper)
        names.setdefault(f"{stem.lower()}_{suffix.strip('-+').lower() or 'pp'}_loss", []).append(paper)
        i += 1
    return names


def bulk_stream(megabytes: int, seed: int = 11) -> Iterator[bytes]:
    """A fast-import stream of one commit that adds ``megabytes`` MB of JSON data files (about 3 MB each) beside a
    trainer file, the way a code base commits its data sets with its code (RULE-Unlearn, inclusion-set-v156)."""
    rng = random.Random(seed)
    words = ["the", "author", "novel", "film", "award", "city", "born", "question", "answer", "reject", "forget",
             "policy", "reward", "model", "of", "in", "was", "his", "her", "target", "neighbor", "Stephen", "1984"]
    rare = ["GRPO", "grpo_loss", "PPO", "arXiv:2501.03262"]   # one line in a thousand names a method
    yield b"commit refs/heads/main\ncommitter A <a@example.org> 1735689600 +0000\ndata 9\nAdd data\n"
    trainer = b"def compute_loss(logp, adv):\n    return -(logp * adv).mean()  # GRPO\n"
    yield b"M 100644 inline trainer/loss.py\ndata %d\n%s\n" % (len(trainer), trainer)
    record = 0
    for f in range(max(1, megabytes // 3)):
        lines = []
        size = 0
        while size < 3 << 20:
            text = " ".join(rng.choice(words) for _ in range(rng.randint(20, 60)))
            if rng.random() < 0.001:
                text += " " + rng.choice(rare)
            line = f'{{"id": {record}, "question": "{text}", "answer": "{rng.choice(words)}"}},\n'.encode()
            record += 1
            lines.append(line)
            size += len(line)
        blob = b"[\n" + b"".join(lines) + b"{}]\n"
        yield b"M 100644 inline data/set_%04d/train.json\ndata %d\n%s\n" % (f, len(blob), blob)
    yield b"\ndone\n"


def bare_git(repo: Path, ref: str, specs: list[str]) -> float:
    """Seconds for git alone to print the log the miner reads, output read and discarded.

    A repository with missing blobs (a partial fetch) makes git stop at the
    first one; the miner then reads an overlay where they are empty blobs, and
    so does this baseline, or it would time a fraction of the history.
    """
    ref = run_git(["rev-parse", f"{ref}^{{commit}}"], cwd=repo).stdout.decode().strip()  # the overlay has no refs
    args = [a for a in _log_args(ref, specs)]
    with tempfile.TemporaryDirectory(prefix="rl_inclusion_bench_overlay_") as tmp:
        where = repo
        missing = find_missing_objects(repo, ref)
        if missing:
            where = make_overlay(repo, missing, Path(tmp))
        env = git_env()
        env.pop("GIT_NO_REPLACE_OBJECTS", None)
        t = time.perf_counter()
        proc = subprocess.Popen(["git", *args], cwd=where, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        while proc.stdout.read(1 << 20):
            pass
        err = proc.stderr.read().decode("utf-8", "replace")
        if proc.wait() != 0:
            raise SystemExit(f"bare git log failed in {where}: {err.strip()}")
        return time.perf_counter() - t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("repos", nargs="*", type=Path)
    ap.add_argument("--generate", type=int, metavar="N", help="first build a synthetic repo of N commits")
    ap.add_argument("--bulk", type=int, metavar="MB", help="first build a repo of one commit of MB megabytes of data")
    ap.add_argument("--names", type=int, default=2000, help="generated names added to the real ones")
    ap.add_argument("--framework", default="verl", help="whose rules (path filters, levels) to use for REPO_PATHs")
    ap.add_argument("--frameworks", type=Path, default=None,
                    help="a frameworks file whose entries have local_path: mine each with its own rules")
    ap.add_argument("--branch", default=None, help="branch to mine (default: the framework's, else HEAD)")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each side; the best time is kept")
    args = ap.parse_args(argv)
    repos = list(args.repos)
    tmp = None
    names = name_dictionary(args.names)
    if args.bulk:
        tmp = tempfile.TemporaryDirectory(prefix="rl_inclusion_bench_")
        t = time.perf_counter()
        repos.append(import_stream(Path(tmp.name) / "bulk.git", bulk_stream(args.bulk)))
        print(f"built a repository of one {args.bulk} MB commit in {time.perf_counter() - t:.1f}s")
    elif args.generate or (not repos and not args.frameworks):
        tmp = tempfile.TemporaryDirectory(prefix="rl_inclusion_bench_")
        n = args.generate or 3000
        t = time.perf_counter()
        repos.append(build_synthetic_repo(Path(tmp.name) / "synthetic.git", n, list(REAL_NAMES)))
        print(f"built a synthetic repository of {n} commits in {time.perf_counter() - t:.1f}s")
    fw = next(f for f in load_frameworks() if f.name == args.framework)
    jobs = [(repo, fw) for repo in repos]
    if args.frameworks:
        jobs = [(f.local_path, f) for f in load_frameworks(args.frameworks) if f.local_path is not None]
        if not jobs:
            raise SystemExit(f"{args.frameworks}: no framework has a local_path")
    index = NameIndex(names)
    print(f"name dictionary: {len(names)} names and aliases ({len(index)} distinct normalised keys)")
    miner_s = git_s = 0.0
    commits = 0
    for repo, fw in jobs:
        repo = repo.resolve()
        try:
            ref = resolve_branch(repo, args.branch or fw.branch)
        except Exception:
            ref = "HEAD"
        handle = RepoHandle(repo, ref, "local")
        specs = exclude_pathspecs(fw.rules) + environment_excludes(repo, ref)   # what the miner reads, no more
        best_m = best_g = float("inf")
        for _ in range(args.repeat):
            best_g = min(best_g, bare_git(repo, ref, specs))
            t = time.perf_counter()
            result = mine(handle, replace(fw), index)
            best_m = min(best_m, time.perf_counter() - t)
        print(f"{repo}: {result.commits} commits, {result.events.height} events, "
              f"{result.skipped_objects} skipped objects; miner {best_m:.2f}s, bare git {best_g:.2f}s, "
              f"ratio {best_m / best_g:.2f}")
        miner_s += best_m
        git_s += best_g
        commits += result.commits
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if tmp is not None:
        tmp.cleanup()
    print(f"RESULT miner_s={miner_s:.2f} git_s={git_s:.2f} ratio={miner_s / git_s:.2f} commits={commits} "
          f"peak_mb={peak_mb:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
