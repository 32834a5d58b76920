"""Thread records: the snapshot format's fields, their validation, and what a fetch returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


from ...snapshot import THREAD_KEYS
from ...timeutil import parse_utc


KINDS = ("issue", "pull", "discussion")
THREADS_MEMBER = "threads.jsonl"
#DEFAULT_BASE_URL = "https://api.github.com"
UNAUTHENTICATED_PER_HOUR = 60
AUTHENTICATED_PER_HOUR = 5000
_GHOST_LOGINS = frozenset({"ghost"})  # GitHub's stand-in for a deleted account in REST


# --- time helpers ----------------------------------------------------------------

def parse_ts(value: Any) -> datetime | None:
    """An ISO-8601 timestamp (``...Z`` or with offset) or datetime -> aware UTC datetime."""
    if value is None:
        return None
    return parse_utc(value if isinstance(value, datetime) else str(value))


def iso(dt: datetime | None) -> str | None:
    return None if dt is None else parse_ts(dt).strftime("%Y-%m-%dT%H:%M:%SZ")


# --- the result --------------------------------------------------------------------

@dataclass
class ThreadFetch:
    """Threads of one repository and what fetching them cost.

    ``max_updated_at`` is the cursor to store (see the module docstring);
    ``complete`` is False when the fetch stopped part-way.
    """

    threads: list[dict[str, Any]] = field(default_factory=list)
    requests: int = 0
    notes: list[str] = field(default_factory=list)
    max_updated_at: datetime | None = None
    complete: bool = True
    strategy: str = "snapshot"
    budget_remaining: int | None = None
    budget_limit: int | None = None
    # Lines that could not be used, for issue_threads_quarantine: {entry_key, reason, raw}.
    rejected: list[dict[str, str]] = field(default_factory=list)

    @property
    def requests_per_1k_threads(self) -> float:
        return round(1000.0 * self.requests / len(self.threads), 2) if self.threads else 0.0


def validate_thread(d: dict[str, Any]) -> str | None:
    """Why a snapshot thread dict cannot be used, or None when it can."""
    missing = [k for k in THREAD_KEYS if k not in d]
    if missing:
        return f"missing keys {missing}"
    if not isinstance(d["number"], int) or isinstance(d["number"], bool):
        return f"number must be an integer, got {d['number']!r}"
    if d["kind"] not in KINDS:
        return f"kind must be one of {KINDS}, got {d['kind']!r}"
    for key in ("framework", "repo", "title", "state", "url"):
        if not isinstance(d[key], str):
            return f"{key} must be a string"
    if d["body"] is not None and not isinstance(d["body"], str):
        return "body must be a string or null"
    if not isinstance(d["labels"], list) or not all(isinstance(x, str) for x in d["labels"]):
        return "labels must be a list of strings"
    for key in ("created_at", "updated_at", "closed_at", "merged_at"):
        if d[key] is None and key in ("closed_at", "merged_at"):
            continue
        try:
            if parse_ts(d[key]) is None:
                return f"{key} is missing"
        except (ValueError, TypeError):
            return f"{key} is not a timestamp: {d[key]!r}"
    if not isinstance(d["comments"], list):
        return "comments must be a list"
    for i, c in enumerate(d["comments"]):
        if not isinstance(c, dict) or not isinstance(c.get("body", ""), (str, type(None))):
            return f"comment {i} must be an object with a string body"
        try:
            parse_ts(c.get("created_at"))
        except (ValueError, TypeError):
            return f"comment {i} has a bad created_at {c.get('created_at')!r}"
    return None
