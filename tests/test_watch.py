"""The watchlist sensor, driven with Dagster's multi-asset sensor test context over successive
materializations of framework_events and issue_threads on a copy of the demo database."""

import json
import shutil

import dagster as dg
import pytest
import responses

from rl_inclusion.definitions import build_definitions
from rl_inclusion.defs.resources import Warehouse
from rl_inclusion.defs.watch import WATCHED_ASSETS, watchlist_sensor
from rl_inclusion.errors import ConfigError
from rl_inclusion.storage import connect
from rl_inclusion.watch import WATCHLIST_ENV, WEBHOOK_ENV, load_watchlist, notify

SECRET_URL = "https://hooks.example.com/services/T0001/B0002/s3cr3t-t0ken"


@pytest.fixture(scope="module")
def demo_db(demo_run):
    return demo_run.db  # the session's demo database; each test copies it before writing


@pytest.fixture
def world(demo_db, tmp_path, monkeypatch):
    db = tmp_path / "db.duckdb"
    shutil.copy(demo_db, db)
    watchlist = tmp_path / "watchlist.toml"
    watchlist.write_text('# what I follow\nwatch = ["GSPO", "Listwise Policy Optimization", "NOPE-PO", "gspo"]\n')
    monkeypatch.setenv(WATCHLIST_ENV, str(watchlist))
    monkeypatch.delenv(WEBHOOK_ENV, raising=False)
    return db, dg.DagsterInstance.ephemeral()


def materialize_upstream(instance, keys=("framework_events", "issue_threads")):
    for key in keys:  # issue_threads is partitioned by quarter: a run writes one (or a range)
        partition = "2026-07-01" if key == "issue_threads" else None
        instance.report_runless_asset_event(dg.AssetMaterialization(key, partition=partition))


def tick(db, instance, cursor):
    """One sensor evaluation, as the daemon does it: the cursor of the previous tick carried over."""
    context = dg.build_multi_asset_sensor_context(monitored_assets=WATCHED_ASSETS, instance=instance, cursor=cursor,
                                                  definitions=build_definitions(db),
                                                  resources={"warehouse": Warehouse(database=str(db))})
    result = watchlist_sensor(context)
    return result, context.cursor


def alerts(db):
    with connect(db, read_only=True) as con:
        return con.execute("SELECT kind, arxiv_id, framework, subject, old_value, new_value, message FROM watch_alerts "
                           "ORDER BY kind, framework, subject").fetchall()


def second_materialization(db):
    """What a later run brings for GSPO: it lands in OpenRLHF, TRL promotes it from experimental to a selectable
    loss, verl removes it, and an OpenRLHF issue asks about it."""
    with connect(db) as con:
        con.execute("INSERT INTO paper_inclusion SELECT * REPLACE ('OpenRLHF' AS framework, 'configuration option' AS "
                    "integration_level, 1234 AS first_pr) FROM paper_inclusion WHERE arxiv_id = '2507.18071' AND framework = 'verl'")
        con.execute("UPDATE paper_inclusion SET integration_level = 'selectable algorithm' "
                    "WHERE arxiv_id = '2507.18071' AND framework = 'TRL'")
        con.execute("UPDATE paper_inclusion SET removed = true, removed_date = TIMESTAMPTZ '2026-10-01 00:00:00+00' "
                    "WHERE arxiv_id = '2507.18071' AND framework = 'verl'")
        con.execute("INSERT INTO issue_threads SELECT * REPLACE ('OpenRLHF/OpenRLHF#issue/1999' AS thread_id, 'OpenRLHF' AS "
                    "framework, 'OpenRLHF/OpenRLHF' AS repo, 1999 AS number, 'https://github.com/OpenRLHF/OpenRLHF/issues/1999' "
                    "AS url, '2026Q3' AS quarter) FROM issue_threads WHERE thread_id = 'volcengine/verl#issue/2760'")
        con.execute("INSERT INTO paper_threads VALUES ('2507.18071', 'OpenRLHF/OpenRLHF#issue/1999', 'OpenRLHF', "
                    "'method_name', 'gspo')")


def test_two_materializations_give_exactly_the_expected_alerts_once(world, capfd):
    db, instance = world
    # nothing materialized yet: the sensor skips and records nothing
    result, cursor = tick(db, instance, None)
    assert isinstance(result, dg.SkipReason) and "no new materialization" in result.skip_message

    # first materialization: the watched papers are seen for the first time, one summary each
    materialize_upstream(instance)
    result, cursor = tick(db, instance, cursor)
    assert result.skip_message.startswith("2 new alert(s) for 2 watched paper(s)")
    assert alerts(db) == [
        ("watching", "2507.18071", "", "2507.18071", None, None,
         "now watching GSPO (2507.18071): in AReaL (configuration option), NeMo-RL (configuration option), ROLL (default), "
         "TRL (experimental), slime (selectable algorithm), verl (selectable algorithm); 5 thread(s) cite it"),
        ("watching", "2605.06139", "", "2605.06139", None, None,
         "now watching Listwise Policy Optimization (2605.06139): in no framework; 1 thread(s) cite it"),
    ]
    assert "watchlist entry 'NOPE-PO': no screened paper is called 'NOPE-PO'" in capfd.readouterr().err

    # second materialization: exactly the four changes, nothing about the unchanged paper
    second_materialization(db)
    materialize_upstream(instance)
    result, cursor = tick(db, instance, cursor)
    assert result.skip_message.startswith("4 new alert(s)")
    new = [a for a in alerts(db) if a[0] != "watching"]
    assert new == [
        ("landed", "2507.18071", "OpenRLHF", "OpenRLHF", None, "configuration option",
         "GSPO (2507.18071) landed in OpenRLHF as configuration option"),
        ("level_changed", "2507.18071", "TRL", "TRL", "experimental", "selectable algorithm",
         "GSPO (2507.18071) in TRL: experimental -> selectable algorithm"),
        ("new_thread", "2507.18071", "OpenRLHF", "OpenRLHF/OpenRLHF#issue/1999", None,
         "https://github.com/OpenRLHF/OpenRLHF/issues/1999",
         "GSPO (2507.18071): new thread https://github.com/OpenRLHF/OpenRLHF/issues/1999"),
        ("removed", "2507.18071", "verl", "verl", "selectable algorithm", "removed",
         "GSPO (2507.18071) left verl: its code was removed from main (was selectable algorithm)"),
    ]
    log = capfd.readouterr().err  # the sensor's log
    assert "watch alert [landed] GSPO (2507.18071) landed in OpenRLHF as configuration option" in log
    assert log.count("watch alert [") == 4

    # no new materialization: skipped; a new one over unchanged data, or a sensor reset (no cursor): nothing again
    result, cursor = tick(db, instance, cursor)
    assert "no new materialization" in result.skip_message
    materialize_upstream(instance, ["paper_inclusion", "paper_threads"])
    result, cursor = tick(db, instance, cursor)
    assert result.skip_message.startswith("0 new alert(s)")
    result, _ = tick(db, instance, None)
    assert result.skip_message.startswith("0 new alert(s)")
    assert len(alerts(db)) == 6


def test_a_removed_inclusion_that_comes_back_alerts_again(world):
    db, instance = world
    materialize_upstream(instance)
    _, cursor = tick(db, instance, None)
    with connect(db) as con:  # verl no longer counts GSPO (e.g. a reviewer's label), then it lands again
        con.execute("DELETE FROM paper_inclusion WHERE arxiv_id = '2507.18071' AND framework = 'verl'")
    materialize_upstream(instance)
    _, cursor = tick(db, instance, cursor)
    assert [(a[0], a[2], a[4], a[5]) for a in alerts(db) if a[0] != "watching"] == [
        ("removed", "verl", "selectable algorithm", "absent")]
    with connect(db) as con:
        con.execute("INSERT INTO paper_inclusion SELECT * REPLACE ('verl' AS framework) FROM paper_inclusion "
                    "WHERE arxiv_id = '2507.18071' AND framework = 'slime'")
    materialize_upstream(instance)
    tick(db, instance, cursor)
    assert [(a[0], a[2], a[4], a[5]) for a in alerts(db) if a[0] != "watching"] == [
        ("landed", "verl", "absent", "selectable algorithm"), ("removed", "verl", "selectable algorithm", "absent")]


@responses.activate
def test_webhook_posts_each_alert_once_and_never_logs_its_url(world, monkeypatch, capfd):
    db, instance = world
    monkeypatch.setenv(WEBHOOK_ENV, SECRET_URL)
    responses.post(SECRET_URL, status=500)
    materialize_upstream(instance)
    _, cursor = tick(db, instance, None)
    log = capfd.readouterr().err
    assert "webhook https://hooks.example.com/... answered HTTP 500; will retry next time" in log
    responses.replace(responses.POST, SECRET_URL, status=200)
    materialize_upstream(instance)
    _, cursor = tick(db, instance, cursor)  # no new alert, but the two waiting ones go out now
    log += capfd.readouterr().err
    assert "posted 2 alert(s) to the webhook $RL_INCLUSION_WATCH_WEBHOOK" in log
    body = json.loads(responses.calls[-1].request.body)
    assert sorted(a["kind"] for a in body["alerts"]) == ["watching", "watching"]
    calls = len(responses.calls)
    with connect(db) as con:
        assert notify(con, SECRET_URL) == (0, None)  # nothing left to send
        assert con.execute("SELECT count(*) FROM watch_alerts WHERE notified_at IS NULL").fetchone() == (0,)
    assert len(responses.calls) == calls
    with connect(db) as con:  # unreachable: named by the kind of error only
        con.execute("UPDATE watch_alerts SET notified_at = NULL")
        posted, error = notify(con, "https://unregistered.example.com/hook/s3cr3t-t0ken")
    assert posted == 0 and "ConnectionError" in error and "s3cr3t" not in error
    log += capfd.readouterr().err
    assert "s3cr3t" not in log and "/services/" not in log


def test_watchlist_file_errors(tmp_path, world, monkeypatch):
    db, instance = world
    p = tmp_path / "w.toml"
    p.write_text('watch = "GSPO"\n')
    with pytest.raises(ConfigError, match="must be a list"):
        load_watchlist(p)
    with pytest.raises(ConfigError, match="no watchlist at"):
        load_watchlist(tmp_path / "missing.toml")
    from rl_inclusion.watch import run_watch
    p.write_text('watch = ["GSPO"]\n')
    with pytest.raises(ConfigError, match="no database at"):
        run_watch(tmp_path / "nothing.duckdb", p)
    assert not (tmp_path / "nothing.duckdb").exists()
    p.write_text('watch = ["GSPO", " GSPO ", "2605.06139"]\n')
    assert load_watchlist(p) == ["GSPO", "2605.06139"]
    # a missing watchlist makes the sensor skip with the reason, recording nothing
    monkeypatch.setenv(WATCHLIST_ENV, str(tmp_path / "missing.toml"))
    materialize_upstream(instance)
    result, _ = tick(db, instance, None)
    assert "no watchlist at" in result.skip_message and alerts(db) == []


def test_the_sensor_is_off_by_default():
    from rl_inclusion.definitions import defs

    (sensor,) = defs.sensors
    assert sensor.name == "watchlist_sensor" and sensor.default_status == dg.DefaultSensorStatus.STOPPED


def test_watch_command(world, tmp_path, capsys):
    from rl_inclusion.cli import main

    db, _ = world
    wl = tmp_path / "mine.toml"
    wl.write_text('watch = ["GMPO"]\n')
    assert main(["watch", "--db", str(db), "--watchlist", str(wl)]) == 0
    out = capsys.readouterr().out
    assert "[watching] now watching GMPO (2507.20673): in verl (selectable algorithm); 1 thread(s) cite it" in out
    assert main(["watch", "--db", str(db), "--watchlist", str(wl)]) == 0
    assert capsys.readouterr().out.startswith("0 new alert(s) for 1 watched paper(s)")


def test_a_real_post_leaves_no_trace_of_the_url_in_the_logs(world, caplog):
    """A local HTTP server receives the alerts through requests/urllib3 with every logger at DEBUG."""
    import http.server
    import logging
    import threading

    received = []

    class Hook(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            received.append((self.path, json.loads(self.rfile.read(int(self.headers["Content-Length"])))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/hook/s3cr3t-t0ken?sig=abc123"
    db, _ = world
    caplog.set_level(logging.DEBUG)
    try:
        from rl_inclusion.watch import run_watch
        result, posted, error = run_watch(db, webhook_url=url)
    finally:
        server.shutdown()
    assert (len(result.alerts), posted, error) == (2, 2, None)
    assert received[0][0] == "/hook/s3cr3t-t0ken?sig=abc123"
    assert [a["arxiv_id"] for a in received[0][1]["alerts"]] == ["2507.18071", "2605.06139"]
    assert "s3cr3t" not in caplog.text and "abc123" not in caplog.text


def test_diff_alone():
    from datetime import datetime, timezone

    from rl_inclusion.watch import diff

    t0, t1 = datetime(2026, 9, 1, tzinfo=timezone.utc), datetime(2026, 10, 1, tzinfo=timezone.utc)
    watched, names = {"2601.00001": "XPO"}, {"2601.00001": "XPO"}
    seen = {("2601.00001", "watched", ""): ("XPO", t0), ("2601.00001", "inclusion", "TRL"): ("example", t0)}
    # between two checks XPO landed in verl and was removed again, and TRL promoted it
    now = {("2601.00001", "inclusion", "verl"): "removed", ("2601.00001", "inclusion", "TRL"): "default"}
    alerts, state = diff(seen, now, watched, names, {}, t1)
    assert [(a["kind"], a["framework"], a["old_value"], a["new_value"], a["message"]) for a in alerts] == [
        ("level_changed", "TRL", "example", "default", "XPO (2601.00001) in TRL: example -> default"),
        ("removed", "verl", None, "removed",
         "XPO (2601.00001) left verl: its code was removed from main (it landed and left between two checks)")]
    assert state == {("2601.00001", "watched", ""): "XPO", ("2601.00001", "inclusion", "TRL"): "default",
                     ("2601.00001", "inclusion", "verl"): "removed"}
    # the same change seen from a state recorded at another time is another alert; from the same, the same key
    again, _ = diff(seen, now, watched, names, {}, t1)
    assert [a["alert_id"] for a in again] == [a["alert_id"] for a in alerts]
    later = {**seen, ("2601.00001", "inclusion", "TRL"): ("example", t1)}
    assert diff(later, now, watched, names, {}, t1)[0][0]["alert_id"] != alerts[0]["alert_id"]
