"""No network: a host that does not resolve fails at once with a clear reason, without minutes of backoff."""

import socket

import pytest
import requests
import urllib3
import responses

from rl_inclusion.errors import SourceError
from test_arxiv_live import Q1, FakeClock, make, serve


@responses.activate
def test_unresolvable_host_fails_fast_with_a_clear_reason():
    clock = FakeClock()
    # What requests raises when DNS fails: a ConnectionError wrapping urllib3's MaxRetryError(NameResolutionError).
    dns = urllib3.exceptions.NameResolutionError("export.arxiv.org", None, socket.gaierror(-3, "Temporary failure in name resolution"))
    serve(requests.exceptions.ConnectionError(urllib3.exceptions.MaxRetryError(None, "/api/query", dns)))
    with pytest.raises(SourceError, match="arXiv API unreachable: the host of .* does not resolve"):
        make(clock).fetch(*Q1)
    assert len(responses.calls) == 1 and clock.sleeps == []


@responses.activate
def test_a_refused_connection_is_still_retried():
    clock = FakeClock()
    serve(requests.exceptions.ConnectionError("Connection refused"), "paged_p1.xml", "paged_p2.xml", "paged_p3.xml")
    res = make(clock).fetch(*Q1)
    assert res.retries == 1 and clock.sleeps[0] == 5.0
