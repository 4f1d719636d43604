"""Ten thousand games on one small machine: the deadline job, a save and a page with that many games stored.

    .venv/bin/python -m bench.scale                         # 10,000 games, 1,000 in play, then the load bench
    .venv/bin/python -m bench.scale --games 10000 --in-play 10000 --no-load   # every game holding a deadline
    .venv/bin/python -m bench.scale --database postgresql://...               # its tables are replaced

A new PostgreSQL cluster (fsync on, bench/loadpg.py) is filled with
``--games`` games, ``--in-play`` of them in play with a deadline somewhere in
the coming week (the others finished: no deadline), written straight into
the tables from one game the site made (the same state, links and due
times a real game has). Then, in this order:

1. **A pass with nothing due**, in this process: the deadline job's pass
   (:func:`web.table.deadlines.run_pass`) timed ``--passes`` times, and the
   statements it sent counted.
2. **Idle**: ``sengoku serve --workers 4 --threads 2`` with its scheduler
   (a pass every 2 s, the default) and each worker's safety net, and no
   request for ``--idle`` seconds: the CPU of the scheduler, of the workers
   and of PostgreSQL, as shares of one core.
3. **Load on top** (unless ``--no-load``): bench/load.py's run at
   ``--rate`` saves a second on ``--load-games`` new games, after the same
   load on the framework's floor (bench/floor.py) in the same minutes.
4. **One request at a time** (bench/savecpu.py's way): a save, the
   player's page (its map cached) and ``/healthz``, each the workers' CPU a
   request, beside the floor's save and ``/healthz``.

A script, not a test: the figures depend on the machine and its load (printed beside each).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import time
from collections.abc import Iterator
from datetime import timedelta

from sqlalchemy import event, make_url, text

from bench.loadcpu import postmaster_of, sample
from bench.loadgen import Plan, floor_run, set_up_games
from bench.loadpg import emptied, throwaway_postgres
from bench.loadserver import FloorServer, Server
from bench.loadtable import Row, print_table

__all__ = ["fill", "main"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="a PostgreSQL URL to use (its tables are replaced); default: a new cluster")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--in-play", type=int, default=1_000, help="games with a deadline in the coming week")
    parser.add_argument("--passes", type=int, default=200, help="passes with nothing due, timed in this process")
    parser.add_argument("--idle", type=float, default=60.0, help="seconds of the served site with no request")
    parser.add_argument("--no-load", action="store_true", help="stop after the idle measure")
    parser.add_argument("--rate", type=float, default=200.0, help="saves offered per second on top")
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--load-games", type=int, default=50)
    parser.add_argument("--requests", type=int, default=400, help="one-at-a-time requests of each kind")
    args = parser.parse_args(argv)
    print(f"load average at start: {_load()} ({os.cpu_count()} cores)")
    with _database(args.database) as url:
        Server(url, workers=4, threads=2, deadline_check=2.0).upgrade()
        start = time.perf_counter()
        fill(url, args.games, args.in_play)
        print(f"filled: {args.games} games, {args.in_play} with a deadline in the coming week "
              f"({time.perf_counter() - start:.0f} s)")  # fmt: skip
        _passes(url, args.passes)
        _idle(url, args.idle)
        if args.no_load:
            return 0
        code = _load_on_top(url, args)
        _one_at_a_time(url, args.load_games, args.requests)
    return code


@contextlib.contextmanager
def _database(given: str | None) -> Iterator[str]:
    if given:
        yield emptied(given)
        return
    with throwaway_postgres() as url:
        yield url


def fill(url: str, games: int, in_play: int) -> None:
    """``games`` games like one the site makes, ``in_play`` of them with a deadline spread over the coming week.

    One game is made by the site's own code (its state, links and due time); the rest are copies of its
    rows made by PostgreSQL (``generate_series``), each with its own id, name, links and times.
    """
    from maps import load_board
    from web.storage import store
    from web.storage.db import Database

    db = Database(url)
    try:
        model, _ = store.create_game(db, load_board("sengoku"), "Model", (48, 24))
        now = store.utcnow()
        with db.engine.begin() as connection:
            columns = [c for c in _columns(connection, "games") if c not in ("id", "name", "deadline", "next_due")]
            listed = ", ".join(columns)
            connection.execute(
                text(
                    f"INSERT INTO games (id, name, deadline, next_due, {listed}) "
                    "SELECT 'fill' || lpad(n::text, 8, '0'), 'Game ' || n, d, d, "
                    + ", ".join(f"g.{c}" for c in columns)
                    + " FROM games g, generate_series(1, :games) n, "
                    "LATERAL (SELECT CASE WHEN n <= :in_play "
                    "THEN CAST(:now AS timestamp) + (n * :spread) * interval '1 second' END AS d) t "
                    "WHERE g.id = :model"
                ),
                {
                    "games": games - 1,
                    "in_play": in_play,
                    "now": now + timedelta(minutes=10),
                    "spread": timedelta(days=7).total_seconds() / max(in_play, 1),
                    "model": model,
                },
            )
            connection.execute(
                text(
                    "INSERT INTO tokens (game_id, role, digest) "
                    "SELECT g.id, t.role, encode(sha256((g.id || t.role)::bytea), 'hex') "
                    "FROM games g, tokens t WHERE t.game_id = :model AND g.id LIKE 'fill%'"
                ),
                {"model": model},
            )
            connection.execute(text("UPDATE games SET deadline = NULL, next_due = NULL WHERE id = :model"),
                               {"model": model})  # fmt: skip
            connection.execute(text("ANALYZE"))
    finally:
        db.dispose()


def _columns(connection: object, table: str) -> list[str]:
    from sqlalchemy import inspect

    return [c["name"] for c in inspect(connection).get_columns(table)]


def _passes(url: str, passes: int) -> None:
    """The deadline job's pass with nothing due, timed here, and the statements of one counted."""
    from web.storage.db import Database
    from web.table import deadlines

    db = Database(url)
    try:
        sent: list[str] = []
        event.listen(db.engine, "before_cursor_execute", lambda _c, _k, statement, *_: sent.append(statement))
        deadlines.run_pass(db, None)  # a connection made, the statement prepared
        sent.clear()
        deadlines.run_pass(db, None)
        statements = len(sent)
        wall, cpu = [], []
        for _ in range(passes):
            start, start_cpu = time.perf_counter(), time.process_time()
            assert deadlines.run_pass(db, None) == []
            wall.append(1000 * (time.perf_counter() - start))
            cpu.append(1000 * (time.process_time() - start_cpu))
    finally:
        db.dispose()
    p99 = sorted(wall)[int(0.99 * (len(wall) - 1))]
    print(
        f"a pass with nothing due: {statements} statement(s); wall median {statistics.median(wall):.2f} ms, "
        f"p99 {p99:.2f} ms; CPU median {statistics.median(cpu):.2f} ms ({passes} passes; load {_load()})"
    )


def _idle(url: str, seconds: float) -> None:
    """The served site with no request: the scheduler's, the workers' and PostgreSQL's CPU, as shares of a core."""
    server = Server(url, workers=4, threads=2, deadline_check=2.0)
    with server:
        assert server.process is not None
        time.sleep(5)  # the start and the first passes are not idling
        postmaster = postmaster_of(make_url(url).port or 5432)
        scheduler = server.scheduler_pid()
        load_before, before = _load(), sample(server.process.pid, postmaster, scheduler)
        start = time.perf_counter()
        time.sleep(seconds)
        after, wall = sample(server.process.pid, postmaster, scheduler), time.perf_counter() - start
    job = after.scheduler - before.scheduler
    workers = (after.server - before.server) - job

    def core(used: float) -> str:
        return f"{100 * used / wall:.2f}% of a core"

    print(
        f"idle {wall:.0f} s, no request (load {load_before} / {_load()}): the scheduler {core(job)}, "
        f"the 4 workers {core(workers)}, together {core(job + workers)}; "
        f"PostgreSQL {core(after.database - before.database)}"
    )


def _load_on_top(url: str, args: argparse.Namespace) -> int:
    from bench import load

    plan = Plan(
        games=args.load_games, rate=args.rate, duration=args.duration, deadlines=2, kill_at=0.5, clients=48, warmup=3
    )
    rows: list[Row] = [load.floor(plan, 4, 2)]
    print()
    options = argparse.Namespace(workers=4, threads=2, deadline_check=1.0, no_kill=False, timeline=False)
    code, row = load._bench(url, plan, options)
    rows.append(row)
    print_table(rows)
    return code


def _one_at_a_time(url: str, games: int, requests: int) -> None:
    from bench.savecpu import _requests_of

    server = Server(url, workers=4, threads=2, deadline_check=60)
    with server:
        _requests_of(server, set_up_games(server.port, games).players, requests, "site", pages=True)
    with FloorServer(workers=4, threads=2) as floor:
        _requests_of(floor, floor_run(games).players, requests, "floor")


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


if __name__ == "__main__":
    raise SystemExit(main())
