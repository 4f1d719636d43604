"""The GM's outbox on the web: the post in any markup, the preview, a player's auction, and mail (aiosmtpd)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from outbox import SmtpSettings
from tests.outbox.smtpd import Mailbox, smtp_server
from tests.web.conftest import GameLinks, Site, answer_invitations, flashes
from web.play import actions
from web.schemas.bodies import DeadlineIn
from web.storage import store
from web.table import deadlines, mailer


@pytest.fixture
def smtp(app: Flask) -> Iterator[Mailbox]:
    """The site's SMTP server: a real one on loopback."""
    with smtp_server() as (port, box):
        app.config["SMTP"] = SmtpSettings(host="127.0.0.1", port=port, sender="gm@kyoto.example", pause=0)
        yield box


def addresses(site: Site, game: GameLinks, mail_results: bool = False, box: Mailbox | None = None) -> None:
    """The GM saves the address book; with the site's mail server (``box``), each address is sent an
    invitation, which its owner agrees to."""
    form = {"addresses-Oda": "nobunaga@example.org", "addresses-Takeda": "shingen@example.org, kai@example.net"}
    if mail_results:
        form["mail_results"] = "on"
    assert site.post(game.gm_page + "/mail-settings", form, page=game.gm_page).status_code == 303
    if box is not None:
        assert len(answer_invitations(site, box)) == 3


# --- the post in any markup ------------------------------------------------------------


def test_the_public_pages_and_the_api_give_the_post_in_any_markup(
    client: FlaskClient, site: Site, game: GameLinks
) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    site.adjudicate(game)
    page = client.get(f"/games/{game.id}?format=bbcode").get_data(as_text=True)
    assert "[b]Test game, Sengoku Jidai (6DP): Spring 1570 movement results[/b]" in page
    assert 'data-copy="latest-report"' in page and "copy.js" in page
    api = client.get(f"/api/games/{game.id}/history/1?format=markdown").get_json()
    assert api["format"] == "markdown" and api["text"].startswith("## Test game, Sengoku Jidai (6DP)")
    phase = client.get(f"/games/{game.id}/history/1?format=html").get_data(as_text=True)
    assert "&lt;h2&gt;Test game" in phase  # the HTML source, to copy; shown as text
    wrong = client.get(f"/api/games/{game.id}/history/1?format=xml")
    assert wrong.status_code == 400
    assert wrong.get_json()["error"] == "unknown format 'xml'; choose one of plain, bbcode, markdown, html, json"


def test_the_gm_page_offers_each_markup_with_a_copy_button(client: FlaskClient, site: Site, game: GameLinks) -> None:
    site.adjudicate(game)
    html = client.get(game.gm_page + "?format=markdown").get_data(as_text=True)
    assert '<a href="?format=markdown" aria-current="true"' in html
    assert "| Power | Order | Result |" in html and 'data-copy="report"' in html


# --- preview ---------------------------------------------------------------------------


def test_the_preview_shows_the_post_and_changes_nothing(
    client: FlaskClient, app: Flask, site: Site, game: GameLinks
) -> None:
    site.save(game, "Oda", "A Owari - Mino\n2 : A Yamashiro H")
    before = store.load(app.extensions["sengoku_db"], game.id)
    page = client.get(game.gm_page + "/preview").get_data(as_text=True)
    assert "Preview: Spring 1570 movement" in page and "A Owari - Mino: bounced, 1 against 1 from A Mino" in page
    api = client.get(f"/api/games/{game.id}/preview?format=json", headers=game.bearer("gm")).get_json()
    assert api["post"]["preview"] is True and api["post"]["dp"][0]["verdict"].startswith("A Yamashiro H carried out")
    after = store.load(app.extensions["sengoku_db"], game.id)
    assert (after.version, after.state) == (before.version, before.state)
    assert client.get(f"/api/games/{game.id}/preview", headers=game.bearer("Oda")).status_code == 403


# --- a player's own auction -------------------------------------------------------------


def test_a_player_sees_the_auction_on_its_own_bids_only(client: FlaskClient, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "2 : A Yamashiro H")
    site.save(game, "Asakura", "2 : A Yamashiro S A Omi")
    oda = client.get(f"/api/games/{game.id}/auction", headers=game.bearer("Oda")).get_json()
    assert [(lot["unit"], lot["winner"], lot["total"]) for lot in oda["lots"]] == [("Yamashiro", "A Yamashiro H", 2)]
    assert oda["lots"][0]["verdict"].startswith("A Yamashiro H would be carried out on your 2 DP, unless other powers")
    assert [bid["power"] for lot in oda["lots"] for bid in lot["bids"]] == ["Oda"]  # Asakura's bid stays secret
    page = client.get(game.player("Oda") + "/auction").get_data(as_text=True)
    assert "A Yamashiro H would be carried out on your 2 DP" in page and "Asakura" not in page
    none = client.get(f"/api/games/{game.id}/auction", headers=game.bearer("Mori")).get_json()
    assert none["lots"] == []


# --- mail -------------------------------------------------------------------------------


def test_the_gm_keeps_the_address_book(client: FlaskClient, site: Site, game: GameLinks) -> None:
    addresses(site, game)
    gm = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()
    assert gm["addresses"] == {"Oda": ["nobunaga@example.org"], "Takeda": ["shingen@example.org", "kai@example.net"]}
    assert gm["mail_ready"] is False  # no SMTP server in this test
    site.post(game.gm_page + "/mail-settings", {"addresses-Oda": "not-an-address"}, page=game.gm_page)
    last = flashes(client.get(game.gm_page).get_data(as_text=True))[-1]
    assert last == "Nothing saved: &#39;not-an-address&#39; is not an email address."
    unchanged = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()["addresses"]
    assert unchanged == gm["addresses"]


def test_results_are_mailed_after_each_adjudication_when_turned_on(
    client: FlaskClient, site: Site, game: GameLinks, smtp: Mailbox
) -> None:
    addresses(site, game, mail_results=True, box=smtp)
    site.save(game, "Oda", "A Owari - Mino")
    site.adjudicate(game)
    assert sorted(str(m["To"]) for m in smtp.messages) == [
        "Oda <nobunaga@example.org>",
        "Takeda <kai@example.net>",
        "Takeda <shingen@example.org>",
    ]
    assert smtp.messages[0]["Subject"] == "Game “Test game”: Spring 1570 movement results"
    html = client.get(game.gm_page).get_data(as_text=True)
    assert "Mailed the results to 3 addresses." in flashes(html)
    assert any(f.startswith("No address for Asakura, Chosokabe, Hojo") for f in flashes(html))
    again = site.post(game.gm_page + "/mail", {"what": "results"}, page=game.gm_page)
    assert again.status_code == 303 and len(smtp.messages) == 3  # nothing goes twice


def test_no_mail_after_adjudication_unless_turned_on(site: Site, game: GameLinks, smtp: Mailbox) -> None:
    addresses(site, game, box=smtp)
    site.adjudicate(game)
    assert smtp.messages == []


def test_a_refused_address_is_reported_and_not_marked_sent(
    client: FlaskClient, site: Site, game: GameLinks, smtp: Mailbox
) -> None:
    addresses(site, game, box=smtp)
    site.adjudicate(game)
    smtp.refuse.add("kai@example.net")
    out = client.post(f"/api/games/{game.id}/mail", json={"what": "results"}, headers=game.bearer("gm"))
    assert out.status_code == 502
    body = out.get_json()
    assert body["failed"] == [
        "Takeda <kai@example.net>: the server refused kai@example.net (550 5.1.1 no such user here)"
    ]
    assert sorted(body["sent"]) == ["Oda <nobunaga@example.org>", "Takeda <shingen@example.org>"]
    smtp.refuse.clear()
    retry = client.post(f"/api/games/{game.id}/mail", json={"what": "results"}, headers=game.bearer("gm")).get_json()
    assert retry["sent"] == ["Takeda <kai@example.net>"] and len(retry["already"]) == 2


def test_reminders_from_the_web_name_the_deadline(
    client: FlaskClient, site: Site, game: GameLinks, smtp: Mailbox
) -> None:
    addresses(site, game, box=smtp)
    client.put(f"/api/games/{game.id}/deadline", json={"at": "2099-12-01T20:00:00"}, headers=game.bearer("gm"))
    site.save(game, "Oda", "A Owari - Mino\nF Mikawa H")  # every unit ordered: Oda owes nothing
    out = client.post(f"/api/games/{game.id}/mail", json={"what": "reminder"}, headers=game.bearer("gm")).get_json()
    assert sorted(out["sent"]) == ["Takeda <kai@example.net>", "Takeda <shingen@example.org>"]
    text = smtp.messages[0].get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    assert "The deadline is Tuesday 1 December 2099, 20:00 UTC." in text


def test_new_links_are_mailed_and_work_once_sent(
    client: FlaskClient, site: Site, game: GameLinks, smtp: Mailbox
) -> None:
    addresses(site, game, box=smtp)
    smtp.refuse.update({"kai@example.net", "shingen@example.org"})  # Takeda gets nothing: its old link must still work
    out = client.post(f"/api/games/{game.id}/mail", json={"what": "links"}, headers=game.bearer("gm")).get_json()
    assert out["sent"] == ["Oda <nobunaga@example.org>"] and len(out["failed"]) == 2
    text = smtp.messages[0].get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    link = next(line for line in text.splitlines() if "/play/" in line).strip()
    path = link[link.index("/games/") :]
    assert client.get(path).status_code == 200  # the new link works
    assert client.get(game.player("Oda")).status_code == 403  # the old one no longer does
    assert client.get(game.player("Takeda")).status_code == 200  # Takeda's mail failed: its old link still works


def test_mail_without_an_smtp_server_is_refused_clearly(client: FlaskClient, site: Site, game: GameLinks) -> None:
    out = client.post(f"/api/games/{game.id}/mail", json={"what": "results"}, headers=game.bearer("gm"))
    assert out.status_code == 409 and "its SMTP server is not set up" in out.get_json()["error"]


@pytest.mark.clock
def test_a_passed_deadline_mails_the_results_with_the_next_deadline(
    app: Flask, client: FlaskClient, site: Site, game: GameLinks, smtp: Mailbox
) -> None:
    addresses(site, game, mail_results=True, box=smtp)
    db = app.extensions["sengoku_db"]
    actions.set_deadline(db, game.id, DeadlineIn(at=store.utcnow() - timedelta(minutes=1), movement_hours=48))
    # One pass of the deadline job, as its timer runs it (tests/web/test_deadlines.py runs the timer itself):
    # each game adjudicated is mailed from a thread of its own.
    due = deadlines.run_due(db)
    assert due == [game.id]
    thread = mailer.in_background(db, game.id, mailer.smtp_settings(app.config))
    assert thread is not None
    thread.join(timeout=30)
    assert len(smtp.messages) == 3 and len(store.load(db, game.id).state.sent) == 3
    text = smtp.messages[0].get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    assert "\r\nNext phase: Fall 1570 movement. Deadline: " in text
