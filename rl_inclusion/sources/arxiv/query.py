"""The screening query: categories and keywords, and the date window the API reads to the minute."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any


from ...errors import ConfigError
from ...raw_papers import valid_category


DEFAULT_CATEGORIES = ("cs.LG", "cs.CL", "cs.AI", "stat.ML")
DEFAULT_KEYWORDS = (
    '(abs:"reinforcement learning" OR abs:"policy optimization" OR abs:RLHF OR abs:RLVR OR abs:GRPO OR abs:PPO) '
    'AND (abs:"language model" OR abs:LLM OR abs:LLMs OR abs:reasoning)'
)


def utc(dt: datetime) -> datetime:
    if dt.tzinfo is None:
        raise ValueError(f"window bounds must be timezone-aware: {dt!r}")
    return dt.astimezone(timezone.utc)


def floor_minute(dt: datetime) -> datetime:
    return dt.replace(second=0, microsecond=0)


@dataclass(frozen=True)
class ArxivQuery:
    """The screening query: configuration, not code.

    ``for_window`` adds the ``submittedDate`` window, whose bounds the API reads
    to the minute, inclusive at both ends: [start, end) is sent as
    ``[start TO end - 1 minute]``.
    """

    categories: tuple[str, ...] = DEFAULT_CATEGORIES
    keywords: str = DEFAULT_KEYWORDS

    def __post_init__(self):
        bad = [c for c in self.categories if not valid_category(c)]
        if bad:
            raise ConfigError(f"arXiv query: unknown categories {bad}")
        if not self.categories and not self.keywords.strip():
            raise ConfigError("arXiv query: give categories or keywords (an empty query would ask for all of arXiv)")

    @classmethod
    def from_mapping(cls, conf: dict[str, Any] | None) -> ArxivQuery:
        """From a config section ``{categories: [...], keywords: "..."}``; missing keys take the defaults."""
        conf = dict(conf or {})
        unknown = set(conf) - {"categories", "keywords"}
        if unknown:
            raise ConfigError(f"arXiv query: unknown settings {sorted(unknown)} (expected categories, keywords)")
        cats = conf.get("categories", DEFAULT_CATEGORIES)
        kw = conf.get("keywords", DEFAULT_KEYWORDS)
        if not isinstance(cats, (list, tuple)) or not all(isinstance(c, str) for c in cats):
            raise ConfigError("arXiv query: categories must be a list of strings")
        if not isinstance(kw, str):
            raise ConfigError("arXiv query: keywords must be a string")
        return cls(tuple(cats), kw)

    def base(self) -> str:
        cats = " OR ".join(f"cat:{c}" for c in self.categories)
        parts = [f"({cats})" if cats else "", f"({self.keywords})" if self.keywords.strip() else ""]
        return " AND ".join(p for p in parts if p)

    def for_window(self, start: datetime, end: datetime) -> str:
        start, end = utc(start), utc(end)
        last = floor_minute(end - timedelta(minutes=1)) if end.second == 0 and end.microsecond == 0 else floor_minute(end)
        window = f"submittedDate:[{floor_minute(start):%Y%m%d%H%M} TO {last:%Y%m%d%H%M}]"
        return f"{self.base()} AND {window}" if self.base() else window

    def fingerprint(self) -> str:
        """Identifies the query in a checkpoint: windows of another query are not reused."""
        return hashlib.sha256(self.base().encode("utf-8")).hexdigest()[:16]
