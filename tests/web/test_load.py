"""The production setup under load, for correctness only (bench/load.py measures the speed).

``sengoku serve --workers 4`` on PostgreSQL (SQLite when no PostgreSQL was
started), 50 games x 8 players saving orders while every game's deadline
falls due, and one worker killed with SIGKILL half-way while it holds saves
not yet answered: at least one save is cut off (no answer), and it is sent
again; no acknowledged order is lost or kept twice, a cut-off one is kept
once or not at all, and every deadline is adjudicated exactly once. A short
run (a few seconds of load at a modest rate), so it stays bounded on a busy
2-core machine; no timing is asserted.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.loadcheck import check
from bench.loadgen import Plan, run_load, set_up_games
from bench.loadserver import Server
from tests.web.conftest import BACKENDS, database_url

pytestmark = pytest.mark.slow  # four gunicorn workers under load for seconds: ./run test -m "not slow" leaves it out

PLAN = Plan(games=50, rate=100.0, duration=6.0, deadlines=1, kill_at=0.5, clients=24, warmup=1.0, kill_tries=10)


def test_four_workers_lose_nothing_and_adjudicate_each_deadline_once(tmp_path: Path) -> None:
    url = database_url(BACKENDS[-1], tmp_path)
    server = Server(url, workers=4, threads=2, deadline_check=0.5)
    server.upgrade()
    with server:
        run = set_up_games(server.port, PLAN.games)
        assert server.scheduler_pid() is not None  # the deadline job's own process
        run_load(server.port, run, PLAN, kill=server.kill_worker)
        workers = server.wait_for_workers()
    verdict = check(url, run)
    assert run.problems == []
    assert run.killed and all(k.in_flight >= 1 for k in run.killed)  # each kill hit a worker holding a save
    assert not {k.pid for k in run.killed} & set(workers) and len(workers) == 4  # replaced by gunicorn
    assert verdict.cut_off >= 1  # the kill cut a save off: "nothing lost" below is not vacuous
    assert verdict.not_resent == []  # every cut-off save was sent again
    assert verdict.lost == [] and verdict.duplicated == []  # acknowledged: kept; cut off: kept once or not at all
    assert verdict.adjudication_problems == []
    assert verdict.adjudications == verdict.deadlines == PLAN.games * PLAN.deadlines
    assert all(player.attempts for player in run.players) and verdict.saves_acknowledged > 0  # every player sent
    # orders; how many were acknowledged before the deadline closed the phase (409 after it) is the machine's speed
    assert verdict.phases_checked == len(run.players) * (PLAN.deadlines + 1)
