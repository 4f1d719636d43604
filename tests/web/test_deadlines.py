"""Deadlines: a passed deadline adjudicates the game, on the next request or by the background timer."""

from __future__ import annotations

import time
from datetime import timedelta

from tests.web.conftest import GameLinks, Site
from web import actions, deadlines, store
from web.schemas import DeadlineIn


def _past(app, game: GameLinks, **rule: int) -> None:
    db = app.extensions["sengoku_db"]
    actions.set_deadline(db, game.id, DeadlineIn(at=store.utcnow() - timedelta(minutes=1), **rule))


def test_a_passed_deadline_adjudicates_on_the_next_request(app, client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    _past(app, game, movement_hours=24)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Fall 1570 movement" in html and "A Owari - Mino: bounced" in html
    deadline = client.get(f"/api/games/{game.id}").get_json()["deadline"]
    assert deadline is not None  # the rule gives the new phase its own deadline
    assert client.get(f"/games/{game.id}").status_code == 200
    assert len(client.get(f"/api/games/{game.id}").get_json()["history"]) == 1  # once, not on every request


def test_without_a_rule_the_next_phase_has_no_deadline(app, client, game: GameLinks) -> None:
    _past(app, game)
    assert client.get(f"/api/games/{game.id}").get_json()["deadline"] is None
    assert client.get(f"/api/games/{game.id}").get_json()["phase"] == "Fall 1570 movement"


def test_a_deadline_in_the_future_waits(app, client, game: GameLinks) -> None:
    actions.set_deadline(app.extensions["sengoku_db"], game.id, DeadlineIn(hours_from_now=1))
    assert client.get(f"/api/games/{game.id}").get_json()["phase"] == "Spring 1570 movement"


def test_a_game_with_a_rule_starts_with_a_deadline(client) -> None:
    created = client.post("/api/games", json={"name": "Timed", "movement_hours": 48, "other_hours": 12}).get_json()
    assert client.get(f"/api/games/{created['id']}").get_json()["deadline"] is not None


def test_the_background_timer_adjudicates_games_nobody_looks_at(app, game: GameLinks) -> None:
    db = app.extensions["sengoku_db"]
    _past(app, game)
    stop = deadlines.start_timer(db, 0.05)
    try:
        for _ in range(100):
            if store.load(db, game.id).state.history:
                break
            time.sleep(0.05)
    finally:
        stop.set()
    assert len(store.load(db, game.id).state.history) == 1


def test_the_end_of_the_game_clears_the_deadline(app, client, game: GameLinks) -> None:
    actions.set_deadline(app.extensions["sengoku_db"], game.id, DeadlineIn(hours_from_now=5))
    for power in [p for p in game.tokens if p != "Oda"]:
        client.post(f"/api/games/{game.id}/concede", json={"to": "Oda"}, headers=game.bearer(power))
    data = client.get(f"/api/games/{game.id}").get_json()
    assert data["result"]["kind"] == "conceded" and data["deadline"] is None
