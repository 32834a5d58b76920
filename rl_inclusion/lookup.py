"""``rl-inclusion lookup``: is a paper in any framework, where, since when?"""

from __future__ import annotations

import difflib
import re

import duckdb
import polars as pl

from .errors import RLInclusionError
from .ids import ArxivIdError, normalize_name, normalize_name_expr, parse_arxiv_id
from .names import name_pairs


def resolve(con: duckdb.DuckDBPyConnection, query: str) -> list[str]:
    """arXiv ids matching an id, a link, a method name or alias of any screened paper, or (a part of) a title."""
    try:
        base = parse_arxiv_id(query).base
    except ArxivIdError:
        base = None
    if base is not None:
        hit = con.execute("SELECT arxiv_id FROM eligible_methods WHERE arxiv_id = ?", [base]).fetchall()
        if not hit:
            raise RLInclusionError(f"{base} is not in the database (screened papers only; is it in the study window?)")
        return [base]
    if re.fullmatch(r"\s*(?:arxiv:)?\d{4}\.\d+(?:v\d+)?\s*", query, flags=re.IGNORECASE):
        raise RLInclusionError(f"{query!r} looks like an arXiv id but is not a valid one (e.g. 2507.18071)")
    key = normalize_name(query)
    if not key:
        raise RLInclusionError(f"{query!r} is neither an arXiv id nor a method name")
    papers = con.execute("SELECT arxiv_id, method_name, aliases, title FROM eligible_methods").pl()
    # Any screened paper, eligible or not (DeepSeek-R1 is screened out but people look it up).
    screened = papers.with_columns(pl.lit(True).alias("eligible"))
    hits = name_pairs(screened).filter(pl.col("name_key") == key)["arxiv_id"].unique().to_list()
    if not hits and len(key) >= 4:  # a title, or a part of one ("Group Sequence Policy Optimization", "DeepSeek-R1")
        hits = papers.filter(normalize_name_expr(pl.col("title")).str.contains(key, literal=True))["arxiv_id"].to_list()
    if not hits:
        names = [n for n in papers["method_name"].drop_nulls().to_list()] + papers["title"].drop_nulls().to_list()
        close = difflib.get_close_matches(query, names, n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else "; try its arXiv id"
        raise RLInclusionError(f"no screened paper is called {query!r}{hint}")
    return sorted(hits)


def lookup(con: duckdb.DuckDBPyConnection, query: str) -> list[dict]:
    out = []
    for arxiv_id in resolve(con, query):
        paper = con.execute(
            "SELECT arxiv_id, title, method_name, published, quarter, eligible, reason FROM eligible_methods WHERE arxiv_id = ?",
            [arxiv_id]).pl().to_dicts()[0]
        paper["inclusions"] = con.execute(
            "SELECT framework, integration_level, implementation_date, first_sha, first_pr, lag_days, within_180_days, removed, "
            "confidence, pre_submission, decided_by FROM paper_inclusion WHERE arxiv_id = ? ORDER BY implementation_date",
            [arxiv_id]).pl().to_dicts()
        paper["review"] = con.execute(
            "SELECT framework, first_date, path, evidence_note FROM inclusion_review WHERE arxiv_id = ? ORDER BY first_date",
            [arxiv_id]).pl().to_dicts()
        paper["mentions"] = con.execute(
            "SELECT framework, first_date, path FROM paper_mentions WHERE arxiv_id = ? ORDER BY first_date",
            [arxiv_id]).pl().to_dicts()
        # a database written before paper_thread_reviews existed has no such table: roles are then "not judged"
        reviewed = bool(con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'paper_thread_reviews'")
                        .fetchone()[0])
        reviews = ("LEFT JOIN paper_thread_reviews r ON r.arxiv_id = p.arxiv_id AND r.thread_id = p.thread_id " if reviewed
                   else "LEFT JOIN (SELECT NULL AS role, NULL AS outcome, NULL AS outcome_reason) r ON false ")
        paper["threads"] = con.execute(
            "SELECT t.url, t.title, string_agg(DISTINCT p.cited_by, ' + ' ORDER BY p.cited_by) AS cited_by, t.created_at, "
            "any_value(r.role) AS role, any_value(r.outcome) AS outcome, any_value(r.outcome_reason) AS outcome_reason "
            "FROM paper_threads p JOIN issue_threads t USING (thread_id) " + reviews +
            "WHERE p.arxiv_id = ? GROUP BY t.url, t.title, t.created_at ORDER BY t.created_at, t.url",
            [arxiv_id]).pl().to_dicts()
        out.append(paper)
    return out


def _role_line(t: dict) -> str:
    """What the thread is for and what came of it (paper_thread_reviews), with the rule's reason."""
    if not t.get("role"):
        return "role and outcome not judged (run paper_thread_reviews)"
    outcome = (t["outcome"] or "unknown").replace("_", " ")
    return f"{t['role'].replace('_', ' ')}, {outcome}: {t['outcome_reason']}"


def render(papers: list[dict]) -> str:
    lines = []
    for p in papers:
        lines.append(f"{p['arxiv_id']}  {p['title']}")
        lines.append(f"  method: {p['method_name'] or '-'}   first submitted: {p['published']:%Y-%m-%d} ({p['quarter']})"
                     f"   eligible: {'yes' if p['eligible'] else 'no'} ({p['reason']})")
        if p["inclusions"]:
            for i in p["inclusions"]:
                pr = f"PR #{i['first_pr']}" if i["first_pr"] else "no PR"
                removed = ", later removed" if i["removed"] else ""
                early = ", before the paper" if i["pre_submission"] else ""
                by = (f", {i['decided_by']}" if (i["decided_by"] or "rules") != "rules"
                      else f", confidence {i['confidence']}" if i["confidence"] else "")
                lines.append(f"  in {i['framework']:9s} as {i['integration_level']:22s} since {i['implementation_date']:%Y-%m-%d}"
                             f" ({pr}, commit {i['first_sha'][:10]}, lag {i['lag_days']} days"
                             f"{', within 180 days' if i['within_180_days'] else ''}{early}{removed}{by})")
        else:
            lines.append("  in no framework's main branch")
        for r in p["review"]:
            lines.append(f"  low-confidence evidence in {r['framework']} since {r['first_date']:%Y-%m-%d} ({r['path']}: "
                         f"{r['evidence_note'] or 'not enough to count'}): not counted, listed for review")
        for m in p["mentions"]:
            lines.append(f"  mentioned in {m['framework']} docs since {m['first_date']:%Y-%m-%d} ({m['path']})")
        if p["threads"]:
            lines.append(f"  cited by {len(p['threads'])} thread(s):")
            for t in p["threads"]:
                lines.append(f"    {t['created_at']:%Y-%m-%d} [{t['cited_by']}] {t['url']}  {t['title'][:70]}")
                lines.append("      " + _role_line(t))
        else:
            lines.append("  cited by no framework thread")
        lines.append("")
    return "\n".join(lines).rstrip()
