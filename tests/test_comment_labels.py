"""A comment that is only a method's name after a config option (Chess-R1's GRPO config, inclusion-set-v195) names the
method the option belongs to, as the comment of a string-valued branch names the branch (issue 11). Sentences about a
method, comments above an option and comments after plain statements stay comments."""

from __future__ import annotations

import polars as pl
import pytest

from rl_inclusion.mining.comment_labels import labels_an_option
from rl_inclusion.mining.lines import comment_start
from test_evidence_failures import pairs, papers, run, utc

DAPO = papers(("2503.14476", utc(2025, 3, 18), "DAPO", ["dapo"]))
CONFIG = "verl/trainer/config/grpo_trainer.yaml"


@pytest.mark.parametrize("line, labels", [
    ("    use_token_level_loss: False # DAPO", True),
    ("  max_num_gen_batches: 3 # DAPO: Non-positive values mean no upper limit", True),
    ("  discard_zero_adv_samples: # DAPO", True),
    ("  overlong_buffer: 4096  # DAPO (soft penalty)", True),
    ("  loss_token_mean: false  # DAPO-style normalization", True),   # the option is the method's kind of thing
    ("  clip_ratio_high: 0.28  # DAPO-like clip-higher", True),
    ("  loss_agg: seq  # DAPO-lite variant", False),                  # another word joined to the name
    ("  epsilon_high: null  # DAPO usually clips wider", False),   # a sentence about the method
    ("  loss_type: token  # as in DAPO", False),                    # the name does not open the comment
    ("  loss_mode: vanilla  # DAPO, vanilla, gspo", False),         # the values the option takes
    ("# DAPO", False),                                              # no option on the line
    ("x = 1  # DAPO", False),                                       # a statement, not an option
    ("else:  # DAPO", False),                                       # a block opener
])
def test_only_a_name_after_an_option_labels_it(line, labels):
    cut = comment_start(line, CONFIG)
    start = line.index("DAPO", cut)   # every case names the method in its comment
    assert labels_an_option(line, cut, start, start + 4) is labels


def test_an_option_labelled_with_a_method_includes_it_and_a_sentence_about_it_does_not(tmp_path):
    shas, events, inc = run(tmp_path, "verl", [
        ("2025-05-01", "init", {"verl/__init__.py": "x = 1\n"}),
        ("2025-05-20", "notes (#4)", {CONFIG: "actor:\n  epsilon_high: null  # DAPO usually clips wider\n"}),
        ("2025-05-25", "GRPO options (#5)", {CONFIG: ("actor:\n  epsilon_high: null  # DAPO usually clips wider\n"
                                                     "  use_token_level_loss: False # DAPO\n")}),
    ], DAPO)
    assert events.filter(pl.col("sha") == shas[1]).select("identifier", "confidence").rows() == [(None, "low")]
    assert events.filter(pl.col("sha") == shas[2]).select("identifier", "confidence").rows() == [("branch", "medium")]
    assert pairs(inc) == [("2503.14476", "verl", shas[2], "configuration option")]
