"""Screening: which papers propose a general RL training method, and its features.

``screen(papers, labels, config)`` returns the ``eligible_methods`` frame: one
row per paper, eligible or not, with the decision's source (``label``,
``rules`` or ``model``), its score, the rules that fired, a sentence saying
why, and the method's features with their evidence.

Order of authority: a human label wins over any screener; otherwise the
configured screener decides (``rules``, the default, or ``learned``).  The
rules are always evaluated, so ``rules_fired`` is filled whatever decided.
Labels win for features too: a label's ``method_name``, ``aliases``,
``modification_type``, ``max_policy_params_b`` and ``code_released`` replace the extracted ones
when given (``params_evidence`` then reads ``label (<reviewer>)`` and
``loss_level`` follows the labelled type); an empty cell keeps the extracted
value.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from ..errors import ConfigError
from . import features as F
from .labels import FEATURE_COLUMNS, LABEL_SCHEMA, empty_labels, labels_from_frame, load_labels
from .learned import (cross_validated_scores, gated, paper_texts, rank_for_review, read_papers_jsonl,
                      trained_model, training_set)
from .rules import DEFAULT_RULES_PATH, apply_rules, load_rules, text_columns

__all__ = ["ScreeningConfig", "screen", "screen_run", "ScreeningRun", "measured_error", "ERROR_SCHEMA", "labelled_ids",
           "error_summary", "load_labels", "labels_from_frame", "rank_for_review",
           "ELIGIBLE_METHODS_SCHEMA", "load_rules", "read_papers_jsonl", "eval_screening"]

ELIGIBLE_METHODS_SCHEMA = {
    "arxiv_id": pl.Utf8, "title": pl.Utf8, "published": pl.Datetime("us", "UTC"), "eligible": pl.Boolean,
    "decision_source": pl.Utf8, "score": pl.Float64, "rules_fired": pl.List(pl.Utf8), "reason": pl.Utf8,
    "method_name": pl.Utf8, "aliases": pl.List(pl.Utf8), "max_policy_params_b": pl.Float64,
    "params_evidence": pl.Utf8, "modification_type": pl.Utf8, "loss_level": pl.Boolean,
    "code_released": pl.Boolean, "code_urls": pl.List(pl.Utf8), "quarter": pl.Utf8,
    "mechanisms": pl.List(pl.Utf8),
}
NEEDED_COLUMNS = ("arxiv_id", "title", "abstract", "comment", "published", "code_urls", "quarter")
SCREENERS = ("rules", "learned")


@dataclass(frozen=True)
class ScreeningConfig:
    """How to screen.

    screener            "rules" (default) or "learned"
    rules_path          a rules TOML (default: rules.toml in this package)
    rules_threshold     overrides the file's threshold
    learned_features    "tfidf" (default) or "embeddings" (optional extra)
    c                   inverse regularisation of the logistic regression
    ngram_max           longest word n-gram of the TF-IDF features
    model_threshold     probability at or above which the model says eligible
    use_bundled_labels  train the learned screener on the labelled set shipped in screening/data too
    rules_gate          the learned screener says eligible only when the rules' score is also positive
                        (some method evidence net of the exclusions); see ``learned.gated``
    modification_typer  "learned" (``typer``, a classifier trained on the labelled types plus the cue
                        scores) or "cues" (the cue scores alone); None (default): "learned" with the
                        learned screener, "cues" with the rules (which stay as fast as before: the typer
                        costs about a TF-IDF pass over the eligible papers)
    modification_cues_path  a modification-type cue TOML (default: modification_types.toml in this package)
    """

    screener: str = "rules"
    rules_path: str | None = None
    rules_threshold: float | None = None
    learned_features: str = "tfidf"
    c: float = 8.0
    ngram_max: int = 1
    model_threshold: float = 0.5
    use_bundled_labels: bool = True
    modification_cues_path: str | None = None
    rules_gate: bool = True
    modification_typer: str | None = None

    def __post_init__(self):
        if self.screener not in SCREENERS:
            raise ConfigError(f"screener must be one of {SCREENERS}, got {self.screener!r}")
        if self.learned_features not in ("tfidf", "embeddings"):
            raise ConfigError(f"learned_features must be 'tfidf' or 'embeddings', got {self.learned_features!r}")
        if not 0.0 < self.model_threshold < 1.0:
            raise ConfigError(f"model_threshold must be between 0 and 1, got {self.model_threshold}")
        if not self.c > 0:
            raise ConfigError(f"c must be positive, got {self.c}")
        if self.modification_typer not in (None, "learned", "cues"):
            raise ConfigError(f"modification_typer must be 'learned' or 'cues', got {self.modification_typer!r}")
        if self.ngram_max not in (1, 2, 3):
            raise ConfigError(f"ngram_max must be 1, 2 or 3, got {self.ngram_max}")

    @property
    def typer(self) -> str:
        """The modification typer in effect ("learned" or "cues")."""
        if self.modification_typer is not None:
            return self.modification_typer
        return "learned" if self.screener == "learned" else "cues"

    def ruleset(self):
        rs = load_rules(self.rules_path or DEFAULT_RULES_PATH)
        if self.rules_threshold is not None:
            rs = type(rs)(rs.rules, float(self.rules_threshold), rs.source)
        return rs


def _check_papers(papers: pl.DataFrame) -> None:
    missing = [c for c in NEEDED_COLUMNS if c not in papers.columns]
    if missing:
        raise ConfigError(f"screen() needs a raw_papers frame; missing column(s) {missing}")
    if papers["arxiv_id"].is_duplicated().any():
        raise ConfigError("screen() needs one row per paper; duplicated arxiv_id "
                          f"{papers.filter(pl.col('arxiv_id').is_duplicated())['arxiv_id'][0]}")


def _model_decisions(df: pl.DataFrame, ts, config: ScreeningConfig) -> pl.DataFrame:
    model = trained_model(ts.texts, ts.y, config.learned_features, config.c, config.ngram_max)
    all_texts = paper_texts(df)
    p = model.predict_proba(all_texts)
    pos, neg = model.cues(all_texts)
    thr = config.model_threshold
    yes = gated(p, df["rules_score"].to_numpy() if config.rules_gate else None, thr)
    gate_note = pl.when((pl.col("_p") >= thr) & ~pl.col("_eligible")).then(
        pl.lit(" The rules found no method evidence (score <= 0), so the model's yes is not taken.")).otherwise(pl.lit(""))
    cue = (pl.when(pl.col("_pos").is_not_null() & pl.col("_neg").is_not_null())
           .then(pl.format("strongest cue for: '{}', against: '{}'", pl.col("_pos"), pl.col("_neg")))
           .when(pl.col("_pos").is_not_null()).then(pl.format("strongest cue for: '{}'", pl.col("_pos")))
           .when(pl.col("_neg").is_not_null()).then(pl.format("strongest cue against: '{}'", pl.col("_neg")))
           .otherwise(pl.lit("no sentence embeddings give single words as cues" if model.features == "embeddings"
                             else "no known term")))
    kind = "an embeddings" if model.features == "embeddings" else f"a {model.features}"
    head = f"{kind} model trained on {model.n_train} labelled papers ({model.n_positive} eligible)"
    return (df.with_columns(pl.Series("_p", p, dtype=pl.Float64), pl.Series("_pos", pos, dtype=pl.Utf8),
                            pl.Series("_neg", neg, dtype=pl.Utf8), pl.Series("_eligible", yes, dtype=pl.Boolean))
            .with_columns(
                pl.lit("model").alias("_source"),
                pl.col("_p").alias("_score"),
                pl.format("{}: {} gives probability {} (threshold {}); {}.{}",
                          pl.when(pl.col("_eligible")).then(pl.lit("Eligible")).otherwise(pl.lit("Not eligible")),
                          pl.lit(head), pl.col("_p").round(3), pl.lit(f"{thr:g}"), cue, gate_note).alias("_reason"))
            .drop("_p", "_pos", "_neg"))


ERROR_SCHEMA = {"arxiv_id": pl.Utf8, "eligible": pl.Boolean, "predicted": pl.Boolean, "score": pl.Float64,
                "text_origin": pl.Utf8, "labelled_set": pl.Utf8, "screener": pl.Utf8}


def measured_error(ts, labels: pl.DataFrame | None, config: ScreeningConfig, folds: int = 5) -> pl.DataFrame:
    """The screener's out-of-sample decisions on its own labelled papers (``screening_error``).

    Learned: stratified k-fold cross-validation with the configured features, C, n-grams and
    threshold (each paper decided by a model that never saw its label).  Rules: the rules on each
    labelled paper.  ``labelled_set`` says where the label came from: ``real`` (the real drawn sets,
    ``learned.REAL_SETS``, drawn as the query returns papers: the base rate the pipeline meets), ``bundled``
    or ``given`` (a labels file).
    """
    from .learned import real_drawn

    y = np.asarray(ts.y, dtype=bool)
    if config.screener == "rules":
        ruled = apply_rules(ts.frame.with_columns(text_columns(ts.frame)), config.ruleset())
        pred, score = ruled["rules_eligible"].to_numpy(), ruled["rules_score"].to_numpy().astype(float)
    else:
        score = cross_validated_scores(ts.texts, y, folds, config.learned_features, config.c, config.ngram_max)
        pred = np.zeros(len(y), dtype=bool)
        if not np.isnan(score).all():
            rules = None
            if config.rules_gate:
                rules = apply_rules(ts.frame.with_columns(text_columns(ts.frame)), config.ruleset())["rules_score"].to_numpy()
            pred = gated(score, rules, config.model_threshold)
    given = set(labels["arxiv_id"].to_list()) if labels is not None else set()
    real = set(real_drawn()[1]["arxiv_id"].to_list())
    sets = ["given" if a in given else "real" if a in real else "bundled" for a in ts.ids]
    return pl.DataFrame({"arxiv_id": ts.ids, "eligible": y, "predicted": pred, "score": score,
                         "text_origin": ts.origin, "labelled_set": sets,
                         "screener": [config.screener] * len(y)}, schema=ERROR_SCHEMA)


def labelled_ids(labels: pl.DataFrame | None, config: ScreeningConfig) -> list[str]:
    """Every arXiv id the screener would train on: the given labels' and (by default) the bundled set's."""
    from .learned import bundled_set
    ids = set(labels["arxiv_id"].to_list()) if labels is not None else set()
    if config.use_bundled_labels:
        ids |= set(bundled_set()[1]["arxiv_id"].to_list())
    return sorted(ids)


def error_summary(error: pl.DataFrame | None) -> dict:
    """Counts of a ``screening_error`` frame: papers, tp/fp/fn/tn, by labelled set and text origin."""
    if error is None or not error.height:
        return {}
    t, p = error["eligible"], error["predicted"]
    return {"papers": error.height, "tp": int((t & p).sum()), "fp": int((~t & p).sum()),
            "fn": int((t & ~p).sum()), "tn": int((~t & ~p).sum()),
            "by_set": dict(sorted(error.group_by("labelled_set").len().rows())),
            "by_text_origin": dict(sorted(error.group_by("text_origin").len().rows()))}


@dataclass
class ScreeningRun:
    """``screen_run``'s result: the eligible_methods frame, what the learned screener trained on
    (``training``: papers, eligible, texts by origin; empty for the rules), and its measured error."""
    frame: pl.DataFrame
    training: dict
    error: pl.DataFrame | None


def _modification_types(df: pl.DataFrame, labels: pl.DataFrame | None, config: ScreeningConfig) -> pl.Expr | pl.Series:
    """``_auto_kind``: for eligible papers the learned typer's type (``typer``); for the others, with
    ``modification_typer="cues"`` and when fewer than two types are labelled, the cue scores' (null when no
    cue matches)."""
    from .typer import cue_score_matrix, typer_for
    cues = F.load_modification_cues(config.modification_cues_path)
    by_cues = F.modification_type_column(pl.col("eligible"), cues=cues).alias("_auto_kind")
    if config.typer == "cues" or df.height == 0:
        return by_cues
    elig = df["eligible"].fill_null(False).to_numpy()
    if not elig.any():
        return by_cues
    typer = typer_for(df, labels, cues)
    if typer is None:
        return by_cues
    sub = df.filter(pl.Series(elig))
    kinds = np.full(df.height, None, dtype=object)
    kinds[elig] = typer.predict(paper_texts(sub), cue_score_matrix(sub, cues))
    return pl.when(pl.col("eligible").fill_null(False)).then(pl.Series("_k", kinds.tolist(), dtype=pl.Utf8)) \
        .otherwise(by_cues).alias("_auto_kind")


def screen(papers: pl.DataFrame, labels: pl.DataFrame | None = None,
           config: ScreeningConfig | None = None, source_texts: pl.DataFrame | None = None) -> pl.DataFrame:
    """The ``eligible_methods`` frame for ``papers`` (a raw_papers frame).

    ``source_texts``: texts the paper source delivered for labelled ids outside ``papers``
    (``arxiv_id, title, abstract, comment``); the learned screener trains on them rather than on the
    bundled summaries.
    """
    return screen_run(papers, labels, config, source_texts).frame


def screen_run(papers: pl.DataFrame, labels: pl.DataFrame | None = None, config: ScreeningConfig | None = None,
               source_texts: pl.DataFrame | None = None, measure_error: bool = False) -> ScreeningRun:
    """:func:`screen` with what the screener trained on and, when asked, its measured error."""
    config = config or ScreeningConfig()
    _check_papers(papers)
    if labels is not None:
        missing = [c for c in LABEL_SCHEMA if c not in labels.columns and c not in FEATURE_COLUMNS]
        if missing:
            raise ConfigError(f"labels frame lacks column(s) {missing}; read it with load_labels()")
        labels = labels.with_columns([pl.lit(None, dtype=LABEL_SCHEMA[c]).alias(c)
                                      for c in FEATURE_COLUMNS if c not in labels.columns])
    ruleset = config.ruleset()
    df = papers.with_columns(text_columns(papers))
    df = apply_rules(df, ruleset)
    ts, training = None, {}
    if config.screener == "learned":
        ts = training_set(papers, labels, config.use_bundled_labels, source_texts)
    elif measure_error:
        try:  # the rules need no labels; without any there is simply no error to measure
            ts = training_set(papers, labels, config.use_bundled_labels, source_texts)
        except ConfigError:
            ts = None
    if config.screener == "rules":
        df = df.with_columns(pl.col("rules_eligible").alias("_eligible"), pl.lit("rules").alias("_source"),
                             pl.col("rules_score").alias("_score"), pl.col("rules_reason").alias("_reason"))
    else:
        df = _model_decisions(df, ts, config)
        training = {"papers": len(ts.ids), "eligible": int(np.asarray(ts.y).sum()), "texts": ts.origin_counts()}
    error = measured_error(ts, labels, config) if measure_error and ts is not None else None

    lab = (labels if labels is not None else empty_labels()).select(
        pl.col("arxiv_id"), pl.col("eligible").alias("_l_eligible"), pl.col("note").alias("_l_note"),
        pl.col("reviewer").alias("_l_reviewer"), pl.col("method_name").alias("_l_name"),
        pl.col("aliases").alias("_l_aliases"), pl.col("modification_type").cast(pl.Utf8).alias("_l_kind"),
        pl.col("max_policy_params_b").cast(pl.Float64).alias("_l_params"),
        pl.col("code_released").cast(pl.Boolean).alias("_l_code"),
        pl.col("mechanisms").alias("_l_mechanisms"))
    df = df.join(lab, on="arxiv_id", how="left", maintain_order="left")
    labelled = pl.col("_l_eligible").is_not_null()
    label_reason = pl.format(
        "{} by reviewer label{}{} (the {} screener said {}).",
        pl.when(pl.col("_l_eligible")).then(pl.lit("Eligible")).otherwise(pl.lit("Not eligible")),
        pl.when(pl.col("_l_reviewer").fill_null("") != "").then(pl.format(" ({})", pl.col("_l_reviewer"))).otherwise(pl.lit("")),
        pl.when(pl.col("_l_note").fill_null("") != "").then(pl.format(": {}", pl.col("_l_note"))).otherwise(pl.lit("")),
        pl.col("_source"),
        pl.when(pl.col("_eligible")).then(pl.lit("eligible")).otherwise(pl.lit("not eligible")))
    df = df.with_columns(
        pl.when(labelled).then(pl.col("_l_eligible")).otherwise(pl.col("_eligible")).alias("eligible"),
        pl.when(labelled).then(pl.lit("label")).otherwise(pl.col("_source")).alias("decision_source"),
        pl.when(labelled).then(pl.col("_l_eligible").cast(pl.Float64)).otherwise(pl.col("_score")).alias("score"),
        pl.when(labelled).then(label_reason).otherwise(pl.col("_reason")).alias("reason"),
    )

    # Features, for every paper.
    max_b, evidence = F.params_columns()
    released, urls = F.code_columns()
    df = df.with_columns(F.method_name_column().alias("_auto_name"), max_b.alias("_auto_params"),
                         evidence.alias("_auto_evidence"), released.alias("_auto_code"), urls,
                         _modification_types(df, labels, config))
    params_labelled = pl.col("_l_params").is_not_null()
    label_evidence = pl.when(pl.col("_l_reviewer").fill_null("") != "").then(
        pl.format("label ({})", pl.col("_l_reviewer"))).otherwise(pl.lit("label"))
    df = df.with_columns(
        pl.coalesce(pl.col("_l_name"), pl.col("_auto_name")).alias("method_name"),
        pl.when(params_labelled).then(pl.col("_l_params")).otherwise(pl.col("_auto_params")).alias("max_policy_params_b"),
        pl.when(params_labelled).then(label_evidence).otherwise(pl.col("_auto_evidence")).alias("params_evidence"),
        pl.coalesce(pl.col("_l_kind"), pl.col("_auto_kind")).alias("modification_type"),
        pl.coalesce(pl.col("_l_code"), pl.col("_auto_code")).alias("code_released"))
    df = df.with_columns((pl.col("modification_type") == F.LOSS_LEVEL).alias("loss_level"))
    auto_aliases = F.aliases_for(df["method_name"])
    df = df.with_columns(
        pl.when(pl.col("_l_aliases").list.len() > 0).then(pl.col("_l_aliases"))
        .otherwise(auto_aliases).alias("aliases"),
        pl.col("_l_mechanisms").fill_null(pl.lit([], dtype=pl.List(pl.Utf8))).alias("mechanisms"))
    return ScreeningRun(df.select([pl.col(c).cast(t) for c, t in ELIGIBLE_METHODS_SCHEMA.items()]), training, error)


def eval_screening(papers_path: str | Path, labels_path: str | Path, **kwargs) -> str:
    """See :func:`rl_inclusion.screening.evaluate.eval_screening`."""
    from .evaluate import eval_screening as _eval
    return _eval(papers_path, labels_path, **kwargs)
