"""The players' table in a real browser: private press, the ready button, a page that learns the phase moved
(axe-core reads the press with 300 messages in tests/web/test_browser_axe.py)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.web.browsing import desktop, new_game, phone
from tests.web.live import call

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out

expect.set_options(timeout=15_000)
SECRET = "Strike Suruga in the fall. Burn this."


def link(base: str, game: dict[str, Any], power: str) -> str:
    return f"{base}/games/{game['id']}/play/{game['power_tokens'][power]}"


def test_two_players_exchange_a_private_message_that_a_third_cannot_see(base: str, browser: Browser) -> None:
    game = new_game(base)
    oda, takeda, hojo = phone(browser), desktop(browser), desktop(browser)
    oda.goto(link(base, game, "Oda") + "#press")
    oda.locator("#new-message").evaluate("d => { d.open = true; }")  # open already: the game has no press yet
    oda.locator("#press-form label", has_text="Takeda").locator("input").check()
    expect(oda.locator("#press-to-all")).not_to_be_checked()  # ticking a power makes the message private
    oda.fill("#press-text", SECRET)
    oda.click("#press-send")
    expect(oda.locator("#talk-title")).to_have_text("Takeda")  # the conversation it started opens
    expect(oda.locator("#press-list .press-text")).to_have_text([SECRET])
    takeda.goto(link(base, game, "Takeda"))
    expect(takeda.locator("header.top [data-unread-total]")).to_have_text("1")
    takeda.click("header.top a.press-link")
    takeda.locator("a.talk-link", has_text="Oda").click()
    expect(takeda.locator(".press-message .press-text")).to_have_text([SECRET])
    takeda.fill("#reply-text", "Agreed. Kai holds.")
    takeda.click("#reply-send")
    expect(takeda.locator(".press-message .press-text")).to_have_text([SECRET, "Agreed. Kai holds."])
    hojo.goto(link(base, game, "Hojo") + "#press")
    expect(hojo.locator("#press-empty")).to_be_visible()
    assert SECRET not in hojo.content() and "Kai holds" not in hojo.content()
    oda.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # the next poll
    expect(oda.locator(".press-message .press-text")).to_have_text([SECRET, "Agreed. Kai holds."])


def test_a_page_open_in_another_tab_learns_that_the_gm_adjudicated(base: str, browser: Browser) -> None:
    game = new_game(base)
    page = desktop(browser)
    page.goto(link(base, game, "Oda"))
    page.fill("#orders", "A Owari - Mino")  # typed, not saved: it must stay
    version = call("GET", f"{base}/api/games/{game['id']}")[1]["version"]
    status, _ = call("POST", f"{base}/api/games/{game['id']}/adjudicate", {"version": version}, str(game["gm_token"]))
    assert status == 200
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # as when the tab is shown again
    expect(page.locator("#live-note")).to_contain_text(
        "Spring 1570 movement was adjudicated: Fall 1570 movement is open"
    )
    expect(page.locator("#orders")).to_have_value("A Owari - Mino")


@pytest.mark.parametrize("width", [390, 1280])
def test_a_page_open_when_the_gm_rolls_back_says_so_in_the_right_words(base: str, browser: Browser, width: int) -> None:
    game = new_game(base)
    gm = str(game["gm_token"])
    version = call("GET", f"{base}/api/games/{game['id']}")[1]["version"]
    assert call("POST", f"{base}/api/games/{game['id']}/adjudicate", {"version": version}, gm)[0] == 200
    page = (phone if width == 390 else desktop)(browser)
    page.goto(link(base, game, "Oda"))
    expect(page.locator("#phase")).to_have_text("Fall 1570 movement")
    version = call("GET", f"{base}/api/games/{game['id']}")[1]["version"]
    assert call("POST", f"{base}/api/games/{game['id']}/rollback", {"version": version}, gm)[0] == 200
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # the next poll
    expect(page.locator("#live-note")).to_contain_text(
        "The GM rolled the game back: Fall 1570 movement is closed and Spring 1570 movement is open again."
    )
    expect(page.locator("#live-note")).not_to_contain_text("adjudicated")
    page.fill("#orders", "A Owari - Mino")  # typing: the live check answers for Spring
    expect(page.locator("#phase-moved")).to_contain_text("The game is at Spring 1570 movement now")
    expect(page.locator("#phase-moved")).not_to_contain_text("moved on")
    page.context.close()


def test_when_every_power_is_ready_the_phase_ends_early(base: str, browser: Browser, live_app: Any) -> None:
    from web.table import deadlines

    game = new_game(base)
    status, _ = call("PUT", f"{base}/api/games/{game['id']}/early", {"when_all_ready": True}, str(game["gm_token"]))
    assert status == 200
    tokens = game["power_tokens"]
    for power in [p for p in tokens if p != "Uesugi"]:
        assert call("PUT", f"{base}/api/games/{game['id']}/ready", {"ready": True}, tokens[power])[0] == 200
    page = phone(browser)
    page.goto(link(base, game, "Uesugi"))
    expect(page.locator("#ready-others")).to_contain_text("waiting for Uesugi")
    page.click("#ready-quick")
    expect(page.locator(".flash", has_text="Everyone is ready")).to_be_visible()
    assert deadlines.run_due(live_app.extensions["sengoku_db"]) == [game["id"]]
    page.reload()
    expect(page.locator("#phase")).to_have_text("Fall 1570 movement")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_gm_pages_map_hint_stays_clear_of_the_site_header(base: str, browser: Browser, width: int) -> None:
    """On a desktop the hint lies over the map's top left corner, on a phone under the map; never over the
    site's header, however the page scrolls (it covered the header at 1280 once)."""
    game = new_game(base)
    page = (phone if width == 390 else desktop)(browser)
    page.goto(f"{base}/games/{game['id']}/gm/{game['gm_token']}")
    expect(page.locator("#map-info")).to_contain_text("for your eyes only")
    for y in (0, 150, 300):
        page.evaluate(f"window.scrollTo(0, {y})")
        header, hint, board = (page.locator(s).bounding_box() for s in ("header.top", "#map-bar", "#map"))
        assert header is not None and hint is not None and board is not None
        assert hint["y"] >= header["y"] + header["height"], (y, header, hint)
        if width == 1280:
            inside = board["x"] <= hint["x"] and hint["x"] + hint["width"] <= board["x"] + board["width"]
            assert inside and board["y"] <= hint["y"] <= board["y"] + board["height"] / 4, (y, board, hint)
        else:
            assert hint["y"] >= board["y"] + board["height"] - 1, (y, board, hint)
    page.context.close()
