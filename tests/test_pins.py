"""The dependency ranges in pyproject.toml hold for what is installed, and the
known break (dagster-duckdb-polars 0.29.27 with duckdb 2.0.1) cannot happen."""

import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement


def test_installed_versions_satisfy_pins():
    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    for spec in project["project"]["dependencies"]:
        req = Requirement(spec)
        assert req.specifier.contains(version(req.name), prereleases=True), f"{req.name} {version(req.name)} not in {req.specifier}"


def test_duckdb_is_below_2():
    major = int(version("duckdb").split(".")[0])
    assert major < 2, "duckdb 2.x breaks dagster-duckdb-polars reads; the pin must hold it below 2.0"


def test_the_committed_data_dictionary_is_current():
    """docs/data_dictionary.md is generated from sql/tables; regenerate it when the DDL changes:
    python -c "from rl_inclusion.export import data_dictionary; open('docs/data_dictionary.md','w').write(data_dictionary())" """
    from rl_inclusion.export import data_dictionary

    committed = (Path(__file__).parent.parent / "docs" / "data_dictionary.md").read_text()
    assert committed == data_dictionary()


def test_the_learned_failure_model_training_files_ship_in_the_package():
    """A wheel once lacked threads/labels_real/ (only editable installs had it), so the pipeline's default
    failure classifier could not train: every file it reads must match a package-data pattern."""
    import fnmatch

    from rl_inclusion.threads.learned_failure import LABELLED_SETS, REAL_DIR

    root = Path(__file__).parent.parent
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["rl_inclusion"]
    package = root / "rl_inclusion"
    needed = [(REAL_DIR / f).relative_to(package).as_posix() for pair in LABELLED_SETS for f in pair]
    assert [f for f in needed if not any(fnmatch.fnmatch(f, p) for p in patterns)] == []


def test_every_shipped_training_and_label_file_ships_in_the_package():
    """The real screening sets (``REAL_SETS``) train the shipped screener and typer, and the fresh inclusion sets
    (``linking/labels/v*/``) are what ``eval-inclusion`` measures: real_v3, real_v4 and the v5/v6 folders were
    once only in an editable install.  Every file under them must match a package-data pattern."""
    import fnmatch

    from rl_inclusion.screening.learned import REAL_SETS

    root = Path(__file__).parent.parent
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["rl_inclusion"]
    package = root / "rl_inclusion"
    folders = list(REAL_SETS) + sorted((package / "linking" / "labels").glob("v*/"))
    needed = [f.relative_to(package).as_posix() for d in folders for f in sorted(d.iterdir())
              if f.is_file() and f.suffix != ".py"]
    assert {f"{d.relative_to(package).as_posix()}/{n}" for d in REAL_SETS for n in ("papers.jsonl", "labels.csv")} \
        <= set(needed)
    assert [f for f in needed if not any(fnmatch.fnmatch(f, p) for p in patterns)] == []
