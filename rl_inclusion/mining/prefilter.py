"""Which lines of a diff block could hold a method name: one RE2 pass per block (see ``NamePrefilter``)."""

from __future__ import annotations

import re

import re2

from ..ids import NameIndex

# Every byte but ASCII letters, digits and newlines becomes ``_`` (the name prefilter's text).
_SEPARATORS = bytes(b if (48 <= b <= 57 or 65 <= b <= 90 or 97 <= b <= 122 or b == 10) else 95 for b in range(256))


def _trie(keys: list[str], first_upper: bool = False) -> str:
    """A trie of ``keys`` as a regular expression, ``_*`` allowed between any two characters.

    ``first_upper``: the first character must be an uppercase letter (or a
    digit), the rest is matched in any case.
    """
    trie: dict = {}
    for key in keys:
        node = trie
        for ch in key:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:
        alts = [re.escape(ch) + ("_*" + sub if (sub := emit(child)) else "")
                for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    if not first_upper:
        return emit(trie)
    alts = []
    for ch, child in sorted(trie.items()):
        if not ch:
            continue
        rest = emit(child)
        head = re.escape(ch.upper())
        alts.append(head + (f"(?i:_*{rest})" if rest else ""))
    return "(?:" + "|".join(alts) + ")"


def _trie_pattern(keys: list[str]) -> str:
    """One expression that finds where any key may start, as whole tokens, in a block.

    It runs on the block with every byte but ASCII letters, digits and newlines
    written ``_`` (case kept).  A key starts where a token starts: after a
    separator or a line start, in any case (``GSPO``, ``gspo``, ``dr__grpo``), or
    inside a word at an uppercase letter (``computeGSPOLoss``, ``GRPODr``); it
    ends where a lowercase letter does not follow (``GSPOTrainer``, ``gspo_loss``,
    ``LOOP`` but not ``loops`` or ``seconds``): the tokenizer has the last word.
    """
    end = r"(?:[^a-z\n]|$)"
    return (r"(?m)(?:(?:^|[^A-Za-z0-9\n])(?i:" + _trie(keys) + r")|[A-Za-z0-9]" + _trie(keys, first_upper=True)
            + ")" + end)


_TRIE_CACHE: dict[frozenset, object] = {}


def _trie_regex(keys: frozenset):
    pat = _TRIE_CACHE.get(keys)
    if pat is None:
        if len(_TRIE_CACHE) > 8:
            _TRIE_CACHE.clear()
        options = re2.Options()
        options.max_mem = 1 << 30   # a dictionary of thousands of names needs a large DFA
        pat = _TRIE_CACHE[keys] = re2.compile(_trie_pattern(sorted(keys)).encode("ascii"), options)
    return pat


class NamePrefilter:
    """Which lines of a block ``NameIndex.matches`` could find a name in.

    In the block with every byte but letters, digits and newlines written ``_``
    (``++`` written ``_plusplus_``), a name's characters appear in order, in any
    case, separated by nothing but ``_``, starting where a token starts
    (``_trie_pattern``).  One RE2 expression (a DFA: linear in the text, whatever
    the size of the dictionary) finds those places for a whole block at once;
    only their lines are tokenised, and ``NameIndex.matches`` has the last word,
    so the prefilter changes the speed, never the result.
    """

    def __init__(self, name_index: NameIndex):
        keys = name_index.keys() if hasattr(name_index, "keys") else None
        credits = getattr(name_index, "credits", None)
        if keys is not None and credits is not None:
            keys = keys | credits.keys()   # a line that credits a paper by its model's name (``ids.PaperCredits``)
        self._all = keys is None  # an index that hides its keys: every line is a candidate
        self._re = _trie_regex(frozenset(keys)) if keys else None

    @staticmethod
    def normalise(raw: bytes) -> bytes:
        if b"++" in raw:
            raw = raw.replace(b"++", b"_plusplus_")  # ends a token; the tokenizer may also drop it
        if b"*" in raw:
            raw = raw.replace(b"*", b"_star_")  # ``A*-PO``: a star may end a token
        return raw.translate(_SEPARATORS)

    def candidate_lines(self, raw: bytes) -> set[int] | None:
        """Indices of the lines (split on newlines) that may hold a name; None means all."""
        if self._all:
            return None
        if self._re is None:
            return set()
        return _line_numbers(self._re, self.normalise(raw))


def _line_numbers(pattern, text: bytes) -> set[int]:
    """Indices of the lines of ``text`` (split on newlines) where ``pattern`` matches (one search per line hit)."""
    out: set[int] = set()
    line = last = 0
    pos, n = 0, len(text)
    search = pattern.search
    while pos <= n:
        m = search(text, pos)
        if m is None:
            break
        start = m.start()
        line += text.count(b"\n", last, start)
        last = start
        out.add(line)
        nl = text.find(b"\n", m.end())
        if nl < 0:
            break
        line += text.count(b"\n", last, nl + 1)
        last = pos = nl + 1
    return out
