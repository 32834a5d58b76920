"""The study report: ``study.md`` and a self-contained ``study.html``, rendered from Jinja2 templates
(``rl_inclusion/templates/``) into a folder that belongs to the database (``reports_dir_for``).

Every number is read from the tables (``study_summary``, ``cohort_metrics``,
``implementation_quarters``, ``time_to_inclusion``, ``equal_followup``,
``sensitivity``, ``paper_inclusion``, ``issue_threads``, ``contribution_rules``);
this module only selects, formats and plots, so the report and the database
cannot disagree.  Plots and per-framework figures are limited to the study
window.  Cells hold text or lists of text, never a Python value's repr.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import duckdb
import jinja2
import polars as pl

from .levels import INCLUSION_LEVELS as LEVELS  # strongest first
from .metrics import PUBLISHED_COHORTS, StudyWindow
from .review_report import burden_frame, burden_table, plot_burden, review_table
from .partitions import quarter_label
from .plots import png, pyplot
from .study import WINDOW_DAYS

LEVEL_COLORS = ["#1b5e20", "#43a047", "#9ccc65", "#ffb300", "#90a4ae"]
TEMPLATES = Path(__file__).resolve().parent / "templates"
DEMO_BANNER = ("Demo data: the framework histories and threads are invented and the papers hand-picked. "
               "The figures illustrate the pipeline; they are not the study's and estimate nothing.")
SNAPSHOT_BANNER = ("Recorded snapshot ({detail}): the figures are recomputed from a frozen copy of the sources, "
                   "as of its cut-off, not from the live services.")


@dataclass
class Report:
    markdown: str
    html: str
    plots: dict[str, bytes] = field(default_factory=dict)
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)


def reports_dir_for(db_path: str | Path) -> Path:
    """The default reports folder of a database: beside it, named after it (``data/x.duckdb`` -> ``data/x_report``),
    so a run on another database never writes over this one's report."""
    p = Path(db_path).expanduser().resolve()
    return p.with_name(f"{p.stem}_report")


def _fmt(v, pct=False, digits=1):
    if v is None:
        return "n/a"
    if isinstance(v, float) and v != v:
        return "n/a"
    if pct:
        return f"{100 * v:.{digits}f} %"
    if isinstance(v, float):
        return f"{v:.3g}" if abs(v) < 1 else (f"{v:.0f}" if v == int(v) else f"{v:.1f}")
    return str(v)


def _frac(k, n) -> str:
    if not n:
        return "n/a"
    return f"{int(k)}/{int(n)} ({_fmt(k / n, pct=True)})"


def _ci(lo, hi) -> str:
    return "" if lo is None or hi is None else f"{_fmt(lo, pct=True)} - {_fmt(hi, pct=True)}"


def _p(v) -> str:
    return "" if v is None else (f"{v:.3f}" if v >= 0.001 else "< 0.001")


def md_table(df: pl.DataFrame, max_cell: int | None = None) -> str:
    """A Markdown table of ``df`` (cells escaped; lists joined with '; '; cut to ``max_cell`` characters when given)."""
    if df.is_empty():
        return "(no rows)\n"

    def cell(v) -> str:
        text = "; ".join(map(str, v)) if isinstance(v, list) else _fmt(v) if isinstance(v, float) else str(v)
        text = text.replace("|", "\\|").replace("\n", " ")
        return text[:max_cell] if max_cell else text

    lines = ["| " + " | ".join(df.columns) + " |", "|" + "---|" * len(df.columns)]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in df.iter_rows()]
    return "\n".join(lines) + "\n"


def data_source(con: duckdb.DuckDBPyConnection) -> tuple[str, str]:
    """('live' | 'demo' | 'snapshot' | 'empty', detail), from where ``raw_papers`` came."""
    from .snapshot import demo_path

    sources = [r[0] for r in con.execute("SELECT DISTINCT source FROM raw_papers ORDER BY 1").fetchall()]
    if not sources:
        return "empty", ""
    if all(s == "arxiv-api" for s in sources):
        return "live", ""
    others = [s for s in sources if s != "arxiv-api"]
    demo = demo_path().resolve()
    if all(s.startswith("snapshot:") and Path(s.removeprefix("snapshot:")).resolve() == demo for s in others):
        return "demo", ""
    return "snapshot", ", ".join(s.removeprefix("snapshot:") for s in others)


# ---------------------------------------------------------------- plots

def plot_cohorts(cohorts: pl.DataFrame) -> bytes:
    """Eligible papers and inclusions within the window per cohort; an open cohort's eligible bar is outlined and
    hatched and it has no inclusion bar (its outcome is not known yet)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 3.8))
    q = cohorts["quarter"].to_list()
    x = list(range(len(q)))
    for i, row in enumerate(cohorts.iter_rows(named=True)):
        if row["censored"]:
            ax.bar(i - 0.2, row["eligible"], width=0.4, facecolor="white", edgecolor="#1e88e5", hatch="//")
            ax.annotate("open", (i - 0.2, row["eligible"]), ha="center", va="bottom", fontsize=8, color="#555")
        else:
            ax.bar(i - 0.2, row["eligible"], width=0.4, color="#90caf9")
            ax.bar(i + 0.2, row["included_within_180d"], width=0.4, color="#1e88e5")
    low, high, text = PUBLISHED_COHORTS["included_within_180d"]
    ax.axhspan(low, high, color="#bdbdbd", alpha=0.35, zorder=0)
    handles = [plt.Rectangle((0, 0), 1, 1, color="#90caf9"), plt.Rectangle((0, 0), 1, 1, color="#1e88e5"),
               plt.Rectangle((0, 0), 1, 1, facecolor="white", edgecolor="#1e88e5", hatch="//"),
               plt.Rectangle((0, 0), 1, 1, color="#bdbdbd", alpha=0.35)]
    ax.legend(handles, ["eligible papers", f"included within {WINDOW_DAYS} days", "eligible, window still open",
                        f"study: {text}"], frameon=False, fontsize=8)
    ax.set_xticks(x, q)
    ax.set_ylabel("papers")
    ax.set_ylim(0, max(cohorts["eligible"].to_list() + [high]) * 1.45)  # room for the legend
    ax.set_title(f"Papers per cohort and inclusions within {WINDOW_DAYS} days")
    return png(fig)


def plot_bars(labels: list[str], values: list[int], title: str, color: str,
              published: tuple[int, int, str] | None = None) -> bytes:
    """Bars per quarter; ``published`` (low, high, text) is drawn as the study's band behind them."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 3.4))
    if published:
        ax.axhspan(published[0], published[1], color="#bdbdbd", alpha=0.35, label=f"study: {published[2]}")
    ax.bar(range(len(labels)), values, color=color, label="recomputed")
    if published:
        ax.set_ylim(0, max(values + [published[1]]) * 1.3)
        ax.legend(frameon=False, fontsize=8, loc="upper right")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel("papers")
    ax.set_title(title)
    return png(fig)


def plot_lags(lags: list[int]) -> bytes:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 3.4))
    if lags:
        ax.hist(lags, bins=min(20, max(5, len(lags))), color="#8e24aa", edgecolor="white")
    ax.axvline(WINDOW_DAYS, color="#d32f2f", linestyle="--", label=f"{WINDOW_DAYS} days")
    ax.set_xlabel("days from first submission to first implementation")
    ax.set_ylabel("papers")
    ax.set_title("Lag to first implementation (papers of the study window)")
    ax.legend(frameon=False)
    return png(fig)


def plot_levels(levels: pl.DataFrame) -> bytes:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 3.8))
    fws = levels["framework"].to_list()
    bottom = [0] * len(fws)
    for level, color in zip(LEVELS, LEVEL_COLORS):
        vals = levels[level].to_list()
        ax.bar(fws, vals, bottom=bottom, label=level, color=color)
        bottom = [b + v for b, v in zip(bottom, vals)]
    ax.set_ylabel("papers included")
    ax.set_ylim(0, max(bottom + [1]) * 1.35)
    ax.set_title("Integration level per framework (papers of the study window)")
    ax.legend(frameon=False, fontsize=8, ncols=3)
    return png(fig)


def plot_survival(curves: pl.DataFrame, scope: str, title: str) -> bytes:
    """Cumulative incidence step curves of one scope; the 'any framework' curve carries its 95 % band."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 3.8))
    groups = curves.filter(pl.col("scope") == scope)["group_name"].unique(maintain_order=True).to_list()
    cmap = plt.get_cmap("tab10")
    if scope == "cohort":
        any_ = curves.filter((pl.col("scope") == "any framework") & pl.col("incidence").is_not_null()).sort("day")
        ax.step(any_["day"], any_["incidence"], where="post", color="black", lw=2, label="all cohorts")
        ax.fill_between(any_["day"], any_["ci_low"], any_["ci_high"], step="post", color="grey", alpha=0.25,
                        label="95 % band (all cohorts)")
    for i, g in enumerate(groups):
        c = curves.filter((pl.col("scope") == scope) & (pl.col("group_name") == g) & pl.col("incidence").is_not_null()).sort("day")
        if c.height:
            ax.step(c["day"], c["incidence"], where="post", color=cmap(i % 10), lw=1.2, label=g)
    for h in (90, 180, 365):
        ax.axvline(h, color="#bbb", lw=0.8, ls=":")
    ax.set_xlim(0, 372)
    ax.set_ylim(0, 1.04)  # a curve at 100 % stays visible above the frame
    ax.set_xlabel("days since first submission")
    ax.set_ylabel("share included (Kaplan-Meier)")
    ax.set_title(title)
    if ax.get_legend_handles_labels()[1]:
        ax.legend(frameon=False, fontsize=7, ncols=2, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    else:
        ax.text(0.5, 0.5, "no eligible paper in the window yet", ha="center", transform=ax.transAxes, color="#777")
    return png(fig)


# ---------------------------------------------------------------- tables

def _df(rows: list[dict]) -> pl.DataFrame:
    return pl.DataFrame(rows) if rows else pl.DataFrame()


def _quarter_of(d: date) -> str:
    return quarter_label(d)


def _contribution(con: duckdb.DuckDBPyConnection, last_quarter: str) -> tuple[pl.DataFrame, list[dict]]:
    """Each framework's rules at the last quarter of the window it was read in."""
    df = con.execute(
        "SELECT * FROM contribution_rules WHERE quarter <= ? "
        "QUALIFY row_number() OVER (PARTITION BY framework ORDER BY quarter DESC) = 1 ORDER BY framework", [last_quarter]).pl()
    asks = {"requires_tests": "tests", "requires_docs": "docs", "requires_linked_issue": "linked issue",
            "requires_design_discussion": "design discussion first", "requires_benchmark_evidence": "benchmark evidence",
            "requires_dco": "DCO sign-off", "requires_cla": "CLA"}
    rows, evidence = [], []
    for r in df.to_dicts():
        files = [*(r["guide_paths"] or []), *(r["pr_template_paths"] or []), *(r["codeowners_paths"] or [])]
        rows.append({"framework": r["framework"], "files read": files or ["none found"],
                     "asks of a contributor": [label for col, label in asks.items() if r[col]] or ["nothing stated"],
                     "as of": r["quarter"] + (f", commit {r['sha'][:10]}" if r["sha"] else ", no commit yet")})
        lines = json.loads(r["evidence_json"] or "[]")
        evidence.append({"framework": r["framework"], "lines": [
            f"{e['requirement'].replace('_', ' ')} ({e['path']}): {e['line'][:160]}" for e in lines]})
    return _df(rows), evidence


def build_report(con: duckdb.DuckDBPyConnection, source_label: str = "", window: StudyWindow | None = None) -> Report:
    """The report of the database behind ``con``.  ``source_label`` is only shown; the banner follows where the
    papers came from (``data_source``)."""
    summary = con.execute("SELECT * FROM study_summary").pl()
    if window is None:
        window = (StudyWindow(summary["window_start"][0], summary["window_end"][0]) if summary.height else StudyWindow())
    start, end = window.start, window.end
    cohorts_all = con.execute("SELECT * FROM cohort_metrics ORDER BY quarter").pl()
    cutoff = cohorts_all["cutoff"][0] if cohorts_all.height else None
    cohorts = cohorts_all.filter((pl.col("cohort_start") <= end) & (pl.col("quarter") >= _quarter_of(start)))
    source, detail = data_source(con)
    banner = DEMO_BANNER if source == "demo" else SNAPSHOT_BANNER.format(detail=detail) if source == "snapshot" else ""

    def row(metric):
        r = summary.filter(pl.col("metric") == metric).to_dicts()
        return r[0] if r else {}

    # headline
    def corrected(r):
        """The estimate corrected for the screener's error, with its 95 % interval ('' when there is none)."""
        if r.get("estimate") is None:
            return ""
        if not r["denominator"]:
            return f"{r['estimate']:.0f} ({r['est_low']:.0f} - {r['est_high']:.0f})"
        return f"{_fmt(r['estimate'], pct=True)} ({_fmt(r['est_low'], pct=True)} - {_fmt(r['est_high'], pct=True)})"

    def unknown(r):
        return f", {int(r['unknown'])} unknown" if r.get("unknown") else ""

    headline = _df([
        {"figure": r["description"],
         "reproduction": (f"{int(r['numerator'])} / {int(r['denominator'])} = {_fmt(r['value'], pct=True)}{unknown(r)}"
                          if r["denominator"] else _fmt(r["value"]) + unknown(r)),
         "95 % CI": _ci(r["ci_low"], r["ci_high"]),
         "corrected for screening error (95 % interval)": corrected(r),
         "Fisher p": _p(r["p_value"]),
         "study": r["published_text"] or "not published"}
        for r in summary.to_dicts()
    ])

    # cohorts
    cohort_table = _df([
        {"cohort": r["quarter"], "screened": str(r["papers_screened"]), "eligible": str(r["eligible"]),
         "eligible, corrected (95 % interval)": (
             "" if r.get("eligible_est") is None else
             f"{r['eligible_est']:.0f} ({r['eligible_est_low']:.0f} - {r['eligible_est_high']:.0f})"),
         "included by cut-off": str(r["included_any"]),
         f"within {WINDOW_DAYS} days": "open" if r["censored"] else _frac(r["included_within_180d"], r["eligible"]),
         "median lag (days)": "open" if r["censored"] else _fmt(r["median_lag_days"]),
         "window": "open (censored)" if r["censored"] else "closed"}
        for r in cohorts.to_dicts()])
    quarters = [q for q in cohorts["quarter"].to_list()]  # the window's quarters up to the cut-off
    found = con.execute("SELECT * FROM implementation_quarters").pl()
    impl = pl.DataFrame({"quarter": quarters}, schema={"quarter": pl.Utf8}).join(
        found.select("quarter", "first_implementations", "inclusions"), on="quarter", how="left").fill_null(0)
    closed = cohorts.filter(~pl.col("censored"))

    def span(values: list) -> str:
        values = [v for v in values if v is not None]
        return f"{min(values)} to {max(values)}" if values else "n/a"

    series = _df([
        {"series": "eligible papers per cohort", "recomputed": span(cohorts["eligible"].to_list()),
         "study": PUBLISHED_COHORTS["eligible"][2]},
        {"series": f"included within {WINDOW_DAYS} days per closed cohort",
         "recomputed": span(closed["included_within_180d"].to_list()),
         "study": PUBLISHED_COHORTS["included_within_180d"][2]},
        {"series": "first implementations per quarter (by implementation quarter)",
         "recomputed": span(impl["first_implementations"].to_list()),
         "study": PUBLISHED_COHORTS["first_implementations"][2]},
        {"series": "eligible papers included in no framework", "recomputed": _fmt(row("not_included").get("value")),
         "study": row("not_included").get("published_text") or ""},
    ])
    impl_table = _df([{"implementation quarter": r["quarter"], "papers first implemented": str(r["first_implementations"]),
                       "inclusions (paper, framework)": str(r["inclusions"])} for r in impl.to_dicts()])

    # survival
    curves = con.execute("SELECT * FROM time_to_inclusion ORDER BY scope, group_name, day").pl()
    hz = curves.filter(pl.col("horizon"))
    survival = []
    for (scope, group), g in hz.group_by(["scope", "group_name"], maintain_order=True):
        cells = {}
        for r in g.sort("day").to_dicts():
            cells[f"by day {r['day']}"] = ("n/a (not followed that long)" if r["incidence"] is None else
                                           f"{_fmt(r['incidence'], pct=True)} ({_ci(r['ci_low'], r['ci_high'])})")
        survival.append({"scope": scope, "group": group, "papers": str(g["papers"][0]), **cells})
    survival_table = _df(survival)

    # equal follow-up
    ef = con.execute("SELECT * FROM equal_followup ORDER BY feature").pl()
    published = {"policy_30b": ("policy_30b_included", "policy_30b_not_included"),
                 "loss_level": ("loss_level_included", "loss_level_not_included"),
                 "code_released": ("code_included", "code_not_included")}
    followup = _df([
        {"feature": r["description"],
         "naive: included": _frac(r["naive_included_k"], r["naive_included_n"]),
         "naive: not included": _frac(r["naive_not_included_k"], r["naive_not_included_n"]),
         "naive Fisher p": _p(r["naive_fisher_p"]),
         f"equal follow-up: included within {r['window_days']} days": _frac(r["closed_included_k"], r["closed_included_n"]),
         "equal follow-up: not included": _frac(r["closed_not_included_k"], r["closed_not_included_n"]),
         "Mantel-Haenszel odds ratio (95 % CI)": (
             "undefined" if r["mh_odds_ratio"] is None else
             f"{r['mh_odds_ratio']:.2f}" + (f" ({r['mh_ci_low']:.2f} - {r['mh_ci_high']:.2f})"
                                            if r["mh_ci_low"] is not None and r["mh_ci_high"] is not None else "")),
         "CMH p": _p(r["cmh_p"]) or "n/a", "cohorts": str(r["strata"]),
         "study": " vs ".join(_fmt(row(m).get("published_value"), pct=True, digits=0) for m in published[r["feature"]])}
        for r in ef.to_dicts()])

    # sensitivity
    sens = con.execute("SELECT * FROM sensitivity").pl()
    sensitivity_table = _df([
        {"choice": r["choice"], "setting": r["setting"] + (" (the run)" if r["is_run"] else ""),
         "eligible": str(r["eligible"]), "included": _frac(r["included"], r["eligible"]),
         "95 % CI": _ci(r["share_ci_low"], r["share_ci_high"]),
         "within the window, closed windows": f"{_frac(r['included_within'], r['closed'])} in {r['window_days']} days",
         "per cohort": list(r["within_by_cohort"])}
        for r in sens.to_dicts()])
    study_share = row("included_share").get("published_text") or ""

    # papers of the window: lags, per framework, timeline
    params = [start, end]
    in_window = "CAST(timezone('UTC', published) AS DATE) BETWEEN ? AND ?"
    lags = [r[0] for r in con.execute(
        f"SELECT min(lag_days) FROM paper_inclusion WHERE {in_window} AND implementation_date <= ? GROUP BY arxiv_id",
        [*params, cutoff]).fetchall()] if cutoff else []
    per_level = con.execute(
        f"SELECT framework, integration_level, count(*) AS n FROM paper_inclusion WHERE {in_window} GROUP BY ALL", params).pl()
    fws = [r[0] for r in con.execute(
        "SELECT framework FROM framework_mining_runs UNION SELECT framework FROM paper_inclusion "
        "UNION SELECT framework FROM issue_threads ORDER BY 1").fetchall()]
    levels = pl.DataFrame({"framework": fws}, schema={"framework": pl.Utf8})
    for lv in LEVELS:
        counts = dict(per_level.filter(pl.col("integration_level") == lv).select("framework", "n").rows())
        levels = levels.with_columns(pl.Series(lv, [counts.get(f, 0) for f in fws], dtype=pl.Int64))
    fw_rows = con.execute(f"""
        WITH inc AS (SELECT framework, count(*) AS inclusions, median(lag_days) AS median_lag,
                            count(*) FILTER (WHERE removed) AS removed
                     FROM paper_inclusion WHERE {in_window} GROUP BY framework),
             thr AS (SELECT framework, count(*) AS threads, count(*) FILTER (WHERE training_failure) AS failures
                     FROM issue_threads WHERE CAST(timezone('UTC', created_at) AS DATE) BETWEEN ? AND ? GROUP BY framework)
        SELECT f.framework, coalesce(inclusions, 0), median_lag, coalesce(removed, 0), coalesce(threads, 0), coalesce(failures, 0)
        FROM (SELECT unnest(?::VARCHAR[]) AS framework) f LEFT JOIN inc USING (framework) LEFT JOIN thr USING (framework)
        ORDER BY f.framework""", [*params, *params, fws]).fetchall()
    frameworks = _df([
        {"framework": f, "papers included": str(n), "median lag (days)": _fmt(lag), "removed since": str(rem),
         "threads opened in the window": str(t), "training-failure threads": str(fail),
         "levels": [f"{lv}: {c}" for lv, c in zip(LEVELS, levels.filter(pl.col("framework") == f).row(0)[1:]) if c]}
        for f, n, lag, rem, t, fail in fw_rows])
    timeline = con.execute(
        f"SELECT strftime(implementation_date, '%Y-%m-%d') AS date, framework, arxiv_id, method_name, "
        f"integration_level AS level, coalesce(CAST(first_pr AS VARCHAR), '') AS pr, CAST(lag_days AS VARCHAR) AS lag_days, "
        f"CASE WHEN removed THEN 'removed' ELSE '' END AS removed, confidence "
        f"FROM paper_inclusion WHERE {in_window} ORDER BY implementation_date, framework", params).pl()
    rules, rules_evidence = _contribution(con, _quarter_of(end))
    paths, burden = _paths_table(con), burden_frame(con, start, end)

    plots = {
        "cohorts": plot_cohorts(cohorts),
        "first_implementations": plot_bars(impl["quarter"].to_list(), impl["first_implementations"].to_list(), "First "
                                           "implementations per quarter of implementation", "#43a047", PUBLISHED_COHORTS["first_implementations"]),
        "survival": plot_survival(curves, "cohort", "Time to first inclusion in any framework, per cohort"),
        "survival_frameworks": plot_survival(curves, "framework", "Time to inclusion, per framework"),
        "lag": plot_lags(lags),
        "levels": plot_levels(levels),
        "review_burden": plot_burden(burden),
    }
    tables = {"headline": headline, "cohorts": cohort_table, "cohort_series": series, "implementation_quarters": impl_table,
              "survival": survival_table, "equal_followup": followup, "sensitivity": sensitivity_table,
              "frameworks": frameworks, "contribution_rules": rules, "timeline": timeline, "paths": paths,
              "review": review_table(con, start, end), "review_burden": burden_table(burden)}
    context = {
        "title": "RL papers in open-source training frameworks: the reproduction",
        "banner": banner, "source": source_label or source + (f" ({detail})" if detail else ""),
        "window_start": start, "window_end": end, "cutoff": cutoff or "n/a", "window_days": WINDOW_DAYS,
        "study_share": study_share, "rules_evidence": rules_evidence,
        "paths_top": PATHS_TOP, "paths_note": "" if paths.height else " No such paper.",
        "tables": {k: {"columns": v.columns, "rows": [list(r) for r in v.iter_rows()]} for k, v in tables.items()},
        "md_tables": {k: md_table(v) for k, v in tables.items()},
        "images": {k: base64.b64encode(v).decode() for k, v in plots.items()},
    }
    return Report(markdown=render("study.md.j2", context), html=render("study.html.j2", context), plots=plots,
                  tables=tables)


def render(template: str, context: dict) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined,
                             autoescape=jinja2.select_autoescape(["html.j2"]), trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True)
    return env.get_template(template).render(**context)


PATHS_TOP = 5


def _paths_table(con: duckdb.DuckDBPyConnection, top: int = PATHS_TOP) -> pl.DataFrame:
    """``inclusion_paths`` of the ``top`` most-cited not-included papers, one row per paper and framework."""
    exists = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = 'inclusion_paths'").fetchone()[0]
    if not exists:  # a database written before the table existed (the report opens it read-only)
        return pl.DataFrame()
    df = con.execute(
        "WITH demand AS (SELECT DISTINCT arxiv_id, demand_threads FROM inclusion_paths WHERE demand_threads > 0 "
        "                ORDER BY demand_threads DESC, arxiv_id LIMIT ?) "
        "SELECT p.* FROM inclusion_paths p JOIN demand d USING (arxiv_id) "
        "ORDER BY p.demand_threads DESC, p.arxiv_id, lower(p.framework)", [top]).pl()
    if df.is_empty():
        return pl.DataFrame()

    def known(col: str) -> pl.Expr:
        return pl.col(col).cast(pl.Utf8).fill_null("?")

    return df.select(
        pl.format("{} ({})", pl.col("method_name").fill_null("-"), "arxiv_id").alias("paper"),
        pl.col("demand_threads").alias("threads"),
        "framework",
        pl.when(pl.col("sibling_arxiv_id").is_null()).then(pl.lit("none of this type"))
          .otherwise(pl.format("{} ({})", "sibling_method", "sibling_level")).alias("nearest sibling"),
        pl.col("sibling_path").fill_null("").alias("where"),
        pl.when(pl.col("sibling_pr").is_null()).then(pl.lit(""))
          .otherwise(pl.format("#{}: +{}/-{}, {} days", "sibling_pr", known("pr_lines_added"),
                               known("pr_lines_deleted"), known("pr_days_to_merge"))).alias("PR"),
        pl.when(pl.col("requirements_quarter").is_null()).then(pl.lit("?"))
          .otherwise(pl.col("requirements").list.join(", ")).alias("asks for"),
        (pl.col("open_requests").list.concat("unmerged_prs")).list.join(" ").alias("open requests / PRs"),
    )


def write_report(report: Report, out_dir: str | Path) -> dict[str, Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"markdown": out / "study.md", "html": out / "study.html"}
    paths["markdown"].write_text(report.markdown, encoding="utf-8")
    paths["html"].write_text(report.html, encoding="utf-8")
    for name, image in report.plots.items():
        p = out / f"study_{name}.png"
        p.write_bytes(image)
        paths[name] = p
    return paths
