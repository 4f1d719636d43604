"""Deadlines: a passed deadline is adjudicated by the deadline job, exactly once, never by a request."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest
from flask import Flask

from game.game import Game
from tests.web.conftest import GameLinks, Site
from web.play import actions
from web.schemas.bodies import DeadlineIn
from web.storage import due, store
from web.storage.db import Database
from web.table import deadlines

pytestmark = pytest.mark.clock  # deadlines are times: the clock is frozen (tests/conftest.py)


def _db(app: Flask) -> Database:
    return app.extensions["sengoku_db"]  # type: ignore[no-any-return]


def _past(app: Flask, game: GameLinks, **rule: int) -> None:
    actions.set_deadline(_db(app), game.id, DeadlineIn(at=store.utcnow() - timedelta(minutes=1), **rule))


def test_the_job_adjudicates_a_passed_deadline(app, client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    _past(app, game, movement_hours=24)
    assert deadlines.run_due(_db(app)) == [game.id]
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Fall 1570 movement" in html and "A Owari - Mino: bounced" in html
    assert client.get(f"/api/games/{game.id}").get_json()["deadline"] is not None  # the rule gives the next one


def test_a_second_pass_finds_nothing_to_do(app, game: GameLinks) -> None:
    _past(app, game, movement_hours=24)
    assert deadlines.run_due(_db(app)) == [game.id]
    assert deadlines.run_due(_db(app)) == []
    assert len(store.load(_db(app), game.id).state.history) == 1


def test_passes_racing_adjudicate_each_phase_once(app, game: GameLinks) -> None:
    _past(app, game)
    with ThreadPoolExecutor(max_workers=6) as pool:
        passes = list(pool.map(lambda _: deadlines.run_due(_db(app)), range(6)))
    assert sorted(len(p or []) for p in passes) == [0, 0, 0, 0, 0, 1]
    assert len(store.load(_db(app), game.id).state.history) == 1


def test_a_request_never_adjudicates(app, client, game: GameLinks) -> None:
    _past(app, game)
    assert client.get(f"/api/games/{game.id}").get_json()["phase"] == "Spring 1570 movement"
    assert client.get(f"/games/{game.id}").status_code == 200
    assert store.load(_db(app), game.id).state.history == []


def test_orders_after_the_deadline_wait_for_the_next_phase(app, client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    _past(app, game)
    late = client.put(f"/api/games/{game.id}/orders", json={"text": "A Owari H"}, headers=game.bearer("Oda"))
    assert late.status_code == 409 and "deadline" in late.get_json()["error"]
    assert [o.kind for o in store.load(_db(app), game.id).state.orders["Oda"]] == ["move"]  # the earlier orders stand
    deadlines.run_due(_db(app))
    again = client.put(f"/api/games/{game.id}/orders", json={"text": "A Owari H"}, headers=game.bearer("Oda"))
    assert again.status_code == 200 and again.get_json()["phase"] == "Fall 1570 movement"


def test_without_a_rule_the_next_phase_has_no_deadline(app, client, game: GameLinks) -> None:
    _past(app, game)
    deadlines.run_due(_db(app))
    assert client.get(f"/api/games/{game.id}").get_json()["deadline"] is None
    assert client.get(f"/api/games/{game.id}").get_json()["phase"] == "Fall 1570 movement"


def test_a_deadline_in_the_future_waits(app, client, game: GameLinks) -> None:
    actions.set_deadline(_db(app), game.id, DeadlineIn(hours_from_now=1))
    assert deadlines.run_due(_db(app)) == []
    assert client.get(f"/api/games/{game.id}").get_json()["phase"] == "Spring 1570 movement"


def test_a_game_with_a_rule_starts_with_a_deadline(client) -> None:
    created = client.post("/api/games", json={"name": "Timed", "movement_hours": 48, "other_hours": 12}).get_json()
    assert client.get(f"/api/games/{created['id']}").get_json()["deadline"] is not None


def test_the_timer_runs_the_job_for_games_nobody_looks_at(app, game: GameLinks) -> None:
    db = _db(app)
    _past(app, game)
    timer = deadlines.start_timer(db, 0.05)
    try:
        for _ in range(100):
            if store.load(db, game.id).state.history:
                break
            time.sleep(0.05)
    finally:
        timer.stop()  # and waits for a pass in flight: none outlives the test's database
    assert len(store.load(db, game.id).state.history) == 1


def test_the_end_of_the_game_clears_the_deadline(app, client, game: GameLinks) -> None:
    actions.set_deadline(_db(app), game.id, DeadlineIn(hours_from_now=5))
    for power in [p for p in game.tokens if p != "Oda"]:
        client.post(f"/api/games/{game.id}/concede", json={"to": "Oda"}, headers=game.bearer(power))
    data = client.get(f"/api/games/{game.id}").get_json()
    assert data["result"]["kind"] == "conceded" and data["deadline"] is None


def test_a_game_that_cannot_be_adjudicated_does_not_hold_up_the_others(
    app, site: Site, game: GameLinks, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    other = site.new_game("Other")
    _past(app, game)
    _past(app, other)
    real = Game.adjudicate

    def broken_for_the_first(self: Game, at: datetime | None = None) -> object:
        if self.state.name == "Test game":
            raise RuntimeError("a bug in the engine")
        return real(self, at)

    monkeypatch.setattr(Game, "adjudicate", broken_for_the_first)
    assert deadlines.run_due(_db(app)) == [other.id]
    assert store.load(_db(app), game.id).state.history == []  # left as it was, tried again a little later
    assert "could not be adjudicated" in caplog.text
    monkeypatch.setattr(Game, "adjudicate", real)
    assert deadlines.run_due(_db(app)) == []  # not at every pass: its work is looked at again after due.RETRY
    assert deadlines.run_due(_db(app), now=store.utcnow() + due.RETRY) == [game.id]
