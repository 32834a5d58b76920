"""Recompute snapshot/manifest.json (sha256 and row counts of every member). Stdlib only.

Run last:  python -m rl_inclusion.demo.write_manifest
rows = JSON lines for *.jsonl, number of commits (``commit`` commands, side commits included) for *.fi.
"""
import hashlib
import json
import re
from pathlib import Path

SNAP = Path(__file__).resolve().parent / "snapshot"
CREATED_AT = "2026-10-31T00:00:00Z"


def rows(path: Path) -> int:
    if path.suffix == ".jsonl":
        return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    if path.suffix == ".fi":
        # count commit commands outside of data blocks
        n, in_data, delim = 0, False, None
        for line in path.read_text(encoding="utf-8").splitlines():
            if in_data:
                if line == delim:
                    in_data = False
                continue
            m = re.match(r"data <<(\S+)$", line)
            if m:
                in_data, delim = True, m.group(1)
            elif line.startswith("commit "):
                n += 1
        return n
    return 0


def main() -> None:
    files = {}
    for path in sorted(SNAP.rglob("*")):
        if path.is_file() and path.name != "manifest.json":
            name = path.relative_to(SNAP).as_posix()
            files[name] = {"sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "rows": rows(path)}
    manifest = {"format": 2, "created_at": CREATED_AT, "files": files}
    tmp = SNAP / "manifest.json.tmp"
    tmp.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    tmp.replace(SNAP / "manifest.json")


if __name__ == "__main__":
    main()
