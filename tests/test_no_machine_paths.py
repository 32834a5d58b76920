"""The bundled notes and docs name no folder of the machine they were written on (a labeller's scratch folder, a
clone's location): a reader elsewhere cannot open it, and it says where private copies sit.  v46's labeller notes once
named the project's checkout."""

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
MACHINE_PATH = re.compile(r"(?<![\w.])/(?:work|home|root|Users|mnt|data/users)/[\w.+-]+|(?<![\w.])/tmp/[\w.+-]+/")


def test_no_bundled_note_or_doc_names_a_machine_folder():
    files = [p for p in (ROOT / "rl_inclusion").rglob("*.md")] + [ROOT / "README.md"]
    found = [(str(p.relative_to(ROOT)), m.group()) for p in files
             for m in MACHINE_PATH.finditer(p.read_text(encoding="utf-8"))]
    assert found == []


def test_the_pattern_finds_machine_folders_and_not_repository_paths():
    text = ("read /work/main and /tmp/tz/match.py; /root/DeepSeek-R1; but verl/trainer/main_ppo.py, "
            "https://github.com/a/b/work/x and docs/data/users.md are not")
    assert [m.group() for m in MACHINE_PATH.finditer(text)] == ["/work/main", "/tmp/tz/", "/root/DeepSeek-R1"]


def test_no_tracked_text_file_names_a_folder_of_this_machine():
    """Beyond the notes: label files, code, configs and data name no folder of the machine the project is built on
    (its checkout and helpers under /work, scratch folders under /tmp).  Paths quoted from the studied repositories
    (a conda prefix under /home, a checkpoint under /root) are facts about them and stay."""
    here = re.compile(r"(?<![\w.])/work/[\w.+-]+|(?<![\w.])/tmp/[\w.+-]+/")
    skip = {".git", ".venv", "venv", "__pycache__", "rl_inclusion.egg-info"}
    files = [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.relative_to(ROOT).parts)
             and not any(part.startswith(".") for part in p.relative_to(ROOT).parts[:-1])
             and p.suffix in {".py", ".md", ".csv", ".jsonl", ".json", ".toml", ".yaml", ".yml", ".sql", ".txt", ""}
             and p != Path(__file__)]
    found = [(str(p.relative_to(ROOT)), m.group()) for p in files
             for m in here.finditer(p.read_text(encoding="utf-8", errors="replace"))]
    assert found == []
