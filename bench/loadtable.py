"""One line per offered rate, side by side: what ``bench.load --rates 100,200`` prints at the end.

Each run's full report comes first; this table puts the figures the issue
asks for next to each other (p99 of every answer, the access log's split,
the worker CPU a request, the load average), so a re-run on a quiet machine
is one command and one table to read.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from bench.loadcheck import Figures, Split
from bench.loadcpu import CpuSample, Usage

__all__ = ["Row", "print_ratios", "print_table", "row"]


@dataclass(frozen=True)
class Row:
    what: str
    """``site``, or ``floor``: the smallest Flask app under the same gunicorn settings (bench/floor.py)."""
    rate: float
    load_before: float
    load_after: float
    throughput: float
    every: str
    """p50 / p99 of every answered save request (200 and 409), ms."""
    p99: float
    inside: str
    waiting: str
    worker_ms: float
    """Worker CPU per request answered (every request: the saves, the GMs' deadlines, the reads)."""
    busy: float
    others: float
    ok: bool


def row(
    what: str,
    rate: float,
    loads: tuple[float, float],
    shown: Figures,
    where: Split,
    cpu: tuple[CpuSample, CpuSample, Usage],
    requests: int,
    ok: bool,
) -> Row:
    before, after, used = cpu
    workers = (after.server - after.scheduler) - (before.server - before.scheduler)
    return Row(
        what=what,
        rate=rate,
        load_before=loads[0],
        load_after=loads[1],
        throughput=shown.throughput,
        every=f"{shown.answered.p50:.1f} / {shown.answered.p99:.1f}",
        p99=shown.answered.p99,
        inside=f"{where.inside.p50:.1f} / {where.inside.p99:.1f}",
        waiting=f"{where.waiting.p50:.1f} / {where.waiting.p99:.1f}",
        worker_ms=1000 * workers / requests if requests else 0.0,
        busy=used.busy,
        others=used.others,
        ok=ok,
    )


def print_table(rows: list[Row]) -> None:
    print()
    print(
        "| what | saves/s offered | load avg before / after | acknowledged/s | every answer p50 / p99 ms | p99 < 50 ms "
        "| inside a worker p50 / p99 | waiting p50 / p99 | worker CPU a request | CPU busy, other processes "
        "| nothing lost |"
    )
    print("| --- | ---: | --- | ---: | --- | --- | --- | --- | ---: | --- | --- |")
    for r in rows:
        print(
            f"| {r.what} | {r.rate:.0f} | {r.load_before:.2f} / {r.load_after:.2f} | {r.throughput:.1f} | {r.every} "
            f"| {'yes' if r.p99 < 50 else 'no'} | {r.inside} | {r.waiting} | {r.worker_ms:.1f} ms "
            f"| {r.busy:.0f}%, {r.others:.0f}% | {'yes' if r.ok else 'NO'} |"
        )


def print_ratios(rounds: list[tuple[Row, Row]]) -> None:
    """Each round's site beside its floor (p99 of every answer, worker CPU a request), then the medians: on a
    shared machine one round's ratio moves by a fifth, so the median of several is the figure to read."""
    if not rounds:
        return
    print()
    p99s = [site.p99 / floor.p99 for floor, site in rounds]
    cpus = [site.worker_ms / floor.worker_ms for floor, site in rounds]
    for number, ((floor, site), p99, cpu) in enumerate(zip(rounds, p99s, cpus, strict=True), 1):
        first = "the floor" if number % 2 else "the site"  # bench/load.py alternates
        print(
            f"round {number} ({first} first): p99 {site.p99:.1f} / {floor.p99:.1f} ms = {p99:.2f}x the floor's; "
            f"worker CPU {site.worker_ms:.2f} / {floor.worker_ms:.2f} ms = {cpu:.2f}x"
        )
    p99, cpu = statistics.median(p99s), statistics.median(cpus)
    print(f"median over {len(rounds)} round(s): p99 {p99:.2f}x the floor's, worker CPU {cpu:.2f}x")
