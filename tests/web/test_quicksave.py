"""A save by a link the process knows is made before Flask (web/api/quicksave.py), and answered as the route answers.

Which path answered is told by counting the route's calls. On SQLite and on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import GameLinks, Site
from web import create_app
from web.access import callers
from web.storage.tokens import digest


def _app(db_url: str, tmp_path: Any, **more: object) -> Flask:
    config = {"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "test", "MIGRATE_ON_START": True}
    return create_app(config | {"INSTANCE_PATH": str(tmp_path / "instance")} | more)


@pytest.fixture
def app(db_url: str, tmp_path: Any) -> Iterator[Flask]:
    app = _app(db_url, tmp_path)
    yield app
    app.extensions["sengoku_db"].dispose()


def routed(app: Flask) -> list[str]:
    """The games the route's view was called for, as it is called (Flask answered)."""
    calls: list[str] = []
    view = app.view_functions["api_player.save"]

    def counted(**params: Any) -> Any:
        calls.append(params["game_id"])
        return view(**params)

    app.view_functions["api_player.save"] = counted
    return calls


def put(client: FlaskClient, game: GameLinks, body: object, power: str = "Oda", **headers: str):  # type: ignore[no-untyped-def]
    return client.put(f"/api/games/{game.id}/orders", json=body, headers=game.bearer(power) | headers)


def forgotten(game: GameLinks, power: str) -> None:
    """This process forgets the power's link, as a worker that has never met it."""
    callers._ROLES.forget((game.id, digest(game.tokens[power])))


def test_a_save_by_a_known_link_is_made_before_flask_and_answered_as_the_route_answers(
    app: Flask, client: FlaskClient, game: GameLinks, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = routed(app)
    monkeypatch.setattr("web.api.quicksave.QuickSave._save", lambda *_: None)  # the first: the route's, to compare
    first = put(client, game, {"text": "A Owari - Mino\nF Mikawa H"})
    monkeypatch.undo()
    second = put(client, game, {"text": "A Owari - Mino\nF Mikawa H"})
    assert calls == [game.id] and first.status_code == second.status_code == 200
    assert first.get_json() == second.get_json()
    assert second.get_json()["saved"] == ["A Owari - Mino", "F Mikawa H"] and "phase open" in second.get_json()["note"]
    assert dict(first.headers) == dict(second.headers)  # the security headers, the type, Vary, the length
    named = put(client, game, {"text": "A Owari H\nF Mikawa - Xyz", "phase": "Spring 1570 movement", "merge": True})
    assert calls == [game.id] and named.status_code == 200
    assert named.get_json()["note"] is None and [line["ok"] for line in named.get_json()["lines"]] == [True, False]
    me = client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()
    assert sorted(me["orders"]) == ["A Owari H", "F Mikawa H"]


def test_a_link_the_process_has_not_met_is_looked_up_before_flask(
    app: Flask, client: FlaskClient, game: GameLinks
) -> None:
    """Each worker meets each game once: that first save is made before Flask too, the game's links found by one
    statement and every player's remembered from then on (the GM's link is not)."""
    calls = routed(app)
    callers._ROLES.clear()  # as a worker that has met none of the game's links
    assert callers.remembered(game.id, game.tokens["Oda"]) is None
    first = put(client, game, {"text": "A Owari - Mino"})
    assert first.status_code == 200 and first.get_json()["saved"] == ["A Owari - Mino"] and calls == []
    assert callers.remembered(game.id, game.tokens["Oda"]) is not None
    assert callers.remembered(game.id, game.tokens["Mori"]) is not None
    assert callers._ROLES.peek((game.id, digest(game.gm))) is None
    me = client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()
    assert me["orders"] == ["A Owari - Mino"]


def test_a_link_that_is_no_power_s_is_answered_by_the_route(app: Flask, client: FlaskClient, game: GameLinks) -> None:
    """A wrong link, the GM's link, a game that does not exist: looked up and left to Flask, which refuses them as
    the route always has (and counts the wrong link); nothing is saved."""
    calls = routed(app)
    wrong = put(client, game, {"text": "A Owari H"}, Authorization="Bearer not-a-link")
    gm = put(client, game, {"text": "A Owari H"}, power="gm")
    nowhere = client.put("/api/games/no-such-game/orders", json={"text": "A Owari H"}, headers=game.bearer("Oda"))
    assert (wrong.status_code, gm.status_code, nowhere.status_code) == (403, 403, 404)
    assert "GM's link" in gm.get_json()["error"] and calls == [game.id, game.id, "no-such-game"]
    me = client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()
    assert me["orders"] == []


def test_a_refused_save_is_answered_by_the_route(app: Flask, client: FlaskClient, site: Site, game: GameLinks) -> None:
    """A closed phase, a body the model refuses, a body that is not JSON, a replaced link: Flask's answers."""
    calls = routed(app)
    assert put(client, game, {"text": "A Owari H"}).status_code == 200
    closed = put(client, game, {"text": "A Owari H", "phase": "Autumn 1570 movement"})
    assert closed.status_code == 409 and closed.get_json()["open_phase"] == "Spring 1570 movement"
    assert put(client, game, {"text": 5}).status_code in (400, 422)
    assert put(client, game, ["A Owari H"]).status_code == 400
    plain = client.put(f"/api/games/{game.id}/orders", data="A Owari H", headers=game.bearer("Oda"))
    assert plain.status_code == 400
    old = game.tokens["Oda"]
    client.post(f"/api/games/{game.id}/links", json={"role": "Oda"}, headers=game.bearer("gm"))
    assert (
        client.put(
            f"/api/games/{game.id}/orders", json={"text": "A Owari H"}, headers={"Authorization": f"Bearer {old}"}
        ).status_code
        == 403
    )
    assert calls == [game.id] * 5


def test_a_client_with_a_wrong_link_lately_is_left_to_the_rate_limits(db_url: str, tmp_path: Any) -> None:
    """With rate limits on, a client that tried a wrong link in the last minute is Flask's: over ``wrong_link``,
    it is refused (429) even with a link that is right, as on every other route of the links."""
    app = _app(db_url, tmp_path, RATE_LIMITS=True)
    try:
        client = app.test_client()
        game = Site(client).new_game()
        calls = routed(app)
        assert put(client, game, {"text": "A Owari H"}).status_code == 200
        assert put(client, game, {"text": "A Owari H"}).status_code == 200
        assert calls == []  # both before Flask
        assert put(client, game, {"text": "A Owari H"}, Authorization="Bearer not-a-link").status_code == 403
        assert calls == [game.id]  # a wrong link: Flask's, and counted
        forgotten(game, "Mori")
        assert put(client, game, {"text": "A Iwami H"}, power="Mori").status_code == 200
        assert calls == [game.id] * 2  # a wrong link lately: even a right one is Flask's for a minute
        wrong = {"Authorization": "Bearer not-a-link"}
        answers = [client.get(f"/api/games/{game.id}/me", headers=wrong).status_code for _ in range(20)]
        assert answers[0] == 403 and answers[-1] == 429
        assert put(client, game, {"text": "A Owari H"}).status_code == 429  # Flask's answer: never the quick path's
    finally:
        app.extensions["sengoku_db"].dispose()
