"""One line per offered rate, side by side: what ``bench.load --rates 100,200`` prints at the end.

Each run's full report comes first; this table puts the figures the issue
asks for next to each other (p99 of every answer, the access log's split,
the worker CPU a request, the load average), so a re-run on a quiet machine
is one command and one table to read.
"""

from __future__ import annotations

from dataclasses import dataclass

from bench.loadcheck import Figures, Split
from bench.loadcpu import CpuSample, Usage

__all__ = ["Row", "print_table", "row"]


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
