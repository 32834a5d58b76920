"""The watchlist: word when a watched method lands, changes level, is removed or gets a new thread.

A watchlist is a TOML file with one list, ``watch``, of method names, aliases,
arXiv ids or links (anything ``rl-inclusion lookup`` understands)::

    watch = ["GSPO", "2605.06139", "Listwise Policy Optimization"]

``check_watchlist`` compares what the database says now about each watched
paper (``paper_inclusion``: the frameworks including it and at what level, or
removed; ``paper_threads``: the threads citing it) with what it saw last time
(``watch_state``) and records one alert per change in ``watch_alerts``, in the
same transaction as the new state, so an alert is never raised twice:

- ``watching``: the first time a paper is watched (one summary, not one alert per framework or thread);
- ``landed``: a framework includes it (again);
- ``level_changed``: its level in a framework changed;
- ``removed``: its code left a framework's main branch, or the framework no longer counts as including it;
- ``new_thread``: a thread cites it.

Each alert's key is a hash of the paper, the kind, the framework, the subject,
the old and new values and when the old value was first seen; a second
evaluation over the same data finds no change, and a retried write inserts
nothing twice. The Dagster sensor (``defs/watch.py``) is a thin wrapper.
"""

from __future__ import annotations

import hashlib
import logging
import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

import duckdb
import polars as pl

from .errors import ConfigError, RLInclusionError
from .storage import apply_schema, connect, transaction
from .validation import read_toml

log = logging.getLogger(__name__)

WATCHLIST_ENV = "RL_INCLUSION_WATCHLIST"          # the watchlist file (default: watchlist.toml)
WEBHOOK_ENV = "RL_INCLUSION_WATCH_WEBHOOK"        # an optional URL the alerts are POSTed to (JSON)
DEFAULT_WATCHLIST = "watchlist.toml"
ABSENT = "absent"     # watch_state value of a framework that included the paper and no longer does
REMOVED = "removed"   # watch_state value of an inclusion whose code was removed

ALERT_SCHEMA = {
    "alert_id": pl.Utf8, "created_at": pl.Datetime("us", "UTC"), "watched": pl.Utf8, "arxiv_id": pl.Utf8,
    "method_name": pl.Utf8, "kind": pl.Utf8, "framework": pl.Utf8, "subject": pl.Utf8, "old_value": pl.Utf8,
    "new_value": pl.Utf8, "message": pl.Utf8, "notified_at": pl.Datetime("us", "UTC"),
}


def watchlist_path(path: str | os.PathLike | None = None) -> Path:
    return Path(path or os.environ.get(WATCHLIST_ENV) or DEFAULT_WATCHLIST)


def load_watchlist(path: str | os.PathLike) -> list[str]:
    """The entries of a watchlist file, in order, without repeats."""
    p = Path(path)
    doc = read_toml(p, f"no watchlist at {{path}} (set {WATCHLIST_ENV} or create it: "
                       'watch = ["GSPO", "2605.06139"])')
    entries = doc.get("watch")
    if not isinstance(entries, list) or not all(isinstance(e, str) and e.strip() for e in entries):
        raise ConfigError(f"{p}: `watch` must be a list of method names or arXiv ids, got {entries!r}")
    return list(dict.fromkeys(e.strip() for e in entries))


@dataclass
class WatchResult:
    alerts: list[dict] = field(default_factory=list)       # the alerts recorded by this evaluation
    unresolved: dict[str, str] = field(default_factory=dict)  # entry -> why it names no screened paper
    watched: dict[str, str] = field(default_factory=dict)     # arxiv_id -> the entry that names it


def resolve_entries(con: duckdb.DuckDBPyConnection, entries: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """arxiv_id -> the first entry naming it, and the entries naming no screened paper (with the reason)."""
    from .lookup import resolve

    watched: dict[str, str] = {}
    unresolved: dict[str, str] = {}
    for entry in entries:
        try:
            for arxiv_id in resolve(con, entry):
                watched.setdefault(arxiv_id, entry)
        except RLInclusionError as exc:
            unresolved[entry] = str(exc)
    return watched, unresolved


def observe(con: duckdb.DuckDBPyConnection, arxiv_ids: list[str]) -> dict[tuple[str, str, str], str]:
    """What the database says now: (arxiv_id, 'inclusion', framework) -> level or 'removed';
    (arxiv_id, 'thread', thread_id) -> the thread's URL."""
    state: dict[tuple[str, str, str], str] = {}
    for arxiv_id, framework, level, removed in con.execute(
            "SELECT arxiv_id, framework, integration_level, removed FROM paper_inclusion "
            "WHERE arxiv_id IN (SELECT unnest(?::VARCHAR[]))", [arxiv_ids]).fetchall():
        state[(arxiv_id, "inclusion", framework)] = REMOVED if removed else level
    for arxiv_id, thread_id, url in con.execute(
            "SELECT DISTINCT p.arxiv_id, p.thread_id, t.url FROM paper_threads p JOIN issue_threads t USING (thread_id) "
            "WHERE p.arxiv_id IN (SELECT unnest(?::VARCHAR[]))", [arxiv_ids]).fetchall():
        state[(arxiv_id, "thread", thread_id)] = url
    return state


def _alert_id(*parts: str | None) -> str:
    return hashlib.sha256("\x1f".join(p or "" for p in parts).encode()).hexdigest()


def diff(previous: dict[tuple[str, str, str], tuple[str, datetime]], current: dict[tuple[str, str, str], str],
         watched: dict[str, str], names: dict[str, str | None], thread_frameworks: dict[str, str],
         now: datetime) -> tuple[list[dict], dict[tuple[str, str, str], str]]:
    """The alerts between the state seen before (key -> (value, seen since)) and now, and the state to store."""
    alerts: list[dict] = []
    new_state: dict[tuple[str, str, str], str] = {}

    def alert(arxiv_id, kind, framework, subject, old, new, since, message):
        alerts.append({
            "alert_id": _alert_id(arxiv_id, kind, framework, subject, old, new,
                                  since.astimezone(timezone.utc).isoformat() if since else ""),
            "created_at": now, "watched": watched[arxiv_id], "arxiv_id": arxiv_id, "method_name": names.get(arxiv_id),
            "kind": kind, "framework": framework, "subject": subject, "old_value": old, "new_value": new,
            "message": message, "notified_at": None})

    for arxiv_id in sorted(watched):
        name = names.get(arxiv_id) or arxiv_id
        now_items = {k: v for k, v in current.items() if k[0] == arxiv_id}
        before = {k: v for k, v in previous.items() if k[0] == arxiv_id}
        new_state[(arxiv_id, "watched", "")] = watched[arxiv_id]
        if (arxiv_id, "watched", "") not in before:
            # first sight: one summary of where it is, then only changes
            frameworks = sorted(f"{k[2]} ({v})" for k, v in now_items.items() if k[1] == "inclusion")
            threads = sum(1 for k in now_items if k[1] == "thread")
            alert(arxiv_id, "watching", "", arxiv_id, None, None, None,
                  f"now watching {name} ({arxiv_id}): in {', '.join(frameworks) or 'no framework'}; "
                  f"{threads} thread(s) cite it")
            new_state.update(now_items)
            continue
        frameworks = sorted({k[2] for k in list(now_items) + list(before) if k[1] == "inclusion"})
        for fw in frameworks:
            key = (arxiv_id, "inclusion", fw)
            old, since = before.get(key, (None, None))
            new = now_items.get(key, ABSENT if old is not None else None)
            new_state[key] = new
            if old == new:
                continue
            if new in (REMOVED, ABSENT):
                if old in (REMOVED, ABSENT):
                    continue
                why = "its code was removed from main" if new == REMOVED else "it is no longer counted as included"
                was = f"was {old}" if old else "it landed and left between two checks"
                alert(arxiv_id, "removed", fw, fw, old, new, since, f"{name} ({arxiv_id}) left {fw}: {why} ({was})")
            elif old in (None, REMOVED, ABSENT):
                again = " again" if old else ""
                alert(arxiv_id, "landed", fw, fw, old, new, since, f"{name} ({arxiv_id}) landed in {fw}{again} as {new}")
            else:
                alert(arxiv_id, "level_changed", fw, fw, old, new, since,
                      f"{name} ({arxiv_id}) in {fw}: {old} -> {new}")
        for key, url in sorted(now_items.items()):
            if key[1] != "thread":
                continue
            new_state[key] = url
            if key not in before:
                alert(arxiv_id, "new_thread", thread_frameworks.get(key[2], ""), key[2], None, url, None,
                      f"{name} ({arxiv_id}): new thread {url}")
    return alerts, new_state


def check_watchlist(con: duckdb.DuckDBPyConnection, entries: list[str], now: datetime | None = None) -> WatchResult:
    """Compare, record and return the new alerts (one transaction with the new state)."""
    now = now or datetime.now(timezone.utc)
    watched, unresolved = resolve_entries(con, entries)
    result = WatchResult(unresolved=unresolved, watched=watched)
    if not watched:
        return result
    ids = sorted(watched)
    current = observe(con, ids)
    previous = {(a, k, i): (v, s) for a, k, i, v, s in con.execute(
        "SELECT arxiv_id, item_kind, item, value, seen_at FROM watch_state WHERE arxiv_id IN (SELECT unnest(?::VARCHAR[]))",
        [ids]).fetchall()}
    names = dict(con.execute("SELECT arxiv_id, method_name FROM eligible_methods WHERE arxiv_id IN (SELECT unnest(?::VARCHAR[]))",
                             [ids]).fetchall())
    thread_fw = dict(con.execute("SELECT thread_id, framework FROM issue_threads WHERE thread_id IN (SELECT unnest(?::VARCHAR[]))",
                                 [[k[2] for k in current if k[1] == "thread"]]).fetchall())
    alerts, new_state = diff(previous, current, watched, names, thread_fw, now)
    state_rows = [{"arxiv_id": a, "item_kind": k, "item": i, "value": v,
                   # a value keeps the time it was first seen; a changed one starts again now
                   "seen_at": previous[(a, k, i)][1] if previous.get((a, k, i), (None,))[0] == v else now}
                  for (a, k, i), v in new_state.items()]
    with transaction(con):
        con.execute("DELETE FROM watch_state WHERE arxiv_id IN (SELECT unnest(?::VARCHAR[]))", [ids])
        con.register("_state", pl.DataFrame(state_rows, schema={"arxiv_id": pl.Utf8, "item_kind": pl.Utf8, "item": pl.Utf8,
                                                                 "value": pl.Utf8, "seen_at": pl.Datetime("us", "UTC")}).to_arrow())
        con.execute("INSERT INTO watch_state SELECT arxiv_id, item_kind, item, value, seen_at FROM _state")
        con.unregister("_state")
        if alerts:
            con.register("_alerts", pl.DataFrame(alerts, schema=ALERT_SCHEMA).to_arrow())
            inserted = con.execute(
                f"INSERT INTO watch_alerts ({', '.join(ALERT_SCHEMA)}) SELECT {', '.join(ALERT_SCHEMA)} FROM _alerts "
                "ON CONFLICT (alert_id) DO NOTHING RETURNING alert_id").fetchall()
            con.unregister("_alerts")
            fresh = {r[0] for r in inserted}
            result.alerts = [a for a in alerts if a["alert_id"] in fresh]
    return result


# --- the webhook -------------------------------------------------------------------

def webhook_label(url: str) -> str:
    """What may be said of a webhook URL in a log: its scheme and host, never its path, query or credentials."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.hostname or '?'}/..."


def notify(con: duckdb.DuckDBPyConnection, url: str | None, timeout_s: float = 10.0,
           session=None) -> tuple[int, str | None]:
    """POST the alerts not yet notified to ``url`` as JSON ``{"alerts": [...]}`` and mark them notified.

    Returns (alerts posted, an error to log or None). The error never contains the URL: webhook URLs
    carry their secret in the path or the query.
    """
    if not url:
        return 0, None
    import requests

    pending = con.execute(
        "SELECT alert_id, created_at, watched, arxiv_id, method_name, kind, framework, subject, old_value, new_value, "
        "message FROM watch_alerts WHERE notified_at IS NULL ORDER BY created_at, arxiv_id, kind, framework, subject").pl()
    if pending.is_empty():
        return 0, None
    payload = {"alerts": [{**r, "created_at": r["created_at"].isoformat()} for r in pending.to_dicts()]}
    # urllib3 logs each request line, path and query included, at DEBUG: held at WARNING while posting
    quiet = logging.getLogger("urllib3")
    level = quiet.level
    quiet.setLevel(max(level, logging.WARNING))
    try:
        response = (session or requests).post(url, json=payload, timeout=timeout_s)
    except requests.RequestException as exc:  # its message holds the URL: name the kind of failure only
        return 0, f"webhook {webhook_label(url)} unreachable ({type(exc).__name__}); will retry next time"
    finally:
        quiet.setLevel(level)
    if response.status_code >= 300:
        return 0, f"webhook {webhook_label(url)} answered HTTP {response.status_code}; will retry next time"
    con.execute("UPDATE watch_alerts SET notified_at = ? WHERE alert_id IN (SELECT unnest(?::VARCHAR[]))",
                [datetime.now(timezone.utc), pending["alert_id"].to_list()])
    return pending.height, None


def run_watch(db_path: str | os.PathLike, watchlist: str | os.PathLike | None = None,
              webhook_url: str | None = None, lock_wait_s: float = 10.0) -> tuple[WatchResult, int, str | None]:
    """One evaluation: read the watchlist, record the alerts, post them. Waits at most ``lock_wait_s`` for the
    database (a running materialization holds it) and raises ``ConfigError`` past that."""
    entries = load_watchlist(watchlist_path(watchlist))
    if not Path(db_path).exists():
        raise ConfigError(f"no database at {db_path}: run `rl-inclusion materialize` first")
    with connect(db_path, retries=max(1, int(lock_wait_s / 0.5)), wait_s=0.5) as con:
        apply_schema(con)
        result = check_watchlist(con, entries)
        posted, error = notify(con, webhook_url)
    return result, posted, error
