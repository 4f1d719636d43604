"""Notifications while the page is closed, from the page's button to the browser's keys, in a real browser at 390
and 1280 px: the player turns them on (the page registers the site's service worker and sends the browser's
subscription), then each event (a phase adjudicated, a message, a rollback, a reminder) is pushed to a push
service on loopback that checks the site's VAPID signature and decrypts the payload (tests/web/pushservice.py).

Headless Chromium has no push service of its own (its subscriptions go to Google's servers), so the page's
``pushManager.subscribe`` is given the loopback service's subscription, with keys the test holds: everything
else (the service worker, the page's request, the site's encryption, signature and POST) is the real thing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect

from tests.web.browsing import desktop, new_game, phone
from tests.web.live import call
from tests.web.pushservice import push_service
from web import create_app
from web.storage import store
from web.table import deadlines, push

pytestmark = [pytest.mark.slow, pytest.mark.clock(tick=True)]

expect.set_options(timeout=15_000)

_BROWSER_SUBSCRIPTION = """(() => {
  const sub = %s;
  let current = null;
  const made = () => ({ endpoint: sub.endpoint, options: {}, toJSON: () => sub,
                        unsubscribe: () => { current = null; return Promise.resolve(true); } });
  PushManager.prototype.subscribe = function () { current = made(); return Promise.resolve(current); };
  PushManager.prototype.getSubscription = function () { return Promise.resolve(current); };
})();"""


@pytest.fixture
def live_app(tmp_path: Path) -> Iterator[Flask]:
    config = {"DATABASE_URL": f"sqlite:///{tmp_path / 'live.db'}", "SECRET_KEY": "live"}
    app = create_app({**config, "PUSH_SERVICES": ["127.0.0.1"], "PUSH_LOOPBACK_HTTP": True})
    yield app
    app.extensions["sengoku_db"].dispose()


def settle(app: Flask) -> None:
    settings = push.settings_of(app.extensions["sengoku_db"])
    assert settings is not None
    for thread in list(settings.sent):
        thread.join(timeout=20)


@pytest.mark.parametrize("width", [390, 1280])
def test_a_player_turns_notifications_on_and_each_event_reaches_the_browser(
    base: str, browser: Browser, live_app: Flask, width: int
) -> None:
    db = live_app.extensions["sengoku_db"]
    settings = push.settings_of(db)
    assert settings is not None
    game = new_game(base)
    gm, tokens, game_id = str(game["gm_token"]), game["power_tokens"], str(game["id"])
    with push_service(settings.key.public) as service:
        name, held = service.browser()
        page = (phone if width == 390 else desktop)(browser, permissions=["notifications"])
        page.add_init_script(_BROWSER_SUBSCRIPTION % json.dumps(held.subscription()))
        page.goto(f"{base}/games/{game_id}/play/{tokens['Takeda']}#game")
        expect(page.locator("#notify-state")).to_have_text("Off in this browser.")
        page.click("#notify-on")
        expect(page.locator("#notify-state")).to_contain_text("On in this browser")
        expect(page.locator("#notify-devices")).to_contain_text("On in 1 browser of yours")
        assert page.evaluate("navigator.serviceWorker.getRegistration('/').then(r => !!(r && r.active))")

        version = call("GET", f"{base}/api/games/{game_id}")[1]["version"]
        assert call("POST", f"{base}/api/games/{game_id}/adjudicate", {"version": version}, gm)[0] == 200
        sent = {"to": ["Takeda"], "text": "Kai holds."}
        assert call("POST", f"{base}/api/games/{game_id}/press", sent, tokens["Oda"])[0] == 201
        version = call("GET", f"{base}/api/games/{game_id}")[1]["version"]
        assert call("POST", f"{base}/api/games/{game_id}/rollback", {"version": version}, gm)[0] == 200
        assert call("PUT", f"{base}/api/games/{game_id}/deadline", {"hours_from_now": 2}, gm)[0] == 200
        assert call("PUT", f"{base}/api/games/{game_id}/reminders", {"hours": [3]}, gm)[0] == 200
        for thread in deadlines.run_pass(db, None, now=store.utcnow() + timedelta(minutes=1)):
            thread.join(timeout=20)
        settle(live_app)
        pushed = service.wait(4)
        assert service.refused == [] and {who for who, _ in pushed} == {name}
        titles = [note["title"] for _, note in pushed]
        assert sorted(note["tag"].split("-")[0] for _, note in pushed) == ["phase", "phase", "press", "reminder"]
        assert "Browser game: Spring 1570 movement adjudicated" in titles
        assert "Browser game: Oda to Takeda" in titles
        assert "Browser game: Spring 1570 movement is open again" in titles

        page.click("#notify-off")
        expect(page.locator("#notify-state")).to_have_text("Off in this browser.")
        assert push.subscriptions_of(db, game_id, "Takeda") == []
        page.context.close()
