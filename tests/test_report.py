"""The report's banner follows where the papers came from; an empty database still renders."""

from datetime import datetime, timezone

import pytest

from rl_inclusion.report import DEMO_BANNER, build_report, data_source, reports_dir_for
from rl_inclusion.snapshot import demo_path


def add_paper(con, source):
    t = datetime(2025, 2, 1, tzinfo=timezone.utc)
    con.execute("INSERT INTO raw_papers VALUES ('2502.00001', 1, 't', 'abs', ['a'], 'cs.LG', ['cs.LG'], ?, ?, NULL, NULL, "
                "NULL, [], [], ?, '2025Q1')", [t, t, source])


@pytest.mark.parametrize("source, kind, banner", [
    ("arxiv-api", "live", None),
    (f"snapshot:{demo_path()}", "demo", DEMO_BANNER),
    ("snapshot:/data/snapshots/2026-11", "snapshot", "Recorded snapshot (/data/snapshots/2026-11)"),
])
def test_the_banner_follows_the_source(con, source, kind, banner):
    add_paper(con, source)
    assert data_source(con)[0] == kind
    html = build_report(con).html
    if banner:
        assert banner.replace("'", "&#39;") in html
    else:
        assert 'class="banner"' not in html


def test_an_empty_database_renders(con):
    report = build_report(con)
    assert "(no rows)" in report.html and "data cut-off n/a" in report.markdown
    assert data_source(con) == ("empty", "")


def test_reports_live_beside_their_database(tmp_path):
    assert reports_dir_for(tmp_path / "data" / "x.duckdb") == tmp_path / "data" / "x_report"
    assert reports_dir_for(tmp_path / "a" / "x.duckdb") != reports_dir_for(tmp_path / "b" / "x.duckdb")
