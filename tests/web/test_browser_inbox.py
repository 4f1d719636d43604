"""The GM's box for orders sent by email, in headless Chromium, on a phone and on a desktop.

Three emails pasted as they came; the page answers with every line's verdict
and what each power now has stored, and the submissions table shows them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.web.browsing import new_game

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out

THREE_EMAILS = (Path(__file__).parent.parent / "inbox" / "corpus" / "23-three-emails-no-headers.txt").read_text(
    encoding="utf-8"
)


@pytest.fixture
def gm_page(base: str) -> str:
    game = new_game(base, "Inbox")
    return f"{base}/games/{game['id']}/gm/{game['gm_token']}"


@pytest.mark.parametrize("width", [390, 1280])
def test_three_emails_pasted_into_the_gm_page(browser: Browser, gm_page: str, width: int) -> None:
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    page.set_default_timeout(15_000)
    page.goto(gm_page)
    page.fill("#inbox-text", THREE_EMAILS)
    page.click("#read-inbox")
    lines = page.locator("#inbox-lines li")
    expect(lines.first).to_contain_text("Hi GM, (chatter)")
    expect(page.locator("#inbox-lines li.ok")).to_have_count(6)
    expect(page.locator("#inbox-lines li.bad")).to_have_count(0)
    expect(page.locator("#inbox-stored li[data-power=Uesugi]")).to_contain_text("A Kozuke - Musashi, F Echigo H")
    expect(page.locator("tr[data-power=Takeda] td").nth(1)).to_contain_text("A Kai - Suruga")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing wider than the screen
    page.context.close()
