"""Features of each paper's method, parsed from title, abstract and comment.

All extractors are polars expressions over the whole frame.  Each feature
keeps what it matched, so a reader can check it:

- ``max_policy_params_b`` / ``params_evidence``: the largest model size named
  (``32B``, ``Qwen3-235B-A22B`` -> 235, ``7 billion``, ``1T`` -> 1000).  A size
  followed by ``tokens``/``samples``/... is a data size, not a model, a size
  followed by ``reward model``/``judge``/``teacher``/``verifier``... is not the
  policy, a size after a comparison in the same clause (``outperforms
  Qwen2.5-72B``) is another model's, and an MoE's active size (``-A22B``) is
  not counted on its own.
- ``method_name``: an acronym introduced in parentheses after a verb of
  proposal (``... Group Sequence Policy Optimization (GSPO)``), a name after
  ``called``/``named``/``dubbed``/``termed`` or directly after ``we propose``
  (``we propose Dr. GRPO``), or the short name before the title's colon
  (``DAPO: An Open-Source ...``), in that order of preference.
- ``modification_type``: the kind of change whose cues (named, weighted
  patterns kept in ``modification_types.toml``) score highest; ties go in the
  file's ``order``; null (unknown) when no cue matches.
- ``code_released`` / ``code_urls``: three-valued: true with a code link in
  the abstract or comment (``raw_papers.code_urls``) or a release sentence,
  false with a sentence saying the code is not released, null (unknown)
  otherwise.
- Unknown is null for every feature: a size the text does not give, a
  modification no cue names, a code release nobody mentions.  Shares are
  computed over the known values (``rl_inclusion.metrics``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import polars as pl

from ..errors import ConfigError
from ..ids import NOT_A_METHOD_NAME, normalize_name_expr
from ..validation import check_regex, read_toml
from .rules import ascii_boundaries as _fast

# --- model size -------------------------------------------------------------------

# A model name's prefix (``Qwen2.5-Math-``), the size, an optional MoE active size,
# and an optional following word that tells a data size from a model size (for
# ``tokens`` one qualifying word may come between: ``120B math tokens``).
_NOT_POLICY_WORDS = r"(?:reward|rm|prm|orm|judge|verifier|teacher|critic|evaluator|grader|annotator)"
_SIZE_RE = (
    r"(?i)(?:\b[a-z][\w.]*-(?:[\w.]+-)*)?\b\d+(?:\.\d+)?\s?(?:b|billion|t|trillion)\b"
    r"(?:-a\d+(?:\.\d+)?b\b)?(?:[\s-]+(?:[a-z][a-z\-]*\s+)?tokens\b"
    r"|[\s-]+(?:tokens?|samples|examples|words|queries|pairs|problems|steps|bytes)\b"
    # A model that is not the policy: "a 72B reward model", "Qwen2.5-72B-Instruct as the judge".
    r"|(?:-instruct)?(?:[\s-]+(?:parameters?\s+)?(?:generative\s+)?|\s+(?:model\s+)?as\s+(?:the\s+|a\s+|an\s+)?)"
    + _NOT_POLICY_WORDS + r"\b)?"
)
_DATA_SIZE_RE = (r"(?i)[\s-](?:tokens?|samples|examples|words|queries|pairs|problems|steps|bytes)$"
                 r"|[\s-]" + _NOT_POLICY_WORDS + r"$")
_NUMBER_RE = r"(?i)\b(\d+(?:\.\d+)?)\s?(?:b|billion|t|trillion)\b"


# After a comparison, the clause names other models, not the policy: "a 7B policy outperforms
# Qwen2.5-72B-Instruct", "beats models 200 times larger, including DeepSeek-R1 (671B)", "competes with a 235B
# rewriter", up to a word that brings the setting back ("outperforms GRPO when training Qwen3-30B-A3B": 30
# counts).  A period inside a name (Qwen2.5) does not end the clause.
_COMPARISON_TAIL = (r"(?i)\b(?:outperform|beat|surpass|exceed|rival|compet\w* with|larger than|than|vs\.?|versus|"
                    r"compared (?:to|with)|comparabl[ey](?: to| with)?|on par with|match(?:es|ed|ing)?)\w*\b(?:[^.;!?]|\.\S)*?"
                    r"(?:\b(?:when|while|on|using|training|trained|train|for|across|at|in|of)\b|[.;!?](?:\s|$)|$)")


# A size that bounds a class of models is not a model: "small models (2B parameters or fewer)", "models under 3B".
_BOUND = (r"(?i)\b\d+(?:\.\d+)?\s?(?:b|billion)\b(?:\s+param\w*)?\s+or\s+(?:fewer|less|smaller|below)\b"
          r"|\b(?:under|below|at most|sub-)\s?\d+(?:\.\d+)?\s?(?:b|billion)\b")


def params_columns(text: str = "_text") -> tuple[pl.Expr, pl.Expr]:
    """Expressions for ``max_policy_params_b`` and ``params_evidence`` from column ``text``
    (sizes named after a comparison in the same clause are other models' and are left out, and so are bounds)."""
    matches = (pl.col(text).str.replace_all(_fast(_COMPARISON_TAIL), " ").str.replace_all(_fast(_BOUND), " ")
               .str.extract_all(_fast(_SIZE_RE)))
    # Drop data sizes, strip the MoE active part, parse number and unit.
    model_sizes = matches.list.eval(pl.element().filter(~pl.element().str.contains(_fast(_DATA_SIZE_RE))))
    def value(e: pl.Expr) -> pl.Expr:
        core = e.str.replace(r"(?i)-a\d+(?:\.\d+)?b$", "")
        num = core.str.extract(_fast(_NUMBER_RE), 1).cast(pl.Float64)
        trillion = core.str.contains(_fast(r"(?i)\d\s?(?:t|trillion)\b"))
        return pl.when(trillion).then(num * 1000).otherwise(num)
    values = model_sizes.list.eval(value(pl.element()))
    best = values.list.max()
    # The text of the first match holding the maximum value.
    idx = values.list.eval(pl.element().arg_max()).list.first()
    evidence = pl.when(best.is_not_null()).then(model_sizes.list.get(idx, null_on_oob=True)).otherwise(None)
    return best.alias("max_policy_params_b"), evidence.str.strip_chars().alias("params_evidence")


# --- method name ------------------------------------------------------------------

_NAME = r"(?:Dr\. )?[A-Zβ][A-Za-z0-9+β]*(?:[\-.][A-Za-z0-9+β]+)*"
_VERB = r"\b(?:propose|proposes|introduce|introduces|present|presents|develop|develops|call|term|dub|name)\b"
# An acronym defined right after a verb of proposal: "introduces Group Sequence Policy Optimization (GSPO)".
_PAREN_AFTER_VERB = _VERB + r"[^.()]{0,160}?\((" + _NAME + r")\)"
_CALLED = r"\b(?:called|named|dubbed|termed|coined)\s+(" + _NAME + r")"
# "we propose Dr. GRPO, ..." / "and introduce LOOP, a ..."
_PROPOSE_NAME = r"\b(?:propose|introduce|present|develop)\s+(" + _NAME + r")[\s,(:]"
# "we propose a weighted objective, W-REINFORCE, that ..."
_APPOSITIVE = r"\b(?:propose|introduce|present|develop)\s+(?:a|an|the)\s[^.,]{0,50},\s+(" + _NAME + r"),"
# A capitalised phrase defining an acronym: "Regularized Preference Optimization (RPO)".
_DEFINITION = r"(?:[A-Z][\w\-]*\s+){1,7}\((" + _NAME + r")\)"
_TITLE_NAME = r"^\s*(" + _NAME + r"(?: [A-Za-z0-9][\w.+\-]*)?)\s*:"
# A name must look like one: two capitals, a digit, '+', '-', or a Greek letter.
_LOOKS_LIKE_NAME = r"[A-Z].*[A-Z]|[0-9+\-β]"
_NOT_NAMES = ["LLM", "LLMs", "RL", "RLHF", "RLVR", "SFT", "KL", "AI", "LM", "LMs", "MLLM", "MLLMs", "LRM",
              "LRMs", "CoT", "MoE", "GPU", "GPUs", "SOTA", "API", "GAE", "PRM", "PRMs", "ORM", "MCTS", "POMDP",
              "AIME", "MATH", "GSM8K", "SWE-bench"]


# A title (or the part before its colon) that is a capitalised phrase ending in a method's head noun
# spells the method's acronym: "Group Sequence Policy Optimization" -> GSPO.
_TITLE_PHRASE = (r"^\s*((?:[A-Z][a-z]+(?:-[A-Z][a-z]+)*\s+){1,5}"
                 r"(?:Optimization|Learning|Gradient|Estimation|Sampling|Training|Reinforcement|Alignment|"
                 r"Regularization|Clipping|Normalization|Fine-Tuning|Distillation))\s*(?::|$)")


def title_acronym(title: pl.Expr) -> pl.Expr:
    """The acronym a title spells (initials of each word and hyphenated part), or null."""
    phrase = title.str.extract(_TITLE_PHRASE, 1)
    return pl.when(phrase.is_not_null()).then(phrase.str.extract_all(r"[A-Z]").list.join("")).otherwise(None)




def method_name_column(title: str = "_title", text: str = "_text") -> pl.Expr:
    """The name a paper gives its method, or null (first of the patterns above that yields a name,
    then the acronym its title spells)."""
    t = pl.col(text)
    candidates = [
        t.str.extract(_fast(_PAREN_AFTER_VERB), 1),
        t.str.extract(_fast(_CALLED), 1),
        t.str.extract(_fast(_PROPOSE_NAME), 1),
        t.str.extract(_fast(_APPOSITIVE), 1),
        t.str.extract(_fast(_DEFINITION), 1),
        pl.col(title).str.extract(_TITLE_NAME, 1),
        title_acronym(pl.col(title)),
    ]
    cleaned = []
    for c in candidates:
        c = c.str.strip_chars(" .,")
        ok = c.str.contains(_LOOKS_LIKE_NAME) & ~c.is_in(_NOT_NAMES) & ~c.str.contains(NOT_A_METHOD_NAME)
        cleaned.append(pl.when(ok).then(c).otherwise(None))
    return pl.coalesce(cleaned).alias("method_name")


def code_spellings_expr(name: pl.Expr) -> pl.Expr:
    """``ids.code_spellings`` as a polars expression (same output, sorted, no empties)."""
    words = name.str.extract_all(r"[A-Za-z0-9+]+").list.eval(
        pl.element().str.to_lowercase().str.replace_all("++", "_plus_plus", literal=True).str.strip_chars("_"))
    normalized = normalize_name_expr(name)
    variants = pl.concat_list([words.list.join("_"), words.list.join(""), words.list.join("-"), normalized])
    return variants.list.eval(pl.element().filter(pl.element() != "")).list.unique().list.sort()


def aliases_for(names: pl.Series) -> pl.Series:
    """``code_spellings`` of each name; [] for null."""
    out = pl.DataFrame({"_n": names.cast(pl.Utf8)}).select(
        pl.when(pl.col("_n").is_null()).then(pl.lit([], dtype=pl.List(pl.Utf8)))
        .otherwise(code_spellings_expr(pl.col("_n"))).alias("aliases"))
    return out["aliases"]


# --- modification type ------------------------------------------------------------

LOSS_LEVEL = "loss_coefficients_clipping_masking_weighting"
OTHER = "other"
MODIFICATION_TYPES = (LOSS_LEVEL, "advantage_estimator", "sampling_filtering", "new_objective")
ALL_MODIFICATION_TYPES = MODIFICATION_TYPES + (OTHER,)
DEFAULT_CUES_PATH = Path(__file__).resolve().parent / "modification_types.toml"


@dataclass(frozen=True)
class Cue:
    type: str
    name: str
    weight: float
    pattern: str


@dataclass(frozen=True)
class CueSet:
    cues: tuple[Cue, ...]
    order: tuple[str, ...]
    source: str


@lru_cache(maxsize=8)
def _load_cues_cached(path: str, mtime: float) -> CueSet:
    where = path
    data = read_toml(path, "modification-type cue file not found: {path}")
    order = data.get("order")
    if not isinstance(order, list) or sorted(order) != sorted(ALL_MODIFICATION_TYPES):
        raise ConfigError(f"{where}: 'order' must list each of {list(ALL_MODIFICATION_TYPES)} once")
    raw = data.get("cue")
    if not isinstance(raw, list) or not raw:
        raise ConfigError(f"{where}: no [[cue]] tables")
    cues, seen = [], set()
    for i, c in enumerate(raw, start=1):
        name = c.get("name")
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name) or name in seen:
            raise ConfigError(f"{where}: cue #{i}: 'name' must be a unique snake_case string, got {name!r}")
        seen.add(name)
        w = f"{where}: cue {name!r}"
        unknown = set(c) - {"type", "name", "weight", "pattern"}
        if unknown:
            raise ConfigError(f"{w}: unknown keys {sorted(unknown)}")
        if c.get("type") not in ALL_MODIFICATION_TYPES:
            raise ConfigError(f"{w}: 'type' must be one of {list(ALL_MODIFICATION_TYPES)}, got {c.get('type')!r}")
        weight = c.get("weight")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not weight > 0:
            raise ConfigError(f"{w}: 'weight' must be a positive number")
        pattern = c.get("pattern")
        if not isinstance(pattern, str) or not pattern:
            raise ConfigError(f"{w}: 'pattern' must be a non-empty string")
        if re.search(r"(?<!\\\\)[A-Z]", pattern):
            raise ConfigError(f"{w}: write the pattern in lower case (it is matched on lower-cased text)")
        check_regex(pattern, w)
        cues.append(Cue(c["type"], name, float(weight), pattern))
    return CueSet(tuple(cues), tuple(order), where)


def load_modification_cues(path: str | Path | None = None) -> CueSet:
    """Read and validate a modification-type cue file (default: ``modification_types.toml``)."""
    p = Path(path) if path is not None else DEFAULT_CUES_PATH
    if not p.is_file():
        raise ConfigError(f"modification-type cue file not found: {p}")
    return _load_cues_cached(str(p.resolve()), p.stat().st_mtime)


def modification_scores(text: str = "_text", cues: CueSet | None = None) -> dict[str, pl.Expr]:
    """Per type, the sum of weight x matches of its cues on the lower-cased ``text``."""
    cues = cues or load_modification_cues()
    low = pl.col(f"{text}_lower")
    scores = {}
    for kind in cues.order:
        parts = [low.str.count_matches(_fast(c.pattern)).fill_null(0).cast(pl.Float64) * c.weight
                 for c in cues.cues if c.type == kind]
        scores[kind] = pl.sum_horizontal(parts) if parts else pl.lit(0.0)
    return scores


def modification_type_column(eligible: pl.Expr, text: str = "_text", cues: CueSet | None = None) -> pl.Expr:
    """The type with the highest cue score (ties in the file's order); null (unknown) when no cue
    matches, eligible or not: the text does not say, so the extractor does not guess ``other``.
    ``eligible`` is kept in the signature for callers that pass it."""
    cues = cues or load_modification_cues()
    scores = modification_scores(text, cues)
    best = pl.max_horizontal(list(scores.values()))
    expr = pl.when(best == 0).then(pl.lit(None, dtype=pl.Utf8))
    for kind in cues.order:
        expr = expr.when(scores[kind] == best).then(pl.lit(kind))
    return expr.otherwise(None).alias("modification_type")


# A sentence saying the code is (or will be) out, or that it is not.  Matched on lower-cased text.
_CODE_WORD = r"(?:code|codes|codebase|source code|implementation|implementations|training framework)"
_RELEASED = (
    r"\b(?:our|the|all|its)?\s*" + _CODE_WORD + r"(?:\s*(?:,|and)\s*[a-z\- ]{1,40}?)?\s+(?:is|are|will be|has been|have been|"
    r"was|were)\s+(?:\w+\s+){0,2}?(?:publicly\s+|openly\s+|made\s+)*(?:available|released|open[- ]?sourced?)\b"
    r"|\b(?:we|and)\s+(?:will\s+|also\s+|fully\s+|publicly\s+)*(?:release|open[- ]?source|make\s+public|publish)d?\b"
    r"[^.]{0,80}?\b" + _CODE_WORD + r"\b"
    r"|\b" + _CODE_WORD + r"\s+(?:is\s+|are\s+)?(?:available|released)\s+(?:at|on|in|from|via)\b"
    # A repository mentioned by host: "code is on github (org/repo)", "code and models on hugging face".
    r"|\b" + _CODE_WORD + r"\b[^.]{0,60}?\b(?:is|are)?\s*(?:on|at|via|from)\s+(?:github|gitlab)\b"
)
_NOT_RELEASED = (
    r"\b" + _CODE_WORD + r"\s+(?:is|are|will|can|could)\s*(?:not|n't)\s+(?:be\s+)?(?:publicly\s+)?(?:available|released|shared)"
    r"|\b(?:do|does|will|can)\s*(?:not|n't)\s+(?:publicly\s+)?release\s+(?:the|our|its)\s+" + _CODE_WORD
)


def code_columns(text: str = "_text") -> tuple[pl.Expr, pl.Expr]:
    """``code_released`` (three-valued) and ``code_urls``.

    True with a code link (``raw_papers.code_urls``: repository, model or project pages in the
    abstract or comment) or a sentence saying the code is or will be released; False with a
    sentence saying it is not; null (unknown) otherwise: no word about code is not a "no".
    """
    urls = pl.col("code_urls").fill_null(pl.lit([], dtype=pl.List(pl.Utf8)))
    low = pl.col(f"{text}_lower")
    released = (pl.when(urls.list.len() > 0).then(True)
                .when(low.str.contains(_fast(_NOT_RELEASED))).then(False)
                .when(low.str.contains(_fast(_RELEASED))).then(True)
                .otherwise(None))
    return released.alias("code_released"), urls.alias("code_urls")
