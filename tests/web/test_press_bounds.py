"""Press with bounds (docs/security.md): a message's length, a sender's rate and phase, a game's total; the GM's
reading of private press chosen before the first private message; the GM's words marked by structure alone.

The clock is frozen and moved by the test (time-machine), so "a minute" is the test's, never the machine's.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
import time_machine
from flask import Flask
from flask.testing import FlaskClient

from outbox import SmtpSettings
from tests.outbox.smtpd import Mailbox, smtp_server
from tests.web.conftest import GameLinks, Site, agreed, flashes
from web.storage import due, store
from web.storage.db import Database
from web.table import deadlines, pressbounds, pressmail

pytestmark = pytest.mark.clock
READING = {"kind": "private", "gm_reads_private": True}


def send(client: FlaskClient, game: GameLinks, power: str, text: str, to: list[str] | None = None):  # type: ignore[no-untyped-def]
    return client.post(
        f"/api/games/{game.id}/press", json={"to": to or ["*"], "text": text}, headers=game.bearer(power)
    )


def test_a_message_over_the_limit_is_refused_by_the_api_with_the_limit(client: FlaskClient, game: GameLinks) -> None:
    answer = send(client, game, "Oda", "x" * 4001)
    assert answer.status_code == 400 and "at most 4000 characters" in answer.get_json()["error"]
    assert send(client, game, "Oda", "x" * 4000).status_code == 201


def test_the_form_states_the_limit_and_refuses_a_longer_message_in_words_never_cutting_it(
    site: Site, client: FlaskClient, game: GameLinks
) -> None:
    page = client.get(game.player("Oda")).get_data(as_text=True)
    assert "at most 4,000 characters" in page and 'maxlength="4000"' in page
    answer = site.post(game.player("Oda") + "/press", {"text": "y" * 5000, "to": "*"}, page=game.player("Oda"))
    shown = flashes(client.get(answer.headers["Location"]).get_data(as_text=True))
    assert "Message not sent: the message is 5,000 characters; a message holds at most 4,000." in shown
    assert client.get(f"/api/games/{game.id}/press", headers=game.bearer("Oda")).get_json()["messages"] == []


def test_a_sender_sends_at_most_twenty_a_minute(
    client: FlaskClient, game: GameLinks, frozen_clock: time_machine.Coordinates
) -> None:
    most = pressbounds.PER_MINUTE
    statuses = [send(client, game, "Oda", f"message {n}").status_code for n in range(most + 1)]
    assert statuses == [201] * most + [429]
    refused = send(client, game, "Oda", "again")
    assert refused.headers["Retry-After"] == "60" and f"at most {most} messages a minute" in refused.get_json()["error"]
    assert send(client, game, "Takeda", "another sender is not held back").status_code == 201
    frozen_clock.shift(timedelta(seconds=61))
    assert send(client, game, "Oda", "a minute later").status_code == 201


def test_a_sender_sends_at_most_two_hundred_a_phase(
    client: FlaskClient, game: GameLinks, frozen_clock: time_machine.Coordinates
) -> None:
    for n in range(pressbounds.PER_PHASE):
        assert send(client, game, "Oda", f"message {n}").status_code == 201
        frozen_clock.shift(timedelta(seconds=4))
    refused = send(client, game, "Oda", "one more")
    assert refused.status_code == 429
    assert f"at most {pressbounds.PER_PHASE} messages in one phase" in refused.get_json()["error"]


def test_a_game_holds_at_most_its_total(
    client: FlaskClient, game: GameLinks, frozen_clock: time_machine.Coordinates, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pressbounds, "PER_GAME", 12)  # the bound's figure is docs/security.md's; its working here
    for n in range(12):
        assert send(client, game, ["Oda", "Takeda", "Hojo"][n % 3], f"message {n}").status_code == 201
        frozen_clock.shift(timedelta(seconds=4))
    refused = send(client, game, "Uesugi", "one more")
    assert refused.status_code == 429 and "this game has had 12 messages" in refused.get_json()["error"]


def test_the_gm_cannot_start_reading_private_press_once_a_private_message_was_sent(
    client: FlaskClient, game: GameLinks
) -> None:
    page = client.get(game.player("Oda")).get_data(as_text=True)
    assert "The GM does not read private messages, and cannot start to once one has been sent." in page
    assert send(client, game, "Oda", "meet me in Mino", to=["Takeda"]).status_code == 201
    answer = client.put(f"/api/games/{game.id}/press-rules", json=READING, headers=game.bearer("gm"))
    assert answer.status_code == 409 and "cannot start reading private press now" in answer.get_json()["error"]
    gm = client.get(f"/api/games/{game.id}/gm/press", headers=game.bearer("gm")).get_json()
    assert gm["messages"] == [] and gm["gm_reads_private"] is False


def test_reading_private_press_chosen_before_the_first_one_is_shown_to_the_players(
    client: FlaskClient, game: GameLinks
) -> None:
    answer = client.put(f"/api/games/{game.id}/press-rules", json=READING, headers=game.bearer("gm"))
    assert answer.status_code == 200
    assert "The GM reads the private messages of this game." in client.get(game.player("Oda")).get_data(as_text=True)


@pytest.fixture
def smtp() -> Iterator[tuple[SmtpSettings, Mailbox]]:
    with smtp_server() as (port, box):
        yield SmtpSettings(host="127.0.0.1", port=port, sender="gm@kyoto.example", pause=0), box


@pytest.mark.clock(tick=True)
def test_a_players_text_cannot_look_like_the_gms_in_the_press_mail_and_a_mail_is_bounded(
    app: Flask,
    client: FlaskClient,
    site: Site,
    game: GameLinks,
    smtp: tuple[SmtpSettings, Mailbox],
    frozen_clock: time_machine.Coordinates,
) -> None:
    settings, box = smtp
    db: Database = app.extensions["sengoku_db"]
    site.post(game.gm_page + "/mail-settings", {"addresses-Takeda": "shingen@example.org"}, page=game.gm_page)
    agreed(app, game.id)
    app.config["SMTP"] = settings  # the site can mail (a player may switch press mail on only then)
    assert (
        client.put(f"/api/games/{game.id}/press-mail", json={"mail": True}, headers=game.bearer("Takeda")).status_code
        == 200
    )
    forged = "GM to everyone (Spring 1570 movement):\nAll units must hold.\n== From the GM, to everyone =="
    assert send(client, game, "Oda", forged).status_code == 201
    client.post(
        f"/api/games/{game.id}/announcements", json={"to": ["*"], "text": "Deadline moved"}, headers=game.bearer("gm")
    )
    for n in range(pressmail.MOST_MESSAGES + 1):  # with the two above, 3 more than one mail holds
        frozen_clock.shift(timedelta(seconds=11))
        assert send(client, game, ["Hojo", "Uesugi", "Mori"][n % 3], f"chatter {n}").status_code == 201
    now = store.utcnow() + pressmail.BATCH + timedelta(seconds=1)
    for turn in range(2):  # the rest goes when the job looks at the game again (web/storage/due.py)
        for sender in deadlines.run_pass(db, settings, now=now + turn * due.RETRY):
            sender.join(timeout=30)
    first, second = box.messages
    body = first.get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    lines = body.splitlines()
    assert "== From Oda, to everyone (Spring 1570 movement) ==" in lines
    assert "    GM to everyone (Spring 1570 movement):" in lines  # the player's words, indented under Oda's heading
    assert "    == From the GM, to everyone ==" in lines
    assert [line for line in lines if line.startswith("== From the GM")] == [
        "== From the GM, to everyone (Spring 1570 movement) =="
    ]
    assert "(3 more in the next mail.)" in lines
    assert first["Subject"] == f"Game “Test game”: {pressmail.MOST_MESSAGES} new messages for Takeda"
    html = first.get_body(preferencelist=("html",)).get_content()  # type: ignore[union-attr]
    assert "<blockquote>GM to everyone (Spring 1570 movement):<br>" in html
    assert second["Subject"] == "Game “Test game”: 3 new messages for Takeda"
