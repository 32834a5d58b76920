"""Thread records: the snapshot format's fields, their validation, and what a fetch returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any, Literal, Optional

from pydantic import AfterValidator, BaseModel, Field, StrictInt, StrictStr, ValidationError, field_validator


from ...snapshot import THREAD_KEYS, THREAD_REVIEW_KEYS
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


def _timestamp(value: Any) -> Any:
    try:
        if value is not None and parse_ts(value) is None:
            raise ValueError("is missing")
    except (ValueError, TypeError):
        raise ValueError(f"is not a timestamp: {value!r}") from None
    return value


Timestamp = Annotated[Any, AfterValidator(_timestamp)]


# GitHub's values are snapshot.ASSOCIATIONS; labelled sets may mark a bot's comment as BOT: any upper-case word is accepted.
Association = Optional[Annotated[StrictStr, Field(pattern=r"^[A-Z_]+$")]]


class _Comment(BaseModel):
    author: Optional[StrictStr] = None
    created_at: Timestamp = None
    body: Optional[StrictStr] = ""
    author_association: Association = None


class _Review(BaseModel):
    author: Optional[StrictStr] = None
    author_association: Association = None
    state: Literal["APPROVED", "CHANGES_REQUESTED", "COMMENTED", "DISMISSED", "PENDING"]
    submitted_at: Timestamp = None
    comments: StrictInt = 0


class ThreadRecord(BaseModel):
    """A thread in the snapshot format (``rl_inclusion.snapshot.THREAD_KEYS``); other keys are ignored."""

    framework: StrictStr
    repo: StrictStr
    number: StrictInt
    kind: Literal["issue", "pull", "discussion"]
    title: StrictStr
    body: Optional[StrictStr]
    state: StrictStr
    author: Any
    labels: list[StrictStr]
    created_at: Annotated[Any, AfterValidator(_timestamp)]
    updated_at: Annotated[Any, AfterValidator(_timestamp)]
    closed_at: Timestamp
    merged_at: Timestamp
    url: StrictStr
    comments: list[_Comment]
    # format 2 (optional; None when the source does not give them)
    author_association: Association = None
    state_reason: Optional[Literal["COMPLETED", "NOT_PLANNED", "REOPENED", "DUPLICATE"]] = None
    merge_commit: Optional[StrictStr] = None
    closes_issues: Optional[list[StrictInt]] = None
    reviews: Optional[list[_Review]] = None

    @field_validator("created_at", "updated_at")
    @classmethod
    def _required(cls, value: Any) -> Any:
        if value is None:
            raise ValueError("is missing")
        return value


def validate_thread(d: dict[str, Any]) -> str | None:
    """Why a snapshot thread dict cannot be used, or None when it can."""
    missing = [k for k in THREAD_KEYS if k not in d]
    if missing:
        return f"missing keys {missing}"
    try:
        ThreadRecord.model_validate(d)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = [str(x) for x in err["loc"]]
        where = f"comment {loc[1]} {'.'.join(loc[2:])}" if loc[0] == "comments" and len(loc) > 1 else ".".join(loc)
        if err["type"] == "literal_error" and loc == ["kind"]:
            return f"{where} must be one of {KINDS}, got {err['input']!r}"
        if err["type"] in ("int_type", "int_parsing"):
            return f"{where} must be an integer, got {err['input']!r}"
        return f"{where} {str(err['msg']).removeprefix('Value error, ')}"
    return None


def thread_record(d: dict[str, Any]) -> dict[str, Any]:
    """A thread dict with exactly the snapshot's keys: the format-1 keys, then the review keys (None when absent)."""
    return {**{k: d[k] for k in THREAD_KEYS}, **{k: d.get(k) for k in THREAD_REVIEW_KEYS}}
