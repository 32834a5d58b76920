"""Which framework a thread's repository belongs to, through renames.

Trackers move (``volcengine/verl`` -> ``verl-project/verl``, ``inclusionAI/AReaL`` ->
``areal-project/AReaL``, ``NVIDIA/NeMo-RL`` -> ``NVIDIA-NeMo/RL``); GitHub redirects the old
name and threads recorded under either name belong to the framework.  ``frameworks.toml``
gives each framework its ``repo`` and its ``aliases``; a thread belongs to the framework
whose repo or alias equals its repository (compared without case, a ``https://github.com/``
prefix or a ``.git`` suffix).  A thread whose repository matches no framework is not
dropped: the snapshot source sends it to ``issue_threads_quarantine`` with
:func:`unmatched_reason`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...errors import ConfigError


def normalise_repo(repo: Any) -> str:
    """``owner/name`` in lower case, without a GitHub URL prefix, a ``.git`` suffix or slashes around."""
    text = str(repo or "").strip().lower()
    for prefix in ("https://github.com/", "http://github.com/", "github.com/"):
        if text.startswith(prefix):
            text = text[len(prefix):]
    text = text.strip("/")
    return text[:-4] if text.endswith(".git") else text


def repo_names(repo: str, aliases: Iterable[str] = ()) -> frozenset[str]:
    """The normalised names a framework's threads may carry."""
    return frozenset(normalise_repo(r) for r in (repo, *aliases) if normalise_repo(r))


def framework_by_repo(frameworks: Iterable[Any]) -> dict[str, str]:
    """{normalised repo or alias: framework name}; a name claimed by two frameworks is a config error."""
    out: dict[str, str] = {}
    for fw in frameworks:
        for name in repo_names(fw.repo, getattr(fw, "aliases", ())):
            if out.get(name, fw.name) != fw.name:
                raise ConfigError(f"repository {name!r} is claimed by both {out[name]} and {fw.name}")
            out[name] = fw.name
    return out


def framework_of(repo: Any, frameworks: Iterable[Any]) -> str | None:
    """The framework whose repo or alias is ``repo``, or None."""
    return framework_by_repo(frameworks).get(normalise_repo(repo))


def unmatched_reason(repo: Any, frameworks: Iterable[Any]) -> str:
    known = ", ".join(sorted(framework_by_repo(frameworks)))
    return f"repository {str(repo or '')!r} matches no framework's repo or alias ({known})"


def follow_rename(requested: str, reported: Any, aliases: Iterable[str] = ()) -> tuple[str, str | None]:
    """The canonical name of a repository asked for as ``requested`` and a note when it moved.

    GitHub answers a request for a renamed repository with the repository under its new name
    (``reported``: GraphQL ``nameWithOwner``; the REST API redirects).  Threads are recorded
    under that canonical name; the note says so, and asks for ``frameworks.toml`` to list the
    new name when it is neither ``requested`` nor one of ``aliases`` (otherwise the threads
    would reach the snapshot under a name no framework claims, and be quarantined).
    """
    if not reported or normalise_repo(reported) == normalise_repo(requested):
        return requested, None
    reported = str(reported)
    note = f"GitHub redirects {requested} to {reported}; threads recorded under {reported}"
    if normalise_repo(reported) not in repo_names(requested, aliases):
        note += "; add it to the framework's repo or aliases in frameworks.toml"
    return reported, note
