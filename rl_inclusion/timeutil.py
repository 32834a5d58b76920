"""Timestamps: the one home of how text and datetimes become aware UTC datetimes."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any


def parse_utc(value: Any) -> datetime:
    """An ISO-8601 timestamp (``...Z`` or with an offset) or a datetime -> an aware UTC datetime.

    A timestamp without a zone is read as UTC. Anything else raises ``ValueError``.
    """
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, str):
        dt = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    else:
        raise ValueError(f"not a timestamp: {value!r}")
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc)
