"""SnapshotThreadSource and record_threads: reading and writing threads.jsonl."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from rl_inclusion.errors import SnapshotError, SourceError
from rl_inclusion.snapshot import Snapshot, write_snapshot
from rl_inclusion.sources.github import SnapshotThreadSource, record_threads


def thread(number, updated, framework="verl", repo="volcengine/verl", kind="issue", **kw):
    t = {"framework": framework, "repo": repo, "number": number, "kind": kind, "title": f"t{number}",
         "body": "b", "state": "open", "author": "a", "labels": [], "created_at": "2025-01-02T00:00:00Z",
         "updated_at": updated, "closed_at": None, "merged_at": None,
         "url": f"https://github.com/{repo}/issues/{number}", "comments": []}
    t.update(kw)
    return t


def raw_snapshot(tmp_path, lines):
    raw = tmp_path / "raw.jsonl"
    raw.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return Snapshot.open(write_snapshot(tmp_path / "snap", {}, {"threads.jsonl": raw}))


def test_reads_threads_of_one_framework_and_reports_bad_lines(tmp_path):
    good1 = thread(1, "2025-02-01T00:00:00Z")
    good2 = thread(2, "2025-03-01T00:00:00Z", kind="pull")
    other = thread(3, "2025-03-05T00:00:00Z", framework="TRL", repo="huggingface/trl")
    lacking = {k: v for k, v in thread(4, "2025-03-01T00:00:00Z").items() if k != "comments"}
    badkind = thread(5, "2025-03-01T00:00:00Z", kind="wiki")
    snap = raw_snapshot(tmp_path, [json.dumps(good1), "{not json", json.dumps(good2), json.dumps(other),
                                   json.dumps(lacking), json.dumps(badkind), "[1, 2]"])
    fetch = SnapshotThreadSource(snap).fetch("verl", "volcengine/verl")
    assert [t["number"] for t in fetch.threads] == [1, 2]
    assert fetch.threads[0] == {**good1, "author_association": None, "state_reason": None, "merge_commit": None,
                                "closes_issues": None, "reviews": None}  # format 2's review fields, absent here
    assert fetch.notes == [
        "threads.jsonl line 2: not valid JSON: Expecting property name enclosed in double quotes at column 2; skipped",
        "threads.jsonl line 5: missing keys ['comments']; skipped",
        "threads.jsonl line 6: kind must be one of ('issue', 'pull', 'discussion'), got 'wiki'; skipped",
        "threads.jsonl line 7: a line must hold a JSON object; skipped",
    ]
    assert fetch.max_updated_at == datetime(2025, 3, 1, tzinfo=timezone.utc)
    assert fetch.requests == 0 and fetch.complete


def test_since_keeps_threads_updated_at_or_after_the_cursor(tmp_path):
    snap = raw_snapshot(tmp_path, [json.dumps(thread(1, "2025-02-01T00:00:00Z")),
                                   json.dumps(thread(2, "2025-03-01T00:00:00Z"))])
    since = datetime(2025, 2, 1, tzinfo=timezone.utc)
    fetch = SnapshotThreadSource(snap).fetch("verl", "volcengine/verl", since=since)
    assert [t["number"] for t in fetch.threads] == [1, 2]
    later = SnapshotThreadSource(snap).fetch("verl", "volcengine/verl", since=datetime(2025, 4, 1, tzinfo=timezone.utc))
    assert later.threads == [] and later.max_updated_at == datetime(2025, 4, 1, tzinfo=timezone.utc)


def test_tampered_threads_file_is_refused(tmp_path):
    snap = raw_snapshot(tmp_path, [json.dumps(thread(1, "2025-02-01T00:00:00Z"))])
    (tmp_path / "snap" / "threads.jsonl").write_text(json.dumps(thread(9, "2025-02-01T00:00:00Z")) + "\n")
    with pytest.raises(SnapshotError, match="does not match its manifest checksum"):
        SnapshotThreadSource(snap).fetch("verl", "volcengine/verl")


def test_snapshot_without_threads_member_is_a_note(tmp_path):
    snap = Snapshot.open(write_snapshot(tmp_path / "s", {"papers.jsonl": []}))
    fetch = SnapshotThreadSource(snap).fetch("verl", "volcengine/verl")
    assert fetch.threads == [] and "has no threads.jsonl" in fetch.notes[0]


def test_record_threads_merges_updates_and_keeps_other_members(tmp_path):
    folder = tmp_path / "snap"
    write_snapshot(folder, {"papers.jsonl": [{"arxiv_id": "2507.18071"}]})
    record_threads(folder, [thread(1, "2025-02-01T00:00:00Z"), thread(2, "2025-02-02T00:00:00Z")])
    record_threads(folder, [thread(1, "2025-03-01T00:00:00Z", title="edited")])
    snap = Snapshot.open(folder)
    assert sorted(snap.files) == ["papers.jsonl", "threads.jsonl"]
    assert [line.data["arxiv_id"] for line in snap.read_jsonl("papers.jsonl")] == ["2507.18071"]
    back = SnapshotThreadSource(snap).fetch("verl", "volcengine/verl")
    assert [(t["number"], t["title"], t["updated_at"]) for t in back.threads] == [
        (1, "edited", "2025-03-01T00:00:00Z"), (2, "t2", "2025-02-02T00:00:00Z")]


def test_record_threads_refuses_an_invalid_thread(tmp_path):
    with pytest.raises(SourceError, match="number must be an integer"):
        record_threads(tmp_path / "s", [thread("7", "2025-02-01T00:00:00Z")])


def test_threads_under_a_renamed_repository_are_read_and_unknown_ones_quarantined(tmp_path):
    from rl_inclusion.frameworks_config import load_frameworks
    from rl_inclusion.sources.github.repos import framework_of, normalise_repo

    moved = thread(1, "2025-02-01T00:00:00Z", framework="AReaL", repo="areal-project/AReaL")
    old = thread(2, "2025-02-02T00:00:00Z", framework="AReaL", repo="inclusionAI/AReaL")
    verl_new = thread(3, "2025-02-03T00:00:00Z", framework="verl", repo="https://github.com/Verl-Project/verl.git")
    stray = thread(4, "2025-02-04T00:00:00Z", framework="AReaL", repo="someone/areal-fork")
    snap = raw_snapshot(tmp_path, [json.dumps(t) for t in (moved, old, verl_new, stray)])
    frameworks = load_frameworks()
    areal = next(f for f in frameworks if f.name == "AReaL")
    fetch = SnapshotThreadSource(snap).fetch("AReaL", areal.repo, aliases=areal.aliases)
    assert [t["number"] for t in fetch.threads] == [1, 2]   # both names; the fork is not AReaL's
    verl = next(f for f in frameworks if f.name == "verl")
    assert [t["number"] for t in SnapshotThreadSource(snap).fetch("verl", verl.repo, aliases=verl.aliases).threads] == [3]
    quarantined = SnapshotThreadSource(snap).unmatched(frameworks)
    assert [q["entry_key"] for q in quarantined] == ["threads.jsonl:4"]
    assert quarantined[0]["framework"] is None
    assert quarantined[0]["reason"].startswith("repository 'someone/areal-fork' matches no framework's repo or alias (")
    assert "areal-project/areal" in quarantined[0]["reason"]
    assert normalise_repo(" https://github.com/NVIDIA/NeMo-RL.git/ ") == "nvidia/nemo-rl"
    assert framework_of("nvidia/nemo-rl", frameworks) == "NeMo-RL" and framework_of("x/y", frameworks) is None


def test_follow_rename_keeps_the_name_asked_for_unless_github_reports_another():
    from rl_inclusion.sources.github.repos import follow_rename

    assert follow_rename("verl-project/verl", "verl-project/verl") == ("verl-project/verl", None)
    assert follow_rename("verl-project/verl", "Verl-Project/verl") == ("verl-project/verl", None)
    assert follow_rename("verl-project/verl", None) == ("verl-project/verl", None)
    assert follow_rename("volcengine/verl", "verl-project/verl", ("verl-project/verl",)) == (
        "verl-project/verl", "GitHub redirects volcengine/verl to verl-project/verl; "
                             "threads recorded under verl-project/verl")
    name, note = follow_rename("inclusionAI/AReaL", "areal-project/AReaL")
    assert name == "areal-project/AReaL" and note.endswith("add it to the framework's repo or aliases in frameworks.toml")


def test_frameworks_toml_records_the_canonical_names_with_the_old_ones_as_aliases():
    from rl_inclusion.frameworks_config import load_frameworks

    fws = {fw.name: fw for fw in load_frameworks()}
    assert (fws["verl"].repo, fws["verl"].aliases) == ("verl-project/verl", ("volcengine/verl",))
    assert (fws["AReaL"].repo, fws["AReaL"].aliases) == ("areal-project/AReaL", ("inclusionAI/AReaL",))
    assert (fws["NeMo-RL"].repo, fws["NeMo-RL"].aliases) == ("NVIDIA-NeMo/RL", ("NVIDIA/NeMo-RL",))


GOOD_THREAD = {"framework": "verl", "repo": "a/b", "number": 1, "kind": "issue", "title": "t", "body": None,
               "state": "open", "author": "x", "labels": [], "created_at": "2025-01-01T00:00:00Z",
               "updated_at": "2025-01-01T00:00:00Z", "closed_at": None, "merged_at": None, "url": "u", "comments": []}


@pytest.mark.parametrize("key,value,reason", [
    ("number", True, "number must be an integer, got True"),
    ("kind", "wiki", "kind must be one of ('issue', 'pull', 'discussion'), got 'wiki'"),
    ("labels", [1], "labels.0 Input should be a valid string"),
    ("created_at", "yesterday", "created_at is not a timestamp: 'yesterday'"),
    ("updated_at", None, "updated_at is missing"),
    ("comments", [{"created_at": "x"}], "comment 0 created_at is not a timestamp: 'x'"),
    ("comments", [{"body": 3}], "comment 0 body Input should be a valid string"),
])
def test_a_thread_record_says_what_is_wrong(key, value, reason):
    from rl_inclusion.sources.github import validate_thread

    assert validate_thread(GOOD_THREAD) is None
    assert validate_thread({**GOOD_THREAD, key: value}) == reason


def test_a_format_1_snapshot_still_loads_with_the_review_fields_empty_and_says_so(tmp_path):
    raw = tmp_path / "raw.jsonl"
    raw.write_text(json.dumps(thread(1, "2025-02-01T00:00:00Z")) + "\n", encoding="utf-8")
    root = write_snapshot(tmp_path / "snap", {}, {"threads.jsonl": raw})
    manifest = json.loads((root / "manifest.json").read_text())
    assert manifest["format"] == 2
    manifest["format"] = 1
    (root / "manifest.json").write_text(json.dumps(manifest))
    fetch = SnapshotThreadSource(Snapshot.open(root)).fetch("verl", "volcengine/verl")
    assert [t["reviews"] for t in fetch.threads] == [None]
    assert fetch.notes == [f"{root}: snapshot format 1 records no review fields (author association, state reason, "
                           "merge commit, closed issues, reviews): they are empty"]


def test_review_fields_are_recorded_and_validated(tmp_path):
    from rl_inclusion.sources.github import validate_thread

    reviewed = thread(7, "2025-02-01T00:00:00Z", kind="pull", author_association="CONTRIBUTOR",
                      merge_commit="abc123", closes_issues=[5],
                      reviews=[{"author": "m", "author_association": "MEMBER", "state": "APPROVED",
                                "submitted_at": "2025-02-02T00:00:00Z", "comments": 1}])
    root = record_threads(tmp_path / "snap", [reviewed])
    back = SnapshotThreadSource(Snapshot.open(root)).fetch("verl", "volcengine/verl").threads
    assert back == [{**reviewed, "state_reason": None}]
    assert validate_thread({**reviewed, "reviews": [{"state": "LOVED"}]}).startswith("reviews.0.state Input should be")
    assert validate_thread({**reviewed, "author_association": "boss"}).startswith("author_association String should match")
    with pytest.raises(Exception, match="unsupported format 3"):
        manifest = json.loads((root / "manifest.json").read_text())
        (root / "manifest.json").write_text(json.dumps({**manifest, "format": 3}))
        Snapshot.open(root)
