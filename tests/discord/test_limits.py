"""Each Discord user is bounded as a web client is: the checkers' rate for commands, the wrong-link rate for
secret links. Every request comes from Discord's own addresses, so the count is per Discord user."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from flask import Flask

from tests.discord.conftest import SITE, USERS, Channel, said
from tests.discord.discordd import Discord
from tests.web.conftest import Site
from web import create_app
from web.access import limits
from web.discord import endpoint

pytestmark = pytest.mark.clock


@pytest.fixture
def limited(
    tmp_path: Path, key: Ed25519PrivateKey, discord: Discord, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Flask]:
    monkeypatch.setitem(limits.RATES, "check", "5 per minute")
    monkeypatch.setitem(limits.RATES, "wrong_link", "2 per minute")
    monkeypatch.setattr(endpoint, "PER_USER", "1 per minute")
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'l.db'}",
            "SECRET_KEY": "t",
            "RATE_LIMITS": True,
            "DISCORD_PUBLIC_KEY": public,
            "DISCORD_API_URL": discord.api,
        }
    )
    yield app
    app.extensions["sengoku_db"].dispose()


def test_a_user_over_the_rate_gets_a_private_line_and_others_go_on(limited: Flask, key: Ed25519PrivateKey) -> None:
    client = limited.test_client()
    game = Site(client).new_game("Kyoto 1570")
    channel = Channel(client, key)
    channel.link(game)  # the GM's two commands
    channel.join(game, "Oda")  # two: the command, then its box
    for _ in range(3):
        assert said(channel.command(USERS["Oda"], "status")).startswith("**Kyoto 1570**")
    over = channel.command(USERS["Oda"], "status")
    assert said(over) == "Too many commands from you in a minute: wait a little and try again."
    assert said(channel.command(USERS["Takeda"], "status")).startswith("**Kyoto 1570**")


def test_wrong_links_are_counted_per_user(limited: Flask, key: Ed25519PrivateKey) -> None:
    client = limited.test_client()
    game = Site(client).new_game("Kyoto 1570")
    channel = Channel(client, key)
    channel.link(game)
    hojo = USERS["Hojo"]
    for guess in ("a" * 32, "b" * 32):
        assert said(channel.box(hojo, "join", f"{SITE}/games/{game.id}/play/{guess}")).startswith("That link is not")
    right = channel.box(hojo, "join", f"{SITE}/games/{game.id}/play/{game.tokens['Hojo']}")
    assert said(right) == "Too many wrong links from you in a minute: wait a little and try again."
    assert said(channel.join(game, "Mori")).startswith("You play **Mori**")


def test_maps_have_a_rate_of_their_own(limited: Flask, key: Ed25519PrivateKey, discord: Discord) -> None:
    client = limited.test_client()
    channel = Channel(client, key)
    channel.link(Site(client).new_game("Kyoto 1570"))
    assert channel.command(USERS["Oda"], "map")["type"] == 5
    discord.wait_for(channel.last_token)
    over = channel.command(USERS["Oda"], "map")
    assert said(over).startswith("Too many maps asked for in a minute")
    assert channel.command(USERS["Takeda"], "map", share=True)["type"] == 5
    discord.wait_for(channel.last_token)
