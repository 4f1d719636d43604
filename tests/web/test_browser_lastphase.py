"""The last phase on the map (real Chromium): a player's page opens on the last results, arrows and the
dislodged unit drawn, with what happened to that power in words; the past phases step by keyboard."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.web.browsing import desktop, new_game, phone, play_through
from tests.web.scenes import FALL_1570, SPRING_1570

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out

expect.set_options(timeout=15_000)


def test_after_an_adjudication_the_player_sees_the_last_results_on_the_map(base: str, browser: Browser) -> None:
    game = new_game(base)
    play_through(base, game, [SPRING_1570, FALL_1570])  # Fall 1570: Oda dislodges Asakura's army in Ise
    page = phone(browser)
    page.goto(str(game["links"]["Asakura"]))
    figure = page.locator("figure#map")
    expect(figure).to_have_attribute("data-view", "results-2")
    assert page.locator("g.results > *").count() >= 6, "the last phase's moves and supports are drawn"
    expect(page.locator("g.results")).to_be_visible()
    expect(page.locator("g.unit.dislodged")).to_have_count(1)  # the army dislodged from Ise, beside it
    expect(page.locator("#last-phase")).to_contain_text("A Ise H: dislodged by A Owari")
    expect(page.locator("#last-phase")).to_contain_text("A Ise may retreat to")
    page.click("#view-toggle button[data-view=now]")
    expect(figure).to_have_attribute("data-view", "now")
    expect(page.locator("g.results")).to_be_hidden()
    page.context.close()


def test_the_past_phases_step_by_keyboard_on_the_same_map(base: str, browser: Browser) -> None:
    game = new_game(base)
    play_through(base, game, [SPRING_1570, FALL_1570])
    page = desktop(browser)
    page.goto(f"{base}/games/{game['id']}/history/2")
    expect(page.locator("h1")).to_have_text("Fall 1570 movement")
    expect(page.locator("#readable-post table").first).to_be_visible()  # results as text that wraps
    page.keyboard.press("ArrowLeft")
    expect(page.locator("h1")).to_have_text("Spring 1570 movement")
    page.wait_for_load_state()  # the new page's heading shows before its key handler (at the end of the page) runs
    page.keyboard.press("ArrowRight")
    expect(page.locator("h1")).to_have_text("Fall 1570 movement")
    width = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert width, "nothing scrolls sideways"
    page.context.close()
