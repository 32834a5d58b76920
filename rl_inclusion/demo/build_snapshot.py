"""Regenerate the demo snapshot, labels.csv and EXPECTED.md (stdlib + git only).

Run:  python -m rl_inclusion.demo.build_snapshot   (then python -m rl_inclusion.demo.write_manifest)
The framework histories and threads are invented demo data; see README.md.
"""
import csv
import json
import re
import subprocess
import tempfile
import tomllib

from datetime import date
from pathlib import Path

from rl_inclusion.demo._frameworks import FRAMEWORKS
from rl_inclusion.partitions import quarter_label
from rl_inclusion.snapshot import THREAD_KEYS, THREAD_REVIEW_KEYS
from rl_inclusion.levels import LEVELS
from rl_inclusion.demo._papers import P
from rl_inclusion.demo._threads import T

HERE = Path(__file__).resolve().parent
SNAP = HERE / "snapshot"
PKG = HERE.parent
HAND_WORKED = "<!-- Worked by hand below this line: build_snapshot keeps it as it is. -->"


# ------------------------------------------------------------------ writers
def write_papers():
    keys = ["arxiv_id", "version", "title", "abstract", "authors", "primary_category", "categories", "published",
            "updated", "comment", "journal_ref", "doi", "links"]
    with open(SNAP / "papers.jsonl", "w", encoding="utf-8") as fh:
        for p in P:
            row = dict(p, journal_ref=None, doi=None,
                       links=[f"https://arxiv.org/abs/{p['arxiv_id']}v{p['version']}",
                              f"https://arxiv.org/pdf/{p['arxiv_id']}v{p['version']}"])
            fh.write(json.dumps({k: row[k] for k in keys}, ensure_ascii=False) + "\n")


def write_threads():
    keys = list(THREAD_KEYS) + list(THREAD_REVIEW_KEYS)  # snapshot format 2
    with open(SNAP / "threads.jsonl", "w", encoding="utf-8") as fh:
        for t in sorted(T, key=lambda t: t["created_at"]):
            fh.write(json.dumps({k: t[k] for k in keys}, ensure_ascii=False) + "\n")


def _data(text):
    assert "\nEOF\n" not in "\n" + text
    return f"data <<EOF\n{text}EOF\n"


def write_fi(name, commits):
    out, mark = [], 0
    last_main = None
    for c in commits:
        side_mark = None
        if c["side"]:
            s = c["side"]
            mark += 1
            side_mark = mark
            out.append(_commit("refs/heads/side", mark, s, last_main, None))
        mark += 1
        out.append(_commit("refs/heads/main", mark, c, last_main, side_mark))
        last_main = mark
        if side_mark:
            out.append("reset refs/heads/side\nfrom 0000000000000000000000000000000000000000\n\n")
    (SNAP / "frameworks" / f"{name}.fi").write_text("".join(out), encoding="utf-8")


def _commit(ref, mark, c, parent, merge):
    ts = int(c["date"].timestamp())
    name, mail = c["author"]
    s = [f"commit {ref}\nmark :{mark}\nauthor {name} <{mail}> {ts} +0000\ncommitter {name} <{mail}> {ts} +0000\n",
         _data(c["subject"] + "\n")]
    if parent:
        s.append(f"from :{parent}\n")
    if merge:
        s.append(f"merge :{merge}\n")
    for path, text in sorted(c["files"].items()):
        s.append(f"D {path}\n" if text is None else f"M 100644 inline {path}\n" + _data(text))
    return "".join(s) + "\n"


# ------------------------------------------------------------------ matching (the documented rules)
def norm(s):
    return re.sub(r"[^a-z0-9]", "", s.lower().replace("++", "plusplus"))


def tokens_runs(text):
    text = text.replace("++", "plusplus")
    toks = []
    for w in re.split(r"[^A-Za-z0-9]+", text):
        toks += [t for t in re.split(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", w) if t]
    toks = [t.lower() for t in toks]
    runs = set()
    for i in range(len(toks)):
        for k in (1, 2, 3):
            if i + k <= len(toks):
                runs.add("".join(toks[i:i + k]))
    return runs


ELIG = [p for p in P if p["eligible"]]
NAMES = {p["arxiv_id"]: {norm(x) for x in [p["method"]] + [a for a in p["aliases"].split("|") if a]} for p in ELIG}
ALL_IDS = {p["arxiv_id"] for p in P}
ID_RE = re.compile(r"(?<![\d.])(\d{4}\.\d{4,5})(?:v\d+)?")


def cited(text):
    ids = {m for m in ID_RE.findall(text) if m in ALL_IDS}
    runs = tokens_runs(text)
    meth = {aid for aid, ns in NAMES.items() if ns & runs}
    return ids, meth


def glob(path, pats):
    for p in pats:
        rx = re.escape(p).replace(r"\*\*/", "(?:.*/)?").replace(r"\*\*", ".*").replace(r"\*", "[^/]*").replace(r"\?", "[^/]")
        if re.fullmatch(rx, path):
            return True
    return False


RULES = tomllib.loads((PKG / "frameworks.toml").read_text())
RANK = {level: len(LEVELS) - 1 - i for i, level in enumerate(LEVELS)}   # 5 for default ... 0 for mentioned


def fw_rules(name):
    d = dict(RULES["defaults"])
    for f in RULES["framework"]:
        if f["name"] == name:
            for k, v in f.items():
                if k.startswith("extra_"):
                    d[k[6:]] = d.get(k[6:], []) + v
                else:
                    d[k] = v
    return d


def level(r, path, line):
    if glob(path, r["skip_paths"]):
        return None
    if glob(path, r["docs_paths"]):
        return "mentioned"
    if glob(path, r["experimental_paths"]) or any(re.search(p, line) for p in r["experimental_line_patterns"]):
        return "experimental"
    if glob(path, r["example_paths"]):
        return "example"
    if glob(path, r.get("default_config_paths", [])) and any(re.search(p, line) for p in r["default_line_patterns"]):
        return "default"
    if any(re.search(p, line) for p in r["selectable_line_patterns"]):
        return "selectable algorithm"
    if any(re.search(p, line) for p in r["option_line_patterns"]):
        return "configuration option"
    return r["fallback_level"]


def analyse(name, fi):
    """Walk first-parent history; per eligible paper: first code commit, best level, removal."""
    r = fw_rules(name)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["git", "init", "-q", "--bare", tmp], check=True)
        subprocess.run(["git", "-C", tmp, "fast-import", "--quiet"], input=fi.read_bytes(), check=True)
        shas = subprocess.run(["git", "-C", tmp, "rev-list", "--first-parent", "--reverse", "main"],
                              capture_output=True, text=True, check=True).stdout.split()
        res, ncommits = {}, len(shas)
        for sha in shas:
            meta = subprocess.run(["git", "-C", tmp, "show", "-s", "--format=%cI%x00%s", sha], capture_output=True,
                                  text=True, check=True).stdout.strip().split("\x00")
            parents = subprocess.run(["git", "-C", tmp, "rev-list", "--parents", "-n1", sha], capture_output=True,
                                     text=True, check=True).stdout.split()[1:]
            base = parents[0] if parents else "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
            diff = subprocess.run(["git", "-C", tmp, "diff", "-U0", base, sha], capture_output=True, text=True,
                                  check=True).stdout
            pr = re.search(r"\(#(\d+)\)$", meta[1]) or re.search(r"Merge pull request #(\d+)", meta[1])
            path = None
            for ln in diff.splitlines():
                if ln.startswith("+++ "):
                    path = None if ln == "+++ /dev/null" else ln[6:]
                    continue
                if ln.startswith("--- ") and path is None:
                    continue
                if ln.startswith("+") and path:
                    ids, meth = cited(ln[1:])
                    for aid in (ids & set(NAMES)) | meth:
                        lv = level(r, path, ln[1:])
                        if lv is None:
                            continue
                        e = res.setdefault(aid, dict(first=None, pr=None, levels={}, merge=False, first_sha=None))
                        e["levels"].setdefault(lv, meta[0][:10])
                        if lv != "mentioned" and (e["first"] is None or e["first_sha"] == sha):
                            if e["first"] is None or RANK[lv] > RANK[e["first_level"]]:
                                e.update(first=meta[0][:10], pr=int(pr.group(1)) if pr else None,
                                         merge=len(parents) > 1, first_level=lv, first_sha=sha)
            res["_commits"] = ncommits
        # removal: is any code line of the paper still present at the tip?
        tree = subprocess.run(["git", "-C", tmp, "ls-tree", "-r", "--name-only", "main"], capture_output=True,
                              text=True, check=True).stdout.split()
        alive = set()
        for path in tree:
            if glob(path, r["docs_paths"]) or glob(path, r["skip_paths"]):
                continue
            text = subprocess.run(["git", "-C", tmp, "show", f"main:{path}"], capture_output=True, text=True,
                                  check=True).stdout
            for ln in text.splitlines():
                ids, meth = cited(ln)
                alive |= (ids & set(NAMES)) | meth
        for aid, e in res.items():
            if aid != "_commits":
                e["removed"] = e["first"] is not None and aid not in alive
    return res


def quarter(iso):
    return quarter_label(iso)


def lag(pub, d):
    return (date.fromisoformat(d) - date.fromisoformat(pub[:10])).days


def main():
    (SNAP / "frameworks").mkdir(parents=True, exist_ok=True)
    write_papers()
    write_threads()
    analysis = {}
    for name, fn in FRAMEWORKS.items():
        write_fi(name, fn())
        analysis[name] = analyse(name, SNAP / "frameworks" / f"{name}.fi")
    # labels.csv
    with open(HERE / "labels.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["arxiv_id", "eligible", "note", "reviewer", "method_name", "aliases", "modification_type",
                    "max_policy_params_b"])
        for p in P:
            # The reviewer's features for eligible papers (EXPECTED's Papers table); empty for the rest.
            mod = p["mod"] if p["eligible"] else ""
            size = "" if not p["eligible"] or p.get("size") is None else f"{p['size']:g}"
            w.writerow([p["arxiv_id"], "true" if p["eligible"] else "false", p["note"], "demo", p["method"], p["aliases"],
                        mod, size])
    write_expected(analysis)


def write_expected(an):
    pub = {p["arxiv_id"]: p["published"] for p in P}
    L = ["# EXPECTED results of the demo snapshot", "",
         "Hand-worked truth for tests, regenerated by `python -m rl_inclusion.demo.build_snapshot` from the data and",
         "re-checked by applying the rules of `rl_inclusion/frameworks.toml` to the fast-import histories.", "",
         "Conventions: quarter = quarter of the v1 `published` date (UTC). Dates are UTC calendar dates. Lag = first",
         "implementing commit date minus v1 published date, in days. An inclusion's level is the strongest level of",
         "any code line naming the method or its arXiv id, ranked default > selectable algorithm > configuration",
         "option > experimental > example; `mentioned` (docs only) is not an inclusion. The first implementing",
         "commit is the first first-parent commit on main that adds such a code line (any inclusion level); for a",
         "merge commit this is the merge, dated with the merge's committer date.", "",
         "## Papers", "",
         "| arxiv_id | quarter | eligible | method | largest policy (B) | modification type | code released |",
         "|---|---|---|---|---|---|---|"]
    for p in P:
        code = "yes" if re.search(r"https://github\.com/", (p["abstract"] or "") + " " + (p["comment"] or "")) else "no"
        size = "" if p["size"] is None else (str(p["size"]).rstrip("0").rstrip(".") if isinstance(p["size"], float) else str(p["size"]))
        L.append(f"| {p['arxiv_id']} | {quarter(p['published'])} | {'yes' if p['eligible'] else 'no'} | "
                 f"{p['method'] or '-'} | {size or 'n/a'} | {p['mod'] or '-'} | {code} |")
    ne = sum(p["eligible"] for p in P)
    L += ["", f"{len(P)} papers, {ne} eligible, {len(P) - ne} not eligible. Notes: GSPO's abstract names "
          "Qwen3-30B-A3B (30B total, 3B active: largest policy = 30); ZPPO's abstract names students up to 9B.", "",
          "## Inclusions (paper x framework)", "",
          "| arxiv_id | method | framework | level | first commit (UTC date) | PR | lag (days) | within 180 | removed | notes |",
          "|---|---|---|---|---|---|---|---|---|---|"]
    rows, overall, mentioned = [], {}, []
    meth = {p["arxiv_id"]: p["method"] for p in P}
    for fw, res in an.items():
        for aid, e in res.items():
            if aid == "_commits":
                continue
            if e["first"] is None:
                mentioned.append((aid, fw, min(e["levels"].values())))
                continue
            best = max((lv for lv in e["levels"] if lv != "mentioned"), key=RANK.get)
            lg = lag(pub[aid], e["first"])
            notes = []
            if e["merge"]:
                notes.append("brought by a merge commit (second parent adds it)")
            if best != e["first_level"]:
                notes.append(f"first as {e['first_level']} ({e['first']}), {best} from {e['levels'][best]}")
            if "mentioned" in e["levels"]:
                notes.append(f"also in docs ({e['levels']['mentioned']})")
            rows.append((aid, fw, best, e["first"], e["pr"], lg, e["removed"], "; ".join(notes)))
            if aid not in overall or e["first"] < overall[aid][1]:
                overall[aid] = (fw, e["first"], lg)
    for aid, fw, best, first, pr, lg, rem, notes in sorted(rows, key=lambda r: (r[0], r[3], r[1])):
        L.append(f"| {aid} | {meth[aid]} | {fw} | {best} | {first} | #{pr} | {lg} | {'yes' if lg <= 180 else 'no'} | "
                 f"{'yes' if rem else 'no'} | {notes} |")
    for aid, fw, d in mentioned:
        L.append(f"| {aid} | {meth[aid]} | {fw} | mentioned (docs only, not an inclusion) | {d} | - | - | - | - | |")
    L += ["", "## Overall first implementation per eligible paper", "",
          "| arxiv_id | method | included | first framework | first date | lag (days) | within 180 |", "|---|---|---|---|---|---|---|"]
    for p in ELIG:
        o = overall.get(p["arxiv_id"])
        L.append(f"| {p['arxiv_id']} | {p['method']} | {'yes' if o else 'no'} | {o[0] if o else '-'} | "
                 f"{o[1] if o else '-'} | {o[2] if o else '-'} | {('yes' if o[2] <= 180 else 'no') if o else '-'} |")
    lv_count = {}
    for r in rows:
        lv_count[r[2]] = lv_count.get(r[2], 0) + 1
    L += ["", f"Summary: {ne} eligible papers, {len(overall)} included in at least one framework, "
          f"{len(rows)} (paper, framework) inclusions; by level: "
          + ", ".join(f"{k} {v}" for k, v in sorted(lv_count.items(), key=lambda kv: -RANK[kv[0]]))
          + f"; docs-only mentions of eligible papers: {len(mentioned)}.", "",
          "Not-eligible papers named in code (must NOT become inclusions): 2501.12948 DeepSeek-R1 (TRL grpo_trainer.py, "
          "OpenRLHF experience_maker.py). MiniMax-M1 / CISPO (2506.13585) and the AReaL paper (2505.24298) were listed "
          "here until issue 13 settled tech reports with a named RL objective and systems papers with an off-policy "
          "correction as eligible (docs/screening.md).", "",
          "Commits per history: " + ", ".join(f"{fw} {res['_commits']}" for fw, res in an.items())
          + " (first-parent commits on main; verl also has one side commit reached only through the merge).", "",
          "## Threads", "",
          "| repo | number | kind | created | cited arXiv ids | cited method names | training failure |",
          "|---|---|---|---|---|---|---|"]
    for t in sorted(T, key=lambda t: t["created_at"]):
        text = "\n".join([t["title"], t["body"]] + [c["body"] for c in t["comments"]])
        ids, mm = cited(text)
        names = sorted(meth[a] for a in mm)
        fail = f"yes ({t['_failure']})" if t["_failure"] else "no"
        L.append(f"| {t['repo']} | {t['number']} | {t['kind']} | {t['created_at'][:10]} | {', '.join(sorted(ids)) or '-'} | "
                 f"{', '.join(names) or '-'} | {fail} |")
    cited_any = set()
    for t in T:
        ids, mm = cited("\n".join([t["title"], t["body"]] + [c["body"] for c in t["comments"]]))
        cited_any |= ids | mm
    L += ["", f"{len(T)} threads; {sum(1 for t in T if t['_failure'])} training-failure reports. Eligible papers "
          "cited by no thread (neither id nor method name): "
          + ", ".join(f"{p['arxiv_id']} ({p['method']})" for p in ELIG if p["arxiv_id"] not in cited_any) + "."]
    # The figures worked by hand from the tables above (time to inclusion, equal follow-up, sensitivity) follow
    # HAND_WORKED in the file; they are kept as they are, to be re-worked by hand when the data change.
    old = (HERE / "EXPECTED.md").read_text(encoding="utf-8") if (HERE / "EXPECTED.md").exists() else ""
    kept = old[old.index(HAND_WORKED):] if HAND_WORKED in old else HAND_WORKED + "\n"
    (HERE / "EXPECTED.md").write_text("\n".join(L) + "\n\n" + kept, encoding="utf-8")


if __name__ == "__main__":
    main()
