"""Input that costs the server: deep JSON, a costly sandbox link, and requests at full speed, each bounded."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from web import create_app
from web.access.guards import MAX_JSON_DEPTH, too_deep
from web.play.sandbox import MAX_LINES, SandboxState, encode

DEEP = "[" * 5000 + "]" * 5000


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{tmp_path / 'test.db'}",
            "SECRET_KEY": "bounds-test",
            "WTF_CSRF_ENABLED": False,
            "RATE_LIMITS": True,  # as `sengoku serve` runs
        }
    )
    yield app
    app.extensions["sengoku_db"].dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def new_game(client: FlaskClient, name: str = "Bounded") -> dict[str, str]:
    answer = client.post("/api/games", json={"name": name})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    created = answer.get_json()
    return {"id": created["id"], "gm": created["gm_token"], "Oda": created["power_tokens"]["Oda"]}


@pytest.mark.parametrize("path", ["/api/games", "/sandbox/check"])
def test_json_nested_5000_deep_is_a_400_not_a_500(client: FlaskClient, path: str) -> None:
    answer = client.post(path, data=DEEP, content_type="application/json")
    assert answer.status_code == 400
    assert "error" in answer.get_json()


def test_a_players_check_refuses_deep_json_and_keeps_the_orders(client: FlaskClient) -> None:
    game = new_game(client)
    auth = {"Authorization": f"Bearer {game['Oda']}"}
    saved = client.put(f"/api/games/{game['id']}/orders", json={"text": "A Owari - Mino"}, headers=auth)
    assert saved.status_code == 200
    answer = client.post(
        f"/api/games/{game['id']}/orders/check", data=DEEP, content_type="application/json", headers=auth
    )
    assert answer.status_code == 400
    kept = client.get(f"/api/games/{game['id']}/me", headers=auth).get_json()
    assert "Owari" in str(kept)


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        ("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH, False),
        ("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1), True),
        ('{"text": "' + "[" * 1000 + '"}', False),  # brackets inside a string are text
        ('{"text": "\\"' + "{" * 1000 + '"}', False),  # after an escaped quote, still inside the string
    ],
)
def test_depth_counts_arrays_and_objects_outside_strings(text: str, deep: bool) -> None:
    assert too_deep(text) is deep


def test_a_sandbox_link_with_too_many_lines_in_a_step_is_refused_plainly(client: FlaskClient) -> None:
    line = "Oda: A Owari - Mino\n"
    link = encode(SandboxState(steps=[line * (MAX_LINES + 1)] * 40))
    assert len(link) < 2000  # a small link that used to cost most of a second per page
    answer = client.get(f"/sandbox?s={link}")
    assert answer.status_code == 400
    assert f"a phase takes at most {MAX_LINES}" in answer.get_data(as_text=True)


def test_a_sandbox_past_its_cpu_time_is_refused_plainly(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("web.play.sandbox.CPU_SECONDS", 0.0)  # any step past the first is over budget
    answer = client.get(f"/sandbox?s={encode(SandboxState(steps=['', '']))}")
    assert answer.status_code == 400
    assert "of the server's time" in html.unescape(answer.get_data(as_text=True))


def test_creating_games_at_full_speed_meets_429_and_loses_no_game(client: FlaskClient) -> None:
    made = [new_game(client, f"Game {n}") for n in range(5)]
    refused = client.post("/api/games", json={"name": "One too many"})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert "Too many requests" in refused.get_json()["error"]
    for game in made:
        assert client.get(f"/api/games/{game['id']}").status_code == 200


def test_guessing_links_meets_429(client: FlaskClient) -> None:
    game = new_game(client)
    for n in range(20):
        assert client.get(f"/games/{game['id']}/gm/guess{n}").status_code == 403
    assert client.get(f"/games/{game['id']}/gm/guess-again").status_code == 429
    assert client.get(f"/api/games/{game['id']}").status_code == 200  # the public page is not held back


def test_checking_orders_at_full_speed_meets_429(client: FlaskClient) -> None:
    statuses = [client.post("/sandbox/check", json={"text": "Oda: A Owari - Mino"}).status_code for _ in range(121)]
    assert statuses[:120] == [200] * 120 and statuses[120] == 429


def test_behind_a_proxy_on_this_machine_each_forwarded_client_has_its_own_count(client: FlaskClient) -> None:
    for n in range(5):
        assert (
            client.post("/api/games", json={"name": f"A{n}"}, headers={"X-Forwarded-For": "203.0.113.1"}).status_code
            == 201
        )
    assert client.post("/api/games", json={"name": "A5"}, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 429
    assert client.post("/api/games", json={"name": "B"}, headers={"X-Forwarded-For": "203.0.113.2"}).status_code == 201


def test_a_remote_client_cannot_choose_the_address_it_is_counted_as(client: FlaskClient) -> None:
    remote = {"REMOTE_ADDR": "198.51.100.7"}
    for n in range(5):
        headers = {"X-Forwarded-For": f"203.0.113.{n}"}
        assert (
            client.post("/api/games", json={"name": f"R{n}"}, headers=headers, environ_base=remote).status_code == 201
        )
    refused = client.post(
        "/api/games", json={"name": "R5"}, headers={"X-Forwarded-For": "192.0.2.9"}, environ_base=remote
    )
    assert refused.status_code == 429
