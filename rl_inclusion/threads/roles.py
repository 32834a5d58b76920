"""Role and outcome of a thread that cites a paper, by rules that say why.

``role_and_outcome(thread)`` takes one thread in the snapshot format (see
``rl_inclusion/snapshot.py``; the optional ``author_association`` of the thread
and of each comment is used when present) and returns a :class:`RoleOutcome`.

Role (what the thread is for), first rule that holds:

1. ``implementation``: a pull request, unless it only changes documentation, CI,
   tests or experiment configs, fixes a typo or an error message, or removes,
   moves, deprecates or reverts code (then ``question_discussion``; leading ``[tags]`` of
   the title do not count; a description that opens with "Docs:" counts too).
2. ``failure_report``: an issue the training-failure rules flag
   (:func:`rl_inclusion.threads.classify.classify_threads`), or an issue that
   reports an error, a crash, out of memory or a bug, or says so in other words
   (hangs, stalls, incorrect, not working, stuck, never changes, poor results, an
   exception's name other than ``NotImplementedError``, which asks for something).
3. ``request``: an issue that asks for a method (``feature request``,
   ``support ...``, ``any plan ...``, ``integrate``, ``please add``, 是否/会 ... 支持,
   a title opening with ``Add`` or ``Upstream``, ``[RFC]``, ``proposes``, ``be added``),
   or an issue labelled ``enhancement`` or ``feature``.
4. ``question_discussion``: anything else.

Outcome, first rule that holds:

1. ``merged``: the pull request is merged, or a comment says the implementation
   was merged or is available on main, or the issue is closed and a maintainer
   answered with a pointer to a pull request (``#1234``) and nothing else that
   redirects (not a duplicate mark or a pointer to an issue), or a comment says
   it is fixed.
2. ``redirected``: a comment points elsewhere: another repository or project,
   a recipe, a branch, a fork, or something already supported or existing
   (``points to the existing option``, ``it is supported``, ``a separate repository``,
   ``points to the PRIME recipe folder``, ``links the documentation``, ``names the
   pref_beta option``, ``use the newest version``, ``already exists``).
3. ``rejected``: a maintainer declines (``... are enough``, ``no plan``,
   ``won't``, ``out of scope``, ``not going to``, ``decided not to``, ``this is intended``), or, where the source gives
   the issue's state reason (snapshot format 2), the issue was closed as
   ``NOT_PLANNED`` after a maintainer answered and no stale clean-up note;
   closed as ``DUPLICATE`` it is ``closed_unmerged`` (rule 5), never a pointer
   to an implementation.
4. With no maintainer engagement (no comment by an owner, member or
   collaborator, and the thread not opened by one): ``closed_unmerged`` for a
   closed pull request, otherwise ``no_response``.
5. ``open`` while the thread is open, else ``closed_unmerged``.

Comments by bots (``[bot]`` logins, association ``BOT``, or scheduled stale
clean-up notes) never count as a maintainer response; their statements of fact
(``... was merged``, ``moved to ...``) do count for rules 1 and 2.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..snapshot import MAINTAINER_ASSOCIATIONS

ROLES = ("request", "implementation", "question_discussion", "failure_report")
OUTCOMES = ("merged", "closed_unmerged", "rejected", "redirected", "no_response", "open")

_I = re.IGNORECASE
# A title's leading tags ("[core] Remove ...", "[GRPO] ...") do not hide what the pull request does.
_TAGS = r"^\s*(?:\[[^\]]*\]\s*)*"
DOCS_PULL = re.compile(_TAGS + r"[\[(]?\s*(docs?|documentation|ci|cp|chore|tests?|exp)\b|\bpaper[ _]index\b|\breadme\b|"
                       r"\bdocstrings?\b|\btypos?\b|\berror message\b|(?<!\band )(?<!\bwith )\btests?( coverage)?\s*$|\btest coverage\b|"
                       + _TAGS + r"(remove|move|deprecate|revert)\b", _I)
# A pull request whose description opens by calling it a docs change.
DOCS_BODY = re.compile(r"^\s*(docs?|documentation)( change| only| fix(es)?)?\s*[:.-]", _I)
BUG_REPORT = re.compile(
    r"\b(out of memory|oom|error|errors|traceback|exception|crash(es|ed)?|fails?|failed|not functioning|"
    r"cannot train|can't train|nan|incorrect(ly)?|hangs?|stall(s|ed)?|(?!NotImplementedError)\w+Error|"
    r"(does not|doesn't|not) work(ing)?|poor results?|stuck|never changes|misestimat\w*)\b|^\s*\[bug\]", _I)
REQUEST = re.compile(
    r"\bfeature( request)?\b|^\s*\[?feat\b|\bsupport(s|ed|ing)?\b|\bany plans?\b|\bplans? to\b|\bintegrat\w*|"
    r"\bplease (add|make|implement|support)\b|\bwould it be possible\b|\brequest\b|\bimplement\b|"
    r"\badd(ing)? .{0,40}\b(algorithm|trainer|loss|method)\b|支持|是否|" + _TAGS + r"(add|upstream)\b|\bbe added\b|"
    r"\bsuggests? adding\b|\brfc\b|\bpropos\w+|\bconsider\b", _I)
MERGED_STATEMENT = re.compile(
    r"\b(has been|have been|was|been|is now|got)\s+merged\b|\bclosed (as|by) (pr |pull request )?#?\d+|\bavailable on (the )?main\b|"
    r"\bmerged (in|into|via|with|as) (#\d+|pr\b|pull)|"
    r"\b(supported|available) (on|in) (the )?main\b|\bnow supported\b|\b(it is|is now|should be) fixed\b|"
    r"\bfixed now\b|已合并|已在 ?main ?中支持", _I)
PR_POINTER = re.compile(r"#\d+|/pull/\d+")
REDIRECT = re.compile(
    r"\bplease use\b|\buse the branch\b|\bmoved to\b|\bmigrated to\b|\bother (project|repo\w*)\b|\bfork\b|"
    r"\brecipe repo\w*\b|\bverl-omni\b|\bwe recommend using\b|\bwhy not use\b|\balready supported\b|"
    r"\bpoint(ing)? users\b|\binstead of\b|\b(points?|pointing|refers?) to (\S+ ){0,2}existing\b|"
    r"\b(use|using) the existing\b|\balready existing\b|\balready implement(s|ed)?\b|"
    r"\bexisting (path|code|option|feature|implementation|support|flag|script|example|recipe|module|trainer|config|"
    r"arguments?|args|parameters?)\b|"
    r"\b(it is|is|are) (already )?supported\b|\balready works\b|"
    r"\bworks through\b|\bseparate\b.{0,30}\brepo\w*|\bsuggests? using\b|\bpoints? to where\b|\brecommends? using\b|"
    r"\bwhere (it|this|that) is (already )?implemented\b|\balready (usable|available)\b|"
    r"\bpoints? to the (\S+ ){0,3}(recipe|demo|example|folder|documentation|docs)\b|"
    r"\blinks? the (\S+ ){0,2}(documentation|docs|guide|example)\b|\bnames the \S+ (option|flag|argument|setting)\b|"
    r"\breplacement settings?\b|\b(use|try|trying) the (newest|latest)\b|\balready exists?\b|\bcan already be\b", _I)
# Closed as a duplicate of another issue: the pointer is to an issue, not to an implementation.
DUPLICATE = re.compile(r"\bduplicate\b|\bissue #\d+|重复", _I)
REJECT = re.compile(
    r"\bare enough\b|\bis enough\b|\bno plans?\b|\bnot plan\w*|\bwon'?t\b|\bwill not\b|\bnot going to\b|"
    r"\bout of scope\b|\bdon'?t have time\b|\bnot needed\b|\bdecline\w*|\bnot support\b|\bdecided not to\b|"
    r"\bmoved away from\b|\b(is|as) intended\b|\bintended behaviou?r\b|不支持|没有计划", _I)
# Tracker labels that mark an issue as asking for something new.
REQUEST_LABELS = ("enhancement", "feature", "feature request", "feature-request", "new feature")
STALE_NOTE = re.compile(r"scheduled (issue )?cleanup|scheduled maintenance|定时清理|automated review|automated", _I)


@dataclass(frozen=True)
class RoleOutcome:
    role: str
    role_reason: str
    outcome: str
    outcome_reason: str


def _is_bot(comment: dict[str, Any]) -> bool:
    author = (comment.get("author") or "").lower()
    return (author.endswith("[bot]") or (comment.get("author_association") or "").upper() == "BOT"
            or bool(STALE_NOTE.search(comment.get("body") or "")))


def _is_maintainer(association: Any) -> bool:
    return (association or "").upper() in MAINTAINER_ASSOCIATIONS


def _first(pattern: re.Pattern, text: str) -> str | None:
    m = pattern.search(text)
    return m.group(0).strip() if m else None


def thread_role(thread: dict[str, Any], training_failure: bool = False) -> tuple[str, str]:
    """(role, reason) for one thread; ``training_failure`` is the failure rules' verdict on it."""
    title, body = thread.get("title") or "", thread.get("body") or ""
    if thread.get("kind") == "pull":
        hit = _first(DOCS_PULL, title) or _first(DOCS_BODY, body)
        if hit:
            return "question_discussion", f"pull request that only changes docs or removes code ({hit!r})"
        return "implementation", "pull request"
    if training_failure:
        return "failure_report", "the training-failure rules flag it"
    labels = [x.lower() for x in thread.get("labels") or []]
    hit = _first(BUG_REPORT, f"{title}\n{body}")
    if hit:
        return "failure_report", f"reports a failure ({hit!r})"
    if any("bug" in x for x in labels):
        return "failure_report", "labelled bug"
    hit = _first(REQUEST, title) or _first(REQUEST, body)
    if hit:
        return "request", f"asks for a method ({hit!r})"
    tagged = next((x for x in labels if x in REQUEST_LABELS), None)
    if tagged:
        return "request", f"labelled {tagged}"
    return "question_discussion", "no request, implementation or failure wording"


def thread_outcome(thread: dict[str, Any]) -> tuple[str, str]:
    """(outcome, reason) for one thread."""
    state = (thread.get("state") or "").lower()
    kind = thread.get("kind")
    comments = [c for c in thread.get("comments") or [] if isinstance(c, dict)]
    if kind == "pull" and (state == "merged" or thread.get("merged_at")):
        return "merged", "pull request merged"
    for c in comments:
        hit = _first(MERGED_STATEMENT, c.get("body") or "")
        if hit:
            return "merged", f"a comment says it was merged ({hit!r})"
    maintainer_comments = [c for c in comments if _is_maintainer(c.get("author_association")) and not _is_bot(c)]
    for c in comments:
        hit = _first(REDIRECT, c.get("body") or "")
        if hit and (_is_maintainer(c.get("author_association")) or _is_bot(c)):
            return "redirected", f"{c.get('author')} points elsewhere ({hit!r})"
    for c in maintainer_comments:
        hit = _first(REJECT, c.get("body") or "")
        if hit:
            return "rejected", f"maintainer {c.get('author')} declines ({hit!r})"
    closed_issue = state == "closed" and kind != "pull"
    reason = (thread.get("state_reason") or "").upper()
    if closed_issue and reason == "DUPLICATE":
        return "closed_unmerged", "closed as a duplicate (state reason)"
    stale = any(STALE_NOTE.search(c.get("body") or "") for c in comments)
    if closed_issue and reason == "NOT_PLANNED" and maintainer_comments and not stale:
        return "rejected", (f"closed as not planned (state reason) after maintainer "
                            f"{maintainer_comments[-1].get('author')} answered")
    if closed_issue:
        for c in maintainer_comments:
            hit = _first(PR_POINTER, c.get("body") or "")
            if hit and not DUPLICATE.search(c.get("body") or ""):
                return "merged", f"closed after maintainer {c.get('author')} pointed to {hit}"
    engaged = bool(maintainer_comments) or _is_maintainer(thread.get("author_association"))
    if not engaged:
        if kind == "pull" and state == "closed":
            return "closed_unmerged", "pull request closed without a merge"
        return "no_response", "no comment by a maintainer"
    if state == "open":
        return "open", "maintainer engaged, still open"
    return "closed_unmerged", "closed after a maintainer response, nothing merged"


def role_and_outcome(thread: dict[str, Any], training_failure: bool = False) -> RoleOutcome:
    role, role_reason = thread_role(thread, training_failure)
    outcome, outcome_reason = thread_outcome(thread)
    return RoleOutcome(role, role_reason, outcome, outcome_reason)
