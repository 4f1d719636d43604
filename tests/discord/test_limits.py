"""Each Discord user is bounded as a web client is: the checkers' rate for commands, the wrong-link rate for
secret links. Every request comes from Discord's own addresses, so the count is per Discord user. A game is
bounded too: the users who play no power in it share one budget, its maps have a rate, and what its commands
show to the channel has an hourly quota."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import time_machine
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from flask import Flask

from tests.discord.conftest import GM_USER, SITE, USERS, Channel, private, said
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


def test_users_who_play_no_power_share_one_budget_a_game_and_never_crowd_out_its_players(
    limited: Flask, key: Ed25519PrivateKey, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(endpoint, "BYSTANDERS", "3 per minute")
    client = limited.test_client()
    game = Site(client).new_game("Kyoto 1570")
    channel = Channel(client, key)
    channel.link(game)  # the GM is a bystander until linked: two commands of the channel's own budget
    channel.join(game, "Oda")  # two of the game's: Oda plays no power until the box is in
    onlookers = [str(200000000000000000 + n) for n in range(3)]
    assert said(channel.command(onlookers[0], "status")).startswith("**Kyoto 1570**")
    for onlooker in onlookers[1:]:
        over = said(channel.command(onlooker, "status"))
        assert over.startswith("Too many commands in this channel's game in a minute from people who play no power")
    assert said(channel.command(USERS["Oda"], "status")).startswith("**Kyoto 1570**")
    assert said(channel.command(GM_USER, "status")).startswith("**Kyoto 1570**")
    other = Channel(client, key, channel="700000000000000002")  # another channel, with no game: its own budget
    assert said(other.command(onlookers[2], "status")).startswith("No game is played in this channel")


def test_a_games_maps_have_a_rate_of_their_own(
    limited: Flask, key: Ed25519PrivateKey, discord: Discord, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(endpoint, "PER_GAME", "2 per minute")
    client = limited.test_client()
    game = Site(client).new_game("Kyoto 1570")
    channel = Channel(client, key)
    channel.link(game)
    for power in ("Oda", "Takeda"):
        assert channel.command(USERS[power], "map")["type"] == 5
        discord.wait_for(channel.last_token)
    over = channel.command(USERS["Mori"], "map")
    assert said(over).startswith("Too many maps of this game asked for in a minute")


def test_answers_shown_to_the_channel_are_within_the_games_hourly_quota_then_private(
    table: Channel, discord: Discord, monkeypatch: pytest.MonkeyPatch, frozen_clock: time_machine.Coordinates
) -> None:
    """/link's answer was the first of the hour's three; past the quota an answer goes to its user alone, and
    press sent to everyone is stored all the same."""
    monkeypatch.setenv("SENGOKU_GAME_DISCORD_POSTS_PER_HOUR", "3")
    assert not private(table.command(USERS["Oda"], "status", share=True))
    assert not private(table.command(USERS["Oda"], "press", to="everyone", text="Peace in Mino."))
    shared = table.command(USERS["Oda"], "status", share=True)
    assert private(shared)
    assert said(shared).endswith(
        "(Shown to you alone: this game's commands have posted 3 answers to the channel in the last hour.)"
    )
    sent = table.command(USERS["Oda"], "press", to="everyone", text="War in Omi.")
    assert private(sent) and said(sent).startswith("**Oda** to everyone")
    assert "War in Omi." in said(table.command(USERS["Takeda"], "messages"))
    deferred = table.command(USERS["Takeda"], "map", share=True)
    assert deferred == {"type": 5, "data": {"flags": 64}}
    discord.wait_for(table.last_token)
    frozen_clock.shift(3601)
    assert not private(table.command(USERS["Oda"], "status", share=True))
