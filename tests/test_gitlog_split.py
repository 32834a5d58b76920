"""Cutting ``git log -p`` output into commits and file blocks as it arrives (``mining.gitlog._Splitter``).

The splitter must hand the consumer the same calls whatever the chunks the pipe delivers, so each case is fed
whole and at every chunk size from 1 byte up: a cut then falls on every byte of every delimiter.
"""

from __future__ import annotations

from gitbuild import GitBuilder

from rl_inclusion.mining.gitlog import _Splitter, run_log


class Recorder:
    def __init__(self):
        self.calls: list[tuple] = []

    def begin_commit(self, head, subject, body):
        self.calls.append(("begin", head, subject, body))

    def block(self, block):
        self.calls.append(("block", block))

    def end_commit(self):
        self.calls.append(("end",))


def split(output: bytes, size: int) -> list[tuple]:
    rec = Recorder()
    s = _Splitter(rec)
    for i in range(0, len(output), size):
        s.feed(output[i:i + size])
    s.close()
    return rec.calls


# Two commits with a body and two blocks; the first block holds a NUL inside a line (not a commit start).
TWO = (b"\x00aaa 1\nAdd x\nbody line\n\n"
       b"diff --git a/x b/x\n+x = '\x00'\n"
       b"diff --git a/y b/y\n-y\n"
       b"\x00bbb 2\nFix\n\n"
       b"diff --git a/z b/z\n+z\n")
TWO_CALLS = [
    ("begin", b"aaa 1", b"Add x", b"body line\n"),
    ("block", b"diff --git a/x b/x\n+x = '\x00'"),
    ("block", b"diff --git a/y b/y\n-y\n"),   # the newline the next commit's cut took
    ("end",),
    ("begin", b"bbb 2", b"Fix", b""),
    ("block", b"diff --git a/z b/z\n+z\n"),   # git's own ending
    ("end",),
]

# A subject that opens like a block, a commit with no change (a body only), and one with no body and no newline
# at the end of the output.
ODD = (b"\x00ccc 3\ndiff --git is not a block here\n"
       b"diff --git a/w b/w\n+w\n"
       b"\x00ddd 4\nEmpty\nonly a body\n"
       b"\x00eee 5\nLast")
ODD_CALLS = [
    ("begin", b"ccc 3", b"diff --git is not a block here", b""),
    ("block", b"diff --git a/w b/w\n+w\n"),
    ("end",),
    ("begin", b"ddd 4", b"Empty", b"only a body\n"),   # its newline: the one the cut took, given back
    ("end",),
    ("begin", b"eee 5", b"Last", b""),
    ("end",),
]


def test_every_chunk_size_gives_the_same_calls():
    for output, calls in ((TWO, TWO_CALLS), (ODD, ODD_CALLS)):
        for size in range(1, len(output) + 1):
            assert split(output, size) == calls, size


def test_an_empty_commit_text_and_an_empty_output_give_no_commit():
    assert split(b"", 4) == []
    assert split(b"\x00\n\x00fff 6\nS\n", 3) == [("begin", b"fff 6", b"S", b""), ("end",)]
    # a NUL that does not open a line starts no commit
    assert split(b"\x00\x00fff 6\nS\n", 3) == [("begin", b"\x00fff 6", b"S", b""), ("end",)]


def test_a_commit_of_many_chunks_is_held_in_its_pieces_only():
    """A commit far larger than a chunk (bulk data files) reaches the consumer block by block."""
    blocks = [b"diff --git a/d%d b/d%d\n" % (i, i) + b"+" + b"%d," % i * 300 + b"\n" for i in range(200)]
    output = b"\x00ggg 7\nAdd data\n" + b"".join(blocks)
    rec = Recorder()
    s = _Splitter(rec)
    largest = 0
    for i in range(0, len(output), 4096):
        s.feed(output[i:i + 4096])
        largest = max(largest, sum(map(len, s.parts)))
    s.close()
    # each block but the last without the newline the next block's cut took
    expected = [("block", b[:-1]) for b in blocks[:-1]] + [("block", blocks[-1])]
    assert rec.calls == [("begin", b"ggg 7", b"Add data", b"")] + expected + [("end",)]
    assert largest < 4096 + max(map(len, blocks))   # never the whole commit (about 280 KB)


def test_run_log_reads_a_real_history(tmp_path):
    repo = GitBuilder(tmp_path / "r")
    first = repo.commit("Add a", "2025-01-01T00:00:00Z", {"a.py": "x = 1\n"})
    repo.commit("diff --git in a subject", "2025-01-02T00:00:00Z", {"a.py": "x = 2\n"})
    rec = Recorder()
    rc, err = run_log(repo.path, "HEAD", [], rec)
    assert (rc, err) == (0, "")
    assert [c[0] for c in rec.calls] == ["begin", "block", "end", "begin", "block", "end"]
    assert rec.calls[0][1] == f"{first} {1735689600}".encode() and rec.calls[3][2] == b"diff --git in a subject"
    assert rec.calls[4][1].startswith(b"diff --git a/a.py b/a.py\nindex ") and rec.calls[4][1].endswith(
        b"@@ -1 +1 @@\n-x = 1\n+x = 2\n")
