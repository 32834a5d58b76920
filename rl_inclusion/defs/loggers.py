"""The ``progress`` logger: one line per asset step on stderr, for runs started by ``rl-inclusion materialize``.

It is a Dagster logger definition, so the CLI switches it on through the run
config (``loggers: {progress: {config: {total: N}}}``); runs launched from the
UI, ``dg launch`` or the schedule configure no logger and do not print it.
"""

from __future__ import annotations

import logging
import sys
import time

import dagster as dg


class _Progress(logging.Handler):
    """Prints one line per asset step as Dagster reports it."""

    def __init__(self, total: int):
        super().__init__(logging.DEBUG)
        self.total, self.done, self.started = total, 0, {}

    def emit(self, record: logging.LogRecord) -> None:
        meta = getattr(record, "dagster_meta", None) or {}
        event = meta.get("dagster_event")
        step = meta.get("step_key")
        if step is None:
            return
        if event is None:
            # An asset's own log line (per quarter, per framework): progress inside a long step.
            if record.levelno >= logging.INFO and meta.get("orig_message"):
                print(f"      {meta['orig_message']}", file=sys.stderr, flush=True)
            return
        kind = event.event_type_value
        if kind == "STEP_START":
            self.started[step] = time.monotonic()
            print(f"  ... {step}", file=sys.stderr, flush=True)
        elif kind in ("STEP_SUCCESS", "STEP_FAILURE"):
            self.done += 1
            took = time.monotonic() - self.started.get(step, time.monotonic())
            mark = "ok" if kind == "STEP_SUCCESS" else "FAILED"
            print(f"  [{self.done}/{self.total}] {step} {mark} ({took:.1f}s)", file=sys.stderr, flush=True)


@dg.logger(config_schema={"total": dg.Field(int, default_value=0, description="number of asset steps in the run")},
           description="one line per asset step on stderr (started, finished with its time), and the assets' own "
                       "INFO lines indented below")
def progress_logger(init_context: dg.InitLoggerContext) -> logging.Logger:
    logger = logging.Logger("rl_inclusion.progress", level=logging.DEBUG)
    logger.addHandler(_Progress(init_context.logger_config["total"]))
    return logger
