"""Press on the web site: who may write to whom as the GM allows, and that nobody reads another pair's messages.

Every read here goes through the API or the pages with a real token; a message that a reader may not read
must never be in its answer, its page or its unread count.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
import time_machine
from flask import Flask
from flask.testing import FlaskClient

from adjudicator.position import Position
from outbox import SmtpSettings
from tests.outbox.smtpd import Mailbox, smtp_server
from tests.web.conftest import GameLinks, Site, agreed, flashes
from web.storage import store
from web.storage.db import Database
from web.storage.store import Handle
from web.table import deadlines, pressmail

SECRET = "meet me in Mino, tell no one"


def send(client: FlaskClient, game: GameLinks, power: str, to: list[str], text: str, **extra: object):  # type: ignore[no-untyped-def]
    return client.post(
        f"/api/games/{game.id}/press", json={"to": to, "text": text, **extra}, headers=game.bearer(power)
    )


def chatty(client: FlaskClient, game: GameLinks, clock: time_machine.Coordinates, count: int) -> list[int]:
    """``count`` public messages from Oda, 4 s apart (inside the press bounds: 20 a minute from one sender)."""
    ids = []
    for n in range(count):
        clock.shift(timedelta(seconds=4))
        ids.append(send(client, game, "Oda", ["*"], f"message {n}").get_json()["id"])
    return ids


def read(client: FlaskClient, game: GameLinks, power: str) -> dict:  # type: ignore[type-arg]
    return client.get(f"/api/games/{game.id}/press", headers=game.bearer(power)).get_json()  # type: ignore[no-any-return]


def rules(client: FlaskClient, game: GameLinks, **given: object) -> None:
    answer = client.put(f"/api/games/{game.id}/press-rules", json=given, headers=game.bearer("gm"))
    assert answer.status_code == 200, answer.get_data(as_text=True)


def test_a_private_message_is_read_by_its_two_powers_and_nobody_else(client: FlaskClient, game: GameLinks) -> None:
    sent = send(client, game, "Oda", ["Takeda"], SECRET)
    assert sent.status_code == 201
    assert [m["text"] for m in read(client, game, "Takeda")["messages"]] == [SECRET]
    assert [m["text"] for m in read(client, game, "Oda")["messages"]] == [SECRET]
    for outsider in ("Hojo", "Uesugi"):
        assert read(client, game, outsider)["messages"] == []
        page = client.get(game.player(outsider)).get_data(as_text=True)
        assert SECRET not in page
    gm = client.get(f"/api/games/{game.id}/gm/press", headers=game.bearer("gm")).get_json()
    assert gm["messages"] == [], "the GM reads private press only when the game says so"
    public = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert SECRET not in public


def test_the_gm_reads_private_press_only_where_the_game_says_so(client: FlaskClient, game: GameLinks) -> None:
    rules(client, game, kind="private", gm_reads_private=True)
    send(client, game, "Oda", ["Takeda"], SECRET)
    gm = client.get(f"/api/games/{game.id}/gm/press", headers=game.bearer("gm")).get_json()
    assert [(m["sender"], m["to"], m["text"]) for m in gm["messages"]] == [("Oda", ["Takeda"], SECRET)]


def test_public_press_only_refuses_a_private_message(client: FlaskClient, game: GameLinks) -> None:
    rules(client, game, kind="public")
    answer = send(client, game, "Oda", ["Takeda"], SECRET)
    assert answer.status_code in (400, 409)
    assert "public press only" in answer.get_json()["error"]
    assert send(client, game, "Oda", ["*"], "Peace to all").status_code == 201
    assert [m["text"] for m in read(client, game, "Hojo")["messages"]] == ["Peace to all"]


def test_no_press_refuses_every_message_but_the_gms(client: FlaskClient, game: GameLinks) -> None:
    rules(client, game, kind="none")
    assert "no press" in send(client, game, "Oda", ["*"], "hello").get_json()["error"]
    gm = client.post(
        f"/api/games/{game.id}/announcements", json={"to": ["*"], "text": "Deadline moved"}, headers=game.bearer("gm")
    )
    assert gm.status_code == 201
    assert [(m["sender"], m["text"]) for m in read(client, game, "Oda")["messages"]] == [("GM", "Deadline moved")]


def test_grey_press_hides_the_sender_from_the_players_not_from_the_gm(client: FlaskClient, game: GameLinks) -> None:
    assert "no unsigned" in send(client, game, "Oda", ["*"], "boo", anonymous=True).get_json()["error"]
    rules(client, game, kind="private", grey=True)
    send(client, game, "Oda", ["*"], "Takeda lies", anonymous=True)
    assert read(client, game, "Hojo")["messages"][0]["sender"] == "Anonymous"
    assert read(client, game, "Oda")["messages"][0]["sender"] == "Oda (unsigned)"
    gm = client.get(f"/api/games/{game.id}/gm/press", headers=game.bearer("gm")).get_json()
    assert gm["messages"][0]["sender"] == "Anonymous (Oda)"


def test_a_power_out_of_the_game_says_nothing_more(app: Flask, client: FlaskClient, game: GameLinks) -> None:
    db: Database = app.extensions["sengoku_db"]

    def eliminate_mori(handle: Handle) -> None:
        position = handle.game.state.position
        units = tuple(u for u in position.units if u.power != "Mori")
        centres = {c: p for c, p in position.centres.items() if p != "Mori"}
        kept = Position(phase=position.phase, units=units, centres=centres, neutral_centres=position.neutral_centres)
        handle.game.state = handle.game.state.replace(position=kept)

    store.change(db, game.id, eliminate_mori)
    answer = send(client, game, "Mori", ["*"], "I am still here")
    assert "Mori is out of the game" in answer.get_json()["error"]
    assert read(client, game, "Mori")["can_send"] is False
    assert "Mori is out of the game" in send(client, game, "Oda", ["Mori"], "hi").get_json()["error"]


def pulse(client: FlaskClient, game: GameLinks, power: str) -> dict:  # type: ignore[type-arg]
    return client.get(f"/api/games/{game.id}/pulse", headers=game.bearer(power)).get_json()  # type: ignore[no-any-return]


def seen(client: FlaskClient, game: GameLinks, power: str, ids: list[int]) -> dict:  # type: ignore[type-arg]
    answer = client.put(f"/api/games/{game.id}/press/seen", json={"ids": ids}, headers=game.bearer(power))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()  # type: ignore[no-any-return]


def test_reading_marks_nothing_read_and_only_what_was_seen_is(client: FlaskClient, game: GameLinks) -> None:
    one = send(client, game, "Oda", ["Takeda"], "one").get_json()["id"]
    two = send(client, game, "Hojo", ["*"], "two").get_json()["id"]
    now = pulse(client, game, "Takeda")
    assert now["unread"] == 2 and now["phase"] == "Spring 1570 movement" and now["adjudicated"] == 0
    assert now["press_id"] == two
    assert read(client, game, "Takeda")["unread"] == 2
    assert client.get(game.player("Takeda")).status_code == 200  # loading the page marks nothing either
    assert pulse(client, game, "Takeda")["unread"] == 2
    after = seen(client, game, "Takeda", [two])
    assert after == {"unread": 1, "conversations": {"Oda,Takeda": 1}}
    assert [m["unread"] for m in read(client, game, "Takeda")["messages"]] == [True, False]
    assert seen(client, game, "Takeda", [one, two])["unread"] == 0
    assert pulse(client, game, "Oda")["unread"] == 1 and pulse(client, game, "Oda")["press_id"] == two


def test_a_reader_cannot_mark_what_it_may_not_read(client: FlaskClient, game: GameLinks) -> None:
    secret = send(client, game, "Oda", ["Takeda"], SECRET).get_json()["id"]
    seen(client, game, "Hojo", [secret, 9999])
    assert pulse(client, game, "Takeda")["unread"] == 1  # Hojo's mark did not touch Takeda's
    assert seen(client, game, "Takeda", [secret])["unread"] == 0
    assert read(client, game, "Hojo")["messages"] == [] and pulse(client, game, "Hojo")["press_id"] == 0


def test_conversations_by_correspondents_each_with_its_unread(client: FlaskClient, game: GameLinks) -> None:
    rules(client, game, kind="private", grey=True)
    send(client, game, "Oda", ["Takeda"], "to Takeda alone")
    send(client, game, "Hojo", ["*"], "to all")
    send(client, game, "Hojo", ["Takeda", "Oda"], "the three of us")
    send(client, game, "Uesugi", ["Takeda"], "guess who", anonymous=True)
    client.post(f"/api/games/{game.id}/announcements", json={"to": ["*"], "text": "Rules"}, headers=game.bearer("gm"))
    talks = {c["key"]: c for c in read(client, game, "Takeda")["conversations"]}
    assert set(talks) == {"Oda,Takeda", "public", "Hojo,Oda,Takeda", "unsigned:Takeda", "gm"}
    assert [c["key"] for c in read(client, game, "Takeda")["conversations"]][0] == "gm"  # the latest first
    assert (talks["Oda,Takeda"]["title"], talks["Oda,Takeda"]["to"]) == ("Oda", ["Oda"])
    assert (talks["Hojo,Oda,Takeda"]["title"], talks["Hojo,Oda,Takeda"]["to"]) == ("Hojo, Oda", ["Hojo", "Oda"])
    assert talks["unsigned:Takeda"]["to"] == [] and "Uesugi" not in str(talks["unsigned:Takeda"])
    assert talks["gm"]["to"] == [] and talks["public"]["to"] == ["*"]
    assert all(c["unread"] == 1 and c["messages"] == 1 for c in talks.values())
    uesugi = {c["key"] for c in read(client, game, "Uesugi")["conversations"]}
    assert "Takeda,Uesugi" in uesugi  # its sender files it under the pair
    one = client.get(f"/api/games/{game.id}/press?conversation=Oda,Takeda", headers=game.bearer("Takeda")).get_json()
    assert [m["text"] for m in one["messages"]] == ["to Takeda alone"] and one["conversation"] == "Oda,Takeda"


@pytest.mark.clock
def test_a_cursor_gets_every_message_over_it_and_pages_go_back_on_demand(
    client: FlaskClient, game: GameLinks, frozen_clock: time_machine.Coordinates
) -> None:
    ids = chatty(client, game, frozen_clock, 75)
    newest = read(client, game, "Hojo")
    assert [m["id"] for m in newest["messages"]] == ids[-30:] and newest["earlier"] and not newest["later"]
    assert newest["last_id"] == ids[-1]
    older = client.get(f"/api/games/{game.id}/press?before={ids[-30]}", headers=game.bearer("Hojo")).get_json()
    assert [m["id"] for m in older["messages"]] == ids[-60:-30] and older["earlier"]
    cursor, got = ids[9], []
    while True:
        page = client.get(f"/api/games/{game.id}/press?after={cursor}&limit=20", headers=game.bearer("Hojo")).get_json()
        got += [m["id"] for m in page["messages"]]
        cursor = got[-1]
        if not page["later"]:
            break
    assert got == ids[10:]


@pytest.mark.clock
def test_a_conversation_opens_on_its_oldest_unseen_message(
    client: FlaskClient, game: GameLinks, frozen_clock: time_machine.Coordinates
) -> None:
    ids = chatty(client, game, frozen_clock, 50)
    seen(client, game, "Hojo", ids[:5] + ids[-10:])
    page = client.get(f"/api/games/{game.id}/press?conversation=public", headers=game.bearer("Hojo")).get_json()
    assert page["messages"][0]["id"] == ids[5] and page["messages"][-1]["id"] == ids[-1] and page["earlier"]


def test_messages_are_kept_with_the_phase_they_were_sent_in(client: FlaskClient, site: Site, game: GameLinks) -> None:
    send(client, game, "Oda", ["*"], "spring words")
    site.adjudicate(game)
    send(client, game, "Oda", ["*"], "fall words")
    assert [(m["phase"], m["text"]) for m in read(client, game, "Hojo")["messages"]] == [
        ("Spring 1570 movement", "spring words"),
        ("Fall 1570 movement", "fall words"),
    ]


def test_control_and_bidi_characters_are_taken_out(client: FlaskClient, game: GameLinks) -> None:
    send(client, game, "Oda", ["*"], "hi\x1b]0;pwned\x07 \u202eevil\u200b")
    assert read(client, game, "Hojo")["messages"][0]["text"] == "hi]0;pwned evil"


def test_the_page_form_sends_and_shows_a_message(client: FlaskClient, site: Site, game: GameLinks) -> None:
    page = game.player("Oda")
    answer = site.post(page + "/press", {"to": "Takeda", "text": SECRET}, page=page, follow_redirects=True)
    html = answer.get_data(as_text=True)
    assert "Message sent." in flashes(html) and SECRET in html  # back in the conversation it went to
    takeda = client.get(game.player("Takeda")).get_data(as_text=True)
    assert SECRET not in takeda and "1 new" in takeda  # the list, with its unread count
    opened = client.get(game.player("Takeda") + "?talk=Oda,Takeda").get_data(as_text=True)
    assert SECRET in opened and "I have read these" in opened


def test_press_by_mail_is_offered_only_when_it_can_be_sent(
    app: Flask, client: FlaskClient, site: Site, game: GameLinks
) -> None:
    assert 'id="press-mail"' not in client.get(game.player("Takeda")).get_data(as_text=True)
    refused = client.put(f"/api/games/{game.id}/press-mail", json={"mail": True}, headers=game.bearer("Takeda"))
    assert refused.status_code == 409 and "no mail server" in refused.get_json()["error"]
    app.config["SMTP"] = SmtpSettings(host="127.0.0.1", port=1, sender="gm@kyoto.example")
    assert 'id="press-mail"' not in client.get(game.player("Takeda")).get_data(as_text=True)  # no address yet
    site.post(game.gm_page + "/mail-settings", {"addresses-Takeda": "shingen@example.org"}, page=game.gm_page)
    assert 'id="press-mail"' in client.get(game.player("Takeda")).get_data(as_text=True)
    assert (
        client.put(f"/api/games/{game.id}/press-mail", json={"mail": True}, headers=game.bearer("Takeda")).status_code
        == 200
    )


@pytest.fixture
def smtp() -> Iterator[tuple[SmtpSettings, Mailbox]]:
    with smtp_server() as (port, box):
        yield SmtpSettings(host="127.0.0.1", port=port, sender="gm@kyoto.example", pause=0), box


@pytest.mark.clock(tick=True)
def test_press_by_mail_goes_in_one_batch_once(
    app: Flask, client: FlaskClient, site: Site, game: GameLinks, smtp: tuple[SmtpSettings, Mailbox]
) -> None:
    settings, box = smtp
    db: Database = app.extensions["sengoku_db"]
    site.post(game.gm_page + "/mail-settings", {"addresses-Takeda": "shingen@example.org"}, page=game.gm_page)
    agreed(app, game.id)
    app.config["SMTP"] = settings  # after the book is made: no invitation mail in the box
    assert (
        client.put(f"/api/games/{game.id}/press-mail", json={"mail": True}, headers=game.bearer("Takeda")).status_code
        == 200
    )
    send(client, game, "Oda", ["Takeda"], SECRET)
    send(client, game, "Hojo", ["*"], "Peace to all")
    now = store.utcnow()
    assert pressmail.mail(db, game.id, now, settings) is None, "a message waits a few minutes for the next ones"
    for sender in deadlines.run_pass(db, settings, now=now + pressmail.BATCH + timedelta(seconds=1)):
        sender.join(timeout=30)
    for sender in deadlines.run_pass(db, settings, now=now + 2 * pressmail.BATCH):
        sender.join(timeout=30)
    [mail] = box.messages
    assert mail["To"] == "Takeda <shingen@example.org>"
    assert mail["Subject"] == "Game “Test game”: 2 new messages for Takeda"
    body = mail.get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    assert SECRET in body and "== From Hojo, to everyone (Spring 1570 movement) ==" in body
