"""End to end in a real headless browser (Debian's chromium, driven by Playwright; never a downloaded one).

A GM creates a game from the front page; Oda's player opens the link, types
orders, sees each line's verdict appear, corrects a line and saves; the GM
adjudicates; the public page shows the new position.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.web.live import live_server
from web import create_app

CHROMIUM = os.environ.get("SENGOKU_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'browser.db'}", "SECRET_KEY": "browser"})
    with live_server(app) as url:
        yield url
    app.extensions["sengoku_db"].dispose()


def _phone(browser: Browser) -> Page:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    return context.new_page()


def test_a_game_in_the_browser(browser: Browser, base: str) -> None:
    gm = _phone(browser)
    gm.goto(base + "/")
    gm.fill("input[name=name]", "Browser game")
    gm.click("text=Create the game")
    expect(gm.locator("h1")).to_have_text("Browser game is ready")
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
    gm.click("#adjudicate")
    expect(gm.locator("#phase")).to_contain_text("Fall 1570 movement")
    expect(gm.locator("#report")).to_contain_text("A Owari - Ise")

    public = _phone(browser)
    public.goto(public_link)
    expect(public.locator("#phase")).to_have_text("Fall 1570 movement")
    expect(public.locator("#centres tr", has_text="Oda")).to_contain_text("A Ise")
    expect(public.locator("#latest-report")).to_contain_text("Spring 1570 movement results")
    loaded = public.locator("figure.map img").evaluate("img => img.complete && img.naturalWidth > 0")
    assert loaded, "the map picture did not load"
    assert re.search(r"/games/\w+$", public.url)
