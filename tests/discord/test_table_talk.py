"""The table from Discord: status, press under the game's rules, unread press, the map (deferred, then sent
through the interaction's webhook to the loopback Discord), and autocomplete from the board."""

from __future__ import annotations

import io

import pytest
from flask.testing import FlaskClient
from PIL import Image

from tests.discord.conftest import GM_USER, USERS, Channel, private, said
from tests.discord.discordd import Discord
from tests.outbox.chatd import DISCORD_FILE_LIMIT
from tests.web.conftest import GameLinks, Site

pytestmark = pytest.mark.clock

ODA, TAKEDA = USERS["Oda"], USERS["Takeda"]


def press_rules(client: FlaskClient, game: GameLinks, **rules: object) -> None:
    answer = client.put(f"/api/games/{game.id}/press-rules", json=rules, headers=game.bearer("gm"))
    assert answer.status_code == 200


def test_status_shows_the_phase_the_deadline_who_has_ordered_and_who_is_ready(
    table: Channel, client: FlaskClient, game: GameLinks
) -> None:
    client.put(f"/api/games/{game.id}/deadline", json={"at": "2026-03-03T20:00:00Z"}, headers=game.bearer("gm"))
    table.command(ODA, "order", order="A Owari - Mino")
    table.command(ODA, "ready")
    answer = table.command(TAKEDA, "status")
    assert private(answer)
    assert said(answer) == (
        "**Kyoto 1570** (Sengoku Jidai (6DP)): Spring 1570 movement\n"
        "Deadline: <t:1772568000:F> (<t:1772568000:R>; Tuesday 3 March 2026, 20:00 UTC).\n"
        "- Asakura: no orders yet\n- Chosokabe: no orders yet\n- Hojo: no orders yet\n- Mori: no orders yet\n"
        "- Oda: 1 order in, more due, ready\n- Shimazu: no orders yet\n- Takeda: no orders yet\n"
        "- Uesugi: no orders yet\n"
        "Still to order: Asakura, Chosokabe, Hojo, Mori, Oda, Shimazu, Takeda, Uesugi."
    )
    shared = table.command(GM_USER, "status", share=True)
    assert not private(shared) and said(shared) == said(answer)


def test_status_counts_a_power_ordered_when_each_unit_has_an_order_as_the_channel_does(table: Channel) -> None:
    """One order of Oda's two is not "ordered" (game/owed.py: the GM page, the reminders and the channel's
    owing line count so); every unit ordered is."""
    table.command(ODA, "orders")
    table.box(ODA, "orders|replace|Spring 1570 movement", "A Owari H\nF Mikawa H")  # both of Oda's units
    text = said(table.command(TAKEDA, "status"))
    assert "- Oda: ordered\n" in text
    assert text.endswith("Still to order: Asakura, Chosokabe, Hojo, Mori, Shimazu, Takeda, Uesugi.")


def test_press_to_a_power_is_private_and_read_with_messages(table: Channel) -> None:
    sent = table.command(ODA, "press", to="takeda", text="Shall we share *Shinano*?")
    assert private(sent)
    assert said(sent) == "Sent to Takeda (Spring 1570 movement):\nShall we share \\*Shinano\\*?"
    unread = table.command(TAKEDA, "messages")
    assert private(unread)
    assert said(unread) == (
        "**New press for Takeda**\n\n**Oda** to Takeda (Spring 1570 movement):\nShall we share \\*Shinano\\*?"
    )
    assert said(table.command(TAKEDA, "messages")).startswith("No new press for Takeda. (1 message so far")


def test_signed_press_to_everyone_is_shown_to_the_channel_and_nobody_is_pinged(table: Channel) -> None:
    answer = table.command(ODA, "press", to="everyone", text="@everyone peace in Owari")
    assert not private(answer) and answer["data"]["allowed_mentions"] == {"parse": []}
    assert said(answer) == "**Oda** to everyone (Spring 1570 movement):\n@everyone peace in Owari"


def test_press_follows_the_games_rules(table: Channel, client: FlaskClient, game: GameLinks) -> None:
    press_rules(client, game, kind="public")
    refused = table.command(ODA, "press", to="Takeda", text="psst")
    assert private(refused)
    assert said(refused) == "The GM allows public press only (to everyone) in this game."
    grey = said(table.command(ODA, "press", to="everyone", text="who am I?", unsigned=True))
    assert grey == "The GM allows no unsigned (grey) press in this game."
    press_rules(client, game, kind="public", grey=True)
    unsigned = table.command(ODA, "press", to="everyone", text="who am I?", unsigned=True)
    assert private(unsigned) and said(unsigned) == "Sent unsigned to everyone (Spring 1570 movement):\nwho am I?"
    assert "**Anonymous** to everyone" in said(table.command(TAKEDA, "messages"))
    press_rules(client, game, kind="none")
    assert said(table.command(ODA, "press", to="everyone", text="hello")) == "The GM allows no press in this game."
    assert said(table.command(ODA, "press", to="Oda", text="me")).startswith("The GM allows no press")
    assert said(table.command(ODA, "press", to="Nobody", text="x")).startswith("'Nobody' is no power of this game")


def png_of(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) <= DISCORD_FILE_LIMIT
    picture = Image.open(io.BytesIO(data))
    picture.load()
    return picture


def test_the_map_is_deferred_then_sent_through_the_interactions_webhook(table: Channel, discord: Discord) -> None:
    table.command(ODA, "order", order="A Owari - Mino")
    answer = table.command(ODA, "map")
    assert answer == {"type": 5, "data": {"flags": 64}}  # "thinking...", seen by Oda alone
    arrived = discord.wait_for(table.last_token)
    assert arrived.method == "PATCH" and arrived.path.endswith("/messages/@original")
    assert arrived.body["content"] == "**Kyoto 1570**: Spring 1570 movement, the position now (your orders drawn)."
    assert arrived.body["attachments"] == [{"id": 0, "filename": "sengoku-spring-1570-movement.png"}]
    picture = png_of(arrived.files["sengoku-spring-1570-movement.png"])
    assert picture.width >= 1000 and picture.height >= 800


def test_the_shared_map_and_the_last_results(
    table: Channel, discord: Discord, client: FlaskClient, game: GameLinks
) -> None:
    assert said(table.command(ODA, "map", view="results")).startswith("No phase has been adjudicated yet")
    table.command(ODA, "order", order="A Owari - Mino")
    Site(client).adjudicate(game)
    shared = table.command(ODA, "map", view="results", share=True)
    assert shared == {"type": 5, "data": {}}
    arrived = discord.wait_for(table.last_token)
    assert "flags" not in arrived.body
    assert arrived.body["content"] == "**Kyoto 1570**: the results of Spring 1570 movement."
    png_of(arrived.files["sengoku-spring-1570-movement.png"])
    table.command(TAKEDA, "map", share=True)
    now = discord.wait_for(table.last_token)
    assert now.body["content"] == "**Kyoto 1570**: Fall 1570 movement, the position now."
    public = client.get(f"/games/{game.id}/map.png").data
    assert now.files["sengoku-fall-1570-movement.png"] == public  # the site's own public picture


def test_autocomplete_offers_the_players_legal_orders_narrowed_by_what_was_typed(
    table: Channel, client: FlaskClient, game: GameLinks
) -> None:
    choices = table.autocomplete(ODA, "order", "order", "owa min")
    assert {"name": "A Owari - Mino", "value": "A Owari - Mino"} in choices
    assert all("Owari" in c["name"] and "Mino" in c["name"] for c in choices)
    everything = table.autocomplete(ODA, "order", "order", "")
    assert 10 < len(everything) <= 25 and all(c["name"].startswith(("A Owari ", "F Mikawa ")) for c in everything)
    takeda = table.autocomplete(TAKEDA, "order", "order", "kai")
    units = [
        u["text"] for u in client.get(f"/api/games/{game.id}/me", headers=game.bearer("Takeda")).get_json()["units"]
    ]
    assert takeda and all(any(c["name"].startswith(unit + " ") for unit in units) for c in takeda)
    assert {"name": "A Kai - Suruga", "value": "A Kai - Suruga"} in takeda
    assert not any(c["name"].startswith("A Owari") for c in takeda)
    assert table.autocomplete("555555555555555555", "order", "order", "owa") == []


def test_autocomplete_offers_what_dp_can_buy_a_neutral_unit_and_whom_to_write_to(table: Channel) -> None:
    bids = table.autocomplete(ODA, "bid", "order", "musashi kai")
    assert {"name": "A Musashi S A Kai - Sagami", "value": "A Musashi S A Kai - Sagami"} in bids
    assert all(c["name"].startswith("A Musashi") for c in bids)
    to = table.autocomplete(ODA, "press", "to", "", text="hello")
    others = ["Asakura", "Chosokabe", "Hojo", "Mori", "Shimazu", "Takeda", "Uesugi"]
    assert [c["name"] for c in to] == ["everyone", *others]
    assert [c["value"] for c in table.autocomplete(ODA, "press", "to", "ta")] == ["Takeda"]
    assert [c["value"] for c in table.autocomplete(GM_USER, "unbind", "power", "hoj")] == ["Hojo"]


def test_unread_press_comes_oldest_first_ten_at_a_time_and_none_is_skipped(
    table: Channel, client: FlaskClient, game: GameLinks
) -> None:
    for n in range(1, 13):
        sent = client.post(
            f"/api/games/{game.id}/press", json={"to": ["Takeda"], "text": f"note {n}"}, headers=game.bearer("Oda")
        )
        assert sent.status_code == 201
    first = said(table.command(TAKEDA, "messages"))
    assert first.count("**Oda** to Takeda") == 10 and "note 1\n" in first and "note 11" not in first
    assert first.endswith("2 more new: /messages again.")
    second = said(table.command(TAKEDA, "messages"))
    assert second.count("**Oda** to Takeda") == 2 and second.endswith("note 12")
    assert said(table.command(TAKEDA, "messages")).startswith("No new press for Takeda. (12 messages so far")


def test_an_interactions_webhook_token_never_reaches_the_log() -> None:
    from web.serving.redact import redact

    line = 'HTTP Request: PATCH https://discord.com/api/v10/webhooks/42/aW50ZXJh.Y3Rp/messages/@original "200 OK"'
    assert redact(line) == 'HTTP Request: PATCH https://discord.com/api/v10/webhooks/42/***/messages/@original "200 OK"'


def test_long_press_is_shown_a_few_messages_long_at_a_time(
    table: Channel, client: FlaskClient, game: GameLinks, discord: Discord
) -> None:
    for n in range(3):
        text = f"letter {n}: " + "word " * 500
        sent = client.post(
            f"/api/games/{game.id}/press", json={"to": ["Takeda"], "text": text}, headers=game.bearer("Oda")
        )
        assert sent.status_code == 201
    first = said(table.command(TAKEDA, "messages"))
    token = table.last_token
    with discord.arrived:  # the follow-ups, in order; the last says what is left
        discord.arrived.wait_for(lambda: any("more new" in a.body["content"] for a in discord.received), timeout=30)
    follow = [a.body["content"] for a in discord.received if a.token == token]
    whole = "\n".join([first, *follow])
    assert all(len(part) <= 2000 for part in [first, *follow]) and len(follow) >= 2
    assert "letter 0" in whole and "letter 1" in whole and "letter 2" not in whole
    assert whole.endswith("1 more new: /messages again.")
    said(table.command(TAKEDA, "messages"))
    assert discord.wait_for(table.last_token).body["content"].startswith("letter 2: word")
