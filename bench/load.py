"""Load on the production setup: 4 workers on PostgreSQL, 50 games x 8 players saving while deadlines fall due.

    .venv/bin/python -m bench.load                      # its own PostgreSQL (fsync on), 200 saves/s for 30 s
    (what it does and the figures: bench/LOAD.md)
    .venv/bin/python -m bench.load --rate 300 --duration 60 --database postgresql://...
    .venv/bin/python -m bench.load --no-kill            # without killing a worker half-way
    .venv/bin/python -m bench.load --rates 100,200      # one run per rate, in turn, then a table of both
    .venv/bin/python -m bench.load --rates 200 --floor  # each rate on the framework's floor too (bench/floor.py)

Starts ``sengoku serve --workers 4`` (after ``sengoku db upgrade``) on a free
loopback port, creates the games, and offers the saves (:mod:`bench.loadgen`)
while every game's GM sets deadlines that the deadline job must adjudicate,
exactly once each; half-way through, one worker is killed with SIGKILL
while it holds saves not yet answered (again, a few times at most, until
one was cut off). Then it reads the database back (:mod:`bench.loadcheck`)
and prints the throughput, the latency as the clients saw it (p50, p90, p99,
max; over every answer, refusals included, and over the acknowledged saves
alone), how much of it was spent inside a worker (the access log), whether
every acknowledged save is there once, and the adjudications per deadline.
The machine's load average and where its CPU went are printed too: the
figures mean little without them. tests/web/test_load.py runs a short
version for correctness only.

``--floor``: beside each rate's run on the site, the same load on the smallest
Flask app under the same gunicorn settings (bench/floor.py: no database, no
deadlines, no kill), so every figure has its floor from the same minutes; the
floor goes first in the first round, the site in the second, and so on, and
the end gives each round's ratios and their median.

A script, not a test: nothing here is asserted; it exits 1 if an order was
lost or duplicated or a deadline was not adjudicated exactly once.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator

from sqlalchemy import make_url

from bench.loadcheck import Figures, LoadVerdict, Split, check, figures, split, timeline
from bench.loadcpu import postmaster_of, sample, usage
from bench.loadgen import Plan, Run, floor_run, run_load, set_up_games
from bench.loadpg import emptied, throwaway_postgres
from bench.loadserver import FloorServer, Server
from bench.loadtable import Row, print_ratios, print_table, row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="a PostgreSQL URL to use (its tables are replaced); default: a new cluster")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rate", type=float, default=200.0, help="saves offered per second")
    parser.add_argument("--rates", help="several rates, comma-separated (e.g. 100,200): a run each, then a table")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of measured load")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds of the same load before, not measured")
    parser.add_argument("--deadlines", type=int, default=2, help="deadlines falling in each game during the run")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=2, help="threads per worker")
    parser.add_argument("--clients", type=int, default=48, help="client threads offering the saves")
    parser.add_argument("--deadline-check", type=float, default=1.0, help="seconds between the deadline job's passes")
    parser.add_argument("--no-kill", action="store_true", help="do not kill a worker half-way")
    parser.add_argument("--timeline", action="store_true", help="also print each second's saves, p50 and p99")
    parser.add_argument(
        "--floor", action="store_true", help="each rate on the framework's floor too, in turn (bench/floor.py)"
    )
    args = parser.parse_args(argv)
    rates = [float(rate) for rate in args.rates.split(",")] if args.rates else [args.rate]
    rows: list[Row] = []
    rounds: list[tuple[Row, Row]] = []  # (floor, site) of each rate, run in turn
    failed = 0
    with _database(args.database) as url:
        for number, rate in enumerate(rates):
            plan = Plan(
                games=args.games,
                rate=rate,
                duration=args.duration,
                deadlines=args.deadlines,
                kill_at=None if args.no_kill else 0.5,
                clients=args.clients,
                warmup=args.warmup,
            )
            if number:
                print()
                emptied(url)  # each rate on new games, in a database as the first run found it
            code, ran = _round(url, plan, args, floor_first=number % 2 == 0)
            failed |= code
            rows += ran
            if args.floor:
                rounds.append((next(r for r in ran if r.what == "floor"), next(r for r in ran if r.what == "site")))
    if len(rows) > 1 or args.floor:
        print_table(rows)
        print_ratios(rounds)
    return failed


def _round(url: str, plan: Plan, args: argparse.Namespace, floor_first: bool) -> tuple[int, list[Row]]:
    """A rate's run on the site and, with ``--floor``, on the floor beside it: the floor first in one round, the
    site first in the next, so that neither always meets the machine as the invocation found it."""
    if not args.floor:
        code, site = _bench(url, plan, args)
        return code, [site]
    if floor_first:
        base = floor(plan, args.workers, args.threads)
        print()
        code, site = _bench(url, plan, args)
        return code, [base, site]
    code, site = _bench(url, plan, args)
    print()
    return code, [site, floor(plan, args.workers, args.threads)]


@contextlib.contextmanager
def _database(given: str | None) -> Iterator[str]:
    if given:
        yield emptied(given)
        return
    with throwaway_postgres() as url:
        yield url


def floor(plan: Plan, workers: int, threads: int) -> Row:
    """The same load on the framework's floor (bench/floor.py), reported the same way: its row."""
    server = FloorServer(workers=workers, threads=threads)
    with server:
        assert server.process is not None
        load_before, cpu_before = os.getloadavg(), sample(server.process.pid, None)
        requests_before = server.requests()
        run = run_load(server.port, floor_run(plan.games), plan)
        load_after, cpu_after = os.getloadavg(), sample(server.process.pid, None)
        requests = server.requests() - requests_before
        handled = server.handled()
    print(f"the floor: the smallest Flask app (bench/floor.py), --workers {workers} --threads {threads}, the same load")
    print(f"load average before/after: {_load(load_before)} / {_load(load_after)} ({os.cpu_count()} cores)")
    used = usage(cpu_before, cpu_after)
    print(used.describe().replace("sengoku workers", "floor workers") + " (warm-up included)")
    shown, where = figures(run), split(run, handled)
    _latency(shown, where)
    summary = row(
        "floor",
        plan.rate,
        (load_before[0], load_after[0]),
        shown,
        where,
        (cpu_before, cpu_after, used),
        requests,
        not run.problems,
    )
    print(f"worker CPU: {summary.worker_ms:.2f} ms a request ({requests} requests answered, warm-up included)")
    return summary


def _bench(url: str, plan: Plan, args: argparse.Namespace) -> tuple[int, Row]:
    server = Server(url, workers=args.workers, threads=args.threads, deadline_check=args.deadline_check)
    server.upgrade()
    with server:
        run = set_up_games(server.port, plan.games)
        assert server.process is not None
        postmaster = postmaster_of(make_url(url).port or 5432)
        scheduler = server.scheduler_pid()
        load_before, cpu_before = os.getloadavg(), sample(server.process.pid, postmaster, scheduler)
        requests_before = server.requests()
        run = run_load(server.port, run, plan, kill=server.kill_worker)
        load_after, cpu_after = os.getloadavg(), sample(server.process.pid, postmaster, scheduler)
        requests = server.requests() - requests_before
        workers_after = server.wait_for_workers() if run.killed else server.worker_pids()
        handled = server.handled()
    verdict = check(url, run)
    print(
        f"sengoku serve --workers {args.workers} --threads {args.threads} on PostgreSQL; {plan.games} games x 8 powers"
    )
    print(
        f"offered {plan.rate:.0f} saves/s for {plan.warmup:.0f} s of warm-up, then {plan.duration:.0f} s measured; "
        f"{plan.clients} client threads on loopback"
    )
    print(f"load average before/after: {_load(load_before)} / {_load(load_after)} ({os.cpu_count()} cores)")
    used = usage(cpu_before, cpu_after)
    print(used.describe() + " (warm-up included)")
    shown, where = figures(run), split(run, handled)
    _latency(shown, where)
    _kills(run, verdict, workers_after)
    print(
        f"orders: {verdict.phases_checked} player-phases checked; "
        f"lost {len(verdict.lost)}, duplicated {len(verdict.duplicated)}"
    )
    problems = len(verdict.adjudication_problems)
    print(f"deadlines: {verdict.deadlines} fell, {verdict.adjudications} phases adjudicated; problems: {problems}")
    if args.timeline:
        for second, count, p50, p99 in timeline(run):
            print(f"  second {second:3d}: {count:4d} saves, p50 {p50:6.1f} ms, p99 {p99:6.1f} ms")
    found = [*verdict.lost, *verdict.duplicated, *verdict.adjudication_problems, *verdict.not_resent, *run.problems]
    for line in found[:20]:
        print("  " + line)
    ok = verdict.ok and not run.problems
    cpu = (cpu_before, cpu_after, used)
    summary = row("site", plan.rate, (load_before[0], load_after[0]), shown, where, cpu, requests, ok)
    print(f"worker CPU: {summary.worker_ms:.1f} ms a request ({requests} requests answered, warm-up included)")
    return (0 if ok else 1), summary


def _latency(shown: Figures, where: Split) -> None:
    """The throughput, the latency over every answer and over the saves alone, and where the time went."""
    print(
        f"acknowledged saves: {shown.acknowledged} in {shown.seconds:.1f} s = {shown.throughput:.1f} saves/s; "
        f"refused as late (deadline passed, tried again): {shown.late_refusals}"
    )
    for name, latency in (("every answered request", shown.answered), ("acknowledged saves", shown.saved)):
        verdict = "under" if latency.p99 < 50 else "NOT under"
        print(f"latency, {name} ({latency.count}): {latency.describe()} (p99 {verdict} the 50 ms target)")
    print(
        f"  matched to the access log: {where.matched}; inside a worker {where.inside.describe()}; "
        f"waiting for one {where.waiting.describe()}"
    )
    print(
        f"  the slowest 1% ({where.tail}, {where.tail_refused} of them refusals): median "
        f"{where.tail_inside_ms:.1f} ms inside a worker, {where.tail_waiting_ms:.1f} ms waiting for one"
    )


def _kills(run: Run, verdict: LoadVerdict, workers_after: list[int]) -> None:
    for killed in run.killed:
        print(
            f"kill -9 of worker {killed.pid} at {killed.at:.1f} s, holding {killed.in_flight} save(s) not yet answered"
        )
    print(
        f"cut off by the kill (no answer, sent again): {verdict.cut_off}, not sent again: {len(verdict.not_resent)}; "
        f"workers afterwards: {len(workers_after)} ({workers_after})"
    )


def _load(average: tuple[float, float, float]) -> str:
    return " ".join(f"{value:.2f}" for value in average)


if __name__ == "__main__":
    sys.exit(main())
