"""A player's moves from Discord: orders in a box with a verdict per line, one order at a time, their orders,
DP bids with the DP left, and "ready" ending the phase early; each through the web's own actions."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.discord.conftest import POWERS, USERS, Channel, private, said
from tests.discord.discordd import Discord
from tests.web.conftest import BACKENDS, GameLinks, Site
from web.table import deadlines

pytestmark = pytest.mark.clock


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """SQLite, and PostgreSQL when ./run test started one: the Discord table's rows and the actions on both."""
    return str(request.param)


ODA = USERS["Oda"]


def orders_box(table: Channel, user: str = ODA, **options: object) -> dict[str, object]:
    opened = table.command(user, "orders", **options)
    assert opened["type"] == 9
    return opened["data"]  # type: ignore[no-any-return]


def stored(client: FlaskClient, game: GameLinks, power: str = "Oda") -> list[str]:
    return client.get(f"/api/games/{game.id}/me", headers=game.bearer(power)).get_json()["orders"]  # type: ignore[no-any-return]


def test_orders_in_a_box_get_a_verdict_per_line_and_a_refused_line_is_given_back(
    table: Channel, client: FlaskClient, game: GameLinks
) -> None:
    box = orders_box(table)
    assert box["custom_id"] == "orders|replace|Spring 1570 movement" and box["title"] == "Oda: Spring 1570 movement"
    text = "Hi all\nA Owari - Mino\nF Mikawa - Totomi Sea\nA Owrai H\n2 : A Yamashiro H"
    answer = table.box(ODA, str(box["custom_id"]), text)
    assert private(answer)
    assert said(answer) == (
        "**Spring 1570 movement**: 3 orders stored, 1 line refused.\n"
        "▫️ 1. 'Hi all' (chatter)\n"
        "✅ 2. A Owari - Mino\n"
        "✅ 3. F Mikawa - Totomi Sea\n"
        "❌ 4. 'A Owrai H': unknown province 'Owrai'; did you mean Owari (OWA)?\n"
        "✅ 5. 2 : A Yamashiro H\n"
        "Stored now: A Owari - Mino; F Mikawa - Totomi Sea; 2 : A Yamashiro H\n"
        "The refused lines, to copy into /orders once put right:\n```\nA Owrai H\n```"
    )
    assert stored(client, game) == ["A Owari - Mino", "F Mikawa - Totomi Sea", "2 : A Yamashiro H"]
    field = orders_box(table)["components"][0]["components"][0]  # type: ignore[index]
    assert field["value"] == "A Owari - Mino\nF Mikawa - Totomi Sea\n2 : A Yamashiro H"  # the box holds them again


def test_merge_changes_only_the_units_named_and_a_box_all_refused_stores_nothing(
    table: Channel, client: FlaskClient, game: GameLinks
) -> None:
    table.box(ODA, str(orders_box(table)["custom_id"]), "A Owari - Mino\nF Mikawa - Totomi Sea")
    merge = orders_box(table, mode="merge")
    assert merge["custom_id"] == "orders|merge|Spring 1570 movement"
    assert "value" not in merge["components"][0]["components"][0]  # type: ignore[index]
    assert "2 orders stored" in said(table.box(ODA, str(merge["custom_id"]), "A Owari - Ise"))
    assert stored(client, game) == ["F Mikawa - Totomi Sea", "A Owari - Ise"]
    refused = said(table.box(ODA, "orders|replace|Spring 1570 movement", "A Kai - Suruga"))
    assert refused.startswith("**Spring 1570 movement**: nothing stored: every line was refused; your 2 stored")
    assert stored(client, game) == ["F Mikawa - Totomi Sea", "A Owari - Ise"]


def test_a_box_opened_before_the_phase_closed_stores_nothing(
    table: Channel, client: FlaskClient, game: GameLinks
) -> None:
    box = orders_box(table)
    Site(client).adjudicate(game)
    answer = said(table.box(ODA, str(box["custom_id"]), "A Owari - Mino"))
    assert answer.startswith("Spring 1570 movement was adjudicated at ")
    assert "your orders were not saved; the open phase is Fall 1570 movement." in answer
    assert stored(client, game) == []


def test_one_order_at_a_time_is_merged_with_the_others(table: Channel, client: FlaskClient, game: GameLinks) -> None:
    assert said(table.command(ODA, "order", order="A Owari - Mino")).startswith("**Spring 1570 movement**: 1 order")
    answer = said(table.command(ODA, "order", order="F Mikawa - Totomi Sea"))
    assert answer.endswith("Stored now: A Owari - Mino; F Mikawa - Totomi Sea")
    assert "❌ 1. 'A Kai H'" in said(table.command(ODA, "order", order="A Kai H"))
    assert stored(client, game) == ["A Owari - Mino", "F Mikawa - Totomi Sea"]


def test_my_orders_show_the_orders_the_dp_and_ready(table: Channel) -> None:
    table.command(ODA, "order", order="A Owari - Mino")
    table.command(ODA, "ready")
    assert said(table.command(ODA, "myorders")) == (
        "**Oda, Spring 1570 movement**\nYour orders:\n- A Owari - Mino\nDP: 2 of 2 left.\nYou are ready.\nNo deadline."
    )


def test_a_dp_bid_says_the_dp_left_and_is_refused_past_the_limit(
    table: Channel, client: FlaskClient, game: GameLinks
) -> None:
    answer = table.command(ODA, "bid", order="A Musashi S A Kai - Sagami", dp=1)
    assert private(answer)
    assert said(answer) == (
        "DP order stored: 1 : A Musashi S A Kai - Sagami.\n"
        "Your DP orders: 1 : A Musashi S A Kai - Sagami. DP left: 1 of 2."
    )
    again = said(table.command(ODA, "bid", order="A Musashi H", dp=2))  # the same neutral unit: replaced
    assert again.endswith("Your DP orders: 2 : A Musashi H. DP left: 0 of 2.")
    over = said(table.command(ODA, "bid", order="A Yamashiro H", dp=1))
    assert over == "DP order refused: not enough DP: 2 this phase, 2 already spent."
    not_neutral = said(table.command(ODA, "bid", order="A Owari H", dp=1))
    assert not_neutral == "DP order refused: DP orders are only for neutral units, and Owari has none."
    assert said(table.command(ODA, "bid", order="A Musashi - Kai", dp=1)).startswith("'A Musashi - Kai': ")
    withdrawn = said(table.command(ODA, "bid", order="A Musashi H", dp=0))
    assert withdrawn.startswith("DP order withdrawn.") and withdrawn.endswith("DP left: 2 of 2.")
    assert stored(client, game) == []


def test_ready_from_every_player_ends_the_phase_early(
    app: Flask, channel: Channel, client: FlaskClient, game: GameLinks
) -> None:
    channel.link(game)
    early = client.put(f"/api/games/{game.id}/early", json={"when_all_ready": True}, headers=game.bearer("gm"))
    assert early.status_code == 200
    for power in POWERS:
        channel.join(game, power)
    channel.command(ODA, "order", order="A Owari - Mino")
    for power in POWERS[:-1]:
        assert said(channel.command(USERS[power], "ready")).startswith(f"{power} is ready for Spring 1570 movement.")
    last = said(channel.command(USERS[POWERS[-1]], "ready"))
    assert last == "Everyone is ready: the phase is being adjudicated now; the results follow in a few seconds."
    deadlines.run_pass(app.extensions["sengoku_db"], None)
    assert client.get(f"/api/games/{game.id}").get_json()["phase"] == "Fall 1570 movement"
    assert "A Owari - Mino" in client.get(f"/api/games/{game.id}/history/1").get_json()["text"]


def test_ready_can_be_taken_back(table: Channel) -> None:
    table.command(ODA, "ready")
    assert said(table.command(ODA, "ready", ready=False)) == "Oda is no longer marked ready for Spring 1570 movement."


def test_an_answer_longer_than_a_discord_message_goes_on_in_follow_ups(table: Channel, discord: Discord) -> None:
    text = "\n".join(f"A Nowhere{n} - Mino" for n in range(60))
    answer = table.box(ODA, "orders|replace|Spring 1570 movement", text)
    first = said(answer)
    assert len(first) <= 2000 and first.startswith("**Spring 1570 movement**: nothing stored")
    follow = discord.wait_for(table.last_token)
    assert follow.method == "POST" and follow.body["flags"] == 64 and follow.body["allowed_mentions"] == {"parse": []}
    assert "❌" in follow.body["content"] and len(follow.body["content"]) <= 2000
