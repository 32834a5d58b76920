"""What a fetch returns: entries as received, completed windows, the fetch of a partition."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any




# --- what a fetch returns ------------------------------------------------------

@dataclass
class RawEntry:
    """One entry as received: a snapshot-format record, or why there is none."""

    key: str
    data: dict[str, Any] | None
    error: str | None
    raw: str

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "data": self.data, "error": self.error, "raw": self.raw}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> RawEntry:
        return cls(obj["key"], obj.get("data"), obj.get("error"), obj.get("raw", ""))


@dataclass
class WindowRecord:
    """One completed date window of a live fetch: what a checkpoint stores.

    ``announced`` is the total the feed announced for [window_start, fetch end):
    the window and everything after it; ``entries`` are the ones submitted in
    [window_start, window_end).
    """

    window_start: datetime
    window_end: datetime
    query: str
    announced: int
    entries: list[RawEntry]
    requests: int
    fetched_at: datetime

    @property
    def received(self) -> int:
        return len(self.entries)


@dataclass
class FetchResult:
    """A fetch of one partition window.

    ``announced_total`` is what the source says the window holds (the live feed's
    ``opensearch:totalResults`` for the whole window): the asset check compares
    it with ``received`` and with the rows stored plus quarantined.
    """

    entries: list[RawEntry] = field(default_factory=list)
    requests: int = 0
    announced_total: int = 0
    queries: list[str] = field(default_factory=list)
    windows: int = 0
    notes: list[str] = field(default_factory=list)
    retries: int = 0
    resumed_windows: int = 0
    duplicates: int = 0
    window_log: list[WindowRecord] = field(default_factory=list)
    _seen: set[str] = field(default_factory=set, repr=False)

    @property
    def received(self) -> int:
        return len(self.entries)

    @property
    def complete(self) -> bool:
        """Every entry the source announced was received."""
        return self.received == self.announced_total


def count_check(result: FetchResult, stored: int, quarantined: int, duplicates: int = 0) -> tuple[bool, str]:
    """Do the rows stored (+ quarantined + duplicates collapsed) add up to the total announced?"""
    accounted = stored + quarantined + duplicates
    ok = result.received == result.announced_total and accounted == result.received
    msg = (f"announced {result.announced_total}, received {result.received}, stored {stored}, "
           f"quarantined {quarantined}, duplicates {duplicates}")
    return ok, msg
