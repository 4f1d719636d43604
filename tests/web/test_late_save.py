"""A save from the player's form that comes too late is answered on the player's page, losing nothing typed.

After the deadline (before the deadline job has adjudicated) or after the game
ended, the form's save is refused (409, as the API's), but the answer is the
player's own page: why it was not saved, and every line the player typed still
in the order box (or, once the game is over and the box is gone, shown read-only).
"""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
from flask import Flask

from tests.web.conftest import GameLinks, Site
from web.play import actions
from web.schemas.bodies import DeadlineIn
from web.storage import store
from web.storage.db import Database

pytestmark = pytest.mark.clock  # deadlines are times: the clock is frozen (tests/conftest.py)

TYPED = "A Owari - Ise\nF Mikawa S A Owari - Ise\n2 : A Mino H\nA Owari - Xyz  <typo & all>\n"


def _db(app: Flask) -> Database:
    return app.extensions["sengoku_db"]  # type: ignore[no-any-return]


def _box(page: str) -> str:
    """The order box's text, as the browser will show it."""
    match = re.search(r'<textarea name="text" id="orders"[^>]*>(.*?)</textarea>', page, flags=re.S)
    assert match, "no order box on the page"
    return html.unescape(match.group(1))


def test_a_save_after_the_deadline_keeps_the_typed_orders_on_the_players_page(
    app: Flask, client, site: Site, game: GameLinks
) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    actions.set_deadline(_db(app), game.id, DeadlineIn(at=store.utcnow() - timedelta(minutes=1)))
    late = site.save(game, "Oda", TYPED)
    assert late.status_code == 409
    page = late.get_data(as_text=True)
    assert '<span id="power">Oda</span>' in page  # the player's page, not an error page
    assert "Your orders were not saved" in page
    assert "The deadline (" in page and "has passed and the phase is being adjudicated" in page
    assert _box(page) == TYPED  # every character typed, the typo included
    assert 'id="unsaved">Not saved yet' in page
    assert [o.kind for o in store.load(_db(app), game.id).state.orders["Oda"]] == ["move"]  # the saved order stands


def test_the_box_still_knows_what_is_saved(app: Flask, site: Site, game: GameLinks) -> None:
    """The page's "Not saved yet" mark compares the box with the saved orders, not with the text it came back with."""
    site.save(game, "Oda", "A Owari - Mino")
    actions.set_deadline(_db(app), game.id, DeadlineIn(at=store.utcnow() - timedelta(minutes=1)))
    page = site.save(game, "Oda", TYPED).get_data(as_text=True)
    assert 'data-saved="A Owari - Mino"' in page


def test_a_save_after_the_game_ended_shows_the_typed_orders_read_only(client, site: Site, game: GameLinks) -> None:
    powers = ["Asakura", "Chosokabe", "Hojo", "Mori", "Oda", "Shimazu", "Takeda", "Uesugi"]
    for power in powers:
        page = game.player(power)
        site.post(page + "/draw", {"powers": powers}, page=page)
    late = site.save(game, "Oda", TYPED)
    assert late.status_code == 409
    page = late.get_data(as_text=True)
    assert "Your orders were not saved" in page and "The game is over: The game is drawn" in page
    assert 'id="orders"' not in page  # no box once the game is over...
    shown = re.search(r"<textarea readonly[^>]*>(.*?)</textarea>", page, flags=re.S)
    assert shown and html.unescape(shown.group(1)) == TYPED  # ...but nothing typed is lost


def test_an_ordinary_page_has_no_notice(client, game: GameLinks) -> None:
    page = client.get(game.player("Oda")).get_data(as_text=True)
    assert "not-saved" not in page and 'id="unsaved" hidden' in page
