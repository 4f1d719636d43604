"""Adjudicating a movement phase: legal orders in, outcomes and the new board out.

The pipeline is: check every order (:mod:`adjudicator.legality`), turn the
legal ones into a :class:`~adjudicator.battle.Battle`, resolve it, then read
off each order's fate (:mod:`adjudicator.explain`), who was dislodged, which
provinces a standoff left empty, and where each dislodged unit may retreat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from adjudicator.battle import CONVOY, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, Battle, Entry, unit_entries
from adjudicator.explain import explain_movement
from adjudicator.legality import Checked, check_movement_orders
from adjudicator.outcomes import OrderOutcome
from adjudicator.position import Dislodged, Position, Unit
from adjudicator.retreats import retreat_options
from maps.board import Board
from maps.terms import Location, UnitType
from orders.model import Convoy, Hold, Move, Order, SupportHold, SupportMove

__all__ = ["MovementResult", "adjudicate_movement"]


@dataclass(frozen=True, slots=True)
class MovementResult:
    """A resolved movement phase.

    ``retreats`` gives each dislodged unit's legal retreat provinces (empty:
    it will be destroyed; neutral units never retreat).
    """

    outcomes: tuple[OrderOutcome, ...]
    units: tuple[Unit, ...]
    dislodged: tuple[Dislodged, ...]
    contested: tuple[str, ...]
    retreats: Mapping[Location, tuple[Location, ...]]

    def position(self, before: Position) -> Position:
        """The board after this phase, still at ``before``'s phase (the caller advances it)."""
        return before.model_copy(update={"units": self.units, "dislodged": self.dislodged, "contested": self.contested})


def adjudicate_movement(
    board: Board, position: Position, orders: Mapping[str | None, Sequence[Order]]
) -> MovementResult:
    """Resolve one movement phase. ``orders[None]`` holds the orders chosen for neutral units."""
    entries = unit_entries(board, position.units)
    checked = check_movement_orders(board, position, orders, entries)
    _carry_out(entries, checked)
    battle = Battle(board, entries)
    battle.resolve_all()
    units, dislodged = _after(battle)
    contested = _contested(battle)
    retreats: dict[Location, tuple[Location, ...]] = {}
    if dislodged:
        occupied, barred = _occupied(battle), set(contested)
        retreats = {d.unit.location: retreat_options(board, d, occupied, barred) for d in dislodged}
    outcomes = explain_movement(battle, checked)
    return MovementResult(tuple(outcomes), tuple(units), tuple(dislodged), tuple(contested), retreats)


def _carry_out(entries: Sequence[Entry], checked: Sequence[Checked]) -> None:
    """Write each legal order into its unit's entry; a unit without one keeps holding."""
    for c in checked:
        if c.problem is not None:
            continue
        kind = _KINDS[type(c.order)]
        if kind is HOLD:
            continue
        e = entries[c.unit_index]
        e.kind, e.target = kind, c.target
        if kind is MOVE:
            e.location_to, e.convoyed = c.destination, c.convoyed
        else:
            e.subject = c.subject
            if kind is SUPPORT_MOVE and c.destination != c.target:
                e.target_coast = c.destination  # a support may name the coast (DATC 4.B.4)


_KINDS = {Hold: HOLD, Move: MOVE, SupportHold: SUPPORT_HOLD, SupportMove: SUPPORT_MOVE, Convoy: CONVOY}


@lru_cache(maxsize=4096)
def _unit(unit_type: UnitType, location: Location, power: str | None) -> Unit:
    """A unit after its move. Units are immutable and recur phase after phase, so they are
    built (and validated) once and shared, not copied per move."""
    return Unit(type=unit_type, location=location, power=power)


def _after(battle: Battle) -> tuple[list[Unit], list[Dislodged]]:
    units: list[Unit] = []
    dislodged: list[Dislodged] = []
    moved, arrivals = battle.moved, battle.arrivals
    for i, e in enumerate(battle.entries):
        if i in moved:
            assert e.location_to is not None
            units.append(_unit(e.type, e.location_to, e.power))
            continue
        winner = arrivals.get(e.province)
        if winner is None:
            units.append(e.unit)
        else:
            attacker = battle.entries[winner]
            dislodged.append(Dislodged(unit=e.unit, attacker_from=attacker.province, via_convoy=attacker.convoyed))
    return units, dislodged


def _occupied(battle: Battle) -> set[str]:
    """The provinces with a unit in them after the moves (a dislodged unit's is its dislodger's)."""
    moved = battle.moved
    return {e.target if i in moved else e.province for i, e in enumerate(battle.entries)}


def _contested(battle: Battle) -> list[str]:
    """Empty provinces where a standoff happened: no retreat may go there.

    A move that lost a head-to-head battle, or had no convoy, prevents nothing
    (prevent strength 0), so it does not make its target contested (DATC 6.H.9).
    """
    contested = []
    occupied: set[str] | None = None
    for province, movers in battle.moves_into.items():
        if province in battle.arrivals:  # some move into it succeeded
            continue
        if occupied is None:
            occupied = _occupied(battle)
        if province in occupied:
            continue
        if any(battle.prevent_strength(j) > 0 for j in movers):
            contested.append(province)
    return sorted(contested)
