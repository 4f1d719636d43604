"""The worker CPU of one save, in process: what bench/load.py's workers spend on each ``PUT .../orders``.

    .venv/bin/python -m bench.savecpu                        # SQLite in a temporary folder
    .venv/bin/python -m bench.savecpu --database postgresql+psycopg://...   # its tables are replaced
    .venv/bin/python -m bench.savecpu --profile 25           # and where the time goes (cProfile, top 25)

Like the load bench's players: 10 games x 8 powers, each save a different set
of hold orders for the power's units, by bearer token through the JSON API
(Flask's test client: routing, the token check, the limiter, the database,
the engine; no HTTP server). Prints the median and p90 CPU time of a save
and its wall time. A script, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from flask.testing import FlaskClient

from bench.loadgen import Player
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
    args = parser.parse_args(argv)
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
        profiler = cProfile.Profile() if args.profile else None
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


if __name__ == "__main__":
    main()
