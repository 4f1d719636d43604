"""The players' table in a real browser at 390 and 1280 px: press no one misses, unread kept until seen, the
phone page in parts with Save, Ready and the unread count always in the bar, and Ready across pause and resume.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from tests.web.browsing import desktop, new_game, phone
from tests.web.live import call

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out

expect.set_options(timeout=15_000)
SIZES = [390, 1280]


_FOCUSED = (
    "document.activeElement ? (document.activeElement.getAttribute('aria-label') || document.activeElement.id) : ''"
)


_SAVES = "(() => { const e = document.activeElement; return !!e && e.getAttribute('form') === 'orders-form'; })()"


def link(base: str, game: dict[str, Any], power: str) -> str:
    return f"{base}/games/{game['id']}/play/{game['power_tokens'][power]}"


def say(base: str, game: dict[str, Any], power: str, to: list[str], text: str) -> int:
    status, sent = call(
        "POST", f"{base}/api/games/{game['id']}/press", {"to": to, "text": text}, game["power_tokens"][power]
    )
    assert status == 201, sent
    return int(sent["id"])


def opened(browser: Browser, width: int, url: str) -> Page:
    page = phone(browser) if width == 390 else desktop(browser)
    page.goto(url)
    expect(page.locator("#phase")).to_be_visible()
    return page


def poll(page: Page) -> None:
    """What the page does every 15 s while shown: ask the pulse (as when the tab is shown again)."""
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")


@pytest.mark.parametrize("width", SIZES)
def test_two_messages_between_two_polls_are_both_shown_in_two_tabs(base: str, browser: Browser, width: int) -> None:
    game = new_game(base)
    say(base, game, "Oda", ["*"], "The first word")
    tabs = [opened(browser, width, link(base, game, "Takeda") + "#press") for _ in range(2)]
    for tab in tabs:
        tab.locator("a.talk-link", has_text="Everyone (public)").click()
        expect(tab.locator("#press-list .press-text")).to_have_text(["The first word"])
    say(base, game, "Oda", ["*"], "A second word")
    say(base, game, "Hojo", ["*"], "And a third")  # both before either tab asks again
    for tab in tabs:
        poll(tab)
        expect(tab.locator("#press-list .press-text")).to_have_text(["The first word", "A second word", "And a third"])
    tabs[0].context.close()
    tabs[1].context.close()


@pytest.mark.parametrize("width", SIZES)
def test_unread_is_kept_across_a_reload_until_the_message_is_seen(base: str, browser: Browser, width: int) -> None:
    game = new_game(base)
    say(base, game, "Oda", ["Takeda"], "Meet me in Kai")
    page = opened(browser, width, link(base, game, "Takeda"))
    top = page.locator("header.top [data-unread-total]")
    expect(top).to_have_text("1")
    expect(page.locator("#save-bar [data-unread-total]")).to_have_text("1")  # beside Press in the bar
    page.reload()  # as after a save: nothing was seen, nothing is read
    expect(top).to_have_text("1")
    page.locator("#save-bar [data-section-link=press]").click()
    expect(page.locator("a.talk-link", has_text="Oda")).to_contain_text("1 new")
    page.locator("a.talk-link", has_text="Oda").click()
    expect(page.locator("#press-list .press-text")).to_have_text(["Meet me in Kai"])
    expect(top).to_be_hidden()  # on screen: read
    page.reload()
    expect(page.locator("header.top [data-unread-total]")).to_be_hidden()
    page.context.close()


@pytest.mark.parametrize("width", SIZES)
def test_the_page_is_in_parts_with_save_ready_and_press_always_in_the_bar(
    base: str, browser: Browser, width: int
) -> None:
    game = new_game(base)
    say(base, game, "Hojo", ["*"], "Hello from Sagami")
    page = opened(browser, width, link(base, game, "Oda"))
    for control in ("#save", "#ready-quick", "#save-bar [data-section-link=press]"):
        box = page.locator(control).bounding_box()
        assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"], control  # type: ignore[index]
        assert box["height"] >= 44 or control == "#ready-quick" and box["height"] >= 40, control
    expect(page.locator("#save-bar [data-section-link=press] [data-unread-total]")).to_have_text("1")
    page.locator("#save-bar [data-section-link=press]").click()
    expect(page.locator("#press")).to_be_visible()
    expect(page.locator("#units-panel")).to_be_hidden()
    if width == 390:
        expect(page.locator("#map")).to_be_hidden()  # a phone shows one part at a time
    page.locator("#save-bar [data-section-link=game]").click()
    expect(page.locator("#ready-card")).to_be_visible()
    expect(page.locator("#notify")).to_be_visible()
    page.locator("#save-bar [data-section-link=orders]").click()
    expect(page.locator("#map")).to_be_visible()
    expect(page.locator("#units-panel")).to_be_visible()
    page.context.close()


@pytest.mark.parametrize("width", SIZES)
def test_keyboard_orders_keep_focus_on_the_next_choice_and_reach_save_in_a_few_keys(
    base: str, browser: Browser, width: int
) -> None:
    game = new_game(base)
    page = opened(browser, width, link(base, game, "Oda"))
    first = page.locator('g.unit[role=button][data-location="OWA"]')
    first.focus()
    page.keyboard.press("Enter")  # Owari's army chosen: its targets come next
    page.keyboard.press("Enter")  # the first target
    expect(page.locator("#orders")).to_have_value(re.compile(r"^A Owari - "))
    focused = page.evaluate(_FOCUSED)
    assert focused.startswith("Order ") and "Owari" not in focused, f"focus went to {focused!r}, not the next unit"
    last = page.locator("select.choose").last
    last.focus()
    presses = 0
    while page.evaluate(_SAVES) is False and presses < 6:
        page.keyboard.press("Tab")
        presses += 1
    assert page.evaluate(_SAVES) and presses <= 2, presses
    page.context.close()


@pytest.mark.parametrize("width", SIZES)
def test_from_the_top_of_the_page_save_is_two_keys_away(base: str, browser: Browser, width: int) -> None:
    """The first Tab is a link to Save and Ready (shown while focused); Enter on it puts the focus on Save."""
    game = new_game(base)
    page = opened(browser, width, link(base, game, "Oda"))
    page.keyboard.press("Tab")
    skip = page.locator("a.skip-link")
    expect(skip).to_be_focused()
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0 and box["height"] >= 24, box  # on screen while it has the focus
    page.keyboard.press("Enter")
    assert page.evaluate(_SAVES), page.evaluate(_FOCUSED)
    page.keyboard.press("Tab")
    expect(page.locator("#ready-quick")).to_be_focused()  # and Ready is the next key
    page.context.close()


@pytest.mark.parametrize("width", SIZES)
def test_a_phase_everyone_is_ready_for_while_paused_ends_when_it_is_resumed(
    base: str, browser: Browser, live_app: Flask, width: int
) -> None:
    from web.table import deadlines

    game = new_game(base)
    gm, tokens, game_id = str(game["gm_token"]), game["power_tokens"], game["id"]
    assert call("PUT", f"{base}/api/games/{game_id}/early", {"when_all_ready": True}, gm)[0] == 200
    assert call("POST", f"{base}/api/games/{game_id}/pause", {"paused": True}, gm)[0] == 200
    for power in [p for p in tokens if p != "Uesugi"]:
        assert call("PUT", f"{base}/api/games/{game_id}/ready", {"ready": True}, tokens[power])[0] == 200
    page = opened(browser, width, link(base, game, "Uesugi"))
    page.click("#ready-quick")
    expect(page.locator(".flash", has_text="the phase ends as soon as the GM resumes")).to_be_visible()
    assert deadlines.run_due(live_app.extensions["sengoku_db"]) == []
    assert call("POST", f"{base}/api/games/{game_id}/pause", {"paused": False}, gm)[0] == 200
    assert deadlines.run_due(live_app.extensions["sengoku_db"]) == [game_id]
    page.reload()
    expect(page.locator("#phase")).to_have_text("Fall 1570 movement")
    page.context.close()
