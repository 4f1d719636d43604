"""Discord's signature: Ed25519 over the timestamp and the body, checked before anything is read.

Discord itself sends a wrongly signed PING when the Interactions Endpoint URL is saved in the developer
portal, and keeps the URL only if the site refuses it with 401.
"""

from __future__ import annotations

import time

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from flask.testing import FlaskClient

from tests.discord.conftest import GM_USER, Channel

pytestmark = pytest.mark.clock


def test_a_ping_signed_by_discord_gets_a_pong(channel: Channel) -> None:
    answer = channel.send({"id": "1", "application_id": "2", "type": 1, "token": "t", "version": 1})
    assert answer.status_code == 200 and answer.get_json() == {"type": 1}


def test_a_bad_signature_is_refused_with_401(channel: Channel) -> None:
    ping = {"id": "1", "application_id": "2", "type": 1, "token": "t", "version": 1}
    forged = Ed25519PrivateKey.generate().sign(b"whatever").hex()
    assert channel.send(ping, signature=forged).status_code == 401
    assert channel.send(ping, signature="").status_code == 401
    assert channel.send(ping, signature="not hex").status_code == 401


def test_a_body_changed_after_signing_is_refused(channel: Channel, client: FlaskClient) -> None:
    stamp = str(int(time.time()))
    signed = channel.key.sign(stamp.encode() + b'{"type": 1}').hex()
    answer = client.post(
        "/discord/interactions",
        data=b'{"type": 2}',
        headers={"X-Signature-Ed25519": signed, "X-Signature-Timestamp": stamp},
    )
    assert answer.status_code == 401


def test_a_request_signed_more_than_five_minutes_ago_is_refused_as_stale(channel: Channel) -> None:
    command = channel.interaction(2, GM_USER, {"id": "1", "name": "status", "type": 1})
    stale = channel.send(command, at=time.time() - 301)
    assert stale.status_code == 401 and "stale" in stale.get_json()["error"]
    assert (
        channel.send(channel.interaction(2, GM_USER, {"name": "status", "type": 1}), at=time.time() + 301).status_code
        == 401
    )
    assert (
        channel.send(channel.interaction(2, GM_USER, {"name": "status", "type": 1}), at=time.time() - 290).status_code
        == 200
    )


def test_the_same_interaction_sent_twice_is_refused_the_second_time(channel: Channel) -> None:
    command = channel.interaction(2, GM_USER, {"id": "1", "name": "status", "type": 1})
    assert channel.send(command).status_code == 200
    assert channel.send(command).status_code == 401


def test_without_a_public_key_the_endpoint_is_off(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from web import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'off.db'}", "SECRET_KEY": "t"})
    try:
        answer = app.test_client().post("/discord/interactions", json={"type": 1})
        assert answer.status_code == 404 and "SENGOKU_DISCORD_PUBLIC_KEY" in answer.get_json()["error"]
    finally:
        app.extensions["sengoku_db"].dispose()
