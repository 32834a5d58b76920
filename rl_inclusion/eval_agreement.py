"""``rl-inclusion eval-agreement``: which of the three agreement reports (screening labels, thread labels,
inclusion labels) a run asks for.  The statistics they share are in :mod:`rl_inclusion.agreement`."""

from __future__ import annotations

from .errors import ConfigError
from .linking.agreement import agreement_report as inclusion_report
from .screening.agreement import agreement_report as papers_report
from .threads.agreement import BASE_RATE, agreement_report as threads_report


def report(kind: str, firsts: list, second, base_rate: float | None = None) -> str:
    """The report for ``papers`` (screening labels), ``threads`` or ``inclusion`` (inclusion labels);
    ``--base-rate`` belongs to threads alone."""
    if kind in ("inclusion", "papers") and base_rate is not None:
        what = "inclusion pairs" if kind == "inclusion" else "papers"
        raise ConfigError(f"--base-rate is for threads ({what} report their agreement as drawn)")
    if kind == "inclusion":
        return inclusion_report(firsts, second)
    if kind == "papers":
        return papers_report(firsts, second)
    return threads_report(firsts, second, BASE_RATE if base_rate is None else base_rate)
