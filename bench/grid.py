"""Does a movement phase cost the same per unit at 100 units as at 2,000? Synthetic grid maps say.

    .venv/bin/python -m bench.grid --units 100 200 400 800 1600 2000

A grid map is a square of provinces, written as a map file and loaded like
any other (so it is a valid board): every fourth row is sea, the rows
beside it coast, the rest land; armies cross every border between land and
coast provinces, fleets every border between sea and coast, and every
third coast or land province is a supply centre. Eight powers share the
units. For each size the map is just big enough to hold the units with
room to move (about 2.5 provinces a unit), and the phases are the random
phases of the other benches (:func:`bench.random_phases.random_orders`:
dense moves, supports, convoy chains), on random positions of that many
units. Each phase's orders are checked at submission, untimed, as in a
game; :func:`adjudicate_movement` is timed, outcomes included.

The figure is the time per unit (median over phases): flat means linear.
A script, not a test: timings depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import random
import sys
import time
from collections.abc import Sequence

from adjudicator.movement import adjudicate_movement
from adjudicator.phase_orders import check_movement_orders
from adjudicator.position import Position, Unit
from bench.random_phases import SPRING, _placement, random_orders
from maps import Board, parse_board
from orders.model import Order

__all__ = ["grid_board", "grid_position", "main"]

POWERS = ("Red", "Blue", "Green", "Gold", "Grey", "Pink", "Teal", "Plum")


def _kind(row: int) -> str:
    return "sea" if row % 4 == 3 else "coast" if row % 4 in (0, 2) else "land"


def grid_map_text(side: int) -> str:
    """A ``side`` x ``side`` grid as map file text (``maps/FORMAT.md``)."""
    ids = {(r, c): f"G{r:03d}{c:02d}" if side > 99 else f"G{r:02d}{c:02d}" for r in range(side) for c in range(side)}
    centres = [ids[r, c] for r in range(side) for c in range(side) if _kind(r) != "sea" and (r * side + c) % 3 == 0]
    lines = ["format: 1", f"name: grid{side}", f"title: Grid {side}x{side}", "rules: standard"]
    lines += ["start: {season: spring, year: 1901}"]
    lines += [f"victory_centres: {len(centres) // 2 + 1}", "powers:"]
    for k, power in enumerate(POWERS):
        lines.append(f"  - {{name: {power}, home_centres: [{centres[k]}], units: []}}")
    lines.append("provinces:")
    for (r, c), pid in ids.items():
        kind = _kind(r)
        near = [ids[r + dr, c + dc] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if (r + dr, c + dc) in ids]
        army = [n for n in near if kind != "sea" and _kind(int(n[1:-2])) != "sea"]
        fleet = [
            n for n in near if kind != "land" and _kind(int(n[1:-2])) != "land" and "sea" in (kind, _kind(int(n[1:-2])))
        ]
        centre = ", supply_centre: true" if pid in centres else ""
        borders = f"army: [{', '.join(army)}], fleet: [{', '.join(fleet)}]"
        lines.append(f"  - {{id: {pid}, name: {pid}, type: {kind}{centre}, {borders}}}")
    return "\n".join(lines) + "\n"


def grid_board(units: int) -> Board:
    """A grid board with about 2.5 provinces for each unit."""
    side = max(8, math.ceil(math.sqrt(units * 2.5)))
    return parse_board(grid_map_text(side), f"<grid {side}x{side}>")


def grid_position(board: Board, units: int, rng: random.Random) -> Position:
    """``units`` units on random provinces, one a province, shared among the powers."""
    provinces = sorted(board.provinces)
    rng.shuffle(provinces)
    placed = []
    for k, province in enumerate(provinces[:units]):
        unit_type, location = _placement(board, province, rng)
        placed.append(Unit(type=unit_type, location=location, power=POWERS[k % len(POWERS)]))
    return Position(phase=SPRING, units=tuple(placed))


def time_size(units: int, phases: int, seed: int) -> tuple[float, float, int]:
    """Median microseconds per phase (submitted first; cold) and the orders a phase, for this many units."""
    board = grid_board(units)
    rng = random.Random(seed)
    drawn = []
    for _ in range(phases):
        position = grid_position(board, units, rng)
        drawn.append((position, random_orders(board, position, rng)))
    adjudicate_movement(board, *drawn[0])  # warm up
    submitted, cold = [], []
    gc.collect()
    gc.disable()
    try:
        for position, orders in drawn:
            cold.append(_timed(board, position.replace(), orders))  # a new object: nothing checked before
            for power, given in orders.items():
                check_movement_orders(board, position, {power: given})  # submitted, untimed
            submitted.append(_timed(board, position, orders))
            gc.collect(0)
    finally:
        gc.enable()
    orders = sum(len(given) for _, o in drawn for given in o.values()) // phases
    return _median(submitted), _median(cold), orders


def _timed(board: Board, position: Position, orders: dict[str | None, list[Order]]) -> int:
    start = time.perf_counter_ns()
    result = adjudicate_movement(board, position, orders)
    _ = result.outcomes, result.units, result.dislodged, result.retreats
    return time.perf_counter_ns() - start


def _median(values: list[int]) -> float:
    return sorted(values)[len(values) // 2] / 1000


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.grid", description=__doc__.split("\n\n")[0])
    parser.add_argument("--units", type=int, nargs="+", default=[100, 200, 400, 800, 1600, 2000])
    parser.add_argument("--phases", type=int, default=15, help="phases per size (default 15)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}")
    print(f"  {'':14} {'checked at submission':>26}   {'legality in the call':>26}")
    print(f"  {'units':>6} {'orders':>7} {'a phase':>14} {'a unit':>11}   {'a phase':>14} {'a unit':>11}")
    for units in args.units:
        submitted, cold, orders = time_size(units, args.phases, args.seed)
        print(
            f"  {units:6} {orders:7} {submitted / 1000:11.2f} ms {submitted / units:8.2f} us"
            f"   {cold / 1000:11.2f} ms {cold / units:8.2f} us"
        )


if __name__ == "__main__":
    main()
