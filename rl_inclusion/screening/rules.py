"""The rules screener: named regular expressions with weights, kept in data.

The rules live in ``rules.toml`` next to this module (or any file of the same
shape); a reader can audit each one.  They are evaluated with polars string
expressions over the whole frame, one ``str.contains`` per rule, never a Python
loop per paper.  Every decision keeps the names of the rules that fired and a
sentence built from their ``reason`` phrases.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal, Optional, Union

import polars as pl
from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr,
                      ValidationError, model_validator)

from ..errors import ConfigError
from ..validation import PolarsRegex, describe_errors, non_empty, read_toml

DEFAULT_RULES_PATH = Path(__file__).resolve().parent / "rules.toml"


@dataclass(frozen=True)
class Rule:
    name: str
    kind: str
    weight: float
    field: str
    pattern: str
    reason: str
    unless: str | None = None
    negate: bool = False


@dataclass(frozen=True)
class RuleSet:
    rules: tuple[Rule, ...]
    threshold: float
    source: str

    def names(self) -> list[str]:
        return [r.name for r in self.rules]


Number = Annotated[Union[StrictInt, StrictFloat], AfterValidator(float)]


class _RuleEntry(BaseModel):
    """One ``[[rule]]`` table."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[StrictStr, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    kind: Literal["include", "exclude"]
    weight: Number
    field: Literal["title", "text"] = "text"
    pattern: PolarsRegex
    reason: Annotated[StrictStr, AfterValidator(non_empty)]
    unless: Optional[PolarsRegex] = None
    negate: StrictBool = False

    @model_validator(mode="after")
    def _sign(self):
        if (self.kind == "include") != (self.weight > 0):
            raise ValueError(f"an {self.kind} rule needs a {'positive' if self.kind == 'include' else 'negative'} weight")
        return self


class _RulesFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    threshold: Number
    rule: list[dict] = Field(min_length=1)


def load_rules(path: str | Path | None = None) -> RuleSet:
    """Read and validate a rules file (pydantic models above); errors name the rule and the problem."""
    path = Path(path) if path is not None else DEFAULT_RULES_PATH
    data = read_toml(path, "rules file not found: {path}")
    try:
        doc = _RulesFile.model_validate(data)
    except ValidationError as exc:
        if any(e["loc"] == ("rule",) for e in exc.errors()):
            raise ConfigError(f"{path}: no [[rule]] tables") from None
        raise ConfigError(f"{path}: {describe_errors(exc, data)}") from None
    rules: list[Rule] = []
    seen: set[str] = set()
    for i, raw in enumerate(doc.rule, start=1):
        name = raw.get("name")
        where = f"{path}: rule {name!r}" if isinstance(name, str) else f"{path}: rule #{i}"
        try:
            r = _RuleEntry.model_validate(raw)
        except ValidationError as exc:
            raise ConfigError(f"{where}: {describe_errors(exc, raw)}") from None
        if r.name in seen:
            raise ConfigError(f"{where}: duplicate name")
        seen.add(r.name)
        rules.append(Rule(r.name, r.kind, float(r.weight), r.field, r.pattern, r.reason.strip(), r.unless, r.negate))
    return RuleSet(tuple(rules), float(doc.threshold), str(path))


def text_columns(papers: pl.DataFrame) -> list[pl.Expr]:
    """``_title`` and ``_text`` (title + abstract + comment, one line) used by rules and features."""
    def one_line(e: pl.Expr) -> pl.Expr:
        return e.str.replace_all("\n", " ", literal=True).str.replace_all("\r", " ", literal=True)
    text = one_line(pl.concat_str([pl.col("title").fill_null(""), pl.col("abstract").fill_null(""),
                                   pl.col("comment").fill_null("")], separator=" \u2016 "))
    return [
        one_line(pl.col("title").fill_null("")).alias("_title"),
        text.alias("_text"),
        text.str.to_lowercase().alias("_text_lower"),
        pl.col("title").fill_null("").str.to_lowercase().alias("_title_lower"),
    ]


def ascii_boundaries(pattern: str) -> str:
    """Make ``\\b`` an ASCII word boundary.

    The Rust regex engine cannot run a Unicode ``\\b`` in its fast DFA and falls
    back to a much slower engine (about 100 times slower here); titles and
    abstracts are English, so ASCII boundaries give the same matches.
    """
    return pattern.replace(r"\b", r"(?-u:\b)")


def _matcher(field: str, pattern: str) -> pl.Expr:
    """``contains`` on the field; a ``(?i)`` pattern without upper-case letters runs case-sensitively on
    the lower-cased text, which gives the same answer several times faster."""
    body = pattern.removeprefix("(?i)")
    if body != pattern and not re.search(r"(?<!\\)[A-Z]", body):
        return pl.col(f"_{field}_lower").str.contains(ascii_boundaries(body))
    return pl.col(f"_{field}").str.contains(ascii_boundaries(pattern))


def _fires(rule: Rule) -> pl.Expr:
    hit = _matcher(rule.field, rule.pattern)
    if rule.negate:
        hit = ~hit
    if rule.unless:
        hit = hit & ~_matcher(rule.field, rule.unless)
    return hit.fill_null(False)


def apply_rules(papers: pl.DataFrame, ruleset: RuleSet) -> pl.DataFrame:
    """Add ``rules_score``, ``rules_fired``, ``rules_eligible`` and ``rules_reason`` to ``papers``.

    ``rules_reason`` is one sentence: the include phrases when eligible, the
    exclude phrases (or the lack of any method cue) when not.
    """
    df = papers.with_columns(text_columns(papers)) if "_text" not in papers.columns else papers
    fired = [_fires(r).alias(f"_r_{r.name}") for r in ruleset.rules]
    df = df.with_columns(fired)
    score = pl.sum_horizontal([pl.col(f"_r_{r.name}").cast(pl.Float64) * r.weight for r in ruleset.rules])
    names = pl.concat_list([pl.when(pl.col(f"_r_{r.name}")).then(pl.lit(r.name)).otherwise(None)
                            for r in ruleset.rules]).list.drop_nulls()

    def phrases(kind: str) -> pl.Expr:
        parts = [pl.when(pl.col(f"_r_{r.name}")).then(pl.lit(r.reason)).otherwise(None)
                 for r in ruleset.rules if r.kind == kind]
        if not parts:
            return pl.lit("")
        return pl.concat_list(parts).list.drop_nulls().list.join("; ")

    thr = ruleset.threshold
    df = df.with_columns(score.round(3).alias("rules_score"), names.alias("rules_fired"),
                         phrases("include").alias("_inc"), phrases("exclude").alias("_exc"))
    score_txt = pl.format("(rules score {} vs threshold {})", pl.col("rules_score"), pl.lit(f"{thr:g}"))
    reason = (
        pl.when(pl.col("rules_score") >= thr)
        .then(pl.format("Eligible: {} {}.", pl.col("_inc"), score_txt))
        .when(pl.col("_exc") != "")
        .then(pl.format("Not eligible: {} {}.", pl.col("_exc"), score_txt))
        .when(pl.col("_inc") != "")
        .then(pl.format("Not eligible: too little evidence of a new RL training method (only: {}) {}.",
                        pl.col("_inc"), score_txt))
        .otherwise(pl.format("Not eligible: no rule for an RL training-method contribution matched {}.", score_txt))
    )
    return df.with_columns((pl.col("rules_score") >= thr).alias("rules_eligible"), reason.alias("rules_reason")).drop(
        [f"_r_{r.name}" for r in ruleset.rules] + ["_inc", "_exc"])
