"""A real browser for the web tests: Debian's chromium driven by Playwright (never a downloaded browser).

Pages come at the two sizes the site is made for: a 390 px phone (touch) and a 1280 px desktop. A game
is brought to a phase through the JSON API of a live server, as players and a GM would.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Page, sync_playwright

from tests.web.live import call

__all__ = ["CHROMIUM", "desktop", "launch", "new_game", "phone", "play_through"]

CHROMIUM = os.environ.get("SENGOKU_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def launch() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def phone(browser: Browser, **options: object) -> Page:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2, **options
    )
    context.set_default_timeout(15_000)
    return context.new_page()


def desktop(browser: Browser, **options: object) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
    context.set_default_timeout(15_000)
    return context.new_page()


def new_game(base: str, name: str = "Browser game") -> dict[str, object]:
    status, created = call("POST", f"{base}/api/games", {"name": name})
    assert status == 201, created
    return created


def play_through(base: str, game: dict[str, object], phases: list[dict[str, str]]) -> None:
    """Each phase: the powers save their orders through the API, then the GM adjudicates."""
    tokens, gm, game_id = game["power_tokens"], game["gm_token"], game["id"]
    assert isinstance(tokens, dict) and isinstance(gm, str)
    for orders in phases:
        for power, text in orders.items():
            status, answer = call("PUT", f"{base}/api/games/{game_id}/orders", {"text": text}, tokens[power])
            assert status == 200 and answer["refused"] == 0, answer
        version = call("GET", f"{base}/api/games/{game_id}")[1]["version"]
        status, answer = call("POST", f"{base}/api/games/{game_id}/adjudicate", {"version": version}, gm)
        assert status == 200, answer
