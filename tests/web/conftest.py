"""Fixtures for the web site, in the style of Flask's tutorial: an app per test on its own database.

``databases`` is SQLite always, and PostgreSQL when ``TEST_DATABASE_URL`` is set
(``./run test`` starts one; see scripts/test-services.sh). The browser tests
share ``browser`` (Debian's chromium through Playwright, one per test module)
and ``base``, the URL of a real server on a free loopback port, on a new
database for each test (``live_app`` is its app, for a test that needs to reach
the store behind the server's back, e.g. to let a deadline pass).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Browser
from sqlalchemy import MetaData, select

from tests.conftest import join_background_threads
from tests.outbox.smtpd import Mailbox
from tests.web.browsing import launch
from tests.web.live import live_server
from web import create_app
from web.storage import store, tokens
from web.storage.db import Database
from web.storage.models import MailConsentRow
from web.table import outgoing

POSTGRES = os.environ.get("TEST_DATABASE_URL")
if os.environ.get("CI") and not POSTGRES:  # CI must test PostgreSQL too: ./run test starts one
    raise RuntimeError("TEST_DATABASE_URL is not set: run the tests with ./run test (scripts/test-services.sh)")
BACKENDS = ["sqlite", "postgresql"] if POSTGRES else ["sqlite"]


def database_url(backend: str, folder: Path) -> str:
    """An empty database (no tables at all: `sengoku db upgrade`, or an app that migrates on start, makes them)."""
    if backend == "sqlite":
        return f"sqlite:///{folder / 'test.db'}"
    assert POSTGRES is not None
    db = Database(POSTGRES)
    tables = MetaData()
    tables.reflect(db.engine)
    tables.drop_all(db.engine)  # each test starts on an empty database, alembic_version included
    db.dispose()
    return POSTGRES


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return database_url(request.param, tmp_path)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.db'}", "SECRET_KEY": "test"})
    yield app
    join_background_threads()
    app.extensions["sengoku_db"].dispose()


@pytest.fixture
def app_on_each_database(db_url: str, tmp_path: Path) -> Iterator[Flask]:
    """The site on each database (SQLite, and PostgreSQL when the tests have one), its tables made at start:
    a module whose every test runs on both returns it as its ``app``."""
    app = create_app(
        {"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "test", "MIGRATE_ON_START": True}
        | {"INSTANCE_PATH": str(tmp_path / "instance")}
    )
    yield app
    join_background_threads()
    app.extensions["sengoku_db"].dispose()


@pytest.fixture
def db(app: Flask) -> Database:
    """The test's site's database (a module that needs its own, without a site, defines its own ``db``)."""
    return app.extensions["sengoku_db"]  # type: ignore[no-any-return]


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless chromium for one test module (Debian's; never a downloaded browser)."""
    with launch() as browser:
        yield browser


@pytest.fixture
def live_app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'live.db'}", "SECRET_KEY": "live"})
    yield app
    app.extensions["sengoku_db"].dispose()


@pytest.fixture
def base(live_app: Flask) -> Iterator[str]:
    """The base URL of ``live_app`` served for real (threaded) on a free loopback port; the map's layout made
    first, as ``sengoku serve`` makes it before it takes requests (a first page must not wait for it)."""
    from web.play import mapview

    mapview.warm_up(["sengoku"], background=False)
    with live_server(live_app) as url:
        yield url


@dataclass
class GameLinks:
    id: str
    gm: str
    tokens: dict[str, str]

    def player(self, power: str) -> str:
        return f"/games/{self.id}/play/{self.tokens[power]}"

    @property
    def gm_page(self) -> str:
        return f"/games/{self.id}/gm/{self.gm}"

    def bearer(self, role: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.gm if role == 'gm' else self.tokens[role]}"}


class Site:
    """Helpers for a test: make a game, read a page's CSRF token, post a form with it."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self._token: str | None = None

    def new_game(self, name: str = "Test game", **settings: object) -> GameLinks:
        answer = self.client.post("/api/games", json={"name": name, **settings})
        assert answer.status_code == 201, answer.get_data(as_text=True)
        data = answer.get_json()
        return GameLinks(data["id"], data["gm_token"], data["power_tokens"])

    def csrf(self, page: str = "/") -> str:
        """The session's CSRF token, read once from a page (reading a page again would eat its flashes)."""
        if self._token is None:
            html = self.client.get(page).get_data(as_text=True)
            match = re.search(r'name="csrf-token" content="([^"]+)"', html)
            assert match, f"no CSRF token on {page}"
            self._token = match.group(1)
        return self._token

    def post(self, path: str, data: dict[str, object], page: str = "/", **kwargs: object):  # type: ignore[no-untyped-def]
        return self.client.post(path, data={**data, "csrf_token": self.csrf(page)}, **kwargs)

    def check(self, links: GameLinks, power: str, text: str):  # type: ignore[no-untyped-def]
        page = links.player(power)
        return self.client.post(page + "/check", json={"text": text}, headers={"X-CSRFToken": self.csrf(page)})

    def save(self, links: GameLinks, power: str, text: str):  # type: ignore[no-untyped-def]
        page = links.player(power)
        return self.post(page + "/orders", {"text": text}, page=page)

    def adjudicate(self, links: GameLinks):  # type: ignore[no-untyped-def]
        version = self.client.get(f"/api/games/{links.id}").get_json()["version"]
        return self.post(links.gm_page + "/adjudicate", {"version": version}, page=links.gm_page)


@pytest.fixture
def site(client: FlaskClient) -> Site:
    return Site(client)


@pytest.fixture
def game(site: Site) -> GameLinks:
    return site.new_game()


def flashes(html: str) -> list[str]:
    return re.findall(r'<li class="flash [a-z]+">(.*?)</li>', html)


def answer_invitations(site: Site, box: Mailbox, agree: bool = True) -> list[str]:
    """Each invitation in ``box`` answered on its page, as its addressee would (then taken out of the box);
    the addresses answered."""
    answered = []
    for message in [m for m in box.messages if "may we mail you" in str(m["Subject"])]:
        text = message.get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
        link = next(line.strip() for line in text.splitlines() if "/mail/agree/" in line)
        path = link[link.index("/mail/agree/") :]
        answer = site.post(path, {"answer": "agree" if agree else "decline"}, page=path)
        assert answer.status_code == 303, answer.get_data(as_text=True)
        answered.append(str(message["To"]))
        box.messages.remove(message)
    return answered


def agreed(app: Flask, game_id: str) -> None:
    """Every address of the game's book agreed to its mail, as if each owner had answered its invitation (for a
    test whose site has no mail server of its own to send the invitations, or sent them already)."""
    db = app.extensions["sengoku_db"]
    with db.write() as session:
        asked = {row.address: row for row in session.scalars(select(MailConsentRow).filter_by(game_id=game_id))}
        for power, addresses in store.load(db, game_id).state.addresses.items():
            for address in addresses:
                key = outgoing.address_key(address)
                row = asked.get(key) or MailConsentRow(
                    game_id=game_id, address=key, power=power, digest=tokens.digest(tokens.new_token())
                )
                row.invited, row.answered, row.agreed = row.invited or store.utcnow(), store.utcnow(), True
                session.add(row)
        store.bring_forward(session, game_id, store.utcnow())  # as an answer does: held mail may be due now
