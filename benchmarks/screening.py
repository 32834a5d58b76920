"""Throughput of the screeners on a generated set of papers.

Generates N papers (default 100,000) by combining sentences typical of method
papers, technical reports, applications, datasets and surveys, then times:

- the rules screener: ``screen(papers, None, ScreeningConfig())`` (all rules,
  all features, the eligible_methods frame);
- the learned screener: TF-IDF + logistic regression trained on the generated
  papers (labelled by the family they were drawn from) and scoring all of them;
- the whole learned screening as the pipeline runs it:
  ``screen(papers, None, ScreeningConfig(screener="learned"))`` (rules for the
  gate, the model trained on the shipped labels, the typer, every feature).

Prints papers per second and ends with
``RESULT rules_papers_per_s=<n> learned_papers_per_s=<n> learned_screen_papers_per_s=<n>``.
Usage: python benchmarks/screening.py [N]
"""

from __future__ import annotations

import random
import sys
import time
from datetime import datetime, timedelta, timezone

import numpy as np
import polars as pl

from rl_inclusion.screening import ScreeningConfig, screen
from rl_inclusion.screening.learned import paper_texts, train_model
from rl_inclusion.raw_papers import RAW_PAPERS_SCHEMA

METHOD = [
    "We propose {n} Policy Optimization ({a}), a reinforcement learning algorithm for large language models.",
    "It replaces token-level importance ratios with a sequence-level ratio and clips it.",
    "Advantages are normalised over the global batch instead of each group.",
    "Prompts whose rollouts all receive the same reward are filtered out during training.",
    "A KL penalty towards a periodically reset reference policy keeps entropy from collapsing.",
    "On Qwen2.5-{s}B it outperforms GRPO and DAPO on AIME and MATH.",
    "Code is available at https://github.com/example/{a}.",
]
OTHER = [
    "We present {n}, a family of open-weight models from 1.5 to {s} billion parameters.",
    "This technical report describes pretraining on 15 trillion tokens and post-training with SFT and GRPO.",
    "We introduce a benchmark of 3,000 questions for evaluating reasoning.",
    "We apply GRPO to medical visual question answering and improve accuracy.",
    "This survey reviews reinforcement learning for reasoning models.",
    "Our system improves RLHF training throughput with colocated actors on Ray and vLLM.",
    "We curate a dataset of 100K math problems with verifiable answers.",
]
WORDS = "reasoning model training reward sample token policy language search agent data scale stable efficient".split()


def generate(n: int, seed: int = 0) -> tuple[pl.DataFrame, np.ndarray]:
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, tzinfo=timezone.utc)
    rows, y = [], []
    for i in range(n):
        positive = rng.random() < 0.3
        pool = METHOD if positive else OTHER
        name = "".join(rng.choice("ABCDEFGHKLMNPRSTVW") for _ in range(3))
        sents = rng.sample(pool, k=rng.randint(3, len(pool)))
        filler = " ".join(rng.choice(WORDS) for _ in range(rng.randint(40, 120)))
        abstract = " ".join(s.format(n=name.title(), a=name + "PO", s=rng.choice([7, 14, 32, 72, 235])) for s in sents)
        published = start + timedelta(minutes=i)
        rows.append({
            "arxiv_id": f"25{(i // 99999) % 12 + 1:02d}.{i % 99999:05d}", "version": 1,
            "title": (f"{name}PO: " if positive else f"{name}: ") + " ".join(rng.sample(WORDS, 5)),
            "abstract": abstract + " " + filler, "authors": ["A. Author"], "primary_category": "cs.LG",
            "categories": ["cs.LG"], "published": published, "updated": published, "comment": None,
            "journal_ref": None, "doi": None, "links": [], "code_urls":
            [f"https://github.com/example/{name}PO"] if positive and rng.random() < 0.5 else [],
            "source": "benchmark", "quarter": "2025Q1",
        })
        y.append(positive)
    return pl.DataFrame(rows, schema=RAW_PAPERS_SCHEMA), np.asarray(y)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    papers, y = generate(n)
    screen(papers.head(1000), None, ScreeningConfig())  # warm-up: compile regexes
    t0 = time.perf_counter()
    out = screen(papers, None, ScreeningConfig())
    t_rules = time.perf_counter() - t0
    agree = float((out.sort("arxiv_id")["eligible"].to_numpy() == y[np.argsort(papers["arxiv_id"].to_numpy())]).mean())
    print(f"rules: {n} papers in {t_rules:.2f} s, {out['eligible'].sum()} eligible, agreement with generator {agree:.3f}")

    t0 = time.perf_counter()
    texts = paper_texts(papers)
    model = train_model(texts, y)
    p = model.predict_proba(texts)
    t_learned = time.perf_counter() - t0
    print(f"learned (tf-idf + logistic regression, train and score): {n} papers in {t_learned:.2f} s, "
          f"accuracy on its training set {float(((p >= 0.5) == y).mean()):.3f}")
    # The whole learned screening as the pipeline runs it: rules (for the gate), the model trained on the shipped
    # labels, and the modification typer on the eligible papers.
    t0 = time.perf_counter()
    full = screen(papers, None, ScreeningConfig(screener="learned"))
    t_full = time.perf_counter() - t0
    print(f"screen(screener='learned') with the rules gate and the typer: {n} papers in {t_full:.2f} s, "
          f"{full['eligible'].sum()} eligible")
    print(f"RESULT rules_papers_per_s={n / t_rules:.0f} learned_papers_per_s={n / t_learned:.0f} "
          f"learned_screen_papers_per_s={n / t_full:.0f}")


if __name__ == "__main__":
    main()
