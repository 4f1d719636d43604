"""Adjudicating a movement phase: legal orders in, outcomes and the new board out.

The pipeline is: check every order (:mod:`adjudicator.legality`; orders
checked at submission are not checked again), turn the legal ones into a
:class:`~adjudicator.battle.Battle`, resolve it, then read off who was
dislodged, which provinces a standoff left empty, where each dislodged unit
may retreat and, when asked for, each order's fate (:mod:`adjudicator.explain`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial

from adjudicator.battle import Battle
from adjudicator.explain import explain_movement
from adjudicator.outcomes import OrderOutcome
from adjudicator.phase_orders import check_movement_orders
from adjudicator.pieces import pieces_of
from adjudicator.position import Dislodged, Position, Unit
from adjudicator.retreats import retreat_options
from maps.board import Board
from maps.terms import Location, UnitType
from orders.model import Order

__all__ = ["MovementResult", "adjudicate_movement"]


class MovementResult:
    """A resolved movement phase.

    ``units``, ``dislodged``, ``contested`` (provinces a standoff left empty)
    and ``retreats`` (each dislodged unit's legal retreat locations; empty: it
    will be destroyed; neutral units never retreat) are the new board.
    ``outcomes`` (each order's fate and the numbers behind it) is built when
    first read: the board is what moves a game on, the outcomes are what a
    results post explains, and a caller that only needs the board never pays
    for an outcome per order. Read-only either way.
    """

    __slots__ = ("units", "dislodged", "contested", "retreats", "_outcomes", "_explain")

    def __init__(
        self,
        units: tuple[Unit, ...],
        dislodged: tuple[Dislodged, ...],
        contested: tuple[str, ...],
        retreats: Mapping[Location, tuple[Location, ...]],
        explain: Callable[[], list[OrderOutcome]],
    ) -> None:
        self.units, self.dislodged, self.contested, self.retreats = units, dislodged, contested, retreats
        self._outcomes: tuple[OrderOutcome, ...] | None = None
        self._explain: Callable[[], list[OrderOutcome]] | None = explain

    @property
    def outcomes(self) -> tuple[OrderOutcome, ...]:
        if self._outcomes is None:
            assert self._explain is not None
            self._outcomes, self._explain = tuple(self._explain()), None  # the battle can go once explained
        return self._outcomes

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MovementResult):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # holds a dict: not hashable

    def __repr__(self) -> str:
        return f"MovementResult{self._fields()!r}"

    def _fields(self) -> tuple[object, ...]:
        return self.outcomes, self.units, self.dislodged, self.contested, self.retreats

    def position(self, before: Position) -> Position:
        """The board after this phase, still at ``before``'s phase (the caller advances it)."""
        return before.replace(units=self.units, dislodged=self.dislodged, contested=self.contested)


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
    explain = partial(explain_movement, battle, checked)
    return MovementResult(tuple(units), tuple(dislodged), tuple(contested), retreats, explain)


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
