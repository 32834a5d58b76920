"""Comments that label the code they sit on (issue 11): a method named in such a comment names what that code is.

A comment usually talks about code; it implements nothing, so a method it names is low evidence. Two places are
different: the comment of a branch on a string value names the method the branch implements, and a comment that is
only a method's name after a config option names the method the option belongs to.
"""

from __future__ import annotations

import re

from .lines import comment_start

# A line that branches on a string value: ``elif self.vllm_is_mode == "mask":  # MIS (icepop)``.  A method named
# in the trailing comment of such a line labels the branch that implements it.
_STRING_BRANCH = re.compile(r"""^\s*(?:(?:(?:el)?if|when)\b.*(?:==|\bin\b)\s*[\[(]?\s*|case\s+)["'][\w.+-]+["']""")
# A config option: a bare key and its colon (a YAML key, a dataclass field), not a Python block opener (`else:`).
# Not the frameworks' ``option_line_patterns``: they set a line's level and also read flags and assignments
# (``x = 1``), after which a comment speaks of the statement, and they miss a key whose value is a nested block
# (``discard_zero_adv_samples: # DAPO``).
_OPTION_KEY = re.compile(r"^\s*-?\s*(?!(?:else|try|finally|except)\s*:)[A-Za-z_][\w.-]*\s*:(?!:)")
# A comment that is only a name: its marker just before, and after it nothing, or a colon, a bracket or a dash that
# opens an explanation (``# DAPO: Non-positive values mean no upper limit``), or "-style" or "-like" joined to the name
# (advgame's ``loss_token_mean: false # DrGRPO-style normalization``, inclusion-set-v200); not a comma, which lists
# the values an option takes (ROLL's ``pg_variant: ppo # topr, vanilla, tis, cispo, kimi15, ppo``)
_MARKER_BEFORE = re.compile(r"(?:#+|//)\s*$")
_LABEL_AFTER = re.compile(r"\s*(?:$|[:(]|-\s)|-(?:style|like)\b")


def labels_a_branch(code: str) -> bool:
    """Does the code part of a line branch on a string value (so its trailing comment labels the branch)?"""
    return _STRING_BRANCH.search(code) is not None


def labels_an_option(text: str, cut: int, start: int, end: int) -> bool:
    """Is the name at ``text[start:end]`` the whole label in the trailing comment (from ``cut``) of a config option?

    Chess-R1's GRPO config marks the options it took from DAPO with ``use_token_level_loss: False # DAPO`` and
    ``max_num_gen_batches: 3 # DAPO: Non-positive values mean no upper limit`` (inclusion-set-v195): the comment names
    the method the option belongs to. A sentence that opens with the name (``# BNPO recommends group-level reward
    scaling``) says something about the method instead, and a comment above the option is not on it."""
    return (_OPTION_KEY.match(text[:cut]) is not None and _MARKER_BEFORE.fullmatch(text, cut, start) is not None
            and _LABEL_AFTER.match(text, end) is not None)


def labels_the_code(text: str, cut: int, m) -> bool:
    """Does the trailing comment (from ``cut``) of ``text`` label its code with the name matched at ``m``?"""
    return labels_a_branch(text[:cut]) or labels_an_option(text, cut, m.start, m.end)


def opens_a_branch(above: bytes, path: str) -> bool:
    """Does ``above``, the added line (with its + sign) just over a whole-line comment, branch on a string value?

    Such a comment opens the branch's body and names what it does: ``elif args.advantage_estimator ==
    "reinforce_baseline":`` then ``# REINFORCE++-baseline removed the / std ...`` (OpenRLHF and its copies)."""
    if not above:
        return False
    before = above[1:].decode("utf-8", "replace")
    return labels_a_branch(before[:comment_start(before, path)])
