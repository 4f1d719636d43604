"""The GM's page, its Discord card: link a channel by its ID, see who plays which power there, let one go,
turn mentions on, unlink; each change in the GM's log as done from the GM page."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.discord.conftest import CHANNEL, USERS, Channel, said
from tests.web.conftest import GameLinks, Site, flashes

pytestmark = pytest.mark.clock


def post(site: Site, game: GameLinks, **form: str) -> list[str]:
    answer = site.post(game.gm_page + "/discord", form, page=game.gm_page, follow_redirects=True)
    assert answer.status_code == 200
    return flashes(answer.get_data(as_text=True))


def card(client: FlaskClient, game: GameLinks) -> str:
    html = client.get(game.gm_page).get_data(as_text=True)
    found = re.search(r'<section class="card" id="discord">(.*?)</section>', html, re.S)
    assert found
    return found.group(1)


def test_the_gm_links_the_channel_from_the_page_and_players_join_in_discord(
    client: FlaskClient, game: GameLinks, channel: Channel
) -> None:
    site = Site(client)
    assert "Channel ID" in card(client, game)
    assert post(site, game, do="link", channel="not a number") == [
        "Nothing changed: a Discord channel ID is a number (in Discord: right-click the channel, Copy Channel ID)."
    ]
    assert post(site, game, do="link", channel=CHANNEL)[0].startswith("The game is played in that Discord channel")
    assert said(channel.join(game, "Oda")).startswith("You play **Oda**")
    shown = card(client, game)
    assert f'Played in channel <strong id="discord-channel">{CHANNEL}</strong>' in shown
    assert "Oda player" in shown and USERS["Oda"] in shown
    assert post(site, game, do="mentions", mentions="on") == [
        "The chat channel&#39;s posts mention the players who owe orders."
    ]
    assert post(site, game, do="unbind", power="Oda") == ["Oda is no longer played by a Discord user."]
    assert said(channel.command(USERS["Oda"], "myorders")).startswith("You play no power in this game")
    assert post(site, game, do="unlink") == ["The Discord channel was unlinked."]
    assert said(channel.command(USERS["Oda"], "status")).startswith("No game is played in this channel")
    log = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()["log"]
    assert [(e["by"], e["action"]) for e in log if e["action"].startswith("Discord:")] == [
        ("GM page", "Discord: the channel was unlinked"),
        ("GM page", "Discord: Oda is no longer bound to a Discord user"),
        ("GM page", "Discord: the channel's posts mention the players"),
        ("Discord", f"Discord: Oda is played by Discord user Oda player ({USERS['Oda']})"),
        ("GM page", f"Discord: the game is played in channel {CHANNEL}"),
    ]


def test_a_players_link_reaches_no_discord_card(client: FlaskClient, game: GameLinks) -> None:
    page = f"/games/{game.id}/gm/{game.tokens['Oda']}/discord"
    assert Site(client).post(page, {"do": "link", "channel": CHANNEL}).status_code == 403
