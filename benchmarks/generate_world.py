"""Generate a large synthetic world in the snapshot format, deterministic by seed.

    python benchmarks/generate_world.py OUT_DIR [--papers 100000] [--threads 50000]
        [--commits 20000] [--planted 60] [--seed 7]

Ends with one line ``RESULT papers=<n> threads=<n> commits=<n> planted=<n> seconds=<s> rows_per_s=<r>``.

Writes OUT_DIR/manifest.json, papers.jsonl, threads.jsonl, frameworks/<name>.fi
(one fast-import stream per packaged framework), labels.csv (human labels for
the planted papers, with their method names) and planted.json (the inclusions
that must be found: arxiv_id, framework, level).  Everything else in the
world is noise that must not produce an inclusion: commits that touch code
with ordinary identifiers, papers that are not eligible, threads that cite
nothing or cite papers by id.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rl_inclusion.snapshot import write_snapshot  # noqa: E402
from rl_inclusion.frameworks_config import load_frameworks  # noqa: E402

START = datetime(2025, 1, 1, tzinfo=timezone.utc)
SPAN_DAYS = 600  # Jan 2025 .. Aug 2026
WORDS = ("model training data token sequence batch gradient update step buffer rollout sample worker actor "
         "critic config parser logger metric loader cache shard tensor device engine scheduler queue").split()
NOT_ELIGIBLE = [
    "We release a benchmark of {n} math problems and evaluate existing language models on it.",
    "A technical report describing the pre-training data and architecture of our {n}B model.",
    "We survey {n} papers on reasoning in large language models and organise them by topic.",
    "A serving system that shortens inference latency by {n} percent through better batching.",
]
ELIGIBLE = ("We propose {name}, a reinforcement learning method for language model post-training that changes "
            "the policy optimization objective with a new clipping rule for the importance ratio. Experiments "
            "train a {p}B policy on math reasoning with verifiable rewards.")


def _name(rng: random.Random, used: set[str]) -> str:
    # Method-like acronyms built from letters that never form the noise words.
    while True:
        n = "".join(rng.choice("BCDFGHJKLMNPQVWXZ") for _ in range(rng.randint(3, 4))) + "PO"
        if n not in used:
            used.add(n)
            return n


def _ts(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def papers_and_planted(rng, n_papers, n_planted, frameworks):
    used: set[str] = set()
    papers, labels, planted = [], [], []
    per_month: dict[str, int] = {}
    planted_idx = set(rng.sample(range(n_papers), n_planted))
    levels = ["selectable algorithm", "configuration option", "example", "experimental"]
    for i in range(n_papers):
        published = START + timedelta(days=rng.uniform(0, SPAN_DAYS))
        ym = published.strftime("%y%m")
        per_month[ym] = per_month.get(ym, 0) + 1
        arxiv_id = f"{ym}.{per_month[ym]:05d}"
        if i in planted_idx:
            name = _name(rng, used)
            abstract = ELIGIBLE.format(name=name, p=rng.choice([1.5, 7, 32, 72]))
            fw = rng.choice(frameworks).name
            planted.append({"arxiv_id": arxiv_id, "method_name": name, "framework": fw,
                            "level": rng.choice(levels), "published": _ts(published)})
            labels.append({"arxiv_id": arxiv_id, "eligible": "true", "note": "planted", "reviewer": "generator",
                           "method_name": name, "aliases": name.lower()})
            title = f"{name}: Clipped Policy Optimization for Reasoning"
        else:
            abstract = rng.choice(NOT_ELIGIBLE).format(n=rng.randint(2, 900))
            title = " ".join(rng.choice(WORDS).capitalize() for _ in range(6))
        papers.append({
            "arxiv_id": arxiv_id, "version": 1, "title": title, "abstract": abstract,
            "authors": [f"Author {rng.randint(1, 5000)}"], "primary_category": "cs.LG", "categories": ["cs.LG", "cs.CL"],
            "published": _ts(published), "updated": _ts(published), "comment": None, "journal_ref": None, "doi": None,
            "links": [f"https://arxiv.org/abs/{arxiv_id}v1"],
        })
    return papers, labels, planted


PATHS = {"selectable algorithm": "pkg/algos/registry.py", "configuration option": "pkg/config/options.yaml",
         "example": "examples/run_{n}.py", "experimental": "pkg/experimental/{n}.py"}


def _line(level: str, name: str) -> str:
    low = name.lower()
    return {"selectable algorithm": f'    {name} = "{low}"',
            "configuration option": f"use_{low}: false",
            "example": f"trainer = make_trainer(algorithm='{low}')",
            "experimental": f"class {name}Trainer:  # experimental"}[level]


def fast_import(rng, fw_name, n_commits, plants):
    """A fast-import stream of n_commits first-parent commits with the plants among them."""
    slots = rng.sample(range(n_commits // 10, n_commits), len(plants))  # distinct commits, one plant each
    at = dict(zip(slots, plants))
    t0 = int((START - timedelta(days=60)).timestamp())
    step = (SPAN_DAYS + 120) * 86400 // n_commits
    out = []
    for c in range(n_commits):
        when = t0 + c * step
        files = []
        plant = at.get(c)
        if plant:
            published = int(datetime.fromisoformat(plant["published"].replace("Z", "+00:00")).timestamp())
            when = max(when, published + 86400)  # never before the paper
            path = PATHS[plant["level"]].format(n=plant["method_name"].lower())
            files.append((path, _line(plant["level"], plant["method_name"]) + "\n"))
        path = f"pkg/mod_{c % 97}/{rng.choice(WORDS)}_{c % 13}.py"
        body = "\n".join(f"{rng.choice(WORDS)}_{rng.choice(WORDS)} = {rng.randint(0, 99)}" for _ in range(4)) + "\n"
        files.append((path, body))
        msg = f"Update {rng.choice(WORDS)} handling (#{1000 + c})"
        out.append("commit refs/heads/main\n")
        out.append(f"committer Dev <dev@example.com> {when} +0000\n")
        out.append(f"data {len(msg.encode())}\n{msg}\n")
        for p, content in files:
            data = content.encode()
            out.append(f"M 100644 inline {p}\ndata {len(data)}\n{content}\n")
    return "".join(out)


def threads(rng, n, frameworks, papers, planted):
    cited = [p["arxiv_id"] for p in planted[: max(1, len(planted) // 3)]]
    out = []
    for i in range(n):
        fw = rng.choice(frameworks)
        created = START + timedelta(days=rng.uniform(0, SPAN_DAYS))
        body = " ".join(rng.choice(WORDS) for _ in range(40))
        if i % 97 == 0:
            body += f" see arXiv:{rng.choice(cited)}"
        if i % 151 == 0:
            body += " the reward collapsed to zero and entropy collapse followed after step 300"
        comments = [{"author": f"user{rng.randint(1, 9999)}", "created_at": _ts(created + timedelta(hours=k + 1)),
                     "body": " ".join(rng.choice(WORDS) for _ in range(15))} for k in range(rng.randint(0, 4))]
        out.append({"framework": fw.name, "repo": fw.repo, "number": i + 1, "kind": rng.choice(["issue", "pull", "discussion"]),
                    "title": " ".join(rng.choice(WORDS) for _ in range(6)), "body": body, "state": "open",
                    "author": f"user{rng.randint(1, 9999)}", "labels": [], "created_at": _ts(created),
                    "updated_at": _ts(created + timedelta(days=1)), "closed_at": None, "merged_at": None,
                    "url": f"https://github.com/{fw.repo}/issues/{i + 1}", "comments": comments})
    return out


def generate(out: Path, n_papers: int, n_threads: int, n_commits: int, n_planted: int, seed: int) -> dict:
    rng = random.Random(seed)
    frameworks = load_frameworks()
    papers, labels, planted = papers_and_planted(rng, n_papers, n_planted, frameworks)
    out.mkdir(parents=True, exist_ok=True)
    fi_dir = out / "_fi"
    fi_dir.mkdir(exist_ok=True)
    binaries = {}
    for fw in frameworks:
        path = fi_dir / f"{fw.name}.fi"
        path.write_text(fast_import(rng, fw.name, n_commits, [p for p in planted if p["framework"] == fw.name]))
        binaries[f"frameworks/{fw.name}.fi"] = path
    write_snapshot(out, {"papers.jsonl": papers, "threads.jsonl": threads(rng, n_threads, frameworks, papers, planted)},
                   binaries, created_at=datetime(2026, 10, 31, tzinfo=timezone.utc))
    for p in fi_dir.iterdir():
        p.unlink()
    fi_dir.rmdir()
    with (out / "labels.csv").open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["arxiv_id", "eligible", "note", "reviewer", "method_name", "aliases"])
        w.writeheader()
        w.writerows(labels)
    (out / "planted.json").write_text(json.dumps(planted, indent=1))
    return {"papers": n_papers, "threads": n_threads, "commits": n_commits * len(frameworks), "planted": len(planted)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--papers", type=int, default=100_000)
    ap.add_argument("--threads", type=int, default=50_000)
    ap.add_argument("--commits", type=int, default=20_000)
    ap.add_argument("--planted", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    t0 = time.monotonic()
    counts = generate(a.out, a.papers, a.threads, a.commits, a.planted, a.seed)
    took = time.monotonic() - t0
    rows = counts["papers"] + counts["threads"] + counts["commits"]
    print(json.dumps(counts))
    print(f"RESULT papers={counts['papers']} threads={counts['threads']} commits={counts['commits']} "
          f"planted={counts['planted']} seconds={took:.1f} rows_per_s={rows / took:.0f}")


if __name__ == "__main__":
    main()
