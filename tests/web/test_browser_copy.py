"""The copy button beside a results post, in headless Chromium: the Clipboard API, and the fallback without it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.web.live import call

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out


def _adjudicated_game(base: str) -> str:
    status, created = call("POST", base + "/api/games", {"name": "Copy game"})
    assert status == 201, created
    status, answer = call("POST", f"{base}/api/games/{created['id']}/adjudicate", {}, created["gm_token"])
    assert status == 200, answer
    return str(created["links"]["gm"])


def test_the_copy_button_copies_the_post_in_the_chosen_markup(browser: Browser, base: str) -> None:
    gm_link = _adjudicated_game(base)
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(gm_link + "?format=bbcode")
    expected = page.locator("#report").input_value()
    assert expected.startswith("[b]Copy game, Sengoku Jidai (6DP): Spring 1570 movement results[/b]")
    page.click("button[data-copy=report]")
    expect(page.locator(".copied")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == expected
    context.close()


def test_without_the_clipboard_api_the_fallback_still_copies(browser: Browser, base: str) -> None:
    """Over plain HTTP to a server's name (not localhost) the page is no secure context: no Clipboard API."""
    gm_link = _adjudicated_game(base)
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script("Object.defineProperty(window, 'isSecureContext', {get: () => false})")
    page = context.new_page()
    page.goto(gm_link)
    page.click("button[data-copy=report]")
    expect(page.locator(".copied")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#report").input_value()
    context.close()
