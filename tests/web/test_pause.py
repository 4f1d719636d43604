"""The GM's clock: a paused game's deadline waits (what was left is given back on resume); a deadline extended."""

from __future__ import annotations

from datetime import timedelta

import pytest
from flask.testing import FlaskClient

from tests.web.conftest import GameLinks, Site
from web.play import actions
from web.schemas.bodies import DeadlineIn
from web.storage import store
from web.storage.db import Database
from web.table import deadlines

pytestmark = pytest.mark.clock(tick=True)  # deadlines from "now": the clock starts at a fixed moment


def post(client: FlaskClient, game: GameLinks, path: str, body: dict[str, object]) -> dict:  # type: ignore[type-arg]
    answer = client.post(f"/api/games/{game.id}/{path}", json=body, headers=game.bearer("gm"))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()  # type: ignore[no-any-return]


def test_a_paused_game_is_not_adjudicated_at_its_deadline(client: FlaskClient, game: GameLinks, db: Database) -> None:
    actions.set_deadline(db, game.id, DeadlineIn(hours_from_now=1))
    paused = post(client, game, "pause", {"paused": True})
    assert paused["paused"] is True and paused["deadline"] is None
    assert deadlines.run_due(db, now=store.utcnow() + timedelta(hours=2)) == []
    assert "The GM has paused the game" in client.get(game.player("Oda")).get_data(as_text=True)


def test_resuming_gives_back_the_time_that_was_left(client: FlaskClient, game: GameLinks, db: Database) -> None:
    actions.set_deadline(db, game.id, DeadlineIn(hours_from_now=10))
    post(client, game, "pause", {"paused": True})
    resumed = post(client, game, "pause", {"paused": False})
    left = store.load(db, game.id).deadline - store.utcnow()  # type: ignore[operator]
    assert resumed["paused"] is False and timedelta(hours=9, minutes=59) < left <= timedelta(hours=10)


def test_the_players_may_save_while_the_game_is_paused(site: Site, client: FlaskClient, game: GameLinks) -> None:
    post(client, game, "pause", {"paused": True})
    assert site.save(game, "Oda", "A Owari - Mino").status_code == 303
    assert client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()["orders"] == ["A Owari - Mino"]


def test_extending_adds_hours_to_the_deadline_or_to_what_a_paused_game_has_left(
    client: FlaskClient, game: GameLinks, db: Database
) -> None:
    actions.set_deadline(db, game.id, DeadlineIn(hours_from_now=2))
    before = store.load(db, game.id).deadline
    post(client, game, "extend", {"hours": 24})
    assert store.load(db, game.id).deadline == before + timedelta(hours=24)  # type: ignore[operator]
    post(client, game, "pause", {"paused": True})
    post(client, game, "extend", {"hours": 1})
    assert store.load(db, game.id).state.paused_left_seconds == pytest.approx(27 * 3600, abs=5)


def test_extending_a_phase_without_a_deadline_says_to_set_one(client: FlaskClient, game: GameLinks) -> None:
    answer = client.post(f"/api/games/{game.id}/extend", json={"hours": 5}, headers=game.bearer("gm"))
    assert answer.status_code in (400, 409) and "no deadline to extend" in answer.get_json()["error"]


def test_a_player_cannot_pause_the_game(client: FlaskClient, game: GameLinks) -> None:
    answer = client.post(f"/api/games/{game.id}/pause", json={"paused": True}, headers=game.bearer("Oda"))
    assert answer.status_code == 403


def test_pausing_resuming_and_extending_are_in_the_gms_log(client: FlaskClient, game: GameLinks, db: Database) -> None:
    actions.set_deadline(db, game.id, DeadlineIn(hours_from_now=2))
    post(client, game, "pause", {"paused": True})
    post(client, game, "extend", {"hours": 3})
    post(client, game, "pause", {"paused": False})
    log = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()["log"]
    said = [(entry["by"], entry["action"].split(" (")[0]) for entry in log[:3]]
    assert said == [
        ("API", "resumed the game"),
        ("API", "gave the paused phase 3 more hours"),
        ("API", "paused the game"),
    ]
