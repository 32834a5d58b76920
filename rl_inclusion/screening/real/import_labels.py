"""Import the real labelled papers drawn for issue 13 into this folder.

    python -m rl_inclusion.screening.real.import_labels SRC_DIR [SRC_DIR ...] [--out DIR --split NAME]

Each SRC_DIR holds ``papers.jsonl``, ``labels.csv`` (LABEL13 columns) and ``DRAW.md`` written by one labeller.
The import checks every file (the papers through the snapshot reader, the labels through the labels reader),
removes the labellers' notes from the summaries (``strip_notes``), keeps one row per arXiv id (the first
source wins), converts ``;``-separated aliases to the ``|`` the labels
format uses, marks the papers drawn by targeted queries (the DRAW.md lines flagged ``**T**``), assigns each id
its split by hash (``learned.real_split``: fixed before anything is tuned), or the one ``--split`` given for a
fresh set that is all held out, and writes ``papers.jsonl``, ``labels.csv`` and ``draw.csv`` (arxiv_id,
labelled_set, draw_query, draw_rank, targeted, split) to this folder or to ``--out``.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from pathlib import Path

from ..labels import load_labels
from ..learned import read_papers_jsonl, real_split

HERE = Path(__file__).resolve().parent
LABEL_COLUMNS = ["arxiv_id", "eligible", "note", "reviewer", "method_name", "aliases", "modification_type",
                 "max_policy_params_b", "code_released", "draw_query", "draw_rank"]


# Sentences a labeller added to a summary that are not about the paper but about the labelling: where the text
# was read, what it did not say, and the eligibility judgement itself ("It is video-specific.", "No new method.").
# A live run screens real abstracts, which carry none of these, so they are removed before the summary is stored
# (the judgement stays in the label's note).
_NOTE_SENTENCE = re.compile(
    r"(?:^|(?<=[.!?])\s+)(?:"
    r"[^.!?]*\b(?:part|text|summary|page|abstract|excerpt|snippet)s? (?:was |were )?(?:read|shown|seen)\b[^.!?]*"
    r"|[^.!?]*\b(?:not (?:stated|mentioned|given|read|shown)|labell?ed from|id read)\b[^.!?]*"
    r"|(?:It|This|The paper|The work) (?:is|was) (?:an? |the )?(?:[\w/-]+[- ]){0,3}?(?:specific|application|analysis|"
    r"empirical study|study|survey|benchmark|dataset|system paper|systems paper|technical report|tech report|"
    r"position paper|method)\b[^.!?]*"
    r"|No (?:new|named) (?:general )?(?:RL )?(?:training )?(?:method|technique|objective|algorithm)\b[^.!?]*"
    r"|[^.!?]*\b(?:rather than|not|without) a (?:new|named) (?:general )?(?:RL )?(?:training )?"
    r"(?:method|technique|objective|algorithm)\b[^.!?]*"
    r"|[^.!?]*\b(?:is|are|be|counts? as|labell?ed) (?:not )?eligible\b[^.!?]*"
    r"|It (?:is|was) (?:an? |presented as )[^.!?]*\b(?:contribution|setup|tailored|rather than)\b[^.!?]*"
    r"|It proposes no [^.!?]*"
    r"|(?:Model )?sizes?(?: and code)? (?:are |is )?unknown"
    r")[.!?]", re.I)
# "(id read on another result of the same search ...)", "(title read from ...)"
_NOTE_PAREN = re.compile(r"\s*\((?:id|title|abstract|date) read\b[^)]*\)", re.I)
# A trailing clause of the same kind after a link: "... github.com/a/b; model sizes are not stated in the text read."
_NOTE_CLAUSE = re.compile(r";\s*[^.;]*\b(?:unknown|not stated|not given|not mentioned|read)\b[^;]*?(?=\.(?:\s|$))", re.I)


def strip_notes(text: str) -> tuple[str, int]:
    """The summary without labelling notes, and how many sentences were removed."""
    out, n = _NOTE_SENTENCE.subn("", text or "")
    out, m = _NOTE_CLAUSE.subn("", out)
    out, k = _NOTE_PAREN.subn("", out)
    n += m + k
    return re.sub(r"\s{2,}", " ", out).strip(), n


def targeted_queries(draw_md: Path) -> set[str]:
    if not draw_md.is_file():
        return set()
    out = set()
    for line in draw_md.read_text(encoding="utf-8").splitlines():
        if "**T**" in line:
            m = re.search(r"`([^`]+)`", line)
            if m:
                out.add(m.group(1))
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="import_labels", description="import labellers' folders of real papers")
    ap.add_argument("sources", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=HERE, help="folder to write (default: this one)")
    ap.add_argument("--split", default=None, help="one split for every row (default: by hash, real_split)")
    args = ap.parse_args(argv)
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    papers, labels, draw, seen, removed = [], [], [], set(), 0
    for src in args.sources:
        read_papers_jsonl(src / "papers.jsonl")          # raises on a bad line
        load_labels(src / "labels.csv")                  # raises on a bad row
        recs = {}
        for line in (src / "papers.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                rec["abstract"], n = strip_notes(rec.get("abstract") or "")
                removed += n
                recs[rec["arxiv_id"]] = json.dumps(rec, ensure_ascii=False)
        targeted = targeted_queries(src / "DRAW.md")
        with (src / "labels.csv").open(encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                aid = row["arxiv_id"].strip()
                if aid in seen or aid not in recs:
                    continue
                seen.add(aid)
                row["aliases"] = "|".join(a.strip() for a in (row.get("aliases") or "").split(";") if a.strip())
                labels.append({c: row.get(c, "") for c in LABEL_COLUMNS})
                papers.append(recs[aid])
                draw.append({"arxiv_id": aid, "labelled_set": row["reviewer"], "draw_query": row.get("draw_query", ""),
                             "draw_rank": row.get("draw_rank", ""),
                             "targeted": "true" if row.get("draw_query", "") in targeted else "false",
                             "split": args.split or real_split(aid)})
    order = sorted(range(len(labels)), key=lambda i: labels[i]["arxiv_id"])
    (out / "papers.jsonl").write_text("".join(papers[i] + "\n" for i in order), encoding="utf-8")
    for name, rows, cols in (("labels.csv", labels, LABEL_COLUMNS),
                             ("draw.csv", draw, ["arxiv_id", "labelled_set", "draw_query", "draw_rank", "targeted", "split"])):
        with (out / name).open("w", encoding="utf-8", newline="") as f:
            w = csv.DictWriter(f, fieldnames=cols, lineterminator="\n")
            w.writeheader()
            w.writerows(rows[i] for i in order)
    load_labels(out / "labels.csv")
    read_papers_jsonl(out / "papers.jsonl")
    print(f"{removed} labelling-note sentences removed from the summaries")
    print(f"{len(labels)} papers, {sum(r['eligible'] == 'true' for r in labels)} eligible; "
          f"{sum(d['split'].startswith('heldout') for d in draw)} held out; {sum(d['targeted'] == 'true' for d in draw)} targeted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
