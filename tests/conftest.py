import os
import warnings

import pytest

warnings.filterwarnings("ignore", message=".*is currently in beta.*")
os.environ.setdefault("DAGSTER_HOME", "")  # never pick up a developer's instance
if not os.environ["DAGSTER_HOME"]:
    del os.environ["DAGSTER_HOME"]


@pytest.fixture
def con(tmp_path):
    from rl_inclusion.storage import apply_schema, connect

    with connect(tmp_path / "t.duckdb") as c:
        apply_schema(c)
        yield c
