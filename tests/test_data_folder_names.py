"""Names below a data folder (issue 11, inclusion-set-v183): GRPO_prompt_replay's open-instruct copy converts
AceCoder's data set with ``scripts/data/rlvr/acecoder.py``; the file is named after the data, not an implementation
of AceCoder. A folder above the data folder is still named after a method (``recipe/gspo/data/``)."""

from __future__ import annotations

import polars as pl

from test_evidence_failures import pairs, papers, run, utc

ELIGIBLE = papers(("2502.01718", utc(2025, 2, 3), "AceCoder", ["acecoder"]),
                  ("2507.18071", utc(2025, 7, 24), "GSPO", ["gspo"]))


def test_a_file_or_folder_below_a_data_folder_is_named_after_data_and_one_above_after_a_method(tmp_path):
    shas, events, inc = run(tmp_path, "OpenRLHF", [
        ("2025-12-07", "data conversion (#1)", {
            "scripts/data/rlvr/acecoder.py": "def convert(row):\n    return row\n",
            "scripts/datasets/acecoder/convert.py": "def convert(row):\n    return row\n"}),
        ("2025-12-08", "a recipe with its data (#2)", {
            "recipe/gspo/data/prepare.py": "def prepare(row):\n    return row\n"}),
    ], ELIGIBLE)
    assert events.filter(pl.col("method_name") == "acecoder").height == 0
    assert pairs(inc) == [("2507.18071", "OpenRLHF", shas[1], "example")]


def test_lines_below_a_data_folder_and_data_set_flags_name_data_sets(tmp_path):
    """GRPO_prompt_replay's open-instruct copy names AceCoder's data in the scripts of ``scripts/data/rlvr_code/`` and
    in ``--dataset_mixer_list vwxyzjn/rlvr_acecoder 1.0``; vero's verl copy maps a data source named after
    Pixel-Reasoner in ``verl/utils/dataset/rl_dataset.py`` (inclusion-set-v183). Below a data folder a line's names are
    data sets', and so are the values of a data set flag or key that goes on after the word (``--dataset_name``)."""
    eligible = papers(("2502.01718", utc(2025, 2, 3), "AceCoder", ["acecoder"]),
                      ("2505.15966", utc(2025, 5, 21), "Pixel-Reasoner", ["pixel-reasoner", "pixelreasoner"]))
    shas, events, inc = run(tmp_path, "OpenRLHF", [
        ("2025-12-07", "code data (#1)", {
            "scripts/data/rlvr_code/verify.py": 'TESTS = {"saurabh5/rlvr_acecoder_filtered": "/test_program"}\n',
            "verl/utils/dataset/rl_dataset.py": 'TOOLS = {\n    "pixelreasoner": "search",\n}\n',
            "scripts/train/grpo_code.sh": ("python open_instruct/grpo_fast.py \\\n"
                                           "    --dataset_mixer_list vwxyzjn/rlvr_acecoder 1.0 \\\n"
                                           "    --dataset_name pixelreasoner\n")}),
    ], eligible)
    assert pairs(inc) == []
    named = events.filter(pl.col("method_name").is_in(["acecoder", "pixelreasoner"]))
    assert sorted(set(named["context"].to_list())) == ["artifact"]


def test_a_key_whose_value_is_a_data_path_names_a_data_set(tmp_path):
    """syn-plan-research maps its benchmarks to their files, one key per data set: ``'webthinker': f'{args.work_dir}
    /data/WebThinker/{args.split}.json',`` (inclusion-set-v186) is WebThinker's data, not its agent. A key whose
    value is code stays a name of the code."""
    eligible = papers(("2504.21776", utc(2025, 4, 30), "WebThinker", ["webthinker"]),
                      ("2507.18071", utc(2025, 7, 24), "GSPO", ["gspo"]))
    shas, events, inc = run(tmp_path, "OpenRLHF", [
        ("2026-03-08", "benchmarks (#1)", {
            "syn_plan_research/run_chat.py": (
                "BENCHMARKS = {\n    'webthinker': f'{args.work_dir}/data/WebThinker/{args.split}.json',\n}\n"),
            "configs/mix.yaml": "webthinker: ${HOME}/corpora/webthinker_train.parquet\n"}),
        ("2026-03-09", "losses (#2)", {
            "openrlhf/models/losses.py": 'LOSSES = {"gspo": gspo_loss(data / 2)}\n'}),
    ], eligible)
    named = events.filter(pl.col("method_name") == "webthinker")
    assert sorted(set(named["context"].to_list())) == ["artifact"]
    assert pairs(inc) == [("2507.18071", "OpenRLHF", shas[1], "configuration option")]


def test_a_data_set_argument_names_data_sets_in_its_default_and_choices(tmp_path):
    """syn-plan-research's runners define ``parser.add_argument('--dataset_name', type=str, default='webthinker')``
    (inclusion-set-v186): the default is a data set's name. An argument that picks a loss keeps its names."""
    eligible = papers(("2504.21776", utc(2025, 4, 30), "WebThinker", ["webthinker"]),
                      ("2507.18071", utc(2025, 7, 24), "GSPO", ["gspo"]))
    shas, events, inc = run(tmp_path, "OpenRLHF", [
        ("2026-03-08", "runners (#1)", {"syn_plan_research/run_chat.py": (
            "parser.add_argument('--dataset_name', type=str, default='webthinker')\n"
            "parser.add_argument('-data_source', choices=['webthinker', 'hotpotqa'])\n")}),
        ("2026-03-09", "loss (#2)", {"openrlhf/cli/train.py": (
            "parser.add_argument('--loss_type', type=str, default='gspo', choices=['gspo', 'grpo'])\n")}),
    ], eligible)
    named = events.filter(pl.col("method_name") == "webthinker")
    assert named.select("context").rows() == [("artifact",)]
    assert pairs(inc) == [("2507.18071", "OpenRLHF", shas[1], "selectable algorithm")]
