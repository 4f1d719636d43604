"""End to end in a real headless browser (Debian's chromium, driven by Playwright; never a downloaded one).

A GM creates a game from the front page (and reloads the links page: no
second game); Oda's player opens the link, types orders, sees each line's
verdict appear, corrects a line and saves; the GM adjudicates, after saying
yes to the question; the public page shows the new position.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.browsing import launch, phone
from tests.web.live import live_server
from web import create_app


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as browser:
        yield browser


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'browser.db'}", "SECRET_KEY": "browser"})
    with live_server(app) as url:
        yield url
    app.extensions["sengoku_db"].dispose()


def _phone(browser: Browser) -> Page:
    return phone(browser)


def test_a_game_in_the_browser(browser: Browser, base: str) -> None:
    gm = _phone(browser)
    gm.goto(base + "/")
    gm.fill("input[name=name]", "Browser game")
    gm.click("text=Create the game")
    expect(gm.locator("h1")).to_have_text("Browser game is ready")
    first = gm.get_attribute("#link-gm", "href")
    gm.reload()  # post/redirect/get: a reload shows the same links, and makes no new game
    expect(gm.locator("h1")).to_have_text("Browser game is ready")
    assert gm.get_attribute("#link-gm", "href") == first
    gm_link = gm.get_attribute("#link-gm", "href")
    public_link = gm.get_attribute("#link-public", "href")
    oda_link = gm.get_attribute("a.power-link[data-power=Oda]", "href")
    assert gm_link and public_link and oda_link

    player = _phone(browser)
    player.goto(oda_link)
    expect(player.locator("#power")).to_have_text("Oda")
    player.fill("#orders", "A Owari - Ise\nF Mikawa Hold\nA Owari - Xyz")
    verdicts = player.locator("#verdicts li")
    expect(verdicts).to_have_count(3)
    expect(verdicts.nth(0)).to_have_class("ok")
    expect(verdicts.nth(0)).to_contain_text("A Owari - Ise")
    expect(verdicts.nth(1)).to_contain_text("F Mikawa H")
    expect(verdicts.nth(2)).to_have_class("bad")
    expect(verdicts.nth(2)).to_contain_text("Xyz")
    player.fill("#orders", "A Owari - Ise\nF Mikawa Hold")  # the player corrects the text...
    expect(verdicts).to_have_count(2)
    expect(player.locator("#verdicts li.bad")).to_have_count(0)
    player.click("#save")  # ...and saves
    expect(player.locator(".flash.ok")).to_have_text("Saved 2 orders.")
    expect(player.locator("#saved-orders li")).to_have_text(["A Owari - Ise", "F Mikawa H"])

    gm.goto(gm_link)
    expect(gm.locator("tr[data-power=Oda] td").nth(1)).to_contain_text("A Owari - Ise")
    asked: list[str] = []
    gm.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    gm.click("#adjudicate")  # the GM is asked first, and says no...
    expect(gm.locator("#phase")).to_contain_text("Spring 1570 movement")
    assert asked and asked[0].startswith("Adjudicate Spring 1570 movement now? 1 of 8 powers have saved orders")
    gm.once("dialog", lambda dialog: dialog.accept())
    gm.click("#adjudicate")  # ...then yes
    expect(gm.locator("#phase")).to_contain_text("Fall 1570 movement")
    expect(gm.locator("#report")).to_contain_text("A Owari - Ise")

    public = _phone(browser)
    public.goto(public_link)
    expect(public.locator("#phase")).to_have_text("Fall 1570 movement")
    expect(public.locator("#centres tr", has_text="Oda")).to_contain_text("A Ise")
    expect(public.locator("#latest-report")).to_contain_text("Spring 1570 movement results")
    loaded = public.locator("figure.map img").evaluate("img => img.complete && img.naturalWidth > 0")
    assert public.locator("#to-sandbox").count() == 1
    assert loaded, "the map picture did not load"
    assert re.search(r"/games/\w+$", public.url)
