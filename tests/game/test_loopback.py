"""One test of a loopback host (game.addresses.is_loopback_host), shared by the chat channel and the site.

A webhook may be plain http only on the machine itself; the site without a public URL answers only a
loopback ``Host``; a proxy names the client only when it connects from the machine itself.
"""

from __future__ import annotations

import pytest

from game.addresses import is_loopback_host


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("localhost", True),
        ("127.0.0.1", True),
        ("127.8.9.10", True),  # the whole 127.0.0.0/8
        ("::1", True),
        ("10.0.0.1", False),
        ("192.168.1.1", False),
        ("example.org", False),
        ("localhost.example.org", False),
        ("", False),
    ],
)
def test_a_loopback_host_is_localhost_or_a_loopback_address(host: str, loopback: bool) -> None:
    assert is_loopback_host(host) is loopback
