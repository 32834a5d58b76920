"""The bundled notes and docs name no folder of the machine they were written on (a labeller's scratch folder, a
clone's location): a reader elsewhere cannot open it, and it says where private copies sit.  v46's labeller notes once
named the project's checkout."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
# The folders a machine keeps checkouts, helpers and home directories under; ``tmp`` only as a folder inside it.
MACHINE_ROOTS = ("work", "home", "root", "Users", "mnt", "data/users")
MACHINE_PATH = re.compile(r"(?<![\w.])/(?:" + "|".join(MACHINE_ROOTS) + r")/[\w.+-]+|(?<![\w.])/tmp/[\w.+-]+/")
# This machine's own: its checkout and helpers under the first root, scratch folders under /tmp.
THIS_MACHINE = re.compile(r"(?<![\w.])/" + MACHINE_ROOTS[0] + r"/[\w.+-]+|(?<![\w.])/tmp/[\w.+-]+/")


def test_no_bundled_note_or_doc_names_a_machine_folder():
    files = [p for p in (ROOT / "rl_inclusion").rglob("*.md")] + [ROOT / "README.md"]
    found = [(str(p.relative_to(ROOT)), m.group()) for p in files
             for m in MACHINE_PATH.finditer(p.read_text(encoding="utf-8"))]
    assert found == []


@pytest.mark.parametrize("root", MACHINE_ROOTS)
def test_the_pattern_finds_a_folder_under_each_machine_root(root):
    # made-up folders built from the roots: this file names no folder of this machine
    text = f"read /{root}/elsewhere/notes.md, /tmp/scratch-zz/match.py and /{root}/x.py"
    assert [m.group() for m in MACHINE_PATH.finditer(text)] == [
        f"/{root}/elsewhere", "/tmp/scratch-zz/", f"/{root}/x.py"]
    assert bool(THIS_MACHINE.search(f"/{root}/elsewhere")) == (root == MACHINE_ROOTS[0])


def test_the_pattern_leaves_repository_paths_and_addresses():
    text = ("verl/trainer/main_ppo.py, https://github.com/a/b/" + MACHINE_ROOTS[0] + "/x, docs/data/users.md and "
            "a/tmp/file.py are not machine folders")
    assert [m.group() for m in MACHINE_PATH.finditer(text)] == []


def test_no_tracked_text_file_names_a_folder_of_this_machine():
    """Beyond the notes: label files, code, configs and data name no folder of the machine the project is built on
    (its checkout and helpers under the first machine root, scratch folders under /tmp).  Paths quoted from the
    studied repositories (a conda prefix under /home, a checkpoint under /root) are facts about them and stay."""
    skip = {".git", ".venv", "venv", "__pycache__", "rl_inclusion.egg-info"}
    files = [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.relative_to(ROOT).parts)
             and not any(part.startswith(".") for part in p.relative_to(ROOT).parts[:-1])
             and p.suffix in {".py", ".md", ".csv", ".jsonl", ".json", ".toml", ".yaml", ".yml", ".sql", ".txt", ""}
             and p != Path(__file__)]   # its own examples: made-up folders, none of them on this machine
    found = [(str(p.relative_to(ROOT)), m.group()) for p in files
             for m in THIS_MACHINE.finditer(p.read_text(encoding="utf-8", errors="replace"))]
    assert found == []
