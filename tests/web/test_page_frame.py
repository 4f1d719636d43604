"""The player's page drawn once and kept (web/pages/playerframe.py), read in few statements (web/storage/pagerows.py).

A kept page must change with everything it shows: the game's version, the viewer's power, their saved orders,
the others' ready marks, their press; and what belongs to one viewer (their session's CSRF token, their flashed
messages, their press) never reaches another. On SQLite and on PostgreSQL. Counts and contents, never timings.
"""

from __future__ import annotations

import gzip
import re
from typing import Any

import brotli
import pytest
import time_machine
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from tests.web.conftest import GameLinks, Site, flashes
from web.pages import playerframe
from web.pages.deflated import Deflater, deflate, gzip_member
from web.storage import pagerows, store
from web.storage.db import Database


@pytest.fixture
def app(app_on_each_database: Flask) -> Flask:
    return app_on_each_database


def page(client: FlaskClient, game: GameLinks, power: str, query: str = "") -> str:
    answer = client.get(game.player(power) + query)
    assert answer.status_code == 200, answer.status_code
    return answer.get_data(as_text=True)


def saved_orders(html: str) -> list[str]:
    found = re.search(r'<ul id="saved-orders">(.*?)</ul>', html, re.S)
    return re.findall(r"<li>(.*?)</li>", found.group(1)) if found else []


def csrf_tokens(html: str) -> set[str]:
    return set(re.findall(r'(?:name="csrf_token" value|name="csrf-token" content)="([^"]+)"', html))


def unread_badges(html: str) -> list[str]:
    return re.findall(r"<span class=\"badge\" data-unread-total data-short(?: hidden)?>(\d+)</span>", html)


def test_a_reload_reads_the_game_its_marks_and_the_link_in_one_statement(
    client: FlaskClient, game: GameLinks, db: Database
) -> None:
    """Three reads in all, none of them the link's alone: the game's row with the power's link and the marks of
    the phase; the messages with the reader's read marks; the browsers' subscriptions."""
    page(client, game, "Oda")  # the link checked (and remembered), the state decoded, the frame drawn
    sent: list[str] = []
    event.listen(db.engine, "before_cursor_execute", lambda _c, _k, statement, *_: sent.append(statement))
    page(client, game, "Oda")
    selects = [s for s in sent if s.lstrip().upper().startswith("SELECT")]
    assert len(selects) == len(sent) == 3 or db.dialect == "sqlite"  # SQLite adds its BEGIN
    assert len(selects) == 3
    assert all(table in selects[0] for table in ("games", "tokens", "submissions", "refusals", "ready"))
    assert not any("state" in re.split(r"\bFROM\b", s)[0] for s in selects)  # the state text not read again


def test_the_pages_read_is_the_stores(client: FlaskClient, site: Site, game: GameLinks, db: Database) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    site.save(game, "Takeda", "A Kai - Shinano\nrubbish")  # a line refused: a refusal mark
    site.post(game.player("Uesugi") + "/ready", {"ready": "yes"}, page=game.player("Uesugi"))
    read = pagerows.load_for(db, game.id, "Oda")
    assert read == store.load(db, game.id)
    assert read.state.orders and read.ready == frozenset({"Uesugi"})


def test_a_replaced_link_is_refused_by_a_process_that_remembers_it(client: FlaskClient, game: GameLinks) -> None:
    old = game.player("Oda")
    assert client.get(old).status_code == 200  # remembered from now on
    answer = client.post(f"/api/games/{game.id}/links", json={"role": "Oda"}, headers=game.bearer("gm"))
    game.tokens["Oda"] = answer.get_json()["token"]
    assert client.get(old).status_code == 403
    assert client.get(old).status_code == 403  # forgotten: refused before the page's read
    assert "Oda" in page(client, game, "Oda")


def test_a_kept_page_follows_the_viewers_saves_and_power(client: FlaskClient, site: Site, game: GameLinks) -> None:
    assert saved_orders(page(client, game, "Oda")) == []
    site.save(game, "Oda", "A Owari - Mino")
    oda = page(client, game, "Oda")
    assert saved_orders(oda) == ["A Owari - Mino"]
    takeda = page(client, game, "Takeda")
    assert '<span id="power">Takeda</span>' in takeda and saved_orders(takeda) == []
    assert 'data-saved="A Owari - Mino"' not in takeda and "A Owari - Mino</li>" not in takeda  # not Oda's
    site.save(game, "Oda", "A Owari H")
    assert saved_orders(page(client, game, "Oda")) == ["A Owari H"]


def test_a_kept_page_follows_the_others_ready_marks_and_the_games_version(
    client: FlaskClient, site: Site, game: GameLinks
) -> None:
    assert "Nobody is ready yet." in page(client, game, "Oda")
    site.post(game.player("Takeda") + "/ready", {"ready": "yes"}, page=game.player("Takeda"))
    assert "Ready: Takeda." in page(client, game, "Oda")
    assert 'id="phase">Spring 1570 movement<' in page(client, game, "Oda")
    site.adjudicate(game)
    after = page(client, game, "Oda")
    assert 'id="phase">Fall 1570 movement<' in after and "Nobody is ready yet." in after


def test_a_kept_page_follows_the_viewers_press(client: FlaskClient, game: GameLinks) -> None:
    before = page(client, game, "Oda")
    assert unread_badges(before) == ["0", "0"]
    sent = client.post(
        f"/api/games/{game.id}/press",
        json={"to": ["Oda"], "text": "to Oda <b>alone</b>"},
        headers=game.bearer("Takeda"),
    )
    assert sent.status_code == 201, sent.get_data(as_text=True)
    assert unread_badges(page(client, game, "Oda")) == ["1", "1"]
    opened = page(client, game, "Oda", "?talk=Oda,Takeda")  # the conversation opened (another press panel)
    assert "to Oda &lt;b&gt;alone&lt;/b&gt;" in opened and "<b>alone" not in opened
    uesugi = page(client, game, "Uesugi", "?talk=Oda,Takeda")
    assert "to Oda &lt;b&gt;alone" not in uesugi and unread_badges(uesugi) == ["0", "0"]  # never another pair's press


def test_a_kept_page_counts_only_what_the_viewer_has_not_seen(client: FlaskClient, site: Site, game: GameLinks) -> None:
    takeda = game.bearer("Takeda")
    ids = [
        client.post(f"/api/games/{game.id}/press", json={"to": ["*"], "text": text}, headers=takeda).get_json()["id"]
        for text in ("one", "two", "three")
    ]
    assert unread_badges(page(client, game, "Oda")) == ["3", "3"]
    seen = client.post(
        game.player("Oda") + "/press/seen",
        json={"ids": ids[1:2]},
        headers={"X-CSRFToken": site.csrf(game.player("Oda"))},
    )
    assert seen.status_code == 200 and seen.get_json()["unread"] == 2
    assert unread_badges(page(client, game, "Oda")) == ["2", "2"]
    assert unread_badges(page(client, game, "Takeda")) == ["0", "0"]  # one's own messages are never unread


def test_each_session_has_its_own_token_and_flashes_in_a_kept_page(
    app: Flask, client: FlaskClient, site: Site, game: GameLinks
) -> None:
    mine = page(client, game, "Oda")
    other = app.test_client()
    theirs = page(other, game, "Oda")
    assert len(csrf_tokens(mine)) == len(csrf_tokens(theirs)) == 1
    assert csrf_tokens(mine) != csrf_tokens(theirs)
    assert not any("@@" in html for html in (mine, theirs))  # every gap filled
    site.save(game, "Oda", "A Owari - Mino")  # this session's token: accepted, and a flash for it alone
    shown = page(client, game, "Oda")
    assert flashes(shown) == ["Saved 1 order."]
    assert flashes(page(other, game, "Oda")) == [] and flashes(page(client, game, "Oda")) == []
    answer = other.post(
        game.player("Oda") + "/orders", data={"text": "A Owari H", "csrf_token": csrf_tokens(theirs).pop()}
    )
    assert answer.status_code == 303  # the other session's token, from the same kept page, is its own


def test_what_the_game_names_is_escaped_in_a_kept_page(site: Site, client: FlaskClient) -> None:
    game = site.new_game("<script>alert(1)</script>")
    for _ in range(2):  # drawn, then kept
        html = page(client, game, "Oda")
        assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


@pytest.mark.clock  # the two answers compared hold a CSRF token, signed with the second it was made
def test_a_browser_that_takes_gzip_not_brotli_gets_the_same_page_put_together_from_kept_pieces(
    client: FlaskClient, site: Site, game: GameLinks
) -> None:
    def both() -> tuple[bytes, Any]:
        plain = client.get(game.player("Oda")).data
        return plain, client.get(game.player("Oda"), headers={"Accept-Encoding": "gzip, deflate"})

    mori = game.bearer("Mori")
    for change in ("", "A Owari - Mino", "press"):
        if change == "press":
            sent = client.post(f"/api/games/{game.id}/press", json={"to": ["*"], "text": "hi <b>"}, headers=mori)
            assert sent.status_code == 201
        elif change:
            site.save(game, "Oda", change)
            client.get(game.player("Oda"))  # its flash shown
        plain, packed = both()
        assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
        assert gzip.decompress(packed.data) == plain
    for offered in ("br", "gzip, deflate, br"):  # Brotli, compressed whole: the smaller answer
        assert client.get(game.player("Oda"), headers={"Accept-Encoding": offered}).headers["Content-Encoding"] == "br"


def test_pieces_compressed_apart_make_one_gzip_member() -> None:
    """Each piece stands alone: joined in any order, with pieces compressed at other times, it reads back whole."""
    texts = ["<p>" + "Owari " * n + "</p>" for n in range(1, 40, 7)] + ["", "é→漢字"]
    kept = [deflate(text) for text in texts]
    deflater = Deflater()
    fresh = [deflater.piece(text) for text in reversed(texts)]
    whole = "".join(texts + texts[::-1]).encode()
    assert gzip.decompress(gzip_member(kept + fresh, whole)) == whole


@pytest.mark.clock
def test_a_browsers_brotli_reload_of_an_unchanged_page_is_the_kept_answer(
    app: Flask, client: FlaskClient, site: Site, game: GameLinks, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Brotli (every browser over HTTPS) compresses the whole page: kept by its text's digest, so the same
    viewer's reload is not compressed again, and a save, press or another viewer gets its own."""
    made: list[int] = []
    compress = brotli.compress

    def counted(data: bytes, **settings: Any) -> bytes:
        made.append(len(data))
        return compress(data, **settings)

    monkeypatch.setattr(playerframe.brotli, "compress", counted)

    def reload(viewer: FlaskClient = client) -> tuple[bytes, bytes]:
        plain = viewer.get(game.player("Oda")).data
        packed = viewer.get(game.player("Oda"), headers={"Accept-Encoding": "gzip, deflate, br"})
        assert packed.headers["Content-Encoding"] == "br" and "Accept-Encoding" in packed.headers["Vary"]
        return plain, brotli.decompress(packed.data)

    first, unpacked = reload()
    assert unpacked == first and len(made) == 1
    for _ in range(3):
        assert reload() == (first, first) and len(made) == 1  # the same text: the kept answer
    site.save(game, "Oda", "A Owari - Mino")
    client.get(game.player("Oda"))  # its flash shown
    after, unpacked = reload()
    assert after != first and unpacked == after and len(made) == 2
    other = app.test_client()
    theirs, unpacked = reload(other)
    assert unpacked == theirs != after and len(made) == 3  # another session: its own token, its own answer


@pytest.mark.clock
def test_a_sessions_page_token_is_steady_for_minutes_then_made_anew_and_always_accepted(
    client: FlaskClient, game: GameLinks, frozen_clock: time_machine.Coordinates
) -> None:
    """Every form of the page carries one token, the same signed text for minutes (so a reload is the same
    page), then a new one; both are accepted, being within Flask-WTF's time limit."""

    def token() -> str:
        (found,) = csrf_tokens(client.get(game.player("Oda")).get_data(as_text=True))
        return found

    first = token()
    frozen_clock.shift(60)
    assert token() == first  # a minute on: the same page text
    frozen_clock.shift(playerframe._STEADY_SECONDS)
    later = token()
    assert later != first
    for shown in (first, later):
        saved = client.post(game.player("Oda") + "/orders", data={"text": "A Owari H", "csrf_token": shown})
        assert saved.status_code in (302, 303), saved.status_code
