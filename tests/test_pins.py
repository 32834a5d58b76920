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
