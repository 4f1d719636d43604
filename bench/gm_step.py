"""The whole GM step for a Sengoku phase, stage by stage: text -> parse -> submit -> adjudicate -> report.

    .venv/bin/python -m bench.gm_step --phases 300

What a GM waits for once the orders are in, as ``sengoku orders`` and
``sengoku adjudicate`` do it in memory: the pasted orders of all eight
powers (each power's orders under its header, and its Diplomacy Point bids
for the neutral armies) are read (``parse_orders``), each power's orders
checked and stored (``Game.send``, the resend rule's replace, eight calls),
the phase adjudicated (``Game.adjudicate``: DP auction, movement, the
season's bookkeeping, the phase report) and the results post written
(``post.build_post`` and ``post.render``, plain text). Each stage is timed
on its own and the whole step end to end; the figures are the median and
90th percentile over phases. Reading and writing the game file are not
part of the step.

The phases come from real games: a game is played with random legal orders
(:func:`bench.random_phases.random_orders`, every power ordering every unit)
and each movement phase is measured once, on a copy of the game as it
stood, before the game moves on. Powers own centres, so DP bids are real:
each neutral unit's order is bid for by a power that still has DP to spend.

``--instructions`` counts machine instructions instead, a figure the
machine's load does not move: the script runs twice under callgrind with
``PYTHONHASHSEED=0`` (a fixed hash seed, so dictionaries and sets cost the
same from run to run), both times making the same phases and running the
warm-up steps, once running the measured steps too; the difference, divided
by the phases, is one GM step.

A script, not a test: timings depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bench.random_phases import random_builds, random_orders
from game.game import Game
from game.state import GameState
from maps import Board, PhaseType, load_board
from orders import order_text, parse_orders
from orders.model import DPOrder, Order
from post import build_post, render

__all__ = ["main"]

STAGES = ("parse", "submit", "adjudicate", "report", "whole step")


@dataclass(frozen=True)
class Step:
    """One movement phase as the GM gets it: the game before it, and the pasted orders."""

    state: GameState
    text: str
    orders: int


def steps(board: Board, count: int, seed: int) -> Iterator[Step]:
    """``count`` movement phases of games played with random orders (a new game when one ends)."""
    rng = random.Random(seed)
    game = Game.new(board)
    made = 0
    while made < count:
        if game.state.result.over:
            game = Game.new(board)
        if game.state.position.phase.type is PhaseType.ADJUSTMENTS:
            for power, builds in random_builds(board, game.state.position, game.rules).items():
                game.submit(power, builds)
        if game.state.position.phase.type is not PhaseType.MOVEMENT:
            game.adjudicate()
            continue
        orders = _with_bids(game, random_orders(board, game.state.position, rng), rng)
        text = "\n\n".join(
            f"{power}:\n" + "\n".join(order_text(o, board) for o in given) for power, given in orders.items()
        )
        yield Step(game.state, text, sum(len(given) for given in orders.values()))
        made += 1
        for power, given in orders.items():
            game.submit(power, given)
        game.adjudicate()


def _with_bids(game: Game, orders: dict[str | None, list[Order]], rng: random.Random) -> dict[str, list[Order]]:
    """Each power's unit orders, plus DP bids (1 DP) for the neutral units' orders while some power has DP."""
    rules = game.rules
    left = {power: min(game.dp(power), rules.max_dp_orders) for power in game.powers()}
    mine: dict[str, list[Order]] = {power: list(orders.get(power, [])) for power in game.powers()}
    for neutral in orders.get(None, []):
        bidders = [power for power, dp in left.items() if dp > 0]
        if bidders:
            power = rng.choice(bidders)
            left[power] -= 1
            mine[power].append(DPOrder(points=1, order=neutral))  # type: ignore[arg-type]
    return {power: given for power, given in mine.items() if given}


def time_step(board: Board, step: Step) -> list[int]:
    """Nanoseconds for each stage and for the whole step, on a fresh copy of the game."""
    game = Game(board, step.state)
    clock = time.perf_counter_ns
    marks = [clock()]
    parsed = parse_orders(step.text, board, phase=PhaseType.MOVEMENT)
    by_power = parsed.by_power()
    marks.append(clock())
    for power, given in by_power.items():
        assert power is not None
        game.send(power, given)
    marks.append(clock())
    game.adjudicate()
    marks.append(clock())
    post = render(build_post(board, game.state, -1, rules=game.rules), "plain")
    marks.append(clock())
    assert post and not parsed.errors
    return [b - a for a, b in zip(marks, marks[1:], strict=False)] + [marks[-1] - marks[0]]


def _percentile(values: Sequence[int], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))] / 1e6


_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(args: argparse.Namespace) -> None:
    """Machine instructions a GM step, counted by callgrind (see the module docstring)."""
    base = [sys.executable, "-m", "bench.gm_step", "--phases", str(args.phases), "--warmup", str(args.warmup)]
    base += ["--seed", str(args.seed)]
    counts = []
    for extra in ([], ["--setup-only"]):
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *base, *extra],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            check=True,
        )
        found = _COLLECTED.search(done.stderr)
        if found is None:
            raise SystemExit("callgrind printed no count (is valgrind installed?)")
        counts.append(int(found[1]))
    per_step = (counts[0] - counts[1]) / args.phases
    print(f"python {sys.version.split()[0]}; callgrind, PYTHONHASHSEED=0, seed {args.seed}, {args.phases} phases")
    print(f"  instructions a whole GM step: {per_step / 1e6:.3f} M ({counts[0]:,} - {counts[1]:,} without the steps)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.gm_step", description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=300, help="movement phases measured (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=30, help="untimed phases first (default 30)")
    parser.add_argument("--instructions", action="store_true", help="count instructions with callgrind instead")
    parser.add_argument("--setup-only", action="store_true", help=argparse.SUPPRESS)  # --instructions' second run
    args = parser.parse_args(argv)
    if args.instructions:
        return instructions(args)
    board = load_board("sengoku")
    measured = list(steps(board, args.phases + args.warmup, args.seed))
    for step in measured[: args.warmup]:
        time_step(board, step)
    if args.setup_only:
        return None
    timings: list[list[int]] = [[] for _ in STAGES]
    gc.collect()
    gc.disable()  # as timeit does: no collection inside a timed step; collected between steps
    try:
        for step in measured[args.warmup :]:
            for stage, ns in enumerate(time_step(board, step)):
                timings[stage].append(ns)
            gc.collect(0)
    finally:
        gc.enable()
    orders = sum(s.orders for s in measured[args.warmup :]) / args.phases
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}")
    print(f"sengoku: {args.phases} movement phases (seed {args.seed}), {orders:.1f} orders a phase (with DP bids)")
    for name, values in zip(STAGES, timings, strict=True):
        print(f"  {name:<12} median {_percentile(values, 0.5):7.3f} ms   p90 {_percentile(values, 0.9):7.3f} ms")


if __name__ == "__main__":
    main()
