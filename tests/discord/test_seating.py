"""Linking: the GM binds the channel to a game with the GM link, each player binds their Discord user to their
power with their own link; a user acts for that power alone, in that channel's game; the GM unbinds."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.discord.conftest import GM_USER, SITE, USERS, Channel, private, said
from tests.web.conftest import BACKENDS, GameLinks, Site

pytestmark = pytest.mark.clock


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """SQLite, and PostgreSQL when ./run test started one: the Discord table's rows and the actions on both."""
    return str(request.param)


def gm_log(client: FlaskClient, game: GameLinks) -> list[tuple[str, str]]:
    log = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()["log"]
    return [(entry["by"], entry["action"]) for entry in reversed(log)]


def test_the_gm_links_the_channel_with_the_gm_link_in_a_box_and_everyone_is_told(
    channel: Channel, game: GameLinks, client: FlaskClient
) -> None:
    opened = channel.command(GM_USER, "link")
    assert opened["type"] == 9  # a modal: the secret link is typed in a box, never in a command line
    assert opened["data"]["custom_id"] == "link"
    answer = channel.box(GM_USER, "link", f"{SITE}/games/{game.id}/gm/{game.gm}")
    assert not private(answer)
    assert said(answer).startswith("This channel now plays **Kyoto 1570** (Sengoku Jidai (6DP)), at Spring 1570")
    assert game.gm not in said(answer)
    assert ("Discord", "Discord: the game is played in channel 700000000000000001") in gm_log(client, game)


def test_a_players_link_cannot_link_a_channel_and_a_wrong_link_is_refused(channel: Channel, game: GameLinks) -> None:
    player = channel.box(GM_USER, "link", f"{SITE}/games/{game.id}/play/{game.tokens['Oda']}")
    assert private(player) and said(player).startswith("That is a player's link")
    wrong = channel.box(GM_USER, "link", f"{SITE}/games/{game.id}/gm/not-the-token")
    assert private(wrong) and said(wrong).startswith("That link is not valid")
    assert said(channel.box(GM_USER, "link", "hello")).startswith("That is not a link of this site's games")
    assert said(channel.command(USERS["Oda"], "status")).startswith("No game is played in this channel")


def test_a_player_joins_with_their_own_link_answered_to_them_alone(
    channel: Channel, game: GameLinks, client: FlaskClient
) -> None:
    channel.link(game)
    answer = channel.join(game, "Oda")
    assert private(answer)
    assert said(answer).startswith("You play **Oda** in this channel's game.")
    assert ("Discord", f"Discord: Oda is played by Discord user Oda player ({USERS['Oda']})") in gm_log(client, game)
    assert said(channel.command(USERS["Oda"], "myorders")).startswith("**Oda, Spring 1570 movement**")


def test_a_user_not_bound_to_a_power_gets_one_private_line(table: Channel) -> None:
    for command in ("orders", "myorders", "ready", "messages"):
        answer = table.command("555555555555555555", command)
        assert private(answer)
        assert said(answer) == "You play no power in this game: /join with your own player link first."


def test_a_user_orders_for_the_power_bound_to_them_only(table: Channel) -> None:
    opened = table.command(USERS["Oda"], "orders")
    answer = said(table.box(USERS["Oda"], opened["data"]["custom_id"], "Takeda:\nA Kai - Suruga"))
    assert "❌" in answer and "for Oda only, not for Takeda" in answer
    assert "nothing stored" in answer


def test_a_players_link_binds_them_in_that_links_game_only(
    table: Channel, client: FlaskClient, key: object, game: GameLinks
) -> None:
    other = Site(client).new_game("Osaka 1571")
    answer = table.box(USERS["Hojo"], "join", f"{SITE}/games/{other.id}/play/{other.tokens['Hojo']}")
    assert said(answer) == "That link is for another game than the one played in this channel."
    elsewhere = Channel(client, key, channel="700000000000000002")  # type: ignore[arg-type]
    assert said(elsewhere.command(USERS["Oda"], "myorders")).startswith("No game is played in this channel")
    elsewhere.link(other)
    assert said(elsewhere.command(USERS["Oda"], "myorders")).startswith("You play no power in this game")


def test_joining_again_moves_the_binding_and_a_new_link_lets_the_old_player_go(
    table: Channel, game: GameLinks, client: FlaskClient
) -> None:
    moved = table.box(USERS["Oda"], "join", f"{SITE}/games/{game.id}/play/{game.tokens['Hojo']}")
    assert said(moved).startswith("You play **Hojo** in this channel's game (you no longer play Oda here).")
    renewed = client.post(f"/api/games/{game.id}/links", json={"role": "Takeda"}, headers=game.bearer("gm"))
    assert renewed.status_code == 200
    assert said(table.command(USERS["Takeda"], "myorders")).startswith("You play no power in this game")
    fresh = renewed.get_json()["token"]
    assert said(table.box(USERS["Takeda"], "join", f"{SITE}/games/{game.id}/play/{fresh}")).startswith(
        "You play **Takeda**"
    )


def test_the_gm_unbinds_a_player_and_unlinks_the_channel_and_no_one_else_can(
    table: Channel, game: GameLinks, client: FlaskClient
) -> None:
    refused = table.command(USERS["Takeda"], "unbind", power="Oda")
    assert said(refused) == "You can let go of your own power only; the GM can let go of any."
    assert said(table.command(USERS["Takeda"], "unlink")).startswith("Only the GM who linked this channel")
    assert said(table.command(GM_USER, "unbind", power="oda")).startswith("Oda is no longer played by a Discord user")
    assert said(table.command(USERS["Oda"], "myorders")).startswith("You play no power in this game")
    assert said(table.command(USERS["Takeda"], "unbind", power="Takeda")).startswith("Takeda is no longer played")
    gone = table.command(GM_USER, "unlink")
    assert not private(gone) and said(gone).startswith("This channel no longer plays its game")
    assert said(table.command(GM_USER, "status")).startswith("No game is played in this channel")
    log = gm_log(client, game)
    assert ("Discord", "Discord: Oda is no longer bound to a Discord user") in log
    assert ("Discord", "Discord: the channel was unlinked") in log
    assert all(by == "Discord" for by, action in log if action.startswith("Discord:"))


def test_a_channel_plays_one_game(table: Channel, client: FlaskClient) -> None:
    other = Site(client).new_game("Osaka 1571")
    answer = table.box(GM_USER, "link", f"{SITE}/games/{other.id}/gm/{other.gm}")
    assert said(answer) == "That Discord channel plays another game: unlink it there first (/unlink)."


def test_a_new_gm_link_lets_the_gm_in_discord_go(table: Channel, game: GameLinks, client: FlaskClient) -> None:
    renewed = client.post(f"/api/games/{game.id}/links", json={"role": "gm"}, headers=game.bearer("gm"))
    assert renewed.status_code == 200
    assert said(table.command(GM_USER, "unlink")).startswith("Only the GM who linked this channel")
    fresh = renewed.get_json()["token"]
    assert said(table.box(GM_USER, "link", f"{SITE}/games/{game.id}/gm/{fresh}")).startswith("This channel now plays")
    assert said(table.command(GM_USER, "unlink")).startswith("This channel no longer plays")


def test_a_players_moves_from_discord_are_recorded_as_the_webs_and_the_gms_by_discord(
    table: Channel, game: GameLinks, client: FlaskClient
) -> None:
    """Orders, a DP bid, ready and press: the same actions as the web's, so the same GM's log (a player's move
    is no line of it, from the web or Discord); each GM action from Discord is, by "Discord"."""
    web = Site(client).new_game("Kyoto 1570")
    oda, headers = USERS["Oda"], web.bearer("Oda")
    table.command(oda, "order", order="A Owari - Mino")
    client.put(f"/api/games/{web.id}/orders", json={"text": "A Owari - Mino"}, headers=headers)
    table.command(oda, "bid", order="A Musashi H", dp=1)
    client.post(f"/api/games/{web.id}/bids", json={"unit": "MUS", "kind": "hold", "points": 1}, headers=headers)
    table.command(oda, "ready")
    client.put(f"/api/games/{web.id}/ready", json={"ready": True}, headers=headers)
    table.command(oda, "press", to="everyone", text="Peace.")
    client.post(f"/api/games/{web.id}/press", json={"to": ["everyone"], "text": "Peace."}, headers=headers)
    seen = []
    for links in (game, web):
        me = client.get(f"/api/games/{links.id}/me", headers=links.bearer("Oda")).get_json()
        seen.append((me["orders"], [b["text"] for b in me["bids"]], me["ready"]))
    assert seen[0] == seen[1] == (["A Owari - Mino", "1 : A Musashi H"], ["1 : A Musashi H"], True)
    table.command(GM_USER, "unbind", power="Takeda")
    from_discord = gm_log(client, game)
    started = [("web site", "started the game")]
    assert [line for line in from_discord if not line[1].startswith("Discord:")] == gm_log(client, web) == started
    discord_lines = [by for by, action in from_discord if action.startswith("Discord:")]
    assert discord_lines == ["Discord"] * 4  # linked, Oda and Takeda joined, Takeda let go
