"""The production setup under load, for correctness only (bench/load.py measures the speed).

``sengoku serve --workers 4`` on PostgreSQL (SQLite when no PostgreSQL was
started), 50 games x 8 players saving orders while every game's deadline
falls due, and one worker killed with SIGKILL half-way: no acknowledged order
is lost or kept twice, and every deadline is adjudicated exactly once. A
short run (a few seconds of load at a modest rate), so it stays bounded on a
busy 2-core machine; no timing is asserted.
"""

from __future__ import annotations

from pathlib import Path

from bench.loadcheck import check
from bench.loadgen import Plan, run_load, set_up_games
from bench.loadserver import Server
from tests.web.conftest import BACKENDS, database_url

PLAN = Plan(games=50, rate=100.0, duration=6.0, deadlines=1, kill_at=0.5, clients=24, warmup=1.0)


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
    assert len(run.killed) == 1 and run.killed[0][1] not in workers and len(workers) == 4  # replaced by gunicorn
    assert verdict.lost == [] and verdict.duplicated == []
    assert verdict.adjudication_problems == []
    assert verdict.adjudications == verdict.deadlines == PLAN.games * PLAN.deadlines
    assert verdict.saves_acknowledged >= len(run.players)  # every player saved at least once
    assert verdict.phases_checked == len(run.players) * (PLAN.deadlines + 1)
