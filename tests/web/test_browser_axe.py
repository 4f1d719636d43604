"""Every kind of page, read by axe-core in a real browser at 390 and 1280 px: no violation of any impact, with
300 messages of press in the game.

The pages are reached as people reach them: the front page, a new game's links page (in the browser that made
the game), a player's page in each of its parts (the press part with a conversation of a hundred messages open)
and in another phase, the DP auction page, the GM page (its press too) and its preview, the public page and a
past phase, the sandbox and the API document.
"""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.web.browsing import desktop, phone, play_through
from tests.web.live import call
from tests.web.scenes import SPRING_1570
from web.table import pressbounds

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out

expect.set_options(timeout=15_000)


def violations(page: Page) -> list[tuple[str, str, str, list[object]]]:
    page.wait_for_timeout(300)  # the page's scripts have run (the map becomes a group of buttons)
    results = Axe().run(page)
    found = results.response["violations"]
    return [(v["id"], v["impact"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in found]


def chatter(base: str, game: dict[str, Any], count: int = 300) -> None:
    """``count`` messages between the powers: public ones, private pairs and threes, and the GM's."""
    tokens = game["power_tokens"]
    powers = sorted(tokens)
    for n in range(count):
        sender = powers[n % len(powers)]
        others = [p for p in powers if p != sender]
        to = [["*"], [others[n % 7]], [others[n % 7], others[(n + 3) % 7]]][n % 3]
        text = f"Message {n} from {sender}: shall we talk about Mino and the coast of Ise?"
        status, _ = call("POST", f"{base}/api/games/{game['id']}/press", {"to": to, "text": text}, tokens[sender])
        assert status == 201
    body = {"to": ["*"], "text": "The deadline holds."}
    assert call("POST", f"{base}/api/games/{game['id']}/announcements", body, str(game["gm_token"]))[0] == 201


def each_part(page: Page, url: str, what: str) -> None:
    """The player's page in each of its parts, the press part with its busiest conversation open."""
    page.goto(url)
    assert violations(page) == [], what
    page.locator("#save-bar [data-section-link=press]").click()
    page.locator("a.talk-link").first.click()
    expect(page.locator("#press-list li.press-message").first).to_be_visible()
    assert violations(page) == [], what + ", press"
    page.locator("#save-bar [data-section-link=game]").click()
    assert violations(page) == [], what + ", game"


def test_no_page_has_an_accessibility_violation_with_300_messages(
    base: str, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pressbounds, "PER_MINUTE", 1000)  # 300 messages in seconds; the bound has its own tests
    status, game = call("POST", f"{base}/api/games", {"name": "Axe game"})
    assert status == 201
    chatter(base, game)
    status, played = call("POST", f"{base}/api/games", {"name": "Played"})
    assert status == 201
    play_through(base, played, [SPRING_1570])
    chatter(base, played, 60)
    for open_page in (phone, desktop):
        page = open_page(browser)
        page.goto(base + "/")
        assert violations(page) == [], "front page"
        page.fill("input[name=name]", "Axe made")
        page.click("text=Create the game")
        expect(page.locator("h1")).to_have_text("Axe made is ready")
        assert violations(page) == [], "links page"
        oda = str(game["links"]["Oda"])
        gm = f"{base}/games/{game['id']}/gm/{game['gm_token']}"
        each_part(page, oda, "player page")
        for url, what in (
            (oda + "/auction", "auction"),
            (gm, "GM page"),
            (gm + "?talk=public#press", "GM page, press"),
            (gm + "/preview", "preview"),
        ):
            page.goto(url)
            assert violations(page) == [], what
        each_part(page, f"{base}/games/{played['id']}/play/{played['power_tokens']['Takeda']}", "player page, fall")
        for url, what in (
            (f"{base}/games/{played['id']}", "public page"),
            (f"{base}/games/{played['id']}/history/1", "phase page"),
            (f"{base}/sandbox", "sandbox"),
            (f"{base}/api/docs", "API document"),
        ):
            page.goto(url)
            assert violations(page) == [], what
        page.context.close()
