"""``rl-inclusion eval-inclusion``: the miner and the linker against hand-verified inclusion labels.

Runs the real path on real clones: the frameworks file (entries with
``local_path``), the papers (snapshot ``papers.jsonl``) with their eligibility
and method names (screening labels format), ``mine`` and ``link_events`` and
``build_inclusion``; then compares the predicted (paper, framework) pairs with
the labelled ones.

- A predicted pair labelled ``included = true`` is a true positive; its
  ``first_sha`` (or, failing that, the day of ``first_date``) is compared for
  ``date_match``.
- A predicted pair labelled false, or not labelled at all, is a false
  positive: the label set is meant to hold every true pair of its papers, so
  an unlabelled prediction is counted against precision (and listed apart).
- A pair labelled true and not predicted is a false negative, listed with any
  evidence the miner did find for it (low confidence, prior art, docs only).

Only labelled papers are eligible in the run, so the figures measure the
evidence, not the screener.  Before the last line, the figures without the labellers' UNCERTAIN calls and
the share of true pairs at the labelled integration level.  The report ends with
``RESULT precision=<x> recall=<y> date_match=<z> n=<n>`` (n: labelled pairs
in the split).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import polars as pl

from ..errors import ConfigError
from ..names import name_index
from ..partitions import quarter_label_expr
from .inclusion import build_inclusion, link_events
from .labels import load_inclusion_labels


@dataclass
class InclusionEval:
    tp: int
    fp: int
    fn: int
    tn: int
    date_match: int
    n: int
    report: str

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def date_share(self) -> float:
        return self.date_match / self.tp if self.tp else 0.0


def eligible_from_labels(papers_path: str | Path | Sequence[str | Path],
                         paper_labels_path: str | Path | Sequence[str | Path]) -> pl.DataFrame:
    """The labelled papers as ``eligible_methods`` rows (labels decide; features from the labels).

    Either argument may be several files (a later set's papers beside the older ones); a paper in two files
    is an error, so no label silently wins over another.
    """
    from ..screening import load_labels, read_papers_jsonl

    papers_paths, labels_paths = _paths(papers_path), _paths(paper_labels_path)
    papers = pl.concat([read_papers_jsonl(p).select("arxiv_id", "title", "published") for p in papers_paths],
                       how="vertical_relaxed")
    labels = pl.concat([load_labels(p).select("arxiv_id", "eligible", "method_name", "aliases", "mechanisms") for p in labels_paths],
                       how="vertical_relaxed")
    for what, frame, where in (("papers", papers, papers_paths), ("paper labels", labels, labels_paths)):
        twice = frame.filter(pl.col("arxiv_id").is_duplicated())["arxiv_id"].unique().sort().to_list()
        if twice:
            raise ConfigError(f"{what} given twice in {[str(p) for p in where]}: {twice[:10]}")
    df = papers.select("arxiv_id", "title", pl.col("published").cast(pl.Datetime("us", "UTC"))).join(
        labels, on="arxiv_id", how="inner")
    if df.height != labels.height:
        missing = sorted(set(labels["arxiv_id"]) - set(df["arxiv_id"]))
        raise ConfigError(f"{[str(p) for p in labels_paths]}: labelled papers missing from "
                          f"{[str(p) for p in papers_paths]}: {missing[:10]}")
    p = pl.col("published")
    return df.with_columns(
        pl.col("aliases").fill_null(pl.lit([], dtype=pl.List(pl.Utf8))),
        pl.col("mechanisms").fill_null(pl.lit([], dtype=pl.List(pl.Utf8))),
        quarter_label_expr(p).alias("quarter"),
    )


def _paths(value: str | Path | Sequence[str | Path]) -> list[Path]:
    return [Path(value)] if isinstance(value, (str, Path)) else [Path(v) for v in value]


def mine_frameworks(frameworks_path: str | Path, eligible: pl.DataFrame, log=print) -> pl.DataFrame:
    """``framework_events`` for every framework with a ``local_path`` in the file."""
    from ..mining.carried import borrowed_commits, first_parent_shas
    from ..mining.miner import mine
    from ..frameworks_config import load_frameworks
    from ..sources.git import prepare_repo

    frameworks = [f for f in load_frameworks(frameworks_path) if f.local_path is not None]
    if not frameworks:
        raise ConfigError(f"{frameworks_path}: no framework has a local_path (point each at a clone)")
    index = name_index(eligible, mechanisms=True)
    handles = {fw.name: prepare_repo(fw, ".", None, live=False) for fw in frameworks}
    borrowed = borrowed_commits({name: first_parent_shas(h.path, h.branch) for name, h in handles.items()})
    frames = []
    for fw in frameworks:
        result = mine(handles[fw.name], fw, index, borrowed[fw.name])
        log(f"{fw.name}: {result.summary()}")
        frames.append(result.events)
    return link_events(pl.concat(frames, how="vertical"), eligible)


def _evidence(events: pl.DataFrame, arxiv_id: str, framework: str) -> str:
    """A one-line account of what the miner saw for a pair (for the missed and the false)."""
    ev = events.filter((pl.col("framework") == framework)
                       & ((pl.col("linked_arxiv_id") == arxiv_id) | pl.col("candidate_ids").list.contains(arxiv_id))
                       & (pl.col("change") == "added"))
    strength = pl.col("confidence").replace_strict({"high": 0, "medium": 1, "low": 2}, default=3, return_dtype=pl.Int8)
    docs = pl.col("integration_level") == "mentioned"
    ev = ev.sort([docs, strength, "commit_date"])  # what made (or could have made) the inclusion first
    if ev.is_empty():
        return "no evidence at all"
    parts = []
    for r in ev.head(3).iter_rows(named=True):
        what = r["arxiv_id"] or r["method_name"]
        parts.append(f"{r['commit_date']:%Y-%m-%d} {r['sha'][:10]} {r['path']} [{r['evidence_kind']} {what}; "
                     f"{r['link_status']}, {r['confidence'] or '-'}, {r['integration_level']}"
                     f"{'; ' + r['evidence_note'] if r['evidence_note'] else ''}]: {r['snippet'][:90]}")
    more = f" (+{ev.height - 3} more)" if ev.height > 3 else ""
    return " | ".join(parts) + more


def compare(predicted: pl.DataFrame, labels: pl.DataFrame, events: pl.DataFrame, split: str | None) -> InclusionEval:
    """Confusion of predicted pairs against labels (optionally one split)."""
    lab = labels
    if split and split != "all":
        if "split" not in lab.columns:
            raise ConfigError("the labels have no split column; use --split all")
        known = sorted(v for v in lab["split"].unique().to_list() if v)
        if split not in known:
            raise ConfigError(f"no labelled pairs in split {split!r}; the labels have {known} (or use --split all)")
        lab = lab.filter(pl.col("split") == split)
    papers = set(lab["arxiv_id"].to_list())
    pred = predicted.join(labelled_scope(lab), on=["arxiv_id", "framework"], how="semi")
    j = lab.join(pred.select("arxiv_id", "framework", pl.col("first_sha").alias("p_sha"),
                             pl.col("implementation_date").alias("p_date"), pl.col("integration_level").alias("p_level"),
                             pl.lit(True).alias("predicted")),
                 on=["arxiv_id", "framework"], how="full", coalesce=True)
    j = j.with_columns(pl.col("predicted").fill_null(False), pl.col("included").fill_null(False),
                       pl.col("split").is_null().alias("unlabelled") if "split" in j.columns else pl.lit(False).alias("unlabelled"))
    date_ok = (pl.col("p_sha") == pl.col("first_sha")) | (pl.col("p_date").dt.date() == pl.col("first_date"))
    j = j.with_columns(date_ok.fill_null(False).alias("date_ok"))
    tp = j.filter(pl.col("included") & pl.col("predicted"))
    fp = j.filter(~pl.col("included") & pl.col("predicted"))
    fn = j.filter(pl.col("included") & ~pl.col("predicted"))
    tn = j.filter(~pl.col("included") & ~pl.col("predicted"))
    lines = [f"split: {split or 'all'}; labelled pairs {lab.height} ({int(lab['included'].sum())} included) "
             f"of {len(papers)} papers", ""]
    lines.append("per pair (label / predicted):")
    for r in j.sort(["framework", "arxiv_id"]).iter_rows(named=True):
        verdict = ("TP" if r["included"] and r["predicted"] else "FP" if r["predicted"] else
                   "FN" if r["included"] else "TN")
        date = ""
        if verdict == "TP":
            date = "date ok" if r["date_ok"] else f"date {r['p_date']:%Y-%m-%d} {r['p_sha'][:10]} (label {r['first_date']} {(r['first_sha'] or '')[:10]})"
        lines.append(f"  {verdict} {r['framework']:<9} {r['arxiv_id']}  {r['p_level'] or '':<22} {date}"
                     + ("  [unlabelled pair]" if r["unlabelled"] else ""))
    if fp.height:
        lines += ["", "false pairs (predicted, labelled not included or unlabelled):"]
        for r in fp.sort(["framework", "arxiv_id"]).iter_rows(named=True):
            lines.append(f"  {r['framework']} {r['arxiv_id']}: {_evidence(events, r['arxiv_id'], r['framework'])}")
    if fn.height:
        lines += ["", "missed pairs (labelled included, not predicted):"]
        for r in fn.sort(["framework", "arxiv_id"]).iter_rows(named=True):
            lines.append(f"  {r['framework']} {r['arxiv_id']} (label {r['first_date']} {r['level']}): "
                         f"{_evidence(events, r['arxiv_id'], r['framework'])}")
    bad_dates = tp.filter(~pl.col("date_ok"))
    if bad_dates.height:
        lines += ["", "included pairs with another first commit than the label:"]
        for r in bad_dates.sort(["framework", "arxiv_id"]).iter_rows(named=True):
            lines.append(f"  {r['framework']} {r['arxiv_id']}: predicted {r['p_date']:%Y-%m-%d} {r['p_sha'][:10]}, "
                         f"label {r['first_date']} {(r['first_sha'] or '')[:10]}")
    ev = InclusionEval(tp.height, fp.height, fn.height, tn.height, int(tp["date_ok"].sum()), lab.height, "")
    lines += ["", f"true positives {ev.tp}, false positives {ev.fp}, false negatives {ev.fn}, true negatives {ev.tn}",
              settled_line(j), level_line(tp),
              f"RESULT precision={_share(ev.tp, ev.tp + ev.fp)} recall={_share(ev.tp, ev.tp + ev.fn)} "
              f"date_match={_share(ev.date_match, ev.tp)} n={ev.n}"]
    ev.report = "\n".join(lines)
    return ev


def level_line(true_pairs: pl.DataFrame) -> str:
    """How many true pairs the miner puts at the labelled integration level, and where it puts the others
    (``labelled -> predicted: count``, most frequent first)."""
    same = true_pairs.filter(pl.col("p_level") == pl.col("level")).height
    moved = (true_pairs.filter(pl.col("p_level") != pl.col("level")).group_by("level", "p_level").len()
             .sort(["len", "level", "p_level"], descending=[True, False, False]))
    where = "; ".join(f"{a} -> {b}: {n}" for a, b, n in moved.iter_rows())
    return (f"levels: {same} of {true_pairs.height} true pairs at the labelled level ({_share(same, true_pairs.height)})"
            + (f"; {where}" if where else ""))


def settled_line(scored: pl.DataFrame) -> str:
    """The same figures without the pairs whose labeller left the call open (``UNCERTAIN`` in ``note``).

    The RESULT line scores every labelled pair as labelled; this line says how much of the gap is pairs the
    labellers themselves could not settle.  Unlabelled predictions have no note and stay counted.
    """
    open_call = pl.col("note").fill_null("").str.contains("UNCERTAIN") if "note" in scored.columns else pl.lit(False)
    counts = scored.select(
        open_call.sum().alias("open"),
        (~open_call & pl.col("included") & pl.col("predicted")).sum().alias("tp"),
        (~open_call & ~pl.col("included") & pl.col("predicted")).sum().alias("fp"),
        (~open_call & pl.col("included") & ~pl.col("predicted")).sum().alias("fn"),
        (~open_call & pl.col("included") & pl.col("predicted") & pl.col("date_ok")).sum().alias("dates"),
    ).row(0, named=True)
    tp, fp, fn = counts["tp"], counts["fp"], counts["fn"]
    return (f"without the pairs labelled UNCERTAIN ({counts['open']}): true positives {tp}, false positives {fp}, "
            f"false negatives {fn}; precision {_share(tp, tp + fp)} recall {_share(tp, tp + fn)} "
            f"date_match {_share(counts['dates'], tp)}")


def labelled_scope(labels: pl.DataFrame) -> pl.DataFrame:
    """The (paper, framework) pairs a label set speaks for: each paper, in every framework its set labels.

    A set (a value of ``split``) is meant to hold every true pair of its papers in the frameworks it covers, so
    a prediction there that it does not list counts against precision; a prediction in a framework the set
    never looked at (inclusion-set-v5 covers five frameworks beyond the seven, the older sets the seven) is
    outside what the set can judge and is not scored.
    """
    if "split" not in labels.columns:
        return labels.select("arxiv_id").unique().join(labels.select("framework").unique(), how="cross")
    set_frameworks = labels.select("split", "framework").unique()
    return (labels.select("arxiv_id", "split").unique().join(set_frameworks, on="split")
            .select("arxiv_id", "framework").unique())


def _share(part: int, whole: int) -> str:
    """A share with three decimals, or n/a when nothing was there to count (no included pair, no prediction)."""
    return f"{part / whole:.3f}" if whole else "n/a"


def eval_inclusion(frameworks_path: str | Path, papers_path: str | Path | Sequence[str | Path],
                   paper_labels_path: str | Path | Sequence[str | Path],
                   labels_path: str | Path, split: str | None = "all", log=print) -> InclusionEval:
    eligible = eligible_from_labels(papers_path, paper_labels_path)
    labels = load_inclusion_labels(labels_path)
    frameworks = {f for f in labels["framework"].unique().to_list()}
    events = mine_frameworks(frameworks_path, eligible, log=log)
    missing = frameworks - set(events["framework"].unique().to_list()) if events.height else frameworks
    if missing:
        log(f"note: no events (or no local_path) for {sorted(missing)}: their pairs can only be missed")
    predicted = build_inclusion(events, eligible)
    return compare(predicted, labels, events, split)
