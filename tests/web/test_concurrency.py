"""Eight players saving at the same moment against a real threaded server: no accepted order is lost."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.web.live import call, live_server
from web import create_app

PHASES = 3
SAVES = 6


def _player(base: str, game_id: str, token: str) -> list[str]:
    """Save SAVES different order sets one after the other; returns what the last accepted save stored."""
    status, me = call("GET", f"{base}/api/games/{game_id}/me", token=token)
    assert status == 200, me
    units = [unit["text"] for unit in me["units"]]
    saved: list[str] = []
    for save in range(SAVES):
        chosen = units[: save % max(len(units), 1) + 1]
        text = "\n".join(f"{unit} H" for unit in chosen)
        status, answer = call("PUT", f"{base}/api/games/{game_id}/orders", {"text": text}, token)
        assert status == 200, answer
        assert answer["refused"] == 0, answer
        saved = answer["saved"]
    return saved


@pytest.mark.slow
def test_eight_players_at_once_keep_every_order(db_url: str) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "k", "MIGRATE_ON_START": True})
    with live_server(app) as base:
        status, created = call("POST", f"{base}/api/games", {"name": "Rush hour"})
        assert status == 201
        game_id, tokens, gm = created["id"], created["power_tokens"], created["gm_token"]
        for _ in range(PHASES):
            with ThreadPoolExecutor(max_workers=8) as pool:
                futures = {power: pool.submit(_player, base, game_id, token) for power, token in tokens.items()}
                expected = {power: future.result() for power, future in futures.items()}
            status, overview = call("GET", f"{base}/api/games/{game_id}/gm", token=gm)
            stored = {s["power"]: s["orders"] for s in overview["submissions"]}
            assert stored == expected
            status, report = call("POST", f"{base}/api/games/{game_id}/adjudicate", {"version": None}, gm)
            assert status == 200, report
            given = {power: 0 for power in expected}
            for outcome in report["report"]["outcomes"]:
                if outcome["power"] and not outcome["implicit"]:
                    given[outcome["power"]] += 1  # an order the power gave (not a hold for lack of one)
            assert given == {power: len(orders) for power, orders in expected.items()}
        status, game = call("GET", f"{base}/api/games/{game_id}")
        assert len(game["history"]) == PHASES
    app.extensions["sengoku_db"].dispose()
