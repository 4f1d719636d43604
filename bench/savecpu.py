"""The worker CPU of one save, in process: what bench/load.py's workers spend on each ``PUT .../orders``.

    .venv/bin/python -m bench.savecpu                        # SQLite in a temporary folder
    .venv/bin/python -m bench.savecpu --database postgresql+psycopg://...   # its tables are replaced
    .venv/bin/python -m bench.savecpu --profile 25           # and where the time goes (cProfile, top 25)
    .venv/bin/python -m bench.savecpu --server               # the real server: worker CPU a save, from /proc

Like the load bench's players: 10 games x 8 powers, each save a different set
of hold orders for the power's units, by bearer token through the JSON API
(Flask's test client: routing, the token check, the limiter, the database,
the engine; no HTTP server). Prints the median and p90 CPU time of a save
and its wall time.

``--server``: the production setup of bench/load.py (``sengoku serve --workers 4
--threads 2`` on a new PostgreSQL with fsync on, rate limits off), one request
at a time from one client over loopback, and the workers' CPU time (Linux /proc)
divided by the requests: a save, and ``GET /healthz`` (no database); then the
framework's floor (bench/floor.py: the smallest Flask app under the same
gunicorn settings) given the same save request and ``GET /healthz``. One at a
time, so the figure is the worker's own work, not the queueing of bench/load.py.
``--rounds N`` runs the site and the floor in turn N times.

A script, not a test: the figures depend on the machine (the load is printed).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import gc
import os
import pstats
import statistics
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from bench.loadgen import Player, floor_run
from web import create_app


def players(client: FlaskClient, games: int) -> list[Player]:
    """Each game's powers, with their tokens and units (as bench.loadgen reads them)."""
    found = []
    for number in range(games):
        created = client.post("/api/games", json={"name": f"Save {number + 1}"}).get_json()
        for power, token in created["power_tokens"].items():
            me = client.get(f"/api/games/{created['id']}/me", headers={"Authorization": f"Bearer {token}"}).get_json()
            units = [unit["location"] for unit in me["units"]]
            found.append(Player(created["id"], power, token, units))
    return found


def save(client: FlaskClient, player: Player) -> None:
    text = "\n".join(player.next_orders())
    headers = {"Authorization": f"Bearer {player.token}"}
    answer = client.put(f"/api/games/{player.game}/orders", json={"text": text}, headers=headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", help="a database URL (its tables are replaced); default: a new SQLite file")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--saves", type=int, default=800)
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions (cumulative)")
    parser.add_argument("--server", action="store_true", help="the real server's workers (see above)")
    parser.add_argument("--rounds", type=int, default=1, help="--server: the site and the floor in turn, N times")
    args = parser.parse_args(argv)
    if args.server:
        _server(args.database, args.games, args.saves, args.rounds)
        return
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'bench.db'}"
        if args.database:
            from bench.loadpg import emptied

            emptied(url)
        app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "MIGRATE_ON_START": True})
        client = app.test_client()
        everyone = players(client, args.games)
        for player in everyone:  # warm up: each game's state read once, every statement compiled
            save(client, player)
        wall, cpu = [], []
        profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU time: waits are not work
        for number in range(args.saves):
            player = everyone[number % len(everyone)]
            gc.disable()
            start, start_cpu = time.perf_counter(), time.process_time()
            if profiler:
                profiler.enable()
            save(client, player)
            if profiler:
                profiler.disable()
            cpu.append((time.process_time() - start_cpu) * 1000)
            wall.append((time.perf_counter() - start) * 1000)
            gc.enable()
    backend = url.split(":", 1)[0]
    p90 = sorted(cpu)[int(0.9 * (len(cpu) - 1))]
    print(
        f"{backend}: {args.saves} saves; CPU median {statistics.median(cpu):.2f} ms, p90 {p90:.2f} ms, "
        f"mean {statistics.fmean(cpu):.2f} ms; wall median {statistics.median(wall):.2f} ms "
        f"(load average {os.getloadavg()[0]:.2f}{' , under cProfile' if profiler else ''})"
    )
    if profiler:
        pstats.Stats(profiler).sort_stats(os.environ.get("SORT", "cumulative")).print_stats(args.profile)


def _server(database: str | None, games: int, requests: int, rounds: int = 1) -> None:
    from bench.loadpg import emptied, throwaway_postgres
    from bench.loadserver import FloorServer, Server

    with contextlib.ExitStack() as stack:
        url = emptied(database) if database else stack.enter_context(throwaway_postgres())
        for number in range(rounds):
            server = Server(url, workers=4, threads=2, deadline_check=60)
            server.upgrade()
            with server:
                _requests_of(server, set_up_games_of(server, games), requests, "site")
            with FloorServer(workers=4, threads=2) as floor:
                _requests_of(floor, floor_run(games).players, requests, "floor")
            if number + 1 < rounds:
                emptied(url)


def set_up_games_of(server: Any, games: int) -> list[Player]:
    from bench.loadgen import set_up_games

    return set_up_games(server.port, games).players


def _requests_of(server: Any, everyone: list[Player], requests: int, what: str, pages: bool = False) -> None:
    """Each kind of request one at a time, ``requests`` of each: the workers' CPU a request, and the wall time.

    ``pages``: the player's page too (the site's: the floor has none), after the saves, so its map is cached.
    """
    from bench.loadcpu import cpu_seconds
    from bench.loadgen import Client

    client = Client(server.port)
    workers = server.worker_pids()
    turn = iter(range(1 << 62))

    def healthz() -> None:
        client.call("GET", "/healthz")

    def save_one() -> None:
        player = everyone[next(turn) % len(everyone)]
        text = "\n".join(player.next_orders())
        status, _ = client.call("PUT", f"/api/games/{player.game}/orders", player.token, {"text": text})
        assert status == 200, status

    def page_one() -> None:
        player = everyone[next(turn) % len(everyone)]
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/games/{player.game}/play/{player.token}") as got:
            got.read()
            assert got.status == 200, got.status

    kinds = [("GET /healthz", healthz), ("PUT .../orders (a save)", save_one)]
    kinds += [("GET the player's page", page_one)] if pages else []
    try:
        for name, call in kinds:
            for _ in range(8 * len(everyone)):  # warm up: every worker knows every link, state, statement
                call()
            used, start = cpu_seconds(workers), time.perf_counter()
            for _ in range(requests):
                call()
            cpu, wall = cpu_seconds(workers) - used, time.perf_counter() - start
            print(
                f"{what:<5} {name:<24} worker CPU {1000 * cpu / requests:.2f} ms a request, "
                f"wall {1000 * wall / requests:.2f} ms ({requests} one at a time; "
                f"load average {os.getloadavg()[0]:.2f})"
            )
    finally:
        client.close()


if __name__ == "__main__":
    main()
