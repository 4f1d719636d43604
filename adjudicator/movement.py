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

from adjudicator.battle import Battle
from adjudicator.explain import explain_movement
from adjudicator.legality import check_movement_orders
from adjudicator.outcomes import OrderOutcome
from adjudicator.pieces import pieces_of
from adjudicator.position import Dislodged, Position, Unit
from adjudicator.retreats import retreat_options
from maps.board import Board
from maps.terms import Location, UnitType
from orders.model import Order

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
    checked = check_movement_orders(board, position, orders)
    battle = Battle(pieces_of(board, position), checked)
    battle.resolve_all()
    units, dislodged = _after(battle)
    contested = _contested(battle)
    retreats: dict[Location, tuple[Location, ...]] = {}
    if dislodged:
        occupied, barred = _occupied(battle), set(contested)
        retreats = {d.unit.location: retreat_options(board, d, occupied, barred) for d in dislodged}
    outcomes = explain_movement(battle, checked)
    return MovementResult(tuple(outcomes), tuple(units), tuple(dislodged), tuple(contested), retreats)


@lru_cache(maxsize=4096)
def _unit(unit_type: UnitType, location: Location, power: str | None) -> Unit:
    """A unit after its move. Units are immutable and recur phase after phase, so they are
    built (and validated) once and shared, not copied per move."""
    return Unit(type=unit_type, location=location, power=power)


def _after(battle: Battle) -> tuple[list[Unit], list[Dislodged]]:
    pieces, names = battle.pieces, battle.tables.names
    units: list[Unit] = []
    dislodged: list[Dislodged] = []
    moved, arrivals, prov, goes = battle.moved, battle.arrivals, battle.prov, battle.goes
    for i, unit in enumerate(pieces.units):
        if i in moved:
            units.append(_unit(pieces.type[i], names[goes[i]], pieces.power[i]))
            continue
        winner = arrivals.get(prov[i])
        if winner is None:
            units.append(unit)
        else:
            attacker = names[prov[winner]]
            dislodged.append(Dislodged(unit=unit, attacker_from=attacker, via_convoy=battle.convoyed[winner]))
    return units, dislodged


def _occupied(battle: Battle) -> set[str]:
    """The provinces with a unit in them after the moves (a dislodged unit's is its dislodger's)."""
    moved, names, target, prov = battle.moved, battle.tables.names, battle.target, battle.prov
    return {names[target[i] if i in moved else prov[i]] for i in range(battle.count)}


def _contested(battle: Battle) -> list[str]:
    """Empty provinces where a standoff happened: no retreat may go there.

    A move that lost a head-to-head battle, or had no convoy, prevents nothing
    (prevent strength 0), so it does not make its target contested (DATC 6.H.9).
    """
    contested = []
    occupied: set[int] | None = None
    for province, movers in battle.moves_into.items():
        if province in battle.arrivals:  # some move into it succeeded
            continue
        if occupied is None:
            moved, target, prov = battle.moved, battle.target, battle.prov
            occupied = {target[i] if i in moved else prov[i] for i in range(battle.count)}
        if province in occupied:
            continue
        if any(battle.prevent_strength(j) > 0 for j in movers):
            contested.append(battle.tables.names[province])
    return sorted(contested)
