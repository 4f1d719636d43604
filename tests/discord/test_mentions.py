"""The channel's reminders name the powers that still owe orders, and mention their Discord players only where
the GM turned mentions on (/mentions): the webhook may then ping exactly those users, nobody else."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.discord.conftest import GM_USER, USERS, Channel, said
from tests.outbox.chatd import DISCORD_PATH, Receiver, webhook_receiver
from tests.web.conftest import GameLinks
from web.play import actions
from web.schemas.bodies import DeadlineIn
from web.storage import store
from web.table import deadlines

pytestmark = pytest.mark.clock


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with webhook_receiver() as running:
        yield running


def remind(app: Flask, client: FlaskClient, game: GameLinks, receiver: Receiver) -> str:
    """A reminder round two hours before the deadline, as the deadline job sends it; the message posted."""
    bearer = game.bearer("gm")
    client.put(
        f"/api/games/{game.id}/channel", json={"url": receiver.url(DISCORD_PATH), "flavour": "discord"}, headers=bearer
    )
    client.put(f"/api/games/{game.id}/reminders", json={"hours": [2]}, headers=bearer)
    db = app.extensions["sengoku_db"]
    now = store.utcnow()
    actions.set_deadline(db, game.id, DeadlineIn(at=now + timedelta(hours=1)))
    for sender in deadlines.run_pass(db, None, now=now):
        sender.join(timeout=30)
    [posted] = receiver.received
    return posted.text


def test_without_mentions_the_reminder_names_the_powers_and_pings_nobody(
    app: Flask, table: Channel, client: FlaskClient, game: GameLinks, receiver: Receiver
) -> None:
    table.command(USERS["Oda"], "order", order="A Owari - Mino")
    table.command(USERS["Oda"], "order", order="F Mikawa H")  # each of Oda's units ordered: Oda owes nothing
    table.command(USERS["Takeda"], "order", order="A Kai H")  # one of Takeda's two: Takeda still owes
    text = remind(app, client, game, receiver)
    assert text.splitlines()[-1] == "Orders still due from Asakura, Chosokabe, Hojo, Mori, Shimazu, Takeda, Uesugi."
    assert receiver.received[0].body["allowed_mentions"] == {"parse": []}


def test_with_mentions_on_the_bound_players_who_owe_orders_are_mentioned(
    app: Flask, table: Channel, client: FlaskClient, game: GameLinks, receiver: Receiver
) -> None:
    assert said(table.command(USERS["Oda"], "mentions", on=True)).startswith("Only the GM who linked this channel")
    assert said(table.command(GM_USER, "mentions", on=True)).startswith(
        "The channel's results, notices and reminders now mention"
    )
    text = remind(app, client, game, receiver)
    takeda, oda = USERS["Takeda"], USERS["Oda"]
    assert text.splitlines()[-1] == (
        f"Orders still due from Asakura, Chosokabe, Hojo, Mori, Oda (<@{oda}>), Shimazu, Takeda (<@{takeda}>), Uesugi."
    )
    assert receiver.received[0].body["allowed_mentions"] == {"parse": [], "users": [oda, takeda]}
    log = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()["log"]
    assert ("Discord", "Discord: the channel's posts mention the players") in [(e["by"], e["action"]) for e in log]


def test_the_results_in_the_channel_name_who_owes_orders_for_the_new_phase_mentioning_them_where_asked(
    table: Channel, client: FlaskClient, game: GameLinks, receiver: Receiver
) -> None:
    bearer = game.bearer("gm")
    client.put(
        f"/api/games/{game.id}/channel",
        json={"url": receiver.url(DISCORD_PATH), "flavour": "discord", "post_results": True},
        headers=bearer,
    )
    table.command(GM_USER, "mentions", on=True)
    assert client.post(f"/api/games/{game.id}/adjudicate", json={}, headers=bearer).status_code == 200
    last = receiver.received[-1]
    oda, takeda = USERS["Oda"], USERS["Takeda"]
    assert last.text.splitlines()[-1] == (
        f"Orders for Fall 1570 movement still due from Asakura, Chosokabe, Hojo, Mori, Oda (<@{oda}>), Shimazu, "
        f"Takeda (<@{takeda}>), Uesugi."
    )
    assert last.body["allowed_mentions"] == {"parse": [], "users": [oda, takeda]}
    assert last.files["map.png"].startswith(b"\x89PNG")
