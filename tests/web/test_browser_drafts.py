"""Orders are never lost in a real browser: stale pages, reloads, closed tabs, leaving the page, a phone's screen.

A page drawn in Spring and saved after the adjudication is refused with its text kept in the box, and only
the player's "Use these for Fall 1570 movement" saves it for Fall. What is typed and not saved comes back
after a reload or in a new tab; leaving with it asks first; every "not saved yet" shows until it is saved;
on a 390 px phone the Save button is on the first screen, one tap from the map.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.browsing import desktop, new_game, phone
from tests.web.live import call

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out

expect.set_options(timeout=15_000)

SPRING, FALL = "Spring 1570 movement", "Fall 1570 movement"
TYPED = "A Owari - Mino\nF Mikawa H"


def adjudicate(base: str, game: dict) -> None:  # type: ignore[type-arg]
    status, answer = call("POST", f"{base}/api/games/{game['id']}/adjudicate", {"version": None}, game["gm_token"])
    assert status == 200, answer


def stored(base: str, game: dict) -> tuple[str, list[str]]:  # type: ignore[type-arg]
    me = call("GET", f"{base}/api/games/{game['id']}/me", token=game["power_tokens"]["Oda"])[1]
    return me["phase"], list(me["orders"])


def type_orders(page: Page, text: str) -> None:
    """Typed as a player types (key by key: the page sees a user at work)."""
    page.locator("#orders").click()
    page.keyboard.type(text)
    expect(page.locator("#verdicts li")).to_have_count(len(text.splitlines()))


def test_a_stale_page_is_refused_with_its_text_kept(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = phone(browser)
    page.goto(str(game["links"]["Oda"]))
    type_orders(page, TYPED)
    adjudicate(base, game)  # the GM adjudicates while the page is open
    page.click("#save")
    expect(page.locator("#not-saved")).to_contain_text(f"{SPRING} was adjudicated at ")
    expect(page.locator("#not-saved")).to_contain_text(f"your orders were not saved; here is the new phase, {FALL}")
    expect(page.locator("#phase")).to_have_text(FALL)
    assert page.input_value("#orders") == TYPED  # in the box, not saved, not moved
    assert stored(base, game) == (FALL, [])
    page.click("#carry")  # the player's own choice: use them for Fall
    expect(page.locator(".flash.ok")).to_have_text("Saved 2 orders.")
    assert stored(base, game) == (FALL, TYPED.splitlines())
    page.context.close()


def test_a_page_learns_the_game_moved_on_as_the_player_types(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = desktop(browser)
    page.goto(str(game["links"]["Oda"]))
    type_orders(page, "A Owari - Mino")
    adjudicate(base, game)
    page.keyboard.type("\nF Mikawa H")  # the live check now answers for Fall
    expect(page.locator("#phase-moved")).to_contain_text(f"The game is at {FALL} now (the GM adjudicated {SPRING} ")
    page.get_by_role("button", name="Reload").click()  # the text goes with the player, as a closed phase's draft
    expect(page.locator("#phase")).to_have_text(FALL)
    expect(page.locator(".closed-drafts textarea")).to_have_value(TYPED)
    page.context.close()


def test_a_draft_survives_a_reload_and_a_closed_tab(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = desktop(browser)
    page.goto(str(game["links"]["Oda"]))
    type_orders(page, TYPED)
    expect(page.locator("#unsaved")).to_be_visible()
    page.reload()
    assert page.input_value("#orders") == TYPED
    expect(page.locator("#draft-note")).to_contain_text("Restored what you had not saved")
    expect(page.locator("#save-bar")).to_contain_text("Not saved yet")
    context = page.context
    page.close(run_before_unload=False)  # the tab closed, the browser still open
    again = context.new_page()
    again.goto(str(game["links"]["Oda"]))
    assert again.input_value("#orders") == TYPED
    again.click("#save")
    expect(again.locator(".flash.ok")).to_have_text("Saved 2 orders.")
    expect(again.locator("#save-bar")).to_contain_text("Orders saved")
    again.reload()  # saved: the draft is gone, the saved orders are in the box
    assert again.input_value("#orders") == TYPED
    expect(again.locator("#draft-note")).to_be_hidden()
    expect(again.locator("#unsaved")).to_be_hidden()
    context.close()


def test_a_draft_survives_a_lost_connection(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = phone(browser)
    page.goto(str(game["links"]["Oda"]))
    type_orders(page, TYPED)
    context = page.context
    context.set_offline(True)
    page.click("#save", no_wait_after=True)  # the save never reaches the server: the browser's error page
    expect(page.locator("#orders")).to_have_count(0)
    context.set_offline(False)
    page.close()
    again = context.new_page()  # back later, connected
    again.goto(str(game["links"]["Oda"]))
    assert again.input_value("#orders") == TYPED
    expect(again.locator("#unsaved")).to_be_visible()
    assert stored(base, game) == (SPRING, [])
    context.close()


def test_a_draft_for_a_phase_since_adjudicated_is_offered_never_moved(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = desktop(browser)
    page.goto(str(game["links"]["Oda"]))
    type_orders(page, TYPED)
    adjudicate(base, game)
    page.reload()
    expect(page.locator(".closed-drafts")).to_contain_text(f"Orders for {SPRING} that were never saved")
    assert page.input_value("#orders") == ""  # not put into Fall's box by itself
    assert page.locator(".closed-drafts textarea").input_value() == TYPED
    page.get_by_role("button", name=f"Use these for {FALL}").click()
    assert page.input_value("#orders") == TYPED
    expect(page.locator("#unsaved")).to_be_visible()
    assert stored(base, game) == (FALL, [])  # still the player's to save
    page.context.close()


def test_leaving_with_unsaved_orders_asks_first(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = desktop(browser)
    page.goto(str(game["links"]["Oda"]))
    type_orders(page, "A Owari - Mino")
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss()))
    page.close(run_before_unload=True)  # the player closes the tab: the browser asks, the player stays
    expect(page.locator("#orders")).to_have_value("A Owari - Mino")
    assert asked == ["beforeunload"]
    assert not page.is_closed()
    page.click("#save")  # saving is no leaving: no question
    expect(page.locator(".flash.ok")).to_have_text("Saved 1 order.")
    assert asked == ["beforeunload"]
    page.context.close()


def test_the_save_bar_is_on_a_phones_first_screen_one_tap_from_the_map(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = phone(browser)
    page.goto(str(game["links"]["Oda"]))
    viewport = page.viewport_size
    assert viewport is not None and viewport["width"] == 390
    for where in ("top", "map"):
        if where == "map":
            page.locator("#map").scroll_into_view_if_needed()
        button = page.locator("#save").bounding_box()
        assert button is not None
        assert 0 <= button["y"] and button["y"] + button["height"] <= viewport["height"], (where, button)
        on_top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).id", [button["x"] + 5, button["y"] + 5])
        assert on_top == "save", where  # nothing covers it
    page.locator("#orders").fill("A Owari - Mino")
    page.locator("#orders").dispatch_event("input")
    expect(page.locator("#save-bar")).to_contain_text("Not saved yet")
    page.locator("#save").tap()  # one tap
    expect(page.locator(".flash.ok")).to_have_text("Saved 1 order.")
    page.context.close()


def test_the_dp_panel_says_a_bid_is_not_saved_yet(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = desktop(browser)
    page.goto(str(game["links"]["Oda"]))
    expect(page.locator("#bids [data-unsaved]")).to_be_hidden()
    page.locator('#bids li[data-unit="MIN"] button').click()  # "Bid": a line in the order box, not saved
    expect(page.locator("#verdicts li")).to_have_count(1)
    expect(page.locator("#bids [data-unsaved]")).to_have_text("(not saved yet)")
    expect(page.locator("#dp-left")).to_have_text("1")
    page.click("#save")
    expect(page.locator(".flash.ok")).to_have_text("Saved 1 order.")
    expect(page.locator("#bids [data-unsaved]")).to_be_hidden()
    page.context.close()


def test_a_refused_line_stays_in_the_box_to_be_put_right(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = desktop(browser)
    page.goto(str(game["links"]["Oda"]))
    type_orders(page, "A Owari - Mino\nF Mikawa - Kyoto")
    page.click("#save")
    expect(page.locator(".flash.ok")).to_have_text("Saved 1 order.")
    assert page.input_value("#orders") == "A Owari - Mino\nF Mikawa - Kyoto"  # the refused line is not dropped
    expect(page.locator("#verdicts li.bad")).to_have_count(1)
    expect(page.locator("#unsaved")).to_be_visible()
    assert stored(base, game) == (SPRING, ["A Owari - Mino"])
    page.context.close()
