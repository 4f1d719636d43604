"""Fixtures for mail: a game with an address book, and a real SMTP server on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, cli, game  # noqa: F401  (the CLI fixtures, used here too)
from tests.outbox.smtpd import Mailbox, smtp_server

ADDRESSES = {
    "Oda": ["nobunaga@example.org"],
    "Takeda": ["shingen@example.org", "kai@example.net"],
    "Hojo": ["ujiyasu@example.org"],
}


@pytest.fixture
def server() -> Iterator[tuple[int, Mailbox]]:
    with smtp_server() as running:
        yield running


@pytest.fixture
def addressed(cli: Cli, game: Path) -> Path:  # noqa: F811
    """A new game named 'Kyoto 1570' where Oda, Takeda (two addresses) and Hojo have addresses; the rest none."""
    cli("new", "game.json", "--name", "Kyoto 1570", "--force")
    for power, addresses in ADDRESSES.items():
        cli("players", "game.json", "set", power, *addresses)
    return game


def smtp(port: int) -> list[str]:
    """The flags that point ``sengoku mail`` at the test server."""
    return ["--smtp-host", "127.0.0.1", "--smtp-port", str(port), "--from", "GM <gm@kyoto.example>"]
