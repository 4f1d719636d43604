"""Saying "ready": a power marks itself done with the phase; a change of orders clears it; when the GM allows it,
the phase ends as soon as every power with orders to give is ready (the deadline job adjudicates it)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import GameLinks, Site, flashes
from web.storage import store
from web.storage.db import Database
from web.table import deadlines

POWERS = ["Asakura", "Chosokabe", "Hojo", "Mori", "Oda", "Shimazu", "Takeda", "Uesugi"]


def ready(client: FlaskClient, game: GameLinks, power: str, value: bool = True, **extra: object):  # type: ignore[no-untyped-def]
    return client.put(f"/api/games/{game.id}/ready", json={"ready": value, **extra}, headers=game.bearer(power))


def db_of(app: Flask) -> Database:
    return app.extensions["sengoku_db"]  # type: ignore[no-any-return]


def test_a_power_says_it_is_ready_and_everyone_sees_who(client: FlaskClient, game: GameLinks) -> None:
    answer = ready(client, game, "Oda")
    assert answer.status_code == 200
    assert answer.get_json() == {
        "phase": "Spring 1570 movement",
        "ready": True,
        "ready_powers": ["Oda"],
        "waiting_for": [p for p in POWERS if p != "Oda"],
        "early": False,
        "adjudicating": False,
        "paused": False,
    }
    me = client.get(f"/api/games/{game.id}/me", headers=game.bearer("Takeda")).get_json()
    assert me["ready"] is False and me["ready_powers"] == ["Oda"]
    gm = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()
    assert [s["power"] for s in gm["submissions"] if s["ready"]] == ["Oda"]


def test_changing_the_orders_clears_the_mark(client: FlaskClient, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    ready(client, game, "Oda")
    site.save(game, "Oda", "A Owari - Mino")  # the same orders again: still ready
    assert client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()["ready"] is True
    site.save(game, "Oda", "A Owari H")
    assert client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()["ready"] is False


def test_the_phase_moving_clears_every_mark(client: FlaskClient, site: Site, game: GameLinks) -> None:
    ready(client, game, "Oda")
    site.adjudicate(game)
    assert client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()["ready_powers"] == []


def test_a_mark_for_a_phase_that_is_no_longer_open_is_refused(client: FlaskClient, site: Site, game: GameLinks) -> None:
    site.adjudicate(game)
    answer = ready(client, game, "Oda", phase="Spring 1570 movement")
    assert answer.status_code == 409
    assert "Spring 1570 movement is no longer open (the game is at Fall 1570 movement)" in answer.get_json()["error"]


def test_when_the_gm_allows_it_the_last_mark_ends_the_phase(app: Flask, client: FlaskClient, game: GameLinks) -> None:
    put = client.put(f"/api/games/{game.id}/early", json={"when_all_ready": True}, headers=game.bearer("gm"))
    assert put.status_code == 200 and put.get_json()["early_when_ready"] is True
    for power in POWERS[:-1]:
        assert ready(client, game, power).get_json()["adjudicating"] is False
    last = ready(client, game, POWERS[-1]).get_json()
    assert last["adjudicating"] is True and last["waiting_for"] == []
    assert deadlines.run_due(db_of(app)) == [game.id]
    assert len(store.load(db_of(app), game.id).state.history) == 1


def test_a_phase_everyone_is_ready_for_while_paused_ends_as_soon_as_it_is_resumed(
    app: Flask, client: FlaskClient, game: GameLinks
) -> None:
    client.put(f"/api/games/{game.id}/early", json={"when_all_ready": True}, headers=game.bearer("gm"))
    client.post(f"/api/games/{game.id}/pause", json={"paused": True}, headers=game.bearer("gm"))
    for power in POWERS:
        answer = ready(client, game, power).get_json()
    assert answer["adjudicating"] is False and answer["paused"] is True and answer["waiting_for"] == []
    assert deadlines.run_due(db_of(app)) == []  # paused: nothing ends
    resumed = client.post(f"/api/games/{game.id}/pause", json={"paused": False}, headers=game.bearer("gm"))
    assert resumed.status_code == 200
    assert deadlines.run_due(db_of(app)) == [game.id]
    assert len(store.load(db_of(app), game.id).state.history) == 1


def test_resuming_with_a_power_still_waited_for_keeps_the_deadline_rule(
    app: Flask, client: FlaskClient, game: GameLinks
) -> None:
    client.put(f"/api/games/{game.id}/early", json={"when_all_ready": True}, headers=game.bearer("gm"))
    client.post(f"/api/games/{game.id}/pause", json={"paused": True}, headers=game.bearer("gm"))
    for power in POWERS[:-1]:
        ready(client, game, power)
    client.post(f"/api/games/{game.id}/pause", json={"paused": False}, headers=game.bearer("gm"))
    assert deadlines.run_due(db_of(app)) == []
    assert store.load(db_of(app), game.id).state.history == []


def test_without_the_gm_allowing_it_everyone_ready_changes_nothing(
    app: Flask, client: FlaskClient, game: GameLinks
) -> None:
    for power in POWERS:
        ready(client, game, power)
    assert deadlines.run_due(db_of(app)) == []
    assert store.load(db_of(app), game.id).state.history == []


def test_the_player_page_has_the_toggle_and_says_who_is_waited_for(
    client: FlaskClient, site: Site, game: GameLinks
) -> None:
    site.post(game.gm_page + "/early", {"when_all_ready": "on"}, page=game.gm_page)
    page = game.player("Oda")
    answer = site.post(page + "/ready", {"ready": "yes", "phase": "Spring 1570 movement"}, page=page)
    html = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert flashes(html)[-1:] == [  # (the GM's own flash comes first: one browser session in the test)
        "You are ready for Spring 1570 movement. Still waiting for Asakura, Chosokabe, Hojo, Mori, Shimazu, "
        "Takeda, Uesugi. Changing your orders clears it."
    ]
    assert "I am not ready after all" in html and "Ready: Oda." in html


def test_a_player_cannot_change_the_gms_rule(client: FlaskClient, game: GameLinks) -> None:
    answer = client.put(f"/api/games/{game.id}/early", json={"when_all_ready": True}, headers=game.bearer("Oda"))
    assert answer.status_code == 403
