import json

import pytest

from rl_inclusion.errors import SnapshotError
from rl_inclusion.snapshot import Snapshot, write_snapshot


def make(tmp_path):
    return write_snapshot(tmp_path / "snap", {"papers.jsonl": [{"arxiv_id": "2503.14476", "title": "DAPO"}]})


def test_round_trip(tmp_path):
    snap = Snapshot.open(make(tmp_path))
    lines = list(snap.read_jsonl("papers.jsonl"))
    assert [(l.lineno, l.data, l.error) for l in lines] == [(1, {"arxiv_id": "2503.14476", "title": "DAPO"}, None)]
    assert snap.files["papers.jsonl"]["rows"] == 1


def test_checksum_mismatch_is_refused(tmp_path):
    root = make(tmp_path)
    (root / "papers.jsonl").write_text('{"arxiv_id": "2503.14476", "title": "tampered"}\n')
    with pytest.raises(SnapshotError, match="does not match its manifest checksum"):
        list(Snapshot.open(root).read_jsonl("papers.jsonl"))


@pytest.mark.parametrize("name", ["../outside.jsonl", "/etc/passwd", "a/../../x"])
def test_paths_outside_the_folder_are_refused(tmp_path, name):
    root = make(tmp_path)
    manifest = json.loads((root / "manifest.json").read_text())
    manifest["files"][name] = {"sha256": "0" * 64, "rows": 1}
    (root / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(SnapshotError, match="outside the snapshot folder"):
        Snapshot.open(root)


def test_bad_lines_come_back_with_reasons(tmp_path):
    root = tmp_path / "s"
    root.mkdir()
    (root / "papers.jsonl").write_bytes(b'{"a": 1}\n\xff\xfe bad\n[1, 2]\n{broken\n')
    import hashlib
    sha = hashlib.sha256((root / "papers.jsonl").read_bytes()).hexdigest()
    (root / "manifest.json").write_text(json.dumps({"format": 1, "created_at": "2026-01-01T00:00:00Z",
                                                   "files": {"papers.jsonl": {"sha256": sha, "rows": 4}}}))
    got = [(l.lineno, l.data, l.error) for l in Snapshot.open(root).read_jsonl("papers.jsonl")]
    assert got[0] == (1, {"a": 1}, None)
    assert got[1][0] == 2 and got[1][2].startswith("not UTF-8")
    assert got[2] == (3, None, "a line must hold a JSON object")
    assert got[3][0] == 4 and got[3][2].startswith("not valid JSON")


def test_missing_manifest(tmp_path):
    with pytest.raises(SnapshotError, match="no manifest.json"):
        Snapshot.open(tmp_path)
