"""The report's "Review" section: what happened to the papers' threads and the review burden per framework.

Reads ``paper_thread_reviews`` and the view ``v_review_burden`` (``sql/views/v_review_burden.sql``);
selects, formats and plots only.
"""

from __future__ import annotations

from datetime import date

import duckdb
import polars as pl

OUTCOME_COLUMNS = ("merged", "closed_unmerged", "rejected", "redirected", "no_response", "open")


def _cell(v) -> str:
    return "n/a" if v is None else (f"{v:.1f}" if isinstance(v, float) else str(v))


def review_table(con: duckdb.DuckDBPyConnection, start: date, end: date) -> pl.DataFrame:
    """Per framework: threads citing a paper of the window (by id or an unambiguous name), by role and by outcome."""
    rows = con.execute("""
        WITH t AS (
            SELECT DISTINCT ON (r.thread_id) r.* FROM paper_thread_reviews r
            JOIN eligible_methods e ON e.arxiv_id = r.arxiv_id
            WHERE CAST(timezone('UTC', e.published) AS DATE) BETWEEN ? AND ?
              AND list_has_any(r.cited_by, ['arxiv_id', 'method_name']))
        SELECT framework, count(*) AS threads,
               count(*) FILTER (WHERE role = 'request') AS requests,
               count(*) FILTER (WHERE role = 'implementation') AS implementations,
               count(*) FILTER (WHERE outcome = 'merged') AS merged,
               count(*) FILTER (WHERE outcome = 'closed_unmerged') AS closed_unmerged,
               count(*) FILTER (WHERE outcome = 'rejected') AS rejected,
               count(*) FILTER (WHERE outcome = 'redirected') AS redirected,
               count(*) FILTER (WHERE outcome = 'no_response') AS no_response,
               count(*) FILTER (WHERE outcome = 'open') AS open,
               count(*) FILTER (WHERE outcome IS NULL) AS unknown,
               median(days_to_first_maintainer_response) AS response_days,
               median(days_to_merge) FILTER (WHERE role = 'implementation') AS merge_days
        FROM t GROUP BY framework ORDER BY framework""", [start, end]).pl()
    return pl.DataFrame([
        {"framework": r["framework"], "citing threads": str(r["threads"]), "requests": str(r["requests"]),
         "implementation PRs": str(r["implementations"]),
         "outcomes": ", ".join(f"{k.replace('_', ' ')}: {r[k]}" for k in (*OUTCOME_COLUMNS, "unknown") if r[k]),
         "median days to first maintainer response": _cell(r["response_days"]),
         "median days to merge": _cell(r["merge_days"])}
        for r in rows.to_dicts()],
        schema={c: pl.Utf8 for c in ("framework", "citing threads", "requests", "implementation PRs", "outcomes",
                                     "median days to first maintainer response", "median days to merge")})


def burden_frame(con: duckdb.DuckDBPyConnection, start: date, end: date) -> pl.DataFrame:
    """``v_review_burden`` for the quarters of the study window (the report's plots stay inside it)."""
    from .partitions import quarter_label

    return con.execute("SELECT * FROM v_review_burden WHERE quarter BETWEEN ? AND ? ORDER BY framework, quarter",
                       [quarter_label(start), quarter_label(end)]).pl()


def plot_burden(burden: pl.DataFrame) -> bytes:
    """Open method requests and open implementation pull requests at each quarter's end, one line per framework."""
    from .plots import png, pyplot

    plt = pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.6), sharey=True)
    quarters = sorted(burden["quarter"].unique().to_list()) if burden.height else []
    for fw, g in burden.group_by("framework", maintain_order=True):
        g = g.sort("quarter")
        x = [quarters.index(q) for q in g["quarter"].to_list()]
        axes[0].plot(x, g["open_requests"].to_list(), marker="o", label=fw[0])
        axes[1].plot(x, g["open_implementation_prs"].to_list(), marker="o", label=fw[0])
    from matplotlib.ticker import MaxNLocator

    for ax, title in zip(axes, ("Open method requests", "Open implementation pull requests")):
        ax.set_xticks(range(len(quarters)), quarters, rotation=45, fontsize=8)
        ax.set_title(title, fontsize=10)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes[0].set_ylabel("threads open at the quarter's end")
    if burden.height:
        axes[1].legend(frameon=False, fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.suptitle("Review burden per framework (paper-citing threads)")
    return png(fig)


def burden_table(burden: pl.DataFrame) -> pl.DataFrame:
    return pl.DataFrame([
        {"framework": r["framework"], "quarter": r["quarter"], "open requests": str(r["open_requests"]),
         "open implementation PRs": str(r["open_implementation_prs"]),
         "median days to first maintainer response": (
             _cell(r["median_days_to_first_maintainer_response"])
             + (f" ({r['threads_without_association']} not judged)" if r["threads_without_association"] else "")),
         "median days to merge": _cell(r["median_days_to_merge"])}
        for r in burden.filter((pl.col("open_requests") + pl.col("open_implementation_prs") + pl.col("requests_opened")
                                + pl.col("implementation_prs_opened")) > 0).to_dicts()],
        schema={c: pl.Utf8 for c in ("framework", "quarter", "open requests", "open implementation PRs",
                                     "median days to first maintainer response", "median days to merge")})
