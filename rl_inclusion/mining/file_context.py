"""What a file's other lines say about a name on one of them (issue 11): a variable filled by a call named like the
name's last word, and a name that is one of a numbered series of the file. Both are read from the file's block of one
commit, only when a line names a method."""

from __future__ import annotations

import re
from collections.abc import Container

from ..ids import normalize_name


# a variable assigned the value of a call: ``reasoning_search = re.search(``, ``self.dp_writer = csv.writer(``
_CALL_RESULT = re.compile(rb"^[+-]\s*(?:self\.)?(\w+_(\w+?))\s*=\s*(?:\w+\.)*(\w+)\s*\(")


class CallResults:
    """The snake_case variables that an assignment of a file's lines fills with a call named like their last word,
    found when first asked: MedVLThinker's ``reasoning_search = re.search(`` holds a regex match, and so does every
    later ``reasoning_search`` of the file, no ReasoningSearch (inclusion-set-v189); WMPO's vendored
    ``dp_writer = csv.writer(dp_file)`` a CSV writer, no DPWriter (v188)."""

    def __init__(self, lines: list) -> None:
        self._lines, self._names = lines, None

    def __contains__(self, variable: str) -> bool:
        if self._names is None:
            found = (_CALL_RESULT.match(line[0]) for line in self._lines)
            self._names = {f.group(1).decode("utf-8", "replace") for f in found
                           if f is not None and f.group(2).lower() == f.group(3).lower()}
        return variable in self._names


class NumberedNames:
    """Names a file's diff block numbers: a listed name ending in a number whose stem carries other numbers there, none
    of them a listed name, counts instances of something, found when first asked. MAGIC's trainer (from ReMA's) has
    roles ``Agent0_ActorRollout`` and ``Agent1_ActorRollout`` for its two agents, no Agent0 (inclusion-set-v200); TRM's
    ``seq_max_k2`` beside ``seq_max_k3``, both its spellings, are variants of the method (trm-check)."""

    def __init__(self, block: bytes, keys: Container[str]) -> None:
        self._block, self._keys, self._seen = block, keys, {}

    def numbers(self, text: str, m) -> bool:
        """Is the name matched at ``m`` in ``text`` one of such a numbered series?"""
        written = _NUMBERED.fullmatch(text, m.start, m.end)
        last = _LAST_WORD.search(written.group(1)) if written else None
        if last is None or len(last.group()) < 2:   # not L1 beside an L2 norm, nor Video-R2 beside Video-R1
            return False
        stem, own = written.groups()
        if stem not in self._seen:
            series = re.compile(rf"(?i)(?<![A-Za-z0-9]){re.escape(stem)}(\d+)(?![\dA-Za-z]|\.\d)".encode())
            self._seen[stem] = {int(n) for n in series.findall(self._block)}
        others = self._seen[stem] - {int(own)}
        return bool(others) and not any(normalize_name(f"{stem}{n}") in self._keys for n in others)


# A name written as a stem and a whole number (``Agent0``), not a version (``k1.5``); the stem's last word (as
# snake_case or camelCase splits it) must have two letters or more, so a letter that versions a name (Video-R1 and
# Video-R2, TRM's ``seq_max_k2``) makes no series
_NUMBERED = re.compile(r"(.*[A-Za-z].*?)(?<!\.)(\d+)")
_LAST_WORD = re.compile(r"(?:[A-Z]?[a-z]+|[A-Z]+)$")
