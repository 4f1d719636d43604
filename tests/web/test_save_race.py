"""A save and an adjudication that meet: every acknowledged save is in the phase it named, on a real server.

100 times a player saves orders naming the open phase at the very moment the GM adjudicates it (both let
go together from a barrier, on a threaded server over loopback). Whichever the database lets in first, a
save answered 200 was adjudicated with the phase it named, and a save answered 409 left nothing anywhere:
neither in the phase it named (that power fell into civil disorder) nor in the next one.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.web.live import call, live_server
from web import create_app

pytestmark = pytest.mark.slow  # a hundred races on a real threaded server: ./run test -m "not slow" leaves it out

ROUNDS = 100


def _given(base: str, game_id: str, index: int, power: str) -> list[bool]:
    """For each of the power's outcomes in adjudicated phase ``index``: was the order given (not civil disorder)?"""
    status, phase = call("GET", f"{base}/api/games/{game_id}/phases/{index}")
    assert status == 200, phase
    return [not o["implicit"] for o in phase["report"]["outcomes"] if o["power"] == power]


def _meet(base: str, created: dict[str, Any], text: str, phase: str) -> tuple[int, Any]:
    """Save ``text`` naming ``phase`` and adjudicate, let go at the same moment; returns the save's answer."""
    game_id, oda, gm = created["id"], created["power_tokens"]["Oda"], created["gm_token"]
    start = threading.Barrier(2, timeout=30)

    def save() -> tuple[int, Any]:
        start.wait()
        return call("PUT", f"{base}/api/games/{game_id}/orders", {"text": text, "phase": phase}, oda)

    def adjudicate() -> tuple[int, Any]:
        start.wait()
        return call("POST", f"{base}/api/games/{game_id}/adjudicate", {"version": None}, gm)

    with ThreadPoolExecutor(max_workers=2) as pool:
        saving, adjudicating = pool.submit(save), pool.submit(adjudicate)
        status, answer = adjudicating.result()
        assert status == 200, answer
        return saving.result()


def test_a_save_meeting_an_adjudication_lands_in_the_phase_it_named_or_nowhere(db_url: str) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "k", "MIGRATE_ON_START": True})
    outcomes = {200: 0, 409: 0}
    with live_server(app) as base:
        status, created = call("POST", f"{base}/api/games", {"name": "Photo finish"})
        assert status == 201
        game_id, oda, gm = created["id"], created["power_tokens"]["Oda"], created["gm_token"]
        for index in range(ROUNDS):
            me = call("GET", f"{base}/api/games/{game_id}/me", token=oda)[1]
            holds = "\n".join(f"{unit['text']} H" for unit in me["units"]) if me["phase_type"] == "movement" else ""
            status, answer = _meet(base, created, holds, me["phase"])
            assert status in outcomes, answer
            outcomes[status] += 1
            given = _given(base, game_id, index, "Oda")
            if status == 200:  # acknowledged: in the phase it named, and adjudicated with it
                assert answer["phase"] == me["phase"], answer
                assert given.count(True) == len(answer["saved"]), (index, answer)
            else:  # refused: stored nowhere, neither in the phase named nor in the one open now
                assert answer["phase"] == me["phase"] and answer["open_phase"] != me["phase"], answer
                assert not any(given), (index, answer)
                overview = call("GET", f"{base}/api/games/{game_id}/gm", token=gm)[1]
                assert [s for s in overview["submissions"] if s["power"] == "Oda" and s["orders"]] == []
        status, game = call("GET", f"{base}/api/games/{game_id}")
        assert len(game["history"]) == ROUNDS
    app.extensions["sengoku_db"].dispose()
    print(f"\n{ROUNDS} meetings on {db_url.split(':')[0]}: {outcomes[200]} saved in time, {outcomes[409]} refused")
