"""The copy button beside a results post, in headless Chromium: the Clipboard API, and the fallback without it."""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from tests.web.live import live_server
from web import create_app

CHROMIUM = os.environ.get("SENGOKU_CHROMIUM", "/usr/bin/chromium")  # Debian's; never a downloaded browser
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'copy.db'}", "SECRET_KEY": "copy"})
    with live_server(app) as url:
        yield url
    app.extensions["sengoku_db"].dispose()


def _api(url: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {})
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


def _adjudicated_game(base: str) -> str:
    created = _api(base + "/api/games", {"name": "Copy game"})
    _api(f"{base}/api/games/{created['id']}/adjudicate", {}, created["gm_token"])
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
