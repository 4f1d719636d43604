"""Adjudicating a movement phase: legal orders in, outcomes and the new board out.

The pipeline is: check every order (:mod:`adjudicator.legality`), turn the
legal ones into a :class:`~adjudicator.battle.Battle`, resolve it, then read
off each order's fate (:mod:`adjudicator.explain`), who was dislodged, which
provinces a standoff left empty, and where each dislodged unit may retreat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.battle import Battle, Entry, Kind
from adjudicator.explain import explain_movement
from adjudicator.legality import Checked, check_movement_orders
from adjudicator.outcomes import OrderOutcome
from adjudicator.position import Dislodged, Position, Unit
from adjudicator.retreats import retreat_options
from maps.board import Board
from maps.terms import Location, province_of
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
        return before.model_copy(
            update={"units": self.units, "dislodged": self.dislodged, "contested": self.contested}
        )


def adjudicate_movement(
    board: Board, position: Position, orders: Mapping[str | None, Sequence[Order]]
) -> MovementResult:
    """Resolve one movement phase. ``orders[None]`` holds the orders chosen for neutral units."""
    checked = check_movement_orders(board, position, orders)
    entries = _entries(position, checked)
    battle = Battle(board, entries)
    battle.resolve_all()
    moved = {i for i, e in enumerate(battle.entries) if e.kind is Kind.MOVE and battle.succeeded(i)}
    units, dislodged = _after(battle, moved)
    contested = _contested(battle, moved, units)
    occupied = {u.province for u in units}
    retreats = {
        d.unit.location: retreat_options(board, d, occupied, set(contested)) for d in dislodged
    }
    outcomes = explain_movement(battle, checked, position, moved)
    return MovementResult(tuple(outcomes), tuple(units), tuple(dislodged), tuple(contested), retreats)


def _entries(position: Position, checked: Sequence[Checked]) -> list[Entry]:
    nations: dict[str | None, int] = {}
    entries = []
    legal = {c.unit.province: c for c in checked if c.problem is None and c.unit is not None}
    for unit in position.units:
        nation = nations.setdefault(unit.power, len(nations)) if unit.power is not None else -1 - len(entries)
        entries.append(_entry(unit, nation, legal.get(unit.province)))
    return entries


def _entry(unit: Unit, nation: int, checked: Checked | None) -> Entry:
    order = checked.order if checked is not None else None
    if checked is None or isinstance(order, Hold) or order is None:
        return Entry(unit, nation)
    if isinstance(order, Move):
        assert checked.destination is not None
        target = province_of(checked.destination)
        return Entry(unit, nation, Kind.MOVE, target, location_to=checked.destination, convoyed=checked.convoyed)
    if isinstance(order, SupportHold):
        return Entry(unit, nation, Kind.SUPPORT_HOLD, order.supported.province, order.supported.province)
    if isinstance(order, SupportMove):
        coast = order.destination if order.destination != province_of(order.destination) else None
        target = province_of(order.destination)
        return Entry(unit, nation, Kind.SUPPORT_MOVE, target, order.supported.province, target_coast=coast)
    assert isinstance(order, Convoy)
    return Entry(unit, nation, Kind.CONVOY, province_of(order.destination), order.convoyed.province)


def _after(battle: Battle, moved: set[int]) -> tuple[list[Unit], list[Dislodged]]:
    units: list[Unit] = []
    dislodged: list[Dislodged] = []
    for i, e in enumerate(battle.entries):
        if i in moved:
            assert e.location_to is not None
            units.append(e.unit.model_copy(update={"location": e.location_to}))
            continue
        winner = next((j for j in battle.moves_into.get(e.province, ()) if j in moved), None)
        if winner is None:
            units.append(e.unit)
        else:
            attacker = battle.entries[winner]
            dislodged.append(Dislodged(unit=e.unit, attacker_from=attacker.province, via_convoy=attacker.convoyed))
    return units, dislodged


def _contested(battle: Battle, moved: set[int], units: list[Unit]) -> list[str]:
    """Empty provinces where a standoff happened: no retreat may go there.

    A move that lost a head-to-head battle, or had no convoy, prevents nothing
    (prevent strength 0), so it does not make its target contested (DATC 6.H.9).
    """
    occupied = {u.province for u in units}
    contested = []
    for province, movers in battle.moves_into.items():
        if province in occupied or any(j in moved for j in movers):
            continue
        if any(battle.prevent_strength(j) > 0 for j in movers):
            contested.append(province)
    return sorted(contested)
