"""Notifications while the page is closed (Web Push), end to end through a push service on loopback that checks
the site's VAPID signature and decrypts each payload with the browser's keys (tests/web/pushservice.py).

A browser subscribes through the player's page (its JSON, with the page's CSRF token); then each event is pushed
once to each subscription that wants it: a phase adjudicated (with what happened to the power), a phase opened
again by a rollback, a message the power may read, a reminder to a power that owes orders. A dead subscription
(410) and one made through a replaced link are dropped; an endpoint off the known push services is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from typing import Any

import httpx
import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import GameLinks, Site
from tests.web.pushservice import PushService, push_service
from web import create_app
from web.play import actions
from web.schemas.bodies import DeadlineIn
from web.storage import store
from web.storage.db import Database
from web.table import deadlines, push

pytestmark = pytest.mark.clock(tick=True)  # the VAPID signature's expiry is read from the clock


@pytest.fixture
def app(tmp_path: Any) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'test.db'}",
            "SECRET_KEY": "test",
            "PUSH_SERVICES": ["127.0.0.1"],
            "PUSH_LOOPBACK_HTTP": True,
        }
    )
    yield app
    app.extensions["sengoku_db"].dispose()


@pytest.fixture
def service(db: Database) -> Iterator[PushService]:
    settings = push.settings_of(db)
    assert settings is not None
    with push_service(settings.key.public) as running:
        yield running


def subscribe(site: Site, game: GameLinks, power: str, service: PushService, events: list[str] | None = None) -> str:
    name, browser = service.browser()
    page = game.player(power)
    answer = site.client.post(
        page + "/push",
        json={"subscription": browser.subscription(), "events": events or ["phase", "press", "reminder"]},
        headers={"X-CSRFToken": site.csrf(page)},
    )
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return name


def settle(db: Database) -> None:
    settings = push.settings_of(db)
    assert settings is not None
    for thread in list(settings.sent):
        thread.join(timeout=20)


def test_a_phase_adjudicated_is_pushed_with_what_happened_to_the_power(
    site: Site, client: FlaskClient, game: GameLinks, db: Database, service: PushService
) -> None:
    oda = subscribe(site, game, "Oda", service)
    site.save(game, "Oda", "A Owari - Mino")
    site.adjudicate(game)
    settle(db)
    [(who, note)] = service.wait(1)
    assert who == oda and service.refused == []
    assert note["title"] == "Test game: Spring 1570 movement adjudicated"
    assert "A Owari - Mino" in note["body"] and "Now: Fall 1570 movement." in note["body"]
    assert (note["game"], note["power"], note["tag"]) == (game.id, "Oda", "phase")


def test_each_event_goes_once_to_each_subscription(
    site: Site, game: GameLinks, db: Database, service: PushService
) -> None:
    subscribe(site, game, "Oda", service)
    subscribe(site, game, "Oda", service)  # a second browser of Oda's
    site.adjudicate(game)
    push.after_adjudication(db, game.id)  # the same event again (another process, a retry): nothing more goes
    settle(db)
    assert len(service.wait(2)) == 2 and len({who for who, _ in service.received}) == 2


def test_a_message_is_pushed_to_its_readers_only(
    site: Site, client: FlaskClient, game: GameLinks, db: Database, service: PushService
) -> None:
    takeda, oda, hojo = (subscribe(site, game, p, service) for p in ("Takeda", "Oda", "Hojo"))
    sent = client.post(
        f"/api/games/{game.id}/press", json={"to": ["Takeda"], "text": "Kai holds."}, headers=game.bearer("Oda")
    )
    assert sent.status_code == 201
    settle(db)
    [(who, note)] = service.wait(1)
    assert who == takeda and who not in (oda, hojo)
    assert (note["title"], note["body"]) == ("Test game: Oda to Takeda", "Kai holds.")


def test_a_subscription_gets_only_the_events_it_chose(
    site: Site, client: FlaskClient, game: GameLinks, db: Database, service: PushService
) -> None:
    subscribe(site, game, "Takeda", service, events=["phase"])
    client.post(f"/api/games/{game.id}/press", json={"to": ["*"], "text": "Hello"}, headers=game.bearer("Oda"))
    site.adjudicate(game)
    settle(db)
    assert [note["tag"] for _, note in service.wait(1)] == ["phase"]


def test_a_rollback_is_pushed_as_the_phase_open_again(
    site: Site, client: FlaskClient, game: GameLinks, db: Database, service: PushService
) -> None:
    site.adjudicate(game)
    settle(db)  # that adjudication's pushes are out before this browser subscribes
    subscribe(site, game, "Uesugi", service)
    version = client.get(f"/api/games/{game.id}").get_json()["version"]
    answer = client.post(f"/api/games/{game.id}/rollback", json={"version": version}, headers=game.bearer("gm"))
    assert answer.status_code == 200
    settle(db)
    [(_, note)] = service.wait(1)
    assert note["title"] == "Test game: Spring 1570 movement is open again" and "rolled the game back" in note["body"]


def test_a_reminder_is_pushed_to_the_powers_that_owe_orders(
    site: Site, game: GameLinks, db: Database, service: PushService
) -> None:
    hojo, oda = subscribe(site, game, "Hojo", service), subscribe(site, game, "Oda", service)
    takeda = subscribe(site, game, "Takeda", service)
    site.save(game, "Oda", "A Owari - Mino\nF Mikawa H")  # each of Oda's units ordered: Oda owes nothing
    site.save(game, "Takeda", "A Kai - Suruga")  # one of two: Takeda owes, and is told which
    actions.set_deadline(db, game.id, DeadlineIn(hours_from_now=3))
    site.post(game.gm_page + "/reminders", {"hours": "4"}, page=game.gm_page)
    assert store.load(db, game.id).state.reminder_hours == [4]
    for thread in deadlines.run_pass(db, None, now=store.utcnow() + timedelta(minutes=1)):
        thread.join(timeout=20)
    settle(db)
    pushed = dict(service.wait(2))
    assert set(pushed) == {hojo, takeda} and oda not in pushed
    assert pushed[hojo]["title"].startswith("Test game: orders for Spring 1570 movement are due in about")
    assert pushed[hojo]["body"] == "You have no orders saved yet."  # Takeda's said so too, with an order saved
    assert pushed[takeda]["body"] == "Still to order: no order for A South Shinano; 2 DP not bid."


def test_a_subscription_the_push_service_calls_gone_is_forgotten(
    site: Site, game: GameLinks, db: Database, service: PushService
) -> None:
    dead = subscribe(site, game, "Oda", service)
    service.gone.add(dead)
    site.adjudicate(game)
    settle(db)
    assert push.subscriptions_of(db, game.id, "Oda") == []


def test_a_new_link_drops_the_old_links_subscriptions(
    site: Site, client: FlaskClient, game: GameLinks, db: Database, service: PushService
) -> None:
    subscribe(site, game, "Oda", service)
    store.reset_token(db, game.id, "Oda")
    site.adjudicate(game)
    settle(db)
    assert service.received == [] and push.subscriptions_of(db, game.id, "Oda") == []


def test_only_a_known_push_service_is_pushed_to(site: Site, client: FlaskClient, game: GameLinks) -> None:
    page = game.player("Oda")
    for endpoint in ("http://169.254.169.254/latest", "https://example.org/push/1", "file:///etc/passwd"):
        answer = client.post(
            page + "/push",
            json={"subscription": {"endpoint": endpoint, "keys": {"p256dh": "A" * 87, "auth": "A" * 22}}, "events": []},
            headers={"X-CSRFToken": site.csrf(page)},
        )
        assert answer.status_code == 400 and "Notifications not turned on" in answer.get_json()["error"]


def test_the_page_says_what_is_on(site: Site, client: FlaskClient, game: GameLinks, service: PushService) -> None:
    assert "Off: nothing reaches you" in client.get(game.player("Oda")).get_data(as_text=True)
    subscribe(site, game, "Oda", service, events=["phase", "press"])
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert "On in 1 browser of yours: a new phase and the results, messages to you." in " ".join(html.split())


class _Recorder(httpx.BaseTransport):
    """Sends nothing: records each request handed to it (none must be)."""

    def __init__(self) -> None:
        self.requests: list[httpx.Request] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return httpx.Response(201)


@pytest.mark.parametrize(
    ("answer", "kind"),
    [("10.0.0.5", "a private address"), ("169.254.169.254", "a cloud metadata service"), ("::1", "a loopback")],
)
def test_a_push_service_whose_name_resolves_inside_is_never_connected_to(
    site: Site,
    game: GameLinks,
    db: Database,
    service: PushService,
    caplog: pytest.LogCaptureFixture,
    answer: str,
    kind: str,
) -> None:
    """The outbound guard for pushes too (issue 32: the same guard for every URL the server fetches): a known push
    service's name answering a private, metadata or loopback address (a stub resolver: nothing leaves loopback)
    is refused at send time, before any connection."""
    settings = push.settings_of(db)
    assert settings is not None
    asked: list[str] = []
    recorder = _Recorder()

    def resolve(host: str, port: int) -> list[str]:
        asked.append(host)
        return [answer]

    push.configure(db, replace(settings, services=("fcm.googleapis.com",), resolve=resolve, transport=recorder))
    _, browser = service.browser()
    browser.endpoint = "https://fcm.googleapis.com/fcm/send/abc"
    page = game.player("Takeda")
    subscribed = site.client.post(
        page + "/push",
        json={"subscription": browser.subscription(), "events": ["press"]},
        headers={"X-CSRFToken": site.csrf(page)},
    )
    assert subscribed.status_code == 201
    press = site.client.post(
        f"/api/games/{game.id}/press", json={"to": ["Takeda"], "text": "Kai holds."}, headers=game.bearer("Oda")
    )
    assert press.status_code == 201
    settle(db)
    assert recorder.requests == [] and asked == ["fcm.googleapis.com"]
    assert f"fcm.googleapis.com resolves to {kind}" in caplog.text
