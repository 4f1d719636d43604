"""The story page in real Chromium at 390 and 1280 px: the chart and the summary in view, nothing but the
chart and the summary's table scrolling sideways, the animation shown once it is made."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from bench.long_game import play
from tests.web.browsing import desktop, new_game, phone
from web.storage import store
from web.storage.store import Handle

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out

expect.set_options(timeout=15_000)


def finished(live_app: Flask, base: str) -> str:
    """A game of three years with random orders, conceded to Oda, on the live site; its id."""
    game_id = str(new_game(base)["id"])
    made = play("sengoku", 3, seed=3)
    for power in made.survivors():
        if power != "Oda":
            made.concede(power, "Oda")

    def act(handle: Handle) -> None:
        handle.game.state = made.state.replace(name="Browser game")

    store.change(live_app.extensions["sengoku_db"], game_id, act)
    return game_id


def made(url: str, seconds: float = 300) -> None:
    """Wait until the story's worker has made what ``url`` answers (503 until then)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(url, timeout=30):
                return
        except urllib.error.HTTPError as error:
            assert error.code == 503
            time.sleep(1)
    raise AssertionError(f"{url} was not made in {seconds} s")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_story_page_shows_the_chart_the_animation_and_the_summary(
    live_app: Flask, base: str, browser: Browser, size: str
) -> None:
    game_id = finished(live_app, base)
    for what in ("story/chart.svg", "story.gif"):
        made(f"{base}/games/{game_id}/{what}")
    page: Page = (phone if size == "phone" else desktop)(browser)
    page.goto(f"{base}/games/{game_id}/story")
    expect(page.locator("h1")).to_have_text("The game's story")
    expect(page.locator("#result")).to_have_text("The game is conceded to Oda.")
    chart = page.locator("#story-chart img")
    expect(chart).to_be_visible()
    assert page.evaluate("document.querySelector('#story-chart img').naturalWidth") > 0, "the chart was drawn"
    animation = page.locator("img.story-animation")
    expect(animation).to_be_visible()
    assert page.evaluate("document.querySelector('img.story-animation').naturalWidth") == 640
    expect(page.locator("#story-summary table").first).to_contain_text("Oda")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page never scrolls sideways"
    page.context.close()
