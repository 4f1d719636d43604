"""Every route of the site, from Flask's own URL map: each refuses a missing token, another game's token and the
wrong role, as it declares. Nothing here lists the routes by hand, so a route added later is walked too.

Every route that takes a link declares who may call it: a JSON API route in ``@operation(auth=...)``, a page
route (its token in its path, ``/games/<id>/gm/<token>`` or ``/games/<id>/play/<token>``) in ``@route(auth=...)``;
the declaration is what guards the view (web/access/declared.py). Every other route must be public on purpose:
an ``/api`` route or a route with a token and no declaration fails here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule

from web import create_app
from web.access.declared import ROUTES

_FILL = {"index": "0", "role": "Oda", "filename": "style.css"}
_WRITE = {"POST", "PUT", "DELETE", "PATCH"}


@pytest.fixture(scope="module")
def walk_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    folder: Path = tmp_path_factory.mktemp("walk")
    app = create_app(
        {
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "DATABASE_URL": f"sqlite:///{folder / 'walk.db'}",
            "SECRET_KEY": "w",
        }
    )
    yield app
    app.extensions["sengoku_db"].dispose()


@pytest.fixture(scope="module")
def games(walk_app: Flask) -> tuple[dict[str, object], dict[str, object]]:
    client = walk_app.test_client()
    mine = client.post("/api/games", json={"name": "Mine"}).get_json()
    other = client.post("/api/games", json={"name": "Other"}).get_json()
    return mine, other


def _rules(app: Flask) -> list[Rule]:
    return sorted((r for r in app.url_map.iter_rules() if r.endpoint != "static"), key=lambda r: r.rule)


def _url(rule: Rule, game_id: str, token: str = "") -> str:
    url = rule.rule
    for name in rule.arguments:
        value = {"game_id": game_id, "token": token}.get(name, _FILL.get(name, "x"))
        url = url.replace(f"<{name}>", value).replace(f"<int:{name}>", value).replace(f"<path:{name}>", value)
    return url


def _methods(rule: Rule) -> list[str]:
    return sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})


def _declared() -> dict[tuple[str, str], str | None]:
    return {(route.method, route.rule): route.auth for route in ROUTES}


def _send(client: FlaskClient, method: str, url: str, bearer: str | None = None) -> int:
    headers = {"Authorization": f"Bearer {bearer}"} if bearer is not None else {}
    body = {} if method in _WRITE else None
    return client.open(url, method=method, json=body, headers=headers).status_code


def test_every_api_route_declares_its_auth(walk_app: Flask) -> None:
    declared = _declared()
    undeclared = [
        (m, r.rule)
        for r in _rules(walk_app)
        if r.rule.startswith("/api/")
        for m in _methods(r)
        if (m, r.rule) not in declared
    ]
    assert sorted(undeclared) == [("GET", "/api/docs"), ("GET", "/api/openapi.json")]  # the document itself


def test_every_route_with_a_link_declares_who_may_call_it(walk_app: Flask) -> None:
    declared = _declared()
    undeclared = [
        (m, r.rule)
        for r in _rules(walk_app)
        if "token" in r.arguments
        for m in _methods(r)
        if declared.get((m, r.rule)) is None
    ]
    assert undeclared == []


def test_each_declared_api_route_refuses_what_it_must(walk_app: Flask, games: tuple[dict, dict]) -> None:  # type: ignore[type-arg]
    mine, other = games
    client = walk_app.test_client()
    declared, checked = _declared(), 0
    for rule in _rules(walk_app):
        for method in _methods(rule):
            auth = declared.get((method, rule.rule))
            if auth is None or not rule.rule.startswith("/api/"):
                continue
            url = _url(rule, str(mine["id"]))
            wrong_role = mine["power_tokens"]["Oda"] if auth == "gm" else mine["gm_token"]  # type: ignore[index]
            assert _send(client, method, url) == 401, f"{method} {url} without a token"
            assert _send(client, method, url, other["gm_token"]) == 403, f"{method} {url} with another game's token"  # type: ignore[arg-type]
            assert _send(client, method, url, other["power_tokens"]["Oda"]) == 403, f"{method} {url}: other game"  # type: ignore[index]
            assert _send(client, method, url, str(wrong_role)) == 403, f"{method} {url} with the wrong role"
            checked += 1
    assert checked >= 30


def test_each_page_route_with_a_token_refuses_a_wrong_one(walk_app: Flask, games: tuple[dict, dict]) -> None:  # type: ignore[type-arg]
    mine, other = games
    client = walk_app.test_client()
    checked = 0
    declared = _declared()
    for rule in _rules(walk_app):
        if "token" not in rule.arguments or rule.rule.startswith("/api/"):
            continue
        for method in _methods(rule):
            gm_route = declared[(method, rule.rule)] == "gm"
            right_game_wrong_role = mine["power_tokens"]["Oda"] if gm_route else mine["gm_token"]  # type: ignore[index]
            for token in ("not-a-token", other["gm_token"], other["power_tokens"]["Oda"], right_game_wrong_role):  # type: ignore[index]
                url = _url(rule, str(mine["id"]), str(token))
                assert _send(client, method, url) == 403, f"{method} {url}"
            checked += 1
    assert checked >= 30
