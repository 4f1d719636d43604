"""Reminders the site sends by itself: at the hours the GM chose, once a phase, to the powers that still owe orders,
by mail (a real SMTP server on loopback) and to the chat channel (a real webhook receiver on loopback)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from outbox import SmtpSettings
from tests.outbox.chatd import DISCORD_PATH, Receiver, webhook_receiver
from tests.outbox.smtpd import Mailbox, smtp_server
from tests.web.conftest import GameLinks, Site, agreed, flashes
from web.play import actions
from web.schemas.bodies import DeadlineIn
from web.storage import store
from web.storage.db import Database
from web.table import deadlines

NOW = datetime(2099, 3, 1, 18, 0)


@pytest.fixture
def smtp(app: Flask) -> Iterator[tuple[SmtpSettings, Mailbox]]:
    with smtp_server() as (port, box):
        yield SmtpSettings(host="127.0.0.1", port=port, sender="gm@kyoto.example", pause=0), box


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with webhook_receiver() as running:
        yield running


@pytest.fixture
def reminded_game(app: Flask, site: Site, game: GameLinks, receiver: Receiver, db: Database) -> GameLinks:
    """Oda and Takeda have addresses (and agreed to the game's mail); Oda has saved an order for each unit;
    reminders 24 and 2 hours before; a channel."""
    form = {"addresses-Oda": "nobunaga@example.org", "addresses-Takeda": "shingen@example.org"}
    site.post(game.gm_page + "/mail-settings", form, page=game.gm_page)
    agreed(app, game.id)
    site.post(game.gm_page + "/channel", {"url": receiver.url(DISCORD_PATH), "flavour": "discord"}, page=game.gm_page)
    assert site.post(game.gm_page + "/reminders", {"hours": "2, 24"}, page=game.gm_page).status_code == 303
    site.save(game, "Oda", "A Owari - Mino\nF Mikawa H")
    actions.set_deadline(db, game.id, DeadlineIn(at=NOW + timedelta(hours=3)))
    return game


def run(db: Database, smtp: SmtpSettings, now: datetime) -> None:
    for sender in deadlines.run_pass(db, smtp, now=now):
        sender.join(timeout=30)


def test_a_reminder_reaches_the_powers_without_orders_by_mail_and_in_the_channel(
    reminded_game: GameLinks, db: Database, smtp: tuple[SmtpSettings, Mailbox], receiver: Receiver
) -> None:
    settings, box = smtp
    run(db, settings, NOW + timedelta(hours=1, minutes=30))  # 1.5 hours before: the 2-hour round
    assert [str(m["To"]) for m in box.messages] == ["Takeda <shingen@example.org>"]
    assert box.messages[0]["Subject"] == "Game “Test game”: orders for Spring 1570 movement are due"
    [posted] = receiver.received
    assert posted.text.splitlines() == [
        "**Test game: orders for Spring 1570 movement are due in about 2 hours.**",
        "Deadline: Sunday 1 March 2099, 21:00 UTC.",
        "Orders still due from Asakura, Chosokabe, Hojo, Mori, Shimazu, Takeda, Uesugi.",
    ]


def test_a_power_with_some_of_its_orders_saved_is_reminded_and_named_too(
    reminded_game: GameLinks, site: Site, db: Database, smtp: tuple[SmtpSettings, Mailbox], receiver: Receiver
) -> None:
    """One order of Takeda's two: Takeda still owes one (game/owed.py), as the mail itself says."""
    site.save(reminded_game, "Takeda", "A Kai H")
    settings, box = smtp
    run(db, settings, NOW + timedelta(hours=1, minutes=30))
    assert [str(m["To"]) for m in box.messages] == ["Takeda <shingen@example.org>"]
    mail = box.messages[0].get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    assert "still to order: no order for A South Shinano" in mail
    [posted] = receiver.received
    owing = "Orders still due from Asakura, Chosokabe, Hojo, Mori, Shimazu, Takeda, Uesugi."
    assert posted.text.splitlines()[-1] == owing


def test_the_channels_reminder_shows_the_deadline_in_the_games_zone(
    reminded_game: GameLinks, db: Database, smtp: tuple[SmtpSettings, Mailbox], receiver: Receiver
) -> None:
    """A game given a zone (sengoku edit GAME zone, before the game was put on the site) shows it, UTC beside."""

    def tokyo(handle: store.Handle) -> None:
        handle.game.state = handle.game.state.replace(zone="Asia/Tokyo")

    store.change(db, reminded_game.id, tokyo)
    run(db, smtp[0], NOW + timedelta(hours=1, minutes=30))
    [posted] = receiver.received
    assert posted.text.splitlines()[1] == "Deadline: Monday 2 March 2099, 06:00 JST (21:00 UTC)."


def test_each_round_goes_once_and_a_late_one_once_for_all_the_hours_it_missed(
    reminded_game: GameLinks, db: Database, smtp: tuple[SmtpSettings, Mailbox], receiver: Receiver
) -> None:
    settings, box = smtp
    run(db, settings, NOW + timedelta(hours=2))  # both rounds reached (the site was down until now)
    run(db, settings, NOW + timedelta(hours=2, minutes=30))
    assert len(box.messages) == 1 and len(receiver.received) == 1
    assert store.load(db, reminded_game.id).state.reminded == ["1:2", "1:24"]


def test_the_24_hour_round_then_the_2_hour_round(
    reminded_game: GameLinks, db: Database, smtp: tuple[SmtpSettings, Mailbox], receiver: Receiver
) -> None:
    settings, box = smtp
    actions.set_deadline(db, reminded_game.id, DeadlineIn(at=NOW + timedelta(hours=30)))
    run(db, settings, NOW)  # 30 hours before: no round yet
    assert box.messages == [] and receiver.received == []
    run(db, settings, NOW + timedelta(hours=7))  # 23 hours before
    run(db, settings, NOW + timedelta(hours=29))  # 1 hour before
    assert len(box.messages) == 2 and len(receiver.received) == 2


def test_a_pass_with_nothing_due_changes_no_game(
    reminded_game: GameLinks, db: Database, smtp: tuple[SmtpSettings, Mailbox]
) -> None:
    settings, _ = smtp
    actions.set_deadline(db, reminded_game.id, DeadlineIn(at=NOW + timedelta(hours=30)))
    version = store.load(db, reminded_game.id).version
    run(db, settings, NOW)
    assert store.load(db, reminded_game.id).version == version


def test_without_reminder_hours_nothing_is_sent(
    site: Site, game: GameLinks, db: Database, smtp: tuple[SmtpSettings, Mailbox]
) -> None:
    settings, box = smtp
    site.post(game.gm_page + "/mail-settings", {"addresses-Takeda": "shingen@example.org"}, page=game.gm_page)
    actions.set_deadline(db, game.id, DeadlineIn(at=NOW + timedelta(hours=1)))
    run(db, settings, NOW)
    assert box.messages == []


def test_the_gm_sets_the_hours_on_the_page_and_through_the_api(
    client: FlaskClient, site: Site, game: GameLinks
) -> None:
    answer = site.post(game.gm_page + "/reminders", {"hours": "2, 24"}, page=game.gm_page, follow_redirects=True)
    assert "Reminders: 24 hours, 2 hours before each deadline." in flashes(answer.get_data(as_text=True))
    bad = site.post(game.gm_page + "/reminders", {"hours": "soon"}, page=game.gm_page, follow_redirects=True)
    assert "Nothing saved: give whole hours before the deadline, e.g. 24, 2." in flashes(bad.get_data(as_text=True))
    api = client.put(f"/api/games/{game.id}/reminders", json={"hours": [1]}, headers=game.bearer("gm"))
    assert api.status_code == 200 and api.get_json()["reminder_hours"] == [1]
    too_early = client.put(f"/api/games/{game.id}/reminders", json={"hours": [200]}, headers=game.bearer("gm"))
    assert too_early.status_code == 400
    player = client.put(f"/api/games/{game.id}/reminders", json={"hours": [1]}, headers=game.bearer("Oda"))
    assert player.status_code == 403
