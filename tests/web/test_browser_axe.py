"""Every kind of page, read by axe-core in a real browser at 390 and 1280 px: no serious or critical violation.

The pages are reached as people reach them: the front page, a new game's links page (in the browser that made
the game), a player's page in each kind of phase, the DP auction page, the GM page and its preview, the public
page and a past phase, the sandbox and the API document.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.web.browsing import desktop, phone, play_through
from tests.web.live import call
from tests.web.scenes import SPRING_1570

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out

expect.set_options(timeout=15_000)


def grave(page: Page) -> list[tuple[str, str, list[object]]]:
    page.wait_for_timeout(200)  # the page's scripts have run (the map becomes a group of buttons)
    results = Axe().run(page)
    found = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    return [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in found]


def test_no_page_has_a_serious_accessibility_violation(base: str, browser: Browser) -> None:
    for open_page in (phone, desktop):
        page = open_page(browser)
        page.goto(base + "/")
        assert grave(page) == [], "front page"
        page.fill("input[name=name]", "Axe game")
        page.click("text=Create the game")
        expect(page.locator("h1")).to_have_text("Axe game is ready")
        assert grave(page) == [], "links page"
        gm = str(page.get_attribute("#link-gm", "href"))
        oda = str(page.get_attribute("a.power-link[data-power=Oda]", "href"))
        game_id = gm.split("/games/")[1].split("/")[0]
        for url, what in (
            (oda, "player page"),
            (oda + "/auction", "auction"),
            (gm, "GM page"),
            (gm + "/preview", "preview"),
        ):
            page.goto(url)
            assert grave(page) == [], what
        status, created = call("POST", f"{base}/api/games", {"name": "Played"})
        assert status == 201
        play_through(base, created, [SPRING_1570])
        for url, what in (
            (f"{base}/games/{created['id']}", "public page"),
            (f"{base}/games/{created['id']}/phases/0", "phase page"),
            (f"{base}/games/{created['id']}/play/{created['power_tokens']['Takeda']}", "player page, fall"),
            (f"{base}/sandbox", "sandbox"),
            (f"{base}/api/docs", "API document"),
        ):
            page.goto(url)
            assert grave(page) == [], what
        assert game_id
