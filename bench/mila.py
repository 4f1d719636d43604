"""The reference engine: MILA's ``diplomacy`` package, fed the same phases as ours.

Optional (``pip install -e .[bench]``); nothing in the project imports it
but the benchmark. Orders go to MILA as DPjudge strings (``A PAR - BUR``,
``F NTH C A LON - BEL``, ``A LON - BEL VIA``), which our canonical text
without a board already is, but for "via convoy". Both engines' results are
reduced to the same plain sets so they can be compared: the units on the
board, the dislodged units, and each dislodged unit's retreat options.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from adjudicator.movement import MovementResult
from adjudicator.position import Position
from bench.random_phases import RandomPhase
from maps.terms import province_of
from orders.text import order_text

__all__ = ["Outcome", "mila_available", "mila_orders", "our_outcome", "run_mila"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a movement phase did, as comparable sets of ``(POWER, "A PAR")`` pairs."""

    units: frozenset[tuple[str, str]]
    dislodged: frozenset[tuple[str, str]]
    retreats: frozenset[tuple[str, tuple[str, ...]]]  # dislodged unit -> where it may go (none: destroyed)


def mila_available() -> bool:
    try:
        import diplomacy  # noqa: F401
    except ImportError:
        return False
    return True


def mila_orders(phase: RandomPhase) -> dict[str, list[str]]:
    """Each power's orders as MILA strings, keyed by MILA's upper-case power names."""
    return {
        (power or "").upper(): [order_text(order).replace(" via convoy", " VIA") for order in orders]
        for power, orders in phase.orders.items()
    }


def run_mila(phase: RandomPhase) -> tuple[int, Outcome, list[str]]:
    """Process the phase in a fresh MILA game: (nanoseconds in ``process()``, outcome, MILA's order errors).

    The caller decides about the garbage collector (the benchmark holds it off).
    """
    from diplomacy import Game

    game = Game()
    game.clear_units()
    by_power: dict[str, list[str]] = {}
    for unit in phase.position.units:
        by_power.setdefault((unit.power or "").upper(), []).append(str(unit))
    for power, units in by_power.items():
        game.set_units(power, units)
    for power, orders in mila_orders(phase).items():
        game.set_orders(power, orders)
    errors = list(game.error)
    start = time.perf_counter_ns()
    game.process()
    elapsed = time.perf_counter_ns() - start
    return elapsed, _mila_outcome(game, phase.position), errors


def _mila_outcome(game: Any, before: Position) -> Outcome:
    owner = {unit.province: (unit.power or "").upper() for unit in before.units}
    listed = game.get_units()  # dislodged units come with a leading "*"
    units = frozenset((power, unit) for power, held in listed.items() for unit in held if not unit.startswith("*"))
    dislodged = frozenset((owner[province_of(unit[2:])], unit) for unit in game.dislodged)
    options = {unit: tuple(sorted(where)) for power in game.powers.values() for unit, where in power.retreats.items()}
    retreats = frozenset((unit, options.get(unit, ())) for _, unit in dislodged)
    return Outcome(units, dislodged, retreats)


def our_outcome(result: MovementResult) -> Outcome:
    units = frozenset(((u.power or "").upper(), str(u)) for u in result.units)
    dislodged = frozenset(((d.unit.power or "").upper(), str(d.unit)) for d in result.dislodged)
    retreats = frozenset((str(d.unit), tuple(sorted(result.retreats[d.unit.location]))) for d in result.dislodged)
    return Outcome(units, dislodged, retreats)
