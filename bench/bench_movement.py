"""Time movement-phase adjudication on random phases, and compare with MILA's engine.

    .venv/bin/python -m bench.bench_movement --phases 2000
    .venv/bin/python -m bench.bench_movement --phases 300 --stages      # time per pipeline step
    .venv/bin/python -m bench.bench_movement --phases 300 --profile     # cProfile: the hot functions

For each map it generates seeded random phases (:mod:`bench.random_phases`),
warms up, then times :func:`adjudicate_movement` once per phase with
``time.perf_counter_ns`` and prints the median and 90th percentile. On the
standard map it also runs MILA's ``diplomacy`` package on the same phases
(when installed: ``pip install -e .[bench]``), prints its figures and the
ratio, and compares the two results: units on the board, dislodged units
and their retreat options. Every disagreement is printed with its position
and orders, and classified where a known class fits (:mod:`bench.compare`).

A script, not a test: timings vary with the machine, so none is asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

from adjudicator.movement import MovementResult, adjudicate_movement
from adjudicator.outcomes import Result
from adjudicator.phase_orders import check_movement_orders
from bench.compare import Disagreement, classify, describe
from bench.mila import Outcome, mila_available, our_outcome, run_mila
from bench.random_phases import RandomPhase, random_phases
from bench.stages import stage_breakdown
from maps import Board, load_board

__all__ = ["main"]


def _percentile(sorted_ns: Sequence[int], fraction: float) -> float:
    """The value at ``fraction`` of a sorted sample, in milliseconds (nearest rank)."""
    index = min(len(sorted_ns) - 1, max(0, round(fraction * len(sorted_ns)) - 1))
    return sorted_ns[index] / 1e6


def _summary(label: str, timings: list[int]) -> tuple[float, float]:
    timings = sorted(timings)
    median, p90 = _percentile(timings, 0.5), _percentile(timings, 0.9)
    print(f"  {label:<30} median {median:7.3f} ms   p90 {p90:7.3f} ms   ({len(timings)} phases)")
    return median, p90


def submit(board: Board, phase: RandomPhase) -> None:
    """What happens before the deadline, untimed: each power's orders checked as it submits them.

    As in a game (``Game.submit``) and as MILA's ``set_orders`` does: the
    timed adjudication then reuses each order's verdict.
    """
    for power, orders in phase.orders.items():
        check_movement_orders(board, phase.position, {power: orders})


def time_ours(
    board: Board,
    phases: Sequence[RandomPhase],
    warmup: Sequence[RandomPhase],
    submitted: bool,
    outcomes: bool = True,
) -> list[int]:
    """Nanoseconds per phase for our engine, after the untimed ``warmup`` phases.

    ``submitted``: the orders were checked at submission (untimed, :func:`submit`);
    otherwise each phase is a position the engine has never seen, so reading
    its units and checking every order is part of the timed call.
    The timed call includes reading every outcome, so nothing is left for
    later that a caller would pay for; ``outcomes=False`` leaves them unread
    (the engine builds them when first read), for what the new board alone costs.
    """
    for phase in warmup:
        adjudicate_movement(board, phase.position, phase.orders)
    with _collector_held_off() as between_phases:
        timings = []
        for phase in phases:
            between_phases()
            if submitted:
                submit(board, phase)
            else:
                phase = replace(phase, position=phase.position.replace())  # a new object: nothing remembered
            timings.append(_time_ours(board, phase, outcomes)[0])
    return timings


def _time_ours(board: Board, phase: RandomPhase, outcomes: bool = True) -> tuple[int, MovementResult]:
    start = time.perf_counter_ns()
    result = adjudicate_movement(board, phase.position, phase.orders)
    _ = result.units, result.dislodged, result.retreats, result.contested
    if outcomes:
        _ = result.outcomes
    return time.perf_counter_ns() - start, result


@contextmanager
def _collector_held_off(every: int = 50) -> Iterator[Callable[[], None]]:
    """No garbage collection inside a timed call (as ``timeit`` does): the collector is
    off, and the caller collects every ``every`` phases, outside the timings."""
    count = 0

    def between_phases() -> None:
        nonlocal count
        count += 1
        if count % every == 0:
            gc.collect()

    gc.collect()
    gc.disable()
    try:
        yield between_phases
    finally:
        gc.enable()


@dataclass
class Comparison:
    """Both engines on the same phases: times per phase (ns) and where the results differ."""

    ours_ns: list[int] = field(default_factory=list)
    mila_ns: list[int] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    rejected: int = 0  # phases in which MILA refused one of our orders


def compare_with_mila(
    board: Board, phases: Sequence[RandomPhase], warmup: Sequence[RandomPhase], block: int = 1
) -> Comparison:
    """Run MILA and ours on the same phases in turn, timing both.

    Interleaving exposes both engines to the same machine load, so the ratio
    holds even on a busy or throttled machine: by default phase by phase
    (each engine then starts every phase with the other's data in the CPU
    caches), or ``block`` phases of one engine, then the same phases of the
    other. Each engine's orders are checked at submission, untimed (MILA's
    ``set_orders``, our :func:`submit`); each times its adjudication.
    """
    for phase in warmup:
        adjudicate_movement(board, phase.position, phase.orders)
    comparison = Comparison()
    with _collector_held_off() as between_phases:
        for start in range(0, len(phases), block):
            chunk = phases[start : start + block]
            theirs = []
            for phase in chunk:
                between_phases()
                elapsed, outcome, errors = run_mila(phase)
                comparison.mila_ns.append(elapsed)
                comparison.rejected += bool(errors)
                theirs.append((outcome, errors))
            for phase, (outcome, errors) in zip(chunk, theirs, strict=True):
                between_phases()
                _ours_against(board, phase, outcome, errors, comparison)
    return comparison


def _ours_against(board: Board, phase: RandomPhase, theirs: Outcome, errors: list[str], comparison: Comparison) -> None:
    """Ours on one phase, timed; keep the phase if the results differ from MILA's."""
    submit(board, phase)
    elapsed, result = _time_ours(board, phase)
    comparison.ours_ns.append(elapsed)
    ours = our_outcome(result)
    if ours != theirs or errors:
        comparison.disagreements.append(Disagreement(phase, ours, theirs, errors))


def profile(board: Board, phases: Sequence[RandomPhase], top: int) -> None:
    """cProfile over every phase, sorted by own time: the hot spots."""
    profiler = cProfile.Profile()
    profiler.enable()
    for phase in phases:
        adjudicate_movement(board, phase.position, phase.orders)
    profiler.disable()
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(top)


def _report_disagreements(board: Board, disagreements: list[Disagreement], shown: int) -> None:
    classes = Counter(classify(board, d) for d in disagreements)
    print(f"  disagreement classes ({len(disagreements)} phases):")
    for name, count in classes.most_common():
        print(f"    {count:5}  {name}")
    for d in disagreements[:shown]:
        print(describe(board, d))


def _describe_phases(board: Board, name: str, phases: Sequence[RandomPhase], seed: int) -> None:
    """What the phases hold on average, and a check that every generated order is legal."""
    kinds = Counter(type(order).__name__ for p in phases for orders in p.orders.values() for order in orders)
    units = sum(len(p.position.units) for p in phases) / len(phases)
    mix = ", ".join(f"{count / len(phases):.1f} {kind}" for kind, count in kinds.most_common())
    print(f"{name}: {len(phases)} phases (seed {seed}), {units:.1f} units a phase; orders a phase: {mix}")
    void = sum(
        outcome.result is Result.VOID
        for p in phases
        for outcome in adjudicate_movement(board, p.position, p.orders).outcomes
    )
    print(f"  orders our engine found illegal: {void}")


def run_map(name: str, args: argparse.Namespace) -> None:
    board = load_board(name)
    phases = list(random_phases(board, args.phases, seed=args.seed))
    _describe_phases(board, name, phases, args.seed)
    if args.profile:
        profile(board, phases, args.top)
        return
    if args.stages:
        print("  time per step (median over phases of the fastest of 5 runs):")
        for stage, us in stage_breakdown(board, phases).items():
            print(f"    {stage:<16} {us:8.1f} us")
        return
    warmup = list(random_phases(board, args.warmup, seed=args.seed + 1000))  # not the timed phases
    _summary("ours, checked at submission", time_ours(board, phases, warmup, submitted=True))
    _summary("ours, legality in the call", time_ours(board, phases, warmup, submitted=False))
    _summary("ours, outcomes left unread", time_ours(board, phases, warmup, submitted=True, outcomes=False))
    if name != "standard" or args.no_mila:
        return
    if not mila_available():
        print("  MILA's engine is not installed: pip install -e .[bench]")
        return
    comparison = compare_with_mila(board, phases, warmup, args.block)
    turns = "phase by phase" if args.block == 1 else f"{args.block} phases at a time"
    print(f"  MILA and ours in turn, {turns}:")
    in_turn = _summary("ours, in turn with MILA", comparison.ours_ns)
    theirs = _summary("MILA diplomacy Game.process()", comparison.mila_ns)
    print(f"  ratio MILA / ours in turn    median {theirs[0] / in_turn[0]:6.1f}x   p90 {theirs[1] / in_turn[1]:6.1f}x")
    # No ratio against "ours, checked at submission": that divides two separate runs, each under
    # its own load (issue 18); in turn, both engines see the same machine.
    agree = len(phases) - len(comparison.disagreements)
    print(f"  agreement: {agree} of {len(phases)} phases identical (units, dislodged units, retreat options)")
    if comparison.rejected:
        print(f"  MILA refused some of our (legal) orders in {comparison.rejected} phases")
    if comparison.disagreements:
        _report_disagreements(board, comparison.disagreements, args.show)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_movement", description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=2000, help="random phases per map (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--warmup", type=int, default=200, help="untimed phases first (default 200)")
    parser.add_argument("--maps", nargs="+", default=["standard", "sengoku"], help="maps to run")
    parser.add_argument("--no-mila", action="store_true", help="skip MILA's engine")
    parser.add_argument("--block", type=int, default=1, help="phases of one engine before the other's (default 1)")
    parser.add_argument("--show", type=int, default=10, help="disagreements printed in full (default 10)")
    parser.add_argument("--stages", action="store_true", help="time each step of our pipeline instead")
    parser.add_argument("--profile", action="store_true", help="profile our engine instead of timing it")
    parser.add_argument("--top", type=int, default=30, help="functions listed by --profile (default 30)")
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; one process, one core used")
    for name in args.maps:
        run_map(name, args)


if __name__ == "__main__":
    main()
