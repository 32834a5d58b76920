"""Each feature extractor on real phrasings (exact values, hand-checked)."""

import polars as pl
import pytest

from rl_inclusion.screening import features as F


def _frame(texts, titles=None):
    titles = titles or ["t"] * len(texts)
    df = pl.DataFrame({"_title": titles, "_text": [f"{a} \u2016 {b}" for a, b in zip(titles, texts)]})
    return df.with_columns(pl.col("_text").str.to_lowercase().alias("_text_lower"))


@pytest.mark.parametrize("text, value, evidence", [
    ("Trained on Qwen2.5-32B, DAPO reaches 50 points on AIME 2024.", 32.0, "Qwen2.5-32B"),
    ("We scale to Llama-3-70B policies.", 70.0, "Llama-3-70B"),
    ("GSPO trains Qwen3-235B-A22B and Qwen3-30B-A3B stably.", 235.0, "Qwen3-235B-A22B"),
    ("DeepSeek-V3 has 671B total parameters of which 37B are activated.", 671.0, "671B"),
    ("a DeepSeek-R1-Distill-Qwen-1.5B model", 1.5, "DeepSeek-R1-Distill-Qwen-1.5B"),
    ("a dense model with 7 billion parameters", 7.0, "7 billion"),
    ("pretrained on 18 trillion tokens, the 72B model", 72.0, "72B"),
    ("a 1T-parameter mixture of experts", 1000.0, "1T"),
    ("we quantise weights to 4-bit and train for 300 steps", None, None),
    ("We continue pretraining a 7B model on 120B math tokens.", 7.0, "7B"),
    # family names with sizes, MoE by total size, and sizes that are not the policy
    ("policies from Llama-3.1-8B to Llama-3.1-70B-Instruct", 70.0, "Llama-3.1-70B"),
    ("on Qwen3-30B-A3B-Base", 30.0, "Qwen3-30B-A3B"),
    ("a Qwen2.5-7B policy scored by a 72B reward model", 7.0, "Qwen2.5-7B"),
    ("Qwen2.5-3B trained with Qwen2.5-72B-Instruct as the judge", 3.0, "Qwen2.5-3B"),
    ("A 7B policy outperforms Qwen2.5-72B-Instruct and DeepSeek-R1-Distill-Qwen-32B.", 7.0, "7B"),
    ("It beats models 200 times larger, including DeepSeek-R1 (671B). A 3B model is trained.", 3.0, "3B"),
    ("4B rewriting models compete with a 235B prompt-based rewriter", 4.0, "4B"),
    ("GRPO-D beats GRPO on Qwen2-VL-2B-Instruct", 2.0, "Qwen2-VL-2B"),  # "on" brings the setting back
    # real_v5 and real_v7 (2506.18048, 2604.15830): a bound on a class of models, and "comparably to"
    ("Small vision-language models (2B parameters or fewer) reason poorly. Gains for a 1B SVLM.", 1.0, "1B"),
    ("a 1.5B model trained this way performs comparably to 32B baselines on average", 1.5, "1.5B"),
    ("models under 3B gain most; we train Qwen2.5-1.5B", 1.5, "Qwen2.5-1.5B"),
    ("a 7B policy on par with 70B models", 7.0, "7B"),
])
def test_params(text, value, evidence):
    best, ev = F.params_columns()
    row = _frame([text]).select(best, ev).row(0)
    assert row == (value, evidence)


def test_params_ignores_token_counts():
    best, ev = F.params_columns()
    assert _frame(["a 1.5B model trained on 10B tokens"]).select(best, ev).row(0) == (1.5, "1.5B")


@pytest.mark.parametrize("title, text, name", [
    ("Group Sequence Policy Optimization",
     "This paper introduces Group Sequence Policy Optimization (GSPO), a stable algorithm.", "GSPO"),
    ("Understanding R1-Zero-Like Training: A Critical Perspective",
     "We find an optimization bias in GRPO and propose Dr. GRPO, an unbiased optimization method.", "Dr. GRPO"),
    ("REINFORCE++: A Simple and Efficient Approach for Aligning Large Language Models",
     "We present REINFORCE++, an enhanced variant of REINFORCE.", "REINFORCE++"),
    ("DAPO: An Open-Source LLM Reinforcement Learning System at Scale",
     "An RL system at scale.", "DAPO"),
    ("Tapered Off-Policy REINFORCE",
     "We propose a new algorithm. Tapered Off-Policy REINFORCE (TOPR) uses asymmetric importance sampling.", "TOPR"),
    ("A study", "We propose a weighted objective, W-REINFORCE, that down-weights the positive term.", "W-REINFORCE"),
    ("A study", "We use GRPO and RLHF on a 7B model.", None),
])
def test_method_name(title, text, name):
    assert _frame([text], [title]).select(F.method_name_column()).item() == name


@pytest.mark.parametrize("name", ["Dr. GRPO", "REINFORCE++", "GSPO", "Reinforce-Rej", "Clip-Cov", "β-DPO",
                                  "Listwise Policy Optimization", "R$^3$L", "Kimi k1.5", "T-PPO"])
def test_code_spellings_expression_matches_ids(name):
    from rl_inclusion.ids import code_spellings
    assert pl.select(F.code_spellings_expr(pl.lit(name))).item().to_list() == code_spellings(name)


def test_aliases_use_code_spellings():
    out = F.aliases_for(pl.Series(["Dr. GRPO", None, "Dr. GRPO"]))
    assert out.to_list() == [["dr-grpo", "dr_grpo", "drgrpo"], [], ["dr-grpo", "dr_grpo", "drgrpo"]]


@pytest.mark.parametrize("text, eligible, kind", [
    ("raises the upper clipping bound and averages the loss over tokens with token-level weighting",
     True, F.LOSS_LEVEL),
    ("replaces the value network with Monte Carlo estimates for credit assignment of the advantage",
     True, "advantage_estimator"),
    ("an online curriculum that filters prompts by difficulty", True, "sampling_filtering"),
    ("a reference-free preference optimization objective", True, "new_objective"),
    ("we write about nothing in particular", True, None),  # no cue: unknown, not a guessed "other"
    ("we write about nothing in particular", False, None),
    # v2 cues: a phrase saying what the method changes outweighs single words
    ("drops the critic, the reference model, the kl term and ratio clipping and optimises the plain objective",
     True, "new_objective"),                     # clipping 1 vs objective 1 + surrogate dropped 3
    ("uses a curvature estimate to mask the samples that would cause unstable steps", True,
     "sampling_filtering"),                       # mask 1 (loss) vs samples masked 2
    ("restricts the policy-gradient update to the top 20% highest-entropy tokens", True, F.LOSS_LEVEL),
    ("maximises the geometric mean of token-level rewards and allows a wider clipping range", True,
     "new_objective"),                            # clipping 1 vs different aggregate 3
    ("periodic resets of the reference policy and kl-divergence control", True, "other"),  # recipe 2 vs kl 1
    ("a strong baseline; we filter prompts whose samples are all wrong", True, "sampling_filtering"),
])
def test_modification_type(text, eligible, kind):
    df = _frame([text]).with_columns(pl.lit(eligible).alias("e"))
    assert df.select(F.modification_type_column(pl.col("e"))).item() == kind


def test_code_columns():
    texts = ["see the repository", "code is available at our project page.", "we will release the code and models.",
             "the code will not be released.", "improves code generation on humaneval.", "nothing about it",
             "code, data and model are on github (aeroplanepaper/grpo-lead)."]
    urls = [["https://github.com/sail-sg/understand-r1-zero"], [], [], [], [], None, []]
    df = pl.DataFrame({"code_urls": urls, "_text_lower": texts},
                      schema={"code_urls": pl.List(pl.Utf8), "_text_lower": pl.Utf8})
    released, urls_expr = F.code_columns()
    out = df.select(released, urls_expr)
    # a link; two release sentences; a statement it is not released; code as a domain is not a release; silence;
    # a repository named by its host
    assert out["code_released"].to_list() == [True, True, True, False, None, None, True]
    assert out["code_urls"].to_list()[0] == ["https://github.com/sail-sg/understand-r1-zero"]
    assert out["code_urls"].to_list()[-2] == []


def test_modification_cue_file_is_checked(tmp_path):
    from rl_inclusion.errors import ConfigError
    order = 'order = ["loss_coefficients_clipping_masking_weighting", "advantage_estimator", ' \
            '"sampling_filtering", "new_objective", "other"]\n'
    cases = [
        (order + "[[cue]]\ntype = 'loss'\nname = 'c'\nweight = 1\npattern = 'clip'\n", "'type' must be one of"),
        (order + "[[cue]]\ntype = 'other'\nname = 'c'\nweight = 1\npattern = 'Clip'\n", "lower case"),
        (order + "[[cue]]\ntype = 'other'\nname = 'c'\nweight = 0\npattern = 'clip'\n", "positive number"),
        (order + "[[cue]]\ntype = 'other'\nname = 'c'\nweight = 1\npattern = '(clip'\n", "is not a valid regular expression"),
        ('order = ["other"]\n[[cue]]\ntype = "other"\nname = "c"\nweight = 1\npattern = "x"\n', "'order' must list"),
    ]
    for i, (body, message) in enumerate(cases):
        p = tmp_path / f"cues{i}.toml"
        p.write_text(body)
        with pytest.raises(ConfigError, match=message):
            F.load_modification_cues(p)
    with pytest.raises(ConfigError, match="cue file not found"):
        F.load_modification_cues(tmp_path / "missing.toml")


def test_custom_cue_file_changes_the_type(tmp_path):
    p = tmp_path / "cues.toml"
    p.write_text('order = ["other", "new_objective", "sampling_filtering", "advantage_estimator", '
                 '"loss_coefficients_clipping_masking_weighting"]\n'
                 "[[cue]]\ntype = 'sampling_filtering'\nname = 'says_prompt'\nweight = 1\npattern = 'prompt'\n"
                 "[[cue]]\ntype = 'new_objective'\nname = 'says_loss'\nweight = 1\npattern = 'loss'\n")
    cues = F.load_modification_cues(p)
    df = _frame(["a loss over each prompt", "a loss over each prompt and prompt", "nothing"]).with_columns(
        pl.lit(True).alias("e"))
    # tie 1-1 goes to new_objective (earlier in this file's order); 2 prompts win; no cue -> unknown
    assert df.select(F.modification_type_column(pl.col("e"), cues=cues))["modification_type"].to_list() == [
        "new_objective", "sampling_filtering", None]
