"""The fresh sets of real threads (issue 12, ``heldout-v2``, ``-v3``, ``-v4``, ``-v5``), each drawn and labelled by
someone who never ran the classifier: files load the way ``eval-threads`` reads them, ``--split`` selects
every row, no thread is shared with an older set, every thread names the search that drew it, and the
counts are the ones the labelled set's README states.

Nothing here runs the classifier: these files are for measuring it."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from rl_inclusion.sources.github import validate_thread
from rl_inclusion.threads.labelled import read_labels, read_threads, select_split

REAL = Path(__file__).parents[1] / "rl_inclusion" / "threads" / "labels_real"
TRACKERS = {"verl": "verl-project/verl", "TRL": "huggingface/trl", "OpenRLHF": "OpenRLHF/OpenRLHF",
            "NeMo-RL": "NVIDIA-NeMo/RL", "ROLL": "alibaba/ROLL", "slime": "THUDM/slime",
            "AReaL": "areal-project/AReaL"}
# heldout-v6 is drawn from the trackers of five other RL post-training frameworks
OTHER_TRACKERS = {"ms-swift": "modelscope/ms-swift", "EasyR1": "hiyouga/EasyR1", "prime-rl": "PrimeIntellect-ai/prime-rl",
                  "SkyRL": "NovaSky-AI/SkyRL", "Open-Instruct": "allenai/open-instruct",
                  # heldout-v7: three more (LLaMA-Factory under the name the corpus shows)
                  "LLaMA-Factory": "hiyouga/LlamaFactory", "rLLM": "rllm-org/rllm", "RLinf": "RLinf/RLinf",
                  # heldout-v8: thirteen more, under the repository names the corpus shows
                  "Trinity-RFT": "agentscope-ai/Trinity-RFT", "open-r1": "huggingface/open-r1",
                  "agent-lightning": "microsoft/agent-lightning", "RAGEN": "mll-lab-nu/RAGEN", "oat": "sail-sg/oat",
                  "unsloth": "unslothai/unsloth", "axolotl": "axolotl-ai-cloud/axolotl", "ART": "OpenPipe/ART",
                  "torchtune": "meta-pytorch/torchtune", "verifiers": "PrimeIntellect-ai/verifiers",
                  "forge": "meta-pytorch/torchforge", "tinker-cookbook": "thinking-machines-lab/tinker-cookbook",
                  "tinker-feedback": "thinking-machines-lab/tinker-feedback"}
ALL_TRACKERS = {**TRACKERS, **OTHER_TRACKERS}
FAILURE = {"nan", "no_learning", "regression", "garbled", "mismatch", "gradnorm", "reward_collapse", "kl", "length",
           "entropy", "divergence", "resume"}
OTHER = {"pr", "feature", "question", "hang", "docs", "other", "crash", "install", "oom", "config"}

# version -> (threads and failures per tracker, failures per category, threads dated from a comment),
# as each set's README section states them
FRESH = {
    "v2": ({"TRL": (73, 22), "verl": (43, 8), "NeMo-RL": (37, 9), "slime": (23, 0), "OpenRLHF": (19, 1),
            "ROLL": (11, 1), "AReaL": (10, 0)},
           {"no_learning": 19, "regression": 6, "kl": 4, "nan": 3, "garbled": 3, "mismatch": 2, "reward_collapse": 2,
            "entropy": 1, "divergence": 1}, 25),
    "v3": ({"TRL": (75, 24), "verl": (27, 2), "NeMo-RL": (20, 3), "slime": (10, 0), "OpenRLHF": (8, 0),
            "AReaL": (7, 0), "ROLL": (6, 0)},
           {"no_learning": 8, "garbled": 7, "nan": 4, "length": 4, "mismatch": 3, "reward_collapse": 2, "kl": 1}, 20),
    "v4": ({"TRL": (119, 18), "verl": (85, 6), "NeMo-RL": (58, 5), "OpenRLHF": (42, 4), "slime": (31, 2),
            "AReaL": (28, 0), "ROLL": (20, 0)},
           {"no_learning": 10, "mismatch": 8, "divergence": 6, "garbled": 4, "regression": 3, "nan": 2, "kl": 1,
            "resume": 1}, 66),
    "v5": ({"TRL": (89, 4), "NeMo-RL": (57, 1), "verl": (54, 2), "slime": (23, 2), "OpenRLHF": (21, 2),
            "ROLL": (12, 0), "AReaL": (11, 0)},
           {"garbled": 5, "no_learning": 3, "regression": 1, "entropy": 1, "divergence": 1}, 57),
    "v6": ({"ms-swift": (391, 22), "SkyRL": (96, 2), "prime-rl": (71, 1), "Open-Instruct": (57, 2), "EasyR1": (55, 8)},
           {"no_learning": 21, "garbled": 4, "regression": 3, "kl": 2, "length": 2, "reward_collapse": 2,
            "divergence": 1}, 75),
    "v7": ({"LLaMA-Factory": (175, 1), "RLinf": (38, 0), "rLLM": (28, 1)}, {"reward_collapse": 1, "garbled": 1}, 10),
    "v8": ({"Trinity-RFT": (90, 3), "open-r1": (71, 19), "agent-lightning": (29, 2), "RAGEN": (11, 1), "oat": (1, 0),
            "unsloth": (94, 22), "axolotl": (57, 9), "ART": (29, 1), "torchtune": (47, 2), "verifiers": (21, 0),
            "forge": (20, 1), "tinker-cookbook": (6, 1), "tinker-feedback": (2, 1)},
           {"no_learning": 20, "nan": 14, "garbled": 7, "regression": 6, "reward_collapse": 5, "mismatch": 4,
            "length": 2, "divergence": 2, "gradnorm": 2}, 84),
    # v9 takes threads of 134 repositories (most with one or two threads): per tracker, only the largest
    "v9": ({"XTuner": (37, 4), "NeMo-Aligner": (33, 0), "DeepSpeed-Chat": (30, 20), "align-anything": (28, 1)},
           {"no_learning": 31, "garbled": 19, "reward_collapse": 10, "nan": 9, "length": 8, "regression": 1, "kl": 1,
            "entropy": 1}, 46),
    # v10 takes threads of 275 repositories outside RL post-training as much as in it: the largest four
    "v10": ({"transformers": (13, 8), "vllm": (12, 0), "ColossalAI": (7, 4), "llama": (7, 2)},
            {"no_learning": 33, "nan": 13, "divergence": 10, "garbled": 9, "regression": 7, "resume": 4, "length": 3,
             "entropy": 1, "gradnorm": 1, "kl": 1}, 41),
    # v11: the seven trackers again, general queries only
    "v11": ({"TRL": (128, 3), "NeMo-RL": (109, 0), "slime": (100, 1), "verl": (93, 0), "OpenRLHF": (52, 0),
             "AReaL": (21, 0), "ROLL": (19, 0)}, {"no_learning": 2, "garbled": 1, "mismatch": 1}, 72),
    # v12: threads of any repository, the seven and earlier sets' trackers among 400: the largest four
    "v12": ({"LLaMA-Factory": (62, 36), "TRL": (56, 5), "ms-swift": (40, 14), "verl": (30, 3)},
            {"no_learning": 86, "garbled": 56, "reward_collapse": 19, "length": 15, "nan": 13, "divergence": 8,
             "gradnorm": 6, "mismatch": 6, "kl": 5, "entropy": 4, "regression": 3, "resume": 2}, 137),
    "v13": ({"LLaMA-Factory": (69, 21), "ms-swift": (46, 14), "TRL": (38, 4), "unsloth": (23, 5)},
            {"no_learning": 59, "nan": 33, "garbled": 30, "regression": 8, "reward_collapse": 7, "gradnorm": 5,
             "divergence": 5, "kl": 3, "mismatch": 3, "entropy": 1, "length": 1, "resume": 1}, 94),
    # v14: symptom queries only, threads of any repository (342): the largest four
    "v14": ({"LLaMA-Factory": (60, 35), "transformers": (58, 22), "ms-swift": (36, 12), "unsloth": (17, 3)},
            {"no_learning": 97, "nan": 72, "garbled": 58, "regression": 13, "divergence": 11, "gradnorm": 6,
             "resume": 3, "mismatch": 1, "length": 1, "entropy": 1, "reward_collapse": 1}, 88),
    "v15": ({"LLaMA-Factory": (29, 17), "ms-swift": (19, 10), "TRL": (8, 0), "vllm-project-vllm": (8, 0)},
            {"no_learning": 56, "nan": 20, "garbled": 19, "divergence": 8, "regression": 5, "length": 3,
             "reward_collapse": 3, "gradnorm": 2, "kl": 1}, 45),
    "v16": ({"LLaMA-Factory": (24, 12), "TRL": (16, 3), "ms-swift": (14, 9), "paper_notes": (12, 0)},
            {"no_learning": 43, "nan": 12, "garbled": 12, "resume": 6, "mismatch": 6, "regression": 5, "kl": 4,
             "divergence": 4, "length": 3, "gradnorm": 2, "reward_collapse": 1, "entropy": 1}, 60),
    "v17": ({"LLaMA-Factory": (24, 10), "unsloth": (11, 2), "TRL": (11, 1), "Liger-Kernel": (9, 2)},
            {"no_learning": 45, "nan": 19, "garbled": 10, "regression": 3, "gradnorm": 3, "divergence": 2, "length": 1,
             "reward_collapse": 1, "resume": 1, "mismatch": 1, "entropy": 1}, 45),
    "v18": ({"transformers": (15, 7), "verl": (13, 3), "ms-swift": (12, 3), "LLaMA-Factory": (11, 3)},
            {"no_learning": 42, "nan": 41, "divergence": 11, "mismatch": 7, "gradnorm": 4, "regression": 1,
             "resume": 1}, 70),
    "v19": ({"ms-swift": (20, 6), "LLaMA-Factory": (18, 8), "TRL": (14, 2), "unsloth": (7, 2)},
            {"no_learning": 11, "nan": 11, "regression": 3, "length": 3, "garbled": 3, "gradnorm": 2, "divergence": 2,
             "kl": 1}, 26),
    "v20": ({"ms-swift": (15, 3), "Visual-RFT": (9, 3), "paper_notes": (9, 0), "LLaMA-Factory": (8, 1)},
            {"no_learning": 17, "garbled": 6, "reward_collapse": 5, "nan": 4, "length": 2}, 28),
    "v21": ({"LLaMA-Factory": (20, 9), "vllm-project-vllm": (12, 0), "TRL": (11, 3), "ms-swift": (11, 5), "verl": (11, 3)},
            {"nan": 24, "no_learning": 23, "garbled": 8, "divergence": 2, "mismatch": 2, "gradnorm": 2, "resume": 1,
             "regression": 1, "reward_collapse": 1, "kl": 1, "length": 1}, 50),
    "v22": ({"NeMo-RL": (11, 0), "verl": (9, 1), "transformers": (9, 2), "LLaMA-Factory": (7, 1), "TRL": (6, 0)},
            {"no_learning": 10, "nan": 8, "resume": 3, "garbled": 3, "gradnorm": 1, "regression": 1}, 39),
    "v23": ({"LLaMA-Factory": (29, 15), "DeepSpeed": (12, 7), "NVIDIA-Megatron-LM": (12, 2), "transformers": (12, 3),
             "TRL": (9, 1)},
            {"no_learning": 44, "nan": 13, "divergence": 9, "gradnorm": 8, "regression": 5, "garbled": 5, "resume": 1,
             "mismatch": 1}, 42),
    "v24": ({"LLaMA-Factory": (26, 19), "vllm-ascend": (12, 0), "ms-swift": (10, 3), "xtuner": (10, 1), "verl": (7, 0)},
            {"no_learning": 40, "nan": 15, "divergence": 7, "reward_collapse": 2, "length": 1, "mismatch": 1,
             "regression": 1}, 31),
    "v25": ({"minimind": (13, 1), "unsloth": (11, 1), "CoursIA": (11, 2), "verl": (9, 0), "open-r1": (8, 0)},
            {"no_learning": 10, "garbled": 3, "divergence": 2, "regression": 2, "kl": 1, "length": 1, "nan": 1,
             "reward_collapse": 1}, 19),
    "v26": ({"paper_notes": (16, 0), "DanceGRPO": (14, 9), "openvla": (13, 11), "flow_grpo": (12, 10), "ImageReward": (7, 2)},
            {"no_learning": 47, "reward_collapse": 12, "garbled": 11, "divergence": 8, "kl": 1, "nan": 1}, 27),
    "v27": ({"LLaMA-Factory": (8, 4), "DB-GPT-Hub": (8, 2), "paper_notes": (6, 0), "BioGPT": (5, 1),
             "Chat-Haruhi-Suzumiya": (5, 0)},
            {"no_learning": 43, "garbled": 10, "nan": 3, "divergence": 2, "regression": 2}, 27),
    "v28": ({"FlagEmbedding": (15, 11), "sentence-transformers": (14, 6), "ms-swift": (11, 4), "paper_notes": (5, 0),
             "DSI-QG": (5, 2)},
            {"no_learning": 37, "divergence": 4, "nan": 3, "garbled": 3, "regression": 1, "reward_collapse": 1}, 20),
    "v29": ({"paper_notes": (10, 0), "fairseq": (10, 3), "OpenNMT-py": (8, 6), "ALMA": (6, 2), "transformers": (6, 1)},
            {"no_learning": 26, "nan": 8, "garbled": 4, "kl": 1, "divergence": 1, "resume": 1}, 24),
    "v30": ({"transformers": (20, 11), "self-critical.pytorch": (9, 6), "keras-hub": (7, 2), "keras-io": (7, 0),
             "mesh-transformer-jax": (6, 0)},
            {"no_learning": 34, "nan": 9, "divergence": 8, "garbled": 6, "resume": 4, "reward_collapse": 2}, 31),
    "v31": ({"Megatron-LM": (11, 2), "LLaMA-Factory": (9, 3), "fastmoe": (7, 0), "CodeT5": (6, 0), "transformers": (5, 0)},
            {"no_learning": 18, "garbled": 9, "divergence": 5, "nan": 4, "regression": 3, "gradnorm": 3, "resume": 3},
            29),
    "v32": ({"BELLE": (17, 5), "Chinese-Vicuna": (15, 6), "LMFlow": (14, 5), "LLaMA-Factory": (10, 6), "dolly": (5, 0)},
            {"no_learning": 46, "nan": 15, "garbled": 7, "divergence": 7, "resume": 1, "regression": 1, "gradnorm": 1},
            23),
    "v33": ({"CosyVoice": (28, 11), "open-unlearning": (19, 3), "paper_notes": (13, 0), "F5-TTS": (7, 2)},
            {"no_learning": 34, "divergence": 11, "garbled": 10, "nan": 3, "gradnorm": 2}, 18),
    "v34": ({"LongLoRA": (14, 2), "LLaMA-Factory": (9, 2), "paper_notes": (6, 0)},
            {"no_learning": 36, "nan": 9, "garbled": 7, "regression": 5, "divergence": 4, "resume": 1, "gradnorm": 1}, 23),
    "v35": ({"modded-nanogpt": (14, 0), "nanoGPT": (11, 4), "transformers": (10, 4), "GaLore": (8, 1)},
            {"no_learning": 25, "nan": 12, "divergence": 12, "garbled": 10, "length": 1, "resume": 1, "gradnorm": 1,
             "regression": 1}, 25),
    "v36": ({"EasyEdit": (63, 22), "opacus": (9, 1), "flower": (9, 0), "FederatedScope": (8, 1)},
            {"no_learning": 54, "nan": 6, "garbled": 4, "divergence": 1, "regression": 1}, 24),
    "v37": ({"sentence-transformers": (8, 2), "TRL": (6, 1), "picard": (6, 0), "FlagEmbedding": (6, 5)},
            {"no_learning": 36, "nan": 9, "garbled": 6, "length": 2, "regression": 1, "divergence": 1}, 25),
    "v38": ({"peft": (19, 3), "LLaVA": (7, 2), "LAVIS": (5, 4), "ms-swift": (5, 3), "mPLUG-Owl": (5, 1), "torchtune": (5, 0)},
            {"no_learning": 44, "garbled": 14, "nan": 13, "gradnorm": 4, "regression": 3, "divergence": 2, "length": 1},
            33),
    "v39": ({"REINVENT4": (8, 0), "DNABERT_2": (6, 1), "LLaMA-Factory": (5, 2), "marin": (5, 0), "transformers": (5, 2)},
            {"no_learning": 20, "nan": 18, "garbled": 7, "divergence": 4, "gradnorm": 4, "reward_collapse": 1}, 19),
    "v40": ({"maxtext": (11, 0), "uni2ts": (10, 1), "Time-MoE": (8, 6), "Time-LLM": (8, 2), "lag-llama": (8, 3)},
            {"no_learning": 33, "nan": 5, "regression": 4, "gradnorm": 4, "divergence": 3, "garbled": 3}, 23),
    "v41": ({"transformers": (24, 12), "fairseq": (12, 7), "OpenNMT-py": (9, 7), "ms-swift": (7, 2), "TRL": (7, 2)},
            {"garbled": 24, "no_learning": 22, "divergence": 17, "nan": 17, "length": 4, "regression": 1, "gradnorm": 1,
             "resume": 1}, 36),
    "v42": ({"unilm": (26, 17), "donut": (17, 10), "EAGLE": (15, 1), "transformers": (11, 8), "speculators": (10, 2)},
            {"no_learning": 52, "nan": 14, "garbled": 10, "gradnorm": 2, "length": 1, "regression": 1}, 34),
    "v43": ({"FlagEmbedding": (14, 3), "mamba": (12, 2), "flash-linear-attention": (7, 4)},
            {"no_learning": 37, "nan": 12, "divergence": 4, "garbled": 4, "gradnorm": 1}, 27),
    "v44": ({"audiocraft": (11, 4), "transformers": (6, 3), "graphstorm": (5, 0), "MidiTok": (4, 3)},
            {"no_learning": 47, "garbled": 12, "nan": 8, "divergence": 8, "length": 1, "gradnorm": 1}, 22),
    "v45": ({"LLaMA-Factory": (23, 4), "gector": (9, 0), "transformers": (8, 4), "pycorrector": (8, 3), "s1": (8, 1)},
            {"no_learning": 26, "nan": 15, "garbled": 4, "regression": 2, "divergence": 2}, 15),
    "v46": ({"openpi": (23, 4), "openvla": (10, 1), "lerobot": (10, 3), "openvla-oft": (8, 2), "RLinf": (8, 0),
             "LLaVA-NeXT": (8, 0)},
            {"no_learning": 20, "nan": 10, "garbled": 5, "regression": 1, "divergence": 1, "resume": 1, "length": 1,
             "gradnorm": 1}, 21),
    "v47": ({"transformers": (11, 2), "Speech": (9, 4), "seamless_communication": (6, 2), "blog": (5, 1),
             "Huatuo-Llama-Med-Chinese": (5, 0)},
            {"garbled": 22, "no_learning": 20, "nan": 11, "regression": 3, "resume": 2, "divergence": 2, "length": 1},
            20),
    "v48": ({"LLaMA-Factory": (14, 0), "sentence-transformers": (12, 2), "reward-bench": (7, 0),
             "RLHF-Reward-Modeling": (7, 1), "trlx": (7, 1)},
            {"no_learning": 10, "nan": 3, "divergence": 3, "reward_collapse": 1}, 19),
    "v49": ({"paper_notes": (8, 0), "ReCall": (8, 1), "verl": (5, 1), "TRL": (4, 0)},
            {"no_learning": 3, "reward_collapse": 2, "divergence": 1, "nan": 1}, 14),
}
# the sets whose trackers are all named above (v9's and v10's are checked for consistency instead; v12 mixes both:
# a named tracker under its name, any other repository under one name of its own)
NAMED = {"v2", "v3", "v4", "v5", "v6", "v7", "v8", "v11"}
MIXED = {v for v in FRESH if int(v[1:]) >= 12}
# v6 rows drawn by a query that names a training symptom carry their own split (the rest: heldout-v6); v8 to v13 have
# a general and a symptom part; from v14 on every set is drawn by symptom queries alone
SPLITS = {"v6": {"heldout-v6", "heldout-v6-symptom"}, "v8": {"heldout-v8", "heldout-v8-symptom"},
          "v9": {"heldout-v9", "heldout-v9-symptom"}, "v10": {"heldout-v10", "heldout-v10-symptom"},
          "v12": {"heldout-v12", "heldout-v12-symptom"}, "v13": {"heldout-v13", "heldout-v13-symptom"},
          **{v: {f"heldout-{v}-symptom"} for v in FRESH if int(v[1:]) >= 14}}
OLDER = ["labels.csv", "roles_labels.csv"] + [f"labels_{v}.csv" for v in FRESH]


def _rows(path):
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _files(v):
    return REAL / f"threads_{v}.jsonl", REAL / f"labels_{v}.csv", REAL / f"draw_{v}.csv"


@pytest.mark.parametrize("v", sorted(FRESH))
def test_threads_are_valid_and_match_the_labels(v):
    threads, labels, _ = _files(v)
    lines = [json.loads(x) for x in threads.read_text(encoding="utf-8").splitlines() if x.strip()]
    assert all(validate_thread(t) is None for t in lines)
    assert len(read_threads(threads)) == len(lines)
    keys = [(r["framework"], int(r["number"])) for r in _rows(labels)]
    assert len(set(keys)) == len(keys)
    assert {(t["framework"], t["number"]) for t in lines} == set(keys)
    for t in lines:
        if v in NAMED or (v in MIXED and t["framework"] in ALL_TRACKERS):
            assert t["repo"] == ALL_TRACKERS[t["framework"]]
        elif v in MIXED:
            assert len({u["repo"] for u in lines if u["framework"] == t["framework"]}) == 1
            assert t["repo"] not in ALL_TRACKERS.values()
        else:   # one repository per framework name, and none of an earlier set's trackers
            assert len({u["repo"] for u in lines if u["framework"] == t["framework"]}) == 1
            assert t["repo"] not in ALL_TRACKERS.values() and t["framework"] not in ALL_TRACKERS
        assert t["url"] == f"https://github.com/{t['repo']}/{'pull' if t['kind'] == 'pull' else 'issues'}/{t['number']}"
        assert t["created_at"] <= t["updated_at"]
        assert t["closed_at"] is None and t["merged_at"] is None and t["comments"] == []


@pytest.mark.parametrize("v", sorted(FRESH))
def test_labels_use_the_same_columns_and_categories_and_the_split_selects_every_row(v):
    _, labels, _ = _files(v)
    rows = _rows(labels)
    with labels.open(encoding="utf-8", newline="") as f, (REAL / "labels.csv").open(encoding="utf-8", newline="") as g:
        assert next(csv.reader(f)) == next(csv.reader(g))
    for r in rows:
        assert r["split"] in SPLITS.get(v, {f"heldout-{v}"})
        assert r["created_from"] in {"description", "comment"}
        assert r["category"] in (FAILURE if r["training_failure"] == "true" else OTHER)
    frame = read_labels(labels)
    assert sum(select_split(frame, split, labels).height for split in SPLITS.get(v, {f"heldout-{v}"})) \
        == frame.height == len(rows)


@pytest.mark.parametrize("v", sorted(FRESH))
def test_no_thread_is_shared_with_another_set(v):
    _, labels, _ = _files(v)
    mine = {(r["framework"], r["number"]) for r in _rows(labels)}
    for other in OLDER:
        if other != labels.name:
            assert not mine & {(r["framework"], r["number"]) for r in _rows(REAL / other)}, other


def test_every_labelled_set_is_checked_for_overlap():
    # a fresh set added later (v4, v5, ...) must be compared with all the older ones and they with it
    # (the fresh role sets, roles_labels_r2.csv and on, label other things and have their own checks; relabels.csv
    # adjudicates rows of these files and adds none)
    assert {p.name for p in REAL.glob("*labels*.csv")
            if not p.name.startswith("roles_labels_r") and p.name != "relabels.csv"} == set(OLDER)


@pytest.mark.parametrize("v", sorted(FRESH))
def test_every_thread_names_the_search_that_drew_it(v):
    _, labels, draw = _files(v)
    drawn = _rows(draw)
    assert [(r["framework"], r["number"]) for r in drawn] == [(r["framework"], r["number"]) for r in _rows(labels)]
    assert all(r["query"].strip() for r in drawn)


def test_v6_splits_follow_the_symptom_queries():
    """A v6 thread is in heldout-v6-symptom exactly when the query that drew it names a training symptom."""
    _, labels, draw = _files("v6")
    for r, d in zip(_rows(labels), _rows(draw)):
        assert (r["split"] == "heldout-v6-symptom") == (d["symptom_query"] == "true")
    counts = {}
    for r in _rows(labels):
        key = (r["split"], r["training_failure"])
        counts[key] = counts.get(key, 0) + 1
    assert counts == {("heldout-v6", "false"): 608, ("heldout-v6", "true"): 12,
                      ("heldout-v6-symptom", "false"): 27, ("heldout-v6-symptom", "true"): 23}


@pytest.mark.parametrize("v, counts", [
    ("v8", {("heldout-v8", "false"): 345, ("heldout-v8", "true"): 1,
            ("heldout-v8-symptom", "false"): 71, ("heldout-v8-symptom", "true"): 61}),
    ("v9", {("heldout-v9", "false"): 293, ("heldout-v9", "true"): 10,
            ("heldout-v9-symptom", "false"): 33, ("heldout-v9-symptom", "true"): 70}),
    ("v10", {("heldout-v10", "false"): 240, ("heldout-v10", "true"): 1,
             ("heldout-v10-symptom", "false"): 81, ("heldout-v10-symptom", "true"): 81}),
    ("v12", {("heldout-v12", "false"): 245, ("heldout-v12", "true"): 1,
             ("heldout-v12-symptom", "false"): 482, ("heldout-v12-symptom", "true"): 222}),
    ("v13", {("heldout-v13", "false"): 278, ("heldout-v13", "true"): 1,
             ("heldout-v13-symptom", "false"): 349, ("heldout-v13-symptom", "true"): 155}),
    ("v14", {("heldout-v14-symptom", "false"): 483, ("heldout-v14-symptom", "true"): 264}),
    ("v15", {("heldout-v15-symptom", "false"): 329, ("heldout-v15-symptom", "true"): 117}),
])
def test_v8_to_v13_splits_follow_the_part_of_the_draw(v, counts):
    """A thread's split is the part (general or symptom queries) whose query drew it first."""
    _, labels, draw = _files(v)
    part = {"general": f"heldout-{v}", "symptom": f"heldout-{v}-symptom"}
    assert all(r["split"] == part[d["part"]] for r, d in zip(_rows(labels), _rows(draw)))
    got = {}
    for r in _rows(labels):
        got[(r["split"], r["training_failure"])] = got.get((r["split"], r["training_failure"]), 0) + 1
    assert got == counts


@pytest.mark.parametrize("v", sorted(FRESH))
def test_counts_are_the_ones_the_readme_states(v):
    per_tracker, categories, from_comment = FRESH[v]
    rows = _rows(_files(v)[1])
    # every tracker of a named set; v9's and v10's largest four
    trackers = [fw for fw in ALL_TRACKERS if any(r["framework"] == fw for r in rows)] if v in NAMED else per_tracker
    assert {fw: (sum(r["framework"] == fw for r in rows),
                 sum(r["framework"] == fw and r["training_failure"] == "true" for r in rows))
            for fw in trackers} == per_tracker
    failures = [r["category"] for r in rows if r["training_failure"] == "true"]
    assert {c: failures.count(c) for c in set(failures)} == categories
    assert sum(r["created_from"] == "comment" for r in rows) == from_comment
