"""The study report: ``reports/study.md`` and a self-contained ``reports/study.html``.

Every number in the report is read from the tables (``study_summary``,
``cohort_metrics``, ``paper_inclusion``, views); nothing is computed here that
the tables do not hold, so the report and the database cannot disagree.
"""

from __future__ import annotations

import base64
import html
import io
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import polars as pl

from .levels import INCLUSION_LEVELS as LEVELS  # strongest first

LEVEL_COLORS = ["#1b5e20", "#43a047", "#9ccc65", "#ffb300", "#90a4ae"]


@dataclass
class Report:
    markdown: str
    html: str
    plots: dict[str, bytes] = field(default_factory=dict)
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)


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


def md_table(df: pl.DataFrame, max_cell: int | None = None) -> str:
    """A Markdown table of ``df`` (cells escaped; cut to ``max_cell`` characters when given)."""
    if df.is_empty():
        return "(no rows)\n"

    def cell(v) -> str:
        text = str(v).replace("|", "\\|").replace("\n", " ")
        return text[:max_cell] if max_cell else text

    lines = ["| " + " | ".join(df.columns) + " |", "|" + "---|" * len(df.columns)]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in df.iter_rows()]
    return "\n".join(lines) + "\n"


def _html_table(df: pl.DataFrame) -> str:
    if df.is_empty():
        return "<p>(no rows)</p>"
    head = "".join(f"<th>{html.escape(c)}</th>" for c in df.columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in df.iter_rows())
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return buf.getvalue()


def _plots(cohorts: pl.DataFrame, inclusion: pl.DataFrame, levels: pl.DataFrame) -> dict[str, bytes]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out: dict[str, bytes] = {}
    q = cohorts["quarter"].to_list()
    x = list(range(len(q)))

    fig, ax = plt.subplots(figsize=(8, 3.8))
    elig = cohorts["eligible"].to_list()
    within = [v if v is not None else 0 for v in cohorts["included_within_180d"].to_list()]
    censored = cohorts["censored"].to_list()
    ax.bar([i - 0.2 for i in x], elig, width=0.4, label="eligible papers", color="#90caf9")
    bars = ax.bar([i + 0.2 for i in x], within, width=0.4, label="included within 180 days", color="#1e88e5")
    for i, c in enumerate(censored):
        if c:
            bars[i].set_hatch("//")
            ax.annotate("open", (i + 0.2, within[i]), ha="center", va="bottom", fontsize=8, color="#555")
    ax.set_xticks(x, q)
    ax.set_ylabel("papers")
    ax.set_title("Papers per cohort and inclusions within 180 days (hatched: window still open)")
    ax.legend(frameon=False)
    out["cohorts"] = _png(fig)

    fig, ax = plt.subplots(figsize=(8, 3.4))
    ax.bar(x, cohorts["first_implementations"].to_list(), color="#43a047")
    ax.set_xticks(x, q)
    ax.set_ylabel("papers")
    ax.set_title("First implementations per quarter (by implementation date)")
    out["first_implementations"] = _png(fig)

    fig, ax = plt.subplots(figsize=(8, 3.4))
    lags = inclusion["first_lag_days"].drop_nulls().to_list() if inclusion.height else []
    if lags:
        ax.hist(lags, bins=min(20, max(5, len(lags))), color="#8e24aa", edgecolor="white")
    ax.axvline(180, color="#d32f2f", linestyle="--", label="180 days")
    ax.set_xlabel("days from first submission to first implementation")
    ax.set_ylabel("papers")
    ax.set_title("Lag to first implementation")
    ax.legend(frameon=False)
    out["lag"] = _png(fig)

    fig, ax = plt.subplots(figsize=(8, 3.8))
    fws = levels["framework"].to_list()
    bottom = [0] * len(fws)
    for level, color in zip(LEVELS, LEVEL_COLORS):
        vals = levels[level].to_list() if level in levels.columns else [0] * len(fws)
        ax.bar(fws, vals, bottom=bottom, label=level, color=color)
        bottom = [b + v for b, v in zip(bottom, vals)]
    ax.set_ylabel("papers included")
    ax.set_ylim(0, max(bottom + [1]) * 1.35)  # headroom for the legend
    ax.set_title("Integration level per framework")
    ax.legend(frameon=False, fontsize=8, ncols=3)
    out["levels"] = _png(fig)
    return out


def build_report(con: duckdb.DuckDBPyConnection, source_label: str = "") -> Report:
    summary = con.execute("SELECT * FROM study_summary").pl()
    cohorts = con.execute("SELECT * FROM cohort_metrics ORDER BY quarter").pl()
    firsts = con.execute(
        "SELECT arxiv_id, min(lag_days) AS first_lag_days FROM paper_inclusion GROUP BY arxiv_id").pl()
    per_level = con.execute(
        "SELECT framework, integration_level, count(*) AS n FROM paper_inclusion GROUP BY ALL").pl()
    levels = (per_level.pivot(on="integration_level", index="framework", values="n")
              if per_level.height else pl.DataFrame({"framework": []}, schema={"framework": pl.Utf8}))
    levels = levels.with_columns([pl.lit(0).alias(lv) for lv in LEVELS if lv not in levels.columns]) \
        .select("framework", *[pl.col(lv).fill_null(0) for lv in LEVELS]).sort("framework")
    frameworks = con.execute("SELECT * FROM v_framework_summary").pl()
    timeline = con.execute(
        "SELECT strftime(implementation_date, '%Y-%m-%d') AS date, framework, arxiv_id, method_name, integration_level AS level, "
        "first_pr AS pr, lag_days, removed FROM v_inclusion_timeline").pl()
    rules = _contribution_table(con)
    paths = _paths_table(con)
    plots = _plots(cohorts, firsts, levels)
    window = (summary["window_start"][0], summary["window_end"][0]) if summary.height else (None, None)
    cutoff = cohorts["cutoff"][0] if cohorts.height else None

    def row(metric):
        r = summary.filter(pl.col("metric") == metric).to_dicts()
        return r[0] if r else {}

    headline = pl.DataFrame([
        {"figure": r["description"],
         "reproduction": (f"{int(r['numerator'])} / {int(r['denominator'])} = {_fmt(r['value'], pct=True)}"
                          if r["denominator"] else _fmt(r["value"])),
         "95 % CI": (f"{_fmt(r['ci_low'], pct=True)} - {_fmt(r['ci_high'], pct=True)}" if r["ci_low"] is not None else ""),
         "Fisher p": _fmt(r["p_value"]) if r["p_value"] is not None else "",
         "study": r["published_text"] or ""}
        for r in summary.to_dicts()
    ]) if summary.height else pl.DataFrame()
    cohort_view = cohorts.select(
        "quarter", "papers_screened", "eligible", "included_any",
        pl.col("included_within_180d").cast(pl.Utf8).fill_null("open").alias("within_180d"),
        pl.col("share_within_180d").map_elements(lambda v: _fmt(v, pct=True), return_dtype=pl.Utf8).fill_null("open").alias("share_180d"),
        pl.col("median_lag_days").cast(pl.Utf8).fill_null("-").alias("median_lag"),
        "first_implementations", "censored")
    comparisons = pl.DataFrame([
        {"feature": label,
         "included": f"{int(row(a)['numerator'] or 0)}/{int(row(a)['denominator'] or 0)} ({_fmt(row(a)['value'], pct=True)})",
         "included 95 % CI": f"{_fmt(row(a)['ci_low'], pct=True)} - {_fmt(row(a)['ci_high'], pct=True)}",
         "not included": f"{int(row(b)['numerator'] or 0)}/{int(row(b)['denominator'] or 0)} ({_fmt(row(b)['value'], pct=True)})",
         "not included 95 % CI": f"{_fmt(row(b)['ci_low'], pct=True)} - {_fmt(row(b)['ci_high'], pct=True)}",
         "Fisher p": _fmt(row(a)["p_value"]),
         "study": f"{_fmt(row(a)['published_value'], pct=True, digits=0)} vs {_fmt(row(b)['published_value'], pct=True, digits=0)}"}
        for label, a, b in [(">= 30B-parameter policy", "policy_30b_included", "policy_30b_not_included"),
                            ("loss-level modification", "loss_level_included", "loss_level_not_included"),
                            ("code released", "code_included", "code_not_included")]
        if row(a)
    ])
    tables = {"headline": headline, "cohorts": cohort_view, "comparisons": comparisons, "frameworks": frameworks,
              "timeline": timeline, "contribution_rules": rules,
              "paths": paths}
    intro = (f"Study window: papers first submitted {window[0]} to {window[1]}; data cut-off {cutoff}."
             + (f" Source: {source_label}." if source_label else ""))
    sections = [
        ("Headline figures beside the study's", "headline", None,
         "Each figure is recomputed from the tables; the last column is what the study published."),
        ("Cohorts", "cohorts", "cohorts",
         "One row per quarterly cohort (first-submission quarter). A cohort whose 180-day window had not closed by the "
         "cut-off is marked open (censored), not counted as zero."),
        ("First implementations per quarter", None, "first_implementations",
         "Papers counted in the quarter their first implementation reached any main branch."),
        ("Included against not-included eligible papers", "comparisons", None,
         "Shares with 95 % Wilson intervals; Fisher's exact test (two-sided) on the 2x2 table."),
        ("Lag to first implementation", None, "lag", "Days from first submission to the first code-level commit on a main branch."),
        ("Per framework", "frameworks", "levels",
         "Inclusions by integration level, median lag, threads and training-failure threads."),
        ("What each framework asks of a contributor", "contribution_rules", None,
         "From each framework's contribution guide, PR template and code owners at the last commit of the latest quarter."),
        ("Inclusion timeline", "timeline", None, "Every inclusion in the order it reached a main branch."),
        ("Paths to inclusion for the most-requested missing methods", "paths", None,
         f"The {PATHS_TOP} eligible papers no framework includes that the most threads cite (papers no thread cites "
         "are left out), per framework: the nearest included method of the same modification type, where it "
         "lives, the pull request that added it (lines added/deleted, days to merge; '?' where the data does not "
         "exist), what the framework asks of contributors, and open requests or unmerged pull requests "
         "(`rl-inclusion path METHOD` for the full path)."
         + ("" if paths.height else " No such paper.")),
    ]
    md = ["# RL papers in open-source training frameworks: the reproduction", "", intro, ""]
    ht = ["<!doctype html><html><head><meta charset='utf-8'><title>rl_inclusion study report</title>",
          "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
          "table{border-collapse:collapse;margin:1em 0;font-size:13px}td,th{border:1px solid #ccc;padding:3px 7px;text-align:left}"
          "th{background:#f3f3f3}img{max-width:100%}</style></head><body>",
          "<h1>RL papers in open-source training frameworks: the reproduction</h1>", f"<p>{html.escape(intro)}</p>"]
    for title, table, plot, text in sections:
        md += [f"## {title}", "", text, ""]
        ht += [f"<h2>{html.escape(title)}</h2>", f"<p>{html.escape(text)}</p>"]
        if plot:
            md += [f"![{title}](study_{plot}.png)", ""]
            ht.append(f"<img alt='{html.escape(title)}' src='data:image/png;base64,{base64.b64encode(plots[plot]).decode()}'>")
        if table:
            md += [md_table(tables[table]), ""]
            ht.append(_html_table(tables[table]))
    ht.append("</body></html>")
    return Report(markdown="\n".join(md), html="\n".join(ht), plots=plots, tables=tables)


def _contribution_table(con: duckdb.DuckDBPyConnection) -> pl.DataFrame:
    exists = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = 'contribution_rules'").fetchone()[0]
    if not exists:
        return pl.DataFrame()
    df = con.execute("SELECT * FROM contribution_rules WHERE quarter = (SELECT max(quarter) FROM contribution_rules) ORDER BY framework").pl()
    keep = [c for c in df.columns if c not in ("evidence", "quarter", "sha", "head_sha", "commit_date")]
    return df.select(keep)


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
    for name, png in report.plots.items():
        p = out / f"study_{name}.png"
        p.write_bytes(png)
        paths[name] = p
    return paths
