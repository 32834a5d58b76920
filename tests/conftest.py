import os
import warnings

import pytest

warnings.filterwarnings("ignore", message=".*is currently in beta.*")
os.environ.setdefault("DAGSTER_HOME", "")  # never pick up a developer's instance
if not os.environ["DAGSTER_HOME"]:
    del os.environ["DAGSTER_HOME"]


@pytest.fixture(scope="session", autouse=True)
def model_cache(tmp_path_factory):
    """Trained failure models are kept in one folder for the session (the CLI processes the tests start inherit
    it), never in the developer's own cache."""
    folder = tmp_path_factory.mktemp("models")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("RL_INCLUSION_MODEL_CACHE", str(folder))
        yield folder


@pytest.fixture
def con(tmp_path):
    from rl_inclusion.storage import apply_schema, connect

    with connect(tmp_path / "t.duckdb") as c:
        apply_schema(c)
        yield c


DEMO_RANGE = {"dagster/asset_partition_range_start": "2025-01-01", "dagster/asset_partition_range_end": "2026-07-01"}


def run_demo(folder, **tags):
    """Materialize the whole graph on the embedded demo into ``folder/demo.duckdb`` (every quarter by default)."""
    import dagster as dg

    from rl_inclusion.definitions import ASSETS
    from rl_inclusion.defs.resources import default_resources

    res = default_resources(folder / "demo.duckdb", cache_dir=str(folder / "cache"), reports_dir=str(folder / "reports"))
    result = dg.materialize(ASSETS, resources=res, tags=tags or DEMO_RANGE, instance=dg.DagsterInstance.ephemeral())
    assert result.success
    return result


@pytest.fixture(scope="session")
def demo_run(tmp_path_factory):
    """The demo graph materialized once for the whole session (the modules that read it share it; a module that
    writes copies the database first): its folder, run result, row counts and the repositories it prepared."""
    from types import SimpleNamespace

    from rl_inclusion.defs.resources import GitResource
    from rl_inclusion.storage import connect, row_counts

    folder = tmp_path_factory.mktemp("demo")
    prepared: list[str] = []
    real = GitResource.prepare
    with pytest.MonkeyPatch.context() as mp:  # count how often each repository is prepared
        mp.setattr(GitResource, "prepare", lambda self, fw: prepared.append(fw.name) or real(self, fw))
        result = run_demo(folder)
    with connect(folder / "demo.duckdb", read_only=True) as con:
        counts = row_counts(con)
    return SimpleNamespace(folder=folder, db=folder / "demo.duckdb", result=result, counts=counts, prepared=prepared)
