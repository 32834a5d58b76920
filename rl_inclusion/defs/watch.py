"""Sensor ``watchlist_sensor``: a thin wrapper over ``rl_inclusion.watch`` (off by default)."""

import os
import warnings

import dagster as dg

from ..errors import ConfigError
from ..watch import WATCHLIST_ENV, WEBHOOK_ENV, run_watch, watchlist_path
from .resources import Warehouse

# framework_events and issue_threads are the new evidence; paper_inclusion and paper_threads, derived from them
# in the same run, are what the alerts are read from, so a tick after either sees the finished tables.
WATCHED_ASSETS = [dg.AssetKey(k) for k in ("framework_events", "issue_threads", "paper_inclusion", "paper_threads")]


# Dagster steers run-launching sensors to declarative automation; this one launches nothing and exists for its
# side effects (a table, a log, a webhook), the case it keeps multi-asset sensors for.
warnings.filterwarnings("ignore", message=r".*MultiAssetSensorDefinition.*superseded", category=dg.SupersessionWarning)


@dg.multi_asset_sensor(
    monitored_assets=WATCHED_ASSETS,
    name="watchlist_sensor",
    default_status=dg.DefaultSensorStatus.STOPPED,
    minimum_interval_seconds=60,
    description="After new materializations of framework_events or issue_threads (and the tables derived from "
                f"them), records an alert in watch_alerts when a method of the watchlist (${WATCHLIST_ENV}, "
                f"default watchlist.toml) lands in a framework, changes level, is removed or gets a new thread; logs "
                f"it, and POSTs it to ${WEBHOOK_ENV} when set. Off by default.",
)
def watchlist_sensor(context: dg.MultiAssetSensorEvaluationContext, warehouse: Warehouse):
    latest = context.latest_materialization_records_by_key()
    if not any(latest.values()):
        return dg.SkipReason("no new materialization of the watched tables")
    try:
        result, posted, error = run_watch(warehouse.database, webhook_url=os.environ.get(WEBHOOK_ENV))
    except ConfigError as exc:  # no watchlist, a bad one, or the database busy: the cursors stay, the next tick retries
        return dg.SkipReason(str(exc))
    for entry, why in result.unresolved.items():
        context.log.warning(f"watchlist entry {entry!r}: {why}")
    for alert in result.alerts:
        context.log.info(f"watch alert [{alert['kind']}] {alert['message']}")
    if posted:
        context.log.info(f"posted {posted} alert(s) to the webhook ${WEBHOOK_ENV}")
    if error:
        context.log.warning(error)
    context.advance_all_cursors()
    return dg.SkipReason(f"{len(result.alerts)} new alert(s) for {len(result.watched)} watched paper(s) "
                         f"from {watchlist_path()}")
