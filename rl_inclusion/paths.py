"""``rl-inclusion path``: what it would take for a method to land in each framework.

For each framework a paper is either there (level, where, since when, its pull
request) or not; when it is not, the path names the *nearest included sibling*:
an included paper of the same modification type (another clipping variant,
another advantage estimator, another sampling filter) in that framework,
chosen by ``sql/paths/siblings.sql`` (still present, strongest level, latest
to land: the framework's current way of adding such a method). It says where
that sibling lives (the file and the registry entry, config key or flag of its
strongest code evidence in ``framework_events``), the pull request of its first
commit on main (size from git; days to merge and comments from the pull
request's thread when the threads read hold it; reviews from the thread when the
source gave them, else ``unknown``), what the framework asks of contributors
(``contribution_rules``), and the threads of that framework that request the
method (open issues and discussions) or propose it (unmerged pull requests).

Everything is read from the database; only the pull request's size is read
from the framework's repository (the clone recorded in
``framework_mining_runs``), and it is ``unknown`` when that clone is gone.
``docs/path_schema.json`` is the JSON form's schema.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import duckdb
import polars as pl

from .levels import INCLUSION_LEVELS
from .storage import sql_dir
from .timeutil import days_between

UNKNOWN = "unknown"

# contribution_rules column -> the requirement's name in a path
REQUIREMENTS = {
    "requires_tests": "tests",
    "requires_docs": "docs",
    "requires_benchmark_evidence": "benchmark",
    "requires_design_discussion": "design discussion",
    "requires_linked_issue": "linked issue",
    "requires_dco": "DCO",
    "requires_cla": "CLA",
}

PRSize = tuple[int, int, int]  # files, lines added, lines deleted
SizeReader = Callable[[str, str], "PRSize | None"]  # (repo path, sha) -> size, None when unknown


def _sql(name: str) -> str:
    return (sql_dir() / "paths" / f"{name}.sql").read_text()


def _rows(con: duckdb.DuckDBPyConnection, name: str, params: list) -> list[dict]:
    return con.execute(_sql(name), params).pl().to_dicts()


def _day(ts: datetime | None) -> str | None:
    return ts.strftime("%Y-%m-%d") if ts is not None else None


def git_commit_size(repo_path: str, sha: str) -> PRSize | None:
    """Files changed and lines added and deleted by ``sha`` against its first parent (a merge is read as
    what it brought to main); ``None`` when the repository or the commit is not there."""
    from .sources.git import run_git

    if not repo_path or not Path(repo_path).is_dir():
        return None
    if run_git(["cat-file", "-e", f"{sha}^{{commit}}"], cwd=Path(repo_path), check=False).returncode != 0:
        return None
    parents = run_git(["rev-list", "--parents", "-n", "1", sha], cwd=Path(repo_path)).stdout.decode().split()[1:]
    base = parents[0] if parents else "4b825dc642cb6eb9a060e54bf8d69288fbee4904"  # git's empty tree, for a root commit
    out = run_git(["diff", "--numstat", base, sha], cwd=Path(repo_path)).stdout.decode()
    files = added = deleted = 0
    for line in out.splitlines():
        a, d, _ = line.split("\t", 2)
        files += 1
        added += int(a) if a.isdigit() else 0  # '-' for a binary file
        deleted += int(d) if d.isdigit() else 0
    return files, added, deleted


class PathReader:
    """Reads paths from one connection; the per-database facts (frameworks, clones, rules) are read once."""

    def __init__(self, con: duckdb.DuckDBPyConnection, size_reader: SizeReader = git_commit_size):
        self.con = con
        self.size_reader = size_reader
        self.levels = list(INCLUSION_LEVELS)
        self.frameworks = [r[0] for r in con.execute(_sql("frameworks")).fetchall()]
        self.repos = dict(con.execute("SELECT framework, repo_path FROM framework_mining_runs").fetchall())
        self.rules = {r["framework"]: r for r in _rows(con, "requirements", [])}
        # the same few siblings serve many papers: their location and pull request are read once
        self._where: dict[tuple[str, str], dict | None] = {}
        self._prs: dict[tuple[str, int | None, str], dict | None] = {}

    # --- the parts of a path ---------------------------------------------------

    def where(self, arxiv_id: str, framework: str) -> dict | None:
        key = (arxiv_id, framework)
        if key not in self._where:
            self._where[key] = self._read_where(arxiv_id, framework)
        return self._where[key]

    def _read_where(self, arxiv_id: str, framework: str) -> dict | None:
        rows = _rows(self.con, "where", [arxiv_id, framework, self.levels])
        if not rows:
            return None
        r = rows[0]
        return {"path": r["path"], "identifier": r["identifier"], "line": r["line"].strip(),
                "commit": r["sha"], "commit_date": _day(r["commit_date"])}

    def pull_request(self, framework: str, number: int | None, sha: str) -> dict | None:
        key = (framework, number, sha)
        if key not in self._prs:
            self._prs[key] = self._read_pull_request(framework, number, sha)
        return self._prs[key]

    def _read_pull_request(self, framework: str, number: int | None, sha: str) -> dict | None:
        if number is None:
            return None
        size = self.size_reader(self.repos.get(framework, ""), sha)
        thread = (self.con.execute(_sql("pull_request"), [framework, number]).pl()
                  .with_columns(days_to_merge=days_between("created_at", "merged_at")).to_dicts())
        t = thread[0] if thread else None
        days = t["days_to_merge"] if t and t["days_to_merge"] is not None else UNKNOWN
        return {
            "number": number,
            "url": t["url"] if t else UNKNOWN,
            "files": size[0] if size else UNKNOWN,
            "lines_added": size[1] if size else UNKNOWN,
            "lines_deleted": size[2] if size else UNKNOWN,
            "days_to_merge": days,
            "comments": t["n_comments"] if t else UNKNOWN,
            "reviews": t["n_reviews"] if t and t["n_reviews"] is not None else UNKNOWN,  # NULL: not in the source
        }

    def requirements(self, framework: str) -> dict | None:
        r = self.rules.get(framework)
        if r is None:
            return None
        return {
            "as_of_quarter": r["quarter"],
            "commit": r["sha"],
            "guides": list(r["guide_paths"]),
            "pr_templates": list(r["pr_template_paths"]),
            # nothing to read (no guide, no template) is not the same as asking for nothing
            "recorded": bool(r["has_guide"] or r["has_pr_template"]),
            "asks": [name for col, name in REQUIREMENTS.items() if r[col]],
        }

    # --- a whole path ------------------------------------------------------------

    def paper(self, arxiv_id: str) -> dict:
        p = self.con.execute(
            "SELECT arxiv_id, title, method_name, modification_type, published, quarter, eligible "
            "FROM eligible_methods WHERE arxiv_id = ?", [arxiv_id]).pl().to_dicts()[0]
        inclusions = {r["framework"]: r for r in self.con.execute(
            "SELECT framework, integration_level, implementation_date, first_sha, first_pr, removed, removed_date "
            "FROM paper_inclusion WHERE arxiv_id = ?", [arxiv_id]).pl().to_dicts()}
        siblings: dict[str, dict] = {}
        for s in _rows(self.con, "siblings", [arxiv_id, self.levels]):
            siblings.setdefault(s["framework"], s)  # nearest first
        threads = _rows(self.con, "threads", [arxiv_id])
        frameworks = []
        for fw in self.frameworks:
            inc, sib = inclusions.get(fw), siblings.get(fw)
            fw_threads = [{"url": t["url"], "kind": t["kind"], "number": t["number"], "state": t["state"],
                           "merged": t["merged"], "created_at": _day(t["created_at"]), "title": t["title"]}
                          for t in threads if t["framework"] == fw]
            entry = {
                "framework": fw,
                "status": "included" if inc else "not included",
                "inclusion": None,
                "sibling": None,
                "sibling_note": None,
                "requirements": self.requirements(fw),
                # a request is for a framework that lacks the method; where it is, the threads are about it
                "open_requests": [] if inc else [t for t in fw_threads if t["kind"] != "pull" and t["state"] == "open"],
                "unmerged_prs": [] if inc else [t for t in fw_threads if t["kind"] == "pull" and not t["merged"]],
                "threads": fw_threads,
            }
            if inc:
                entry["inclusion"] = {
                    "level": inc["integration_level"], "since": _day(inc["implementation_date"]),
                    "removed": inc["removed"], "removed_date": _day(inc["removed_date"]),
                    "where": self.where(arxiv_id, fw),
                    "pr": self.pull_request(fw, inc["first_pr"], inc["first_sha"]),
                }
            elif not p["modification_type"]:
                entry["sibling_note"] = "the paper has no modification type (not eligible): no sibling to follow"
            elif sib is None:
                entry["sibling_note"] = f"no included {p['modification_type']} method in {fw} to follow"
            else:
                entry["sibling"] = {
                    "arxiv_id": sib["arxiv_id"], "method_name": sib["method_name"], "level": sib["integration_level"],
                    "since": _day(sib["implementation_date"]), "removed": sib["removed"],
                    "where": self.where(sib["arxiv_id"], fw),
                    "pr": self.pull_request(fw, sib["first_pr"], sib["first_sha"]),
                }
            frameworks.append(entry)
        return {
            "arxiv_id": p["arxiv_id"], "title": p["title"], "method_name": p["method_name"],
            "modification_type": p["modification_type"], "published": _day(p["published"]),
            "quarter": p["quarter"], "eligible": p["eligible"],
            "included_in": [f["framework"] for f in frameworks if f["status"] == "included"],
            "demand": {"threads": len({t["url"] for t in threads}),
                       "open_requests": sum(len(f["open_requests"]) for f in frameworks),
                       "unmerged_prs": sum(len(f["unmerged_prs"]) for f in frameworks)},
            "frameworks": frameworks,
        }


def paths(con: duckdb.DuckDBPyConnection, query: str, size_reader: SizeReader = git_commit_size) -> list[dict]:
    """The path of every paper ``query`` names (an arXiv id, a link, a method name or alias, or a title)."""
    from .lookup import resolve

    reader = PathReader(con, size_reader)
    return [reader.paper(a) for a in resolve(con, query)]


# --- the table inclusion_paths ------------------------------------------------------

TABLE_SCHEMA = {
    "arxiv_id": pl.Utf8, "framework": pl.Utf8, "method_name": pl.Utf8, "modification_type": pl.Utf8,
    "demand_threads": pl.Int32, "sibling_arxiv_id": pl.Utf8, "sibling_method": pl.Utf8, "sibling_level": pl.Utf8,
    "sibling_since": pl.Datetime("us", "UTC"), "sibling_path": pl.Utf8, "sibling_identifier": pl.Utf8,
    "sibling_line": pl.Utf8, "sibling_pr": pl.Int32, "pr_url": pl.Utf8, "pr_files": pl.Int32,
    "pr_lines_added": pl.Int32, "pr_lines_deleted": pl.Int32, "pr_days_to_merge": pl.Float64,
    "pr_comments": pl.Int32, "pr_reviews": pl.Int32, "requirements": pl.List(pl.Utf8),
    "requirements_quarter": pl.Utf8, "guide_paths": pl.List(pl.Utf8), "open_requests": pl.List(pl.Utf8),
    "unmerged_prs": pl.List(pl.Utf8),
}


def _known(v):
    return None if v == UNKNOWN else v


def path_rows(path: dict) -> list[dict]:
    """One paper's path as rows of ``inclusion_paths`` (one per framework it is not in)."""
    rows = []
    for f in path["frameworks"]:
        if f["status"] == "included":
            continue
        sib = f["sibling"] or {}
        where = sib.get("where") or {}
        pr = sib.get("pr") or {}
        req = f["requirements"] or {}
        rows.append({
            "arxiv_id": path["arxiv_id"], "framework": f["framework"], "method_name": path["method_name"],
            "modification_type": path["modification_type"], "demand_threads": path["demand"]["threads"],
            "sibling_arxiv_id": sib.get("arxiv_id"), "sibling_method": sib.get("method_name"),
            "sibling_level": sib.get("level"),
            "sibling_since": datetime.fromisoformat(sib["since"] + "T00:00:00+00:00") if sib.get("since") else None,
            "sibling_path": where.get("path"), "sibling_identifier": where.get("identifier"),
            "sibling_line": where.get("line"), "sibling_pr": pr.get("number"), "pr_url": _known(pr.get("url")),
            "pr_files": _known(pr.get("files")), "pr_lines_added": _known(pr.get("lines_added")),
            "pr_lines_deleted": _known(pr.get("lines_deleted")), "pr_days_to_merge": _known(pr.get("days_to_merge")),
            "pr_comments": _known(pr.get("comments")), "pr_reviews": _known(pr.get("reviews")),
            "requirements": req.get("asks", []), "requirements_quarter": req.get("as_of_quarter"),
            "guide_paths": req.get("guides", []),
            "open_requests": [t["url"] for t in f["open_requests"]],
            "unmerged_prs": [t["url"] for t in f["unmerged_prs"]],
        })
    return rows


def build_inclusion_paths(con: duckdb.DuckDBPyConnection, size_reader: SizeReader = git_commit_size) -> pl.DataFrame:
    """``inclusion_paths``: the path of every eligible paper that no framework includes."""
    reader = PathReader(con, size_reader)
    rows = []
    for arxiv_id, _ in con.execute(_sql("not_included")).fetchall():
        rows += path_rows(reader.paper(arxiv_id))
    return pl.DataFrame(rows, schema=TABLE_SCHEMA, orient="row") if rows else pl.DataFrame(schema=TABLE_SCHEMA)


# --- text ---------------------------------------------------------------------------------

def _pr_text(pr: dict | None) -> str:
    if pr is None:
        return "no pull request recorded"
    size = (f"{pr['lines_added']} lines added, {pr['lines_deleted']} deleted in {pr['files']} file(s)"
            if pr["files"] != UNKNOWN else "size unknown")
    days = f"{pr['days_to_merge']} days to merge" if pr["days_to_merge"] != UNKNOWN else "days to merge unknown"
    comments = f"{pr['comments']} comment(s)" if pr["comments"] != UNKNOWN else "comments unknown"
    return f"PR #{pr['number']}: {size}; {days}; {comments}; reviews {pr['reviews']}"


def _where_text(w: dict | None) -> str:
    if w is None:
        return "where: no code line recorded (a reviewer's label)"
    kind = f" ({w['identifier']})" if w["identifier"] else ""
    return f"where: {w['path']}{kind}: {w['line'][:90]}"


def render(papers: list[dict]) -> str:
    lines: list[str] = []
    for p in papers:
        lines.append(f"{p['arxiv_id']}  {p['title']}")
        where = f"in {', '.join(p['included_in'])}" if p["included_in"] else "in no framework"
        lines.append(f"  method: {p['method_name'] or '-'} ({p['modification_type'] or 'no modification type'})"
                     f"   first submitted: {p['published']} ({p['quarter']})   {where}"
                     + ("" if p["eligible"] else "   (screened out: not an eligible method)"))
        d = p["demand"]
        lines.append(f"  demand: {d['threads']} thread(s) citing it, {d['open_requests']} open request(s), "
                     f"{d['unmerged_prs']} unmerged pull request(s)")
        for f in p["frameworks"]:
            pad = " " * 14
            if f["inclusion"]:
                i = f["inclusion"]
                removed = f", removed {i['removed_date']}" if i["removed"] else ""
                lines.append(f"  {f['framework']:10s}  included as {i['level']} since {i['since']}{removed}")
                lines.append(f"{pad}{_where_text(i['where'])}")
                lines.append(f"{pad}{_pr_text(i['pr'])}")
            elif f["sibling"]:
                s = f["sibling"]
                removed = " (since removed)" if s["removed"] else ""
                lines.append(f"  {f['framework']:10s}  not included; nearest included {p['modification_type']} method: "
                             f"{s['method_name']} ({s['arxiv_id']}), {s['level']} since {s['since']}{removed}")
                lines.append(f"{pad}{_where_text(s['where'])}")
                lines.append(f"{pad}{_pr_text(s['pr'])}")
            else:
                lines.append(f"  {f['framework']:10s}  not included; {f['sibling_note']}")
            if not f["inclusion"]:
                r = f["requirements"]
                if r is None:
                    lines.append(f"{pad}contribution rules: unknown (not read)")
                elif not r["recorded"]:
                    lines.append(f"{pad}contribution rules: no contribution guide or PR template ({r['as_of_quarter']})")
                else:
                    asks = ", ".join(r["asks"]) or "nothing specific"
                    lines.append(f"{pad}asks contributors for: {asks} "
                                 f"({', '.join(r['guides'] + r['pr_templates'])}, {r['as_of_quarter']})")
            for t in f["open_requests"]:
                lines.append(f"{pad}open request: {t['url']} ({t['kind']}, {t['created_at']})")
            for t in f["unmerged_prs"]:
                lines.append(f"{pad}unmerged PR: {t['url']} ({t['state']}, {t['created_at']})")
        lines.append("")
    return "\n".join(lines).rstrip()
