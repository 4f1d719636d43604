"""Playing Discord against the real endpoint: requests signed as Discord signs them, a loopback Discord API.

Each interaction is a JSON body as Discord sends it, signed with a test Ed25519 key pair exactly as Discord
signs (the ``X-Signature-Timestamp`` then the raw body); the site knows only the public half, as from the
developer portal. What the site sends later (a deferred picture, follow-ups, the command list) goes to
:mod:`tests.discord.discordd`, a stand-in for Discord's REST API on loopback. The endpoint reads the time to
refuse stale signatures, so every test module here runs with the clock frozen (``pytestmark = clock``).
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.conftest import join_background_threads
from tests.discord.discordd import APPLICATION, Discord, discord_api
from tests.web.conftest import GameLinks, Site, database_url
from web import create_app

CHANNEL = "700000000000000001"
GUILD = "800000000000000001"
POWERS = ["Asakura", "Chosokabe", "Hojo", "Mori", "Oda", "Shimazu", "Takeda", "Uesugi"]
USERS = {power: str(100000000000000000 + n) for n, power in enumerate(POWERS, start=1)}
GM_USER = "100000000000000099"
NAMES = {**{user: f"{power} player" for power, user in USERS.items()}, GM_USER: "The GM"}
SITE = "https://sengoku.example"


@pytest.fixture(autouse=True)
def nothing_leaves_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """An app made without the loopback Discord still never calls discord.com: its API is a closed port here."""
    monkeypatch.setenv("SENGOKU_DISCORD_API_URL", "http://127.0.0.1:9/api/v10")


@pytest.fixture
def key() -> Ed25519PrivateKey:
    return Ed25519PrivateKey.generate()


@pytest.fixture
def discord() -> Iterator[Discord]:
    with discord_api() as running:
        yield running


@pytest.fixture
def backend() -> str:
    """The database the app runs on: SQLite, unless a module asks for both (``backend`` over ``BACKENDS``)."""
    return "sqlite"


@pytest.fixture
def app(tmp_path: Path, key: Ed25519PrivateKey, discord: Discord, backend: str) -> Iterator[Flask]:
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    config = {
        "TESTING": True,
        "DATABASE_URL": database_url(backend, tmp_path),
        "MIGRATE_ON_START": True,
        "SECRET_KEY": "test",
        "DISCORD_PUBLIC_KEY": public,
        "DISCORD_API_URL": discord.api,
    }
    app = create_app(config)
    yield app
    join_background_threads()
    app.extensions["sengoku_db"].dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def game(client: FlaskClient) -> GameLinks:
    return Site(client).new_game("Kyoto 1570")


_IDS = itertools.count(900000000000000001)  # every interaction's own id, as Discord's are


class Channel:
    """A Discord channel of a server, as the site sees it: members' interactions, signed and sent."""

    def __init__(self, client: FlaskClient, key: Ed25519PrivateKey, channel: str = CHANNEL) -> None:
        self.client, self.key, self.channel = client, key, channel
        self.last_token = ""

    def interaction(self, kind: int, user: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
        number = next(_IDS)
        self.last_token = f"interaction-token-{number}"
        body: dict[str, Any] = {
            "id": str(number),
            "application_id": APPLICATION,
            "type": kind,
            "token": self.last_token,
            "version": 1,
            "guild_id": GUILD,
            "channel_id": self.channel,
            "channel": {"id": self.channel, "type": 0, "guild_id": GUILD},
            "member": {
                "user": {"id": user, "username": f"user{user[-2:]}", "global_name": NAMES.get(user, "Someone")},
                "roles": [],
                "permissions": "2248473465835073",
            },
            "app_permissions": "2248473465835073",
            "locale": "en-GB",
            "entitlements": [],
        }
        if data is not None:
            body["data"] = data
        return body

    def send(self, body: dict[str, Any], at: float | None = None, signature: str | None = None) -> TestResponse:
        raw = json.dumps(body).encode()
        stamp = str(int(time.time() if at is None else at))
        signed = signature if signature is not None else self.key.sign(stamp.encode() + raw).hex()
        headers = {"X-Signature-Ed25519": signed, "X-Signature-Timestamp": stamp, "Content-Type": "application/json"}
        return self.client.post("/discord/interactions", data=raw, headers=headers)

    def command(self, user: str, name: str, **options: object) -> dict[str, Any]:
        data = {"id": "1001", "name": name, "type": 1, "options": [_option(k, v) for k, v in options.items()]}
        answer = self.send(self.interaction(2, user, data))
        assert answer.status_code == 200, answer.get_data(as_text=True)
        return answer.get_json()  # type: ignore[no-any-return]

    def box(self, user: str, custom_id: str, text: str) -> dict[str, Any]:
        """Submit a modal (its one text field), as Discord sends it."""
        row = {"type": 1, "components": [{"type": 4, "custom_id": "text", "value": text}]}
        answer = self.send(self.interaction(5, user, {"custom_id": custom_id, "components": [row]}))
        assert answer.status_code == 200, answer.get_data(as_text=True)
        return answer.get_json()  # type: ignore[no-any-return]

    def autocomplete(self, user: str, name: str, focused: str, typed: str, **options: object) -> list[dict[str, str]]:
        given = [_option(k, v) for k, v in options.items()] + [{**_option(focused, typed), "focused": True}]
        answer = self.send(self.interaction(4, user, {"id": "1001", "name": name, "type": 1, "options": given}))
        assert answer.status_code == 200, answer.get_data(as_text=True)
        body = answer.get_json()
        assert body["type"] == 8
        return body["data"]["choices"]  # type: ignore[no-any-return]

    def link(self, gm: GameLinks, user: str = GM_USER) -> dict[str, Any]:
        opened = self.command(user, "link")
        assert opened["type"] == 9
        return self.box(user, opened["data"]["custom_id"], f"{SITE}/games/{gm.id}/gm/{gm.gm}")

    def join(self, game: GameLinks, power: str) -> dict[str, Any]:
        opened = self.command(USERS[power], "join")
        assert opened["type"] == 9
        return self.box(USERS[power], opened["data"]["custom_id"], f"{SITE}/games/{game.id}/play/{game.tokens[power]}")


def _option(name: str, value: object) -> dict[str, object]:
    kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
    return {"name": name, "type": kind, "value": value}


@pytest.fixture
def channel(client: FlaskClient, key: Ed25519PrivateKey) -> Channel:
    return Channel(client, key)


@pytest.fixture
def table(channel: Channel, game: GameLinks) -> Channel:
    """The channel playing the game, with Oda's and Takeda's players joined."""
    channel.link(game)
    channel.join(game, "Oda")
    channel.join(game, "Takeda")
    return channel


def said(answer: dict[str, Any]) -> str:
    """The text of a message answer (type 4)."""
    assert answer["type"] == 4, answer
    return answer["data"]["content"]  # type: ignore[no-any-return]


def private(answer: dict[str, Any]) -> bool:
    return bool(answer["data"].get("flags", 0) & 64)
