"""End to end in a real headless browser (Debian's chromium, driven by Playwright; never a downloaded one).

A GM creates a game from the front page (and reloads the links page: no
second game); Oda's player opens the link, types orders, sees each line's
verdict appear, corrects a line and saves; the GM adjudicates, after saying
yes to the question; the public page shows the new position.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect

from tests.web.browsing import new_game, phone
from web.play import actions
from web.schemas.bodies import DeadlineIn
from web.storage import store

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out


def test_a_game_in_the_browser(browser: Browser, base: str) -> None:
    gm = phone(browser)
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

    player = phone(browser)
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

    public = phone(browser)
    public.goto(public_link)
    expect(public.locator("#phase")).to_have_text("Fall 1570 movement")
    expect(public.locator("#centres tr", has_text="Oda")).to_contain_text("A Ise")
    expect(public.locator("#latest-report")).to_contain_text("Spring 1570 movement results")
    svg = public.locator("#map svg")
    whole = svg.get_attribute("viewBox")
    public.click("button[data-zoom=in]")  # the public map is live too: a phone zooms in to read it
    expect(svg).not_to_have_attribute("viewBox", str(whole))
    png = public.request.get(base + str(public.get_attribute("#map-png", "href")))
    assert png.ok and png.headers["content-type"] == "image/png"
    assert public.locator("#to-sandbox").count() == 1
    assert re.search(r"/games/\w+$", public.url)


def test_a_save_after_the_deadline_keeps_what_the_player_typed(browser: Browser, live_app: Flask, base: str) -> None:
    """The deadline passes while the player types; the save is refused on the player's page, the text kept."""
    game = new_game(base)
    player = phone(browser)
    player.goto(str(game["links"]["Oda"]))
    typed = "A Owari - Ise\nF Mikawa H\nA Owari - Xyz"
    player.fill("#orders", typed)
    expect(player.locator("#verdicts li")).to_have_count(3)
    db = live_app.extensions["sengoku_db"]
    actions.set_deadline(db, str(game["id"]), DeadlineIn(at=store.utcnow() - timedelta(seconds=1)))
    player.click("#save")
    expect(player.locator("#not-saved")).to_contain_text("has passed and the phase is being adjudicated")
    assert player.input_value("#orders") == typed
    expect(player.locator("#unsaved")).to_be_visible()
    expect(player.locator("#power")).to_have_text("Oda")
    expect(player.locator("p.deadline .countdown")).to_have_text(
        "(passed: the results come within seconds; reload to see them)"
    )
    player.context.close()
