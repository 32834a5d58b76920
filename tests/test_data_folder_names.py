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
