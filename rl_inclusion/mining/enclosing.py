"""Where an added line of a diff sits: in a registered definition, in an interface's docstring, or under a heading that
sets methods apart."""

from __future__ import annotations

import re

from .lines import _DEFINITION

# A decorator that enters the definition below it into a registry (``@register_policy_loss("geo_mean")``,
# ``@register_adv_est(AdvantageEstimator.GRPO_PASSK)``, ``@registry.register("x")``).
_REGISTERING_DECORATOR = re.compile(rb"^\s*@\s*[\w.]*register\w*\s*\(", re.IGNORECASE)
_DEFINITION_BYTES = re.compile(_DEFINITION.pattern.encode())   # the same, on a diff line's bytes
# The head of a docstring's section on arguments or results: an id below it documents a parameter (verl's GRPO
# estimator credits Dr. GRPO for its ``norm_adv_by_std_in_grpo`` argument), not the registered algorithm.
_ARGUMENTS_SECTION = re.compile(
    rb"^\s*(?:Args|Arguments|Parameters|Params|Keyword Args|Kwargs|Returns?|Yields?|Attributes)\s*:?\s*$")
# How far above a line its enclosing definition is looked for (added lines of one hunk only).
_DEFINITION_REACH = 80


def _indent(line: bytes) -> int:
    return len(line) - len(line.lstrip(b" \t"))


def _enclosing_definition(lines: list[bytes], i: int, first: int) -> tuple[int | None, bool]:
    """The index of the Python ``def`` or ``class`` line that encloses the added diff line ``lines[i]`` by
    indentation, walking up the added lines just above it (the same hunk, ``first`` the index of the first line that
    may be one; each line still carries its ``+``), or None (a definition outside the hunk, a line at the top level);
    and whether the walk passed the head of a docstring's arguments or results section on the way."""
    below = _indent(lines[i][1:]) if lines[i][1:].strip() else 1 << 30
    j = i - 1
    while j >= first and i - j <= _DEFINITION_REACH and lines[j][:1] == b"+":
        text = lines[j][1:]
        if _ARGUMENTS_SECTION.match(text):
            return None, True
        if text.strip():
            ind = _indent(text)
            if ind < below and not text.lstrip().startswith((b")", b"]", b"}")):   # not a signature's closing line
                if _DEFINITION_BYTES.match(text):
                    return j, False
                if ind == 0:
                    return None, False
                below = ind
        j -= 1
    return None, False


def _decorators(lines: list[bytes], j: int, first: int) -> list[bytes]:
    """The added decorator lines right above the definition line ``lines[j]`` (without their ``+``)."""
    found = []
    k = j - 1
    while k >= first and lines[k][:1] == b"+" and lines[k][1:].lstrip().startswith(b"@"):
        found.append(lines[k][1:])
        k -= 1
    return found


def in_registered_definition(lines: list[bytes], i: int, first: int) -> bool:
    """Whether the added diff line ``lines[i]`` lies in a Python function or class whose decorator registers it.

    An arXiv id in a registered loss's docstring (verl's ``geo_mean`` policy loss cites GMPO there) is the registered
    algorithm's source, so it speaks at the registry's level, not at the level of a docstring line.  A definition
    outside the hunk, or a line at the top level, is not one (``_enclosing_definition``); nor is a line below the
    head of the docstring's arguments or results section (it documents a parameter).
    """
    j, in_arguments = _enclosing_definition(lines, i, first)
    return (j is not None and not in_arguments
            and any(_REGISTERING_DECORATOR.match(d) for d in _decorators(lines, j, first)))


_CLASS_BYTES = re.compile(rb"^\s*class\s+\w+")
_ABSTRACT_DECORATOR = re.compile(rb"^\s*@\s*(?:abc\.)?abstract\w*\b")
# How far below a class line its body is read (added lines of one hunk only).
_CLASS_REACH = 400

# The heading of a list that sets the code apart from other methods ("The key insight that differentiates TRACE from
# ALL existing methods:", "Distinct from:", "Related work:", "This differentiates from single-turn experience RL (e.g.,
# RLEP):"): the methods listed under it are what the code is not (ADRS's ``trace_utils.py`` lists ActFocus and GCPO so,
# in a comment block and in a docstring, inclusion-set-v75; slea-rl's docstring lists RLEP so, v93).
# Not "unlike" or "compared with": "Unlike GRPO, ..." above an id introduces the method the code implements.
_SETS_APART = rb"related work|distinct from|differentiates?(?: \w+)? from|distinguish(?:es)?(?: \w+)? from"
_CONTRAST_HEADING = re.compile(
    rb"(?i)\b(?:prior work|previous work|existing (?:methods|approaches|work)|other methods|" + _SETS_APART + rb")\b")
# The same framing in the comment that cites: "# Related work: GSPO (2507.18071)".  Not "existing methods" there:
# "# Dr. GRPO (2503.20783): removes the length bias of existing methods" cites what the code implements.  Narrower
# than the docs pages' ``lines._RELATED_WORK`` ("inspired by", "similar to"), which a code comment also uses for the
# method it implements ("inspired by DAPO (2503.14476), clip higher").
_CONTRAST_LINE = re.compile(rb"(?i)\b(?:" + _SETS_APART + rb")\b")
_WHOLE_LINE_COMMENT = re.compile(rb"^\+\s*(?:#|//)")
_LIST_ITEM = re.compile(rb"^\+\s*(?:(?:#|//)\s*)?(?:[-*]|\d+[.)])\s")
_BLANK_COMMENT = re.compile(rb"^\+\s*(?:#|//)?\s*$")
# How many lines above a list item its heading is looked for.
_HEADING_REACH = 8


def under_contrast_heading(lines: list[bytes], i: int, first: int) -> bool:
    """Whether the added diff line ``lines[i]`` names methods the code is set apart from: an item of a list (``-
    GCPO/DelTA: ...`` in a docstring, ``# - ActFocus (2605.14558): ...``) whose heading, an added line above it that
    ends with a colon, sets the code apart from them; or a whole-line comment that does so itself."""
    line = lines[i]
    if _WHOLE_LINE_COMMENT.match(line) and _CONTRAST_LINE.search(line):
        return True
    if not _LIST_ITEM.match(line):
        return False
    for k in range(i - 1, max(first, i - _HEADING_REACH) - 1, -1):
        above = lines[k]
        if above[:1] != b"+":
            return False
        if not (_LIST_ITEM.match(above) or _BLANK_COMMENT.match(above)):
            return above.rstrip().endswith(b":") and _CONTRAST_HEADING.search(above) is not None
    return False


def in_abstract_class_docstring(lines: list[bytes], i: int, first: int) -> bool:
    """Whether the added diff line ``lines[i]`` lies directly in a Python class (its docstring or comments, not a
    method's) whose methods are all abstract: an interface (verl's ``CheckpointEngineWithCache`` cites Laminar for the
    engines that would implement it, and implements none; inclusion-set-v41, v46, v57, v59, v62).  The class and its
    whole body must be added lines of the hunk; a class with one concrete method is an implementation.
    """
    j, _ = _enclosing_definition(lines, i, first)
    if j is None or not _CLASS_BYTES.match(lines[j][1:]):
        return False
    head = _indent(lines[j][1:])
    end = min(len(lines), j + 1 + _CLASS_REACH)
    methods = abstract = 0
    for k in range(j + 1, end):
        sign = lines[k][:1]
        if sign in (b"", b"\\"):
            break                   # the end of the file's diff
        if sign != b"+":
            return False            # a line the commit does not add, or the next hunk: the body is not seen whole
        body = lines[k][1:]
        if not body.strip():
            continue
        if _indent(body) <= head:
            break                   # the class has ended
        if _DEFINITION_BYTES.match(body) and not _CLASS_BYTES.match(body):
            methods += 1
            abstract += any(_ABSTRACT_DECORATOR.match(d) for d in _decorators(lines, k, j + 1))
    else:
        if end < len(lines):
            return False            # longer than the reach: not seen whole
    return methods > 0 and methods == abstract

