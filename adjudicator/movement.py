"""Adjudicating a movement phase: legal orders in, outcomes and the new board out.

The pipeline is: check every order (:mod:`adjudicator.legality`; orders
checked at submission are not checked again), turn the legal ones into a
:class:`~adjudicator.battle.Battle`, resolve it, then read off who was
dislodged, which provinces a standoff left empty, where each dislodged unit
may retreat and, when asked for, each order's fate: the verdict the rule
returned for it (:mod:`adjudicator.outcomes`), with the numbers behind it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial

from adjudicator.battle import Battle
from adjudicator.battlefield import Weighed
from adjudicator.checked import Checked, ConvoyChecked, HoldChecked, VoidOrder
from adjudicator.decisions import opposition
from adjudicator.outcomes import (
    CARRIED,
    HOLDS,
    NO_PATH,
    STRANDED,
    UNDECIDABLE,
    Carried,
    ConvoyUnused,
    Detail,
    Dislodged,
    Holds,
    MovementVerdict,
    NoConvoy,
    OrderOutcome,
    Stranded,
    Unmatched,
    Unused,
)
from adjudicator.phase_orders import check_movement_orders
from adjudicator.pieces import pieces_of
from adjudicator.position import DislodgedUnit, Position, Unit
from adjudicator.retreats import retreat_options
from adjudicator.strengths import hold_strength, prevent_strength
from maps.board import Board
from maps.terms import Location, UnitType
from orders.model import Hold, Order, UnitRef

__all__ = ["MovementResult", "adjudicate_movement"]

_Outcome = OrderOutcome[MovementVerdict]


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
        dislodged: tuple[DislodgedUnit, ...],
        contested: tuple[str, ...],
        retreats: Mapping[Location, tuple[Location, ...]],
        explain: Callable[[], list[_Outcome]],
    ) -> None:
        self.units, self.dislodged, self.contested, self.retreats = units, dislodged, contested, retreats
        self._outcomes: tuple[_Outcome, ...] | None = None
        self._explain: Callable[[], list[_Outcome]] | None = explain

    @property
    def outcomes(self) -> tuple[_Outcome, ...]:
        if self._outcomes is None:
            assert self._explain is not None
            self._outcomes, self._explain = tuple(self._explain()), None  # the battle can go once explained
        return self._outcomes

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MovementResult):
            return NotImplemented
        return self._fields() == other._fields()

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
    units, dislodged = _after(battle)
    contested = _contested(battle)
    retreats: dict[Location, tuple[Location, ...]] = {}
    if dislodged:
        occupied, barred = _occupied(battle), set(contested)
        retreats = {d.unit.location: retreat_options(board, d, occupied, barred) for d in dislodged}
    explain = partial(read_outcomes, battle, checked)
    return MovementResult(tuple(units), tuple(dislodged), tuple(contested), retreats, explain)


@lru_cache(maxsize=4096)
def _unit(unit_type: UnitType, location: Location, power: str | None) -> Unit:
    """A unit after its move. Units are immutable and recur phase after phase, so they are
    built (and validated) once and shared, not copied per move."""
    return Unit(type=unit_type, location=location, power=power)


def _after(battle: Battle) -> tuple[list[Unit], list[DislodgedUnit]]:
    field = battle.field
    pieces, names = field.pieces, field.tables.names
    units: list[Unit] = []
    dislodged: list[DislodgedUnit] = []
    moved, arrivals, prov, goes = battle.moved, battle.arrivals, field.prov, field.goes
    for i, unit in enumerate(pieces.units):
        if i in moved:
            units.append(_unit(pieces.type[i], names[goes[i]], pieces.power[i]))
            continue
        winner = arrivals.get(prov[i])
        if winner is None:
            units.append(unit)
        else:
            attacker = names[prov[winner]]
            dislodged.append(DislodgedUnit(unit=unit, attacker_from=attacker, via_convoy=field.convoyed[winner]))
    return units, dislodged


def _occupied(battle: Battle) -> set[str]:
    """The provinces with a unit in them after the moves (a dislodged unit's is its dislodger's)."""
    field, moved = battle.field, battle.moved
    names, target, prov = field.tables.names, field.target, field.prov
    return {names[target[i] if i in moved else prov[i]] for i in range(field.count)}


def _contested(battle: Battle) -> list[str]:
    """Empty provinces where a standoff happened: no retreat may go there.

    A move that lost a head-to-head battle, or had no convoy, prevents nothing
    (prevent strength 0), so it does not make its target contested (DATC 6.H.9).
    """
    field, contested = battle.field, []
    occupied: set[int] | None = None
    for province, movers in field.moves_into.items():
        if province in battle.arrivals:  # some move into it succeeded
            continue
        if occupied is None:
            moved, target, prov = battle.moved, field.target, field.prov
            occupied = {target[i] if i in moved else prov[i] for i in range(field.count)}
        if province in occupied:
            continue
        if any(prevent_strength(battle.field, j) > 0 for j in movers):
            contested.append(field.tables.names[province])
    return sorted(contested)


# --- each order's fate, as the rules decided it ----------------------------------------------

_NO_DETAIL = Detail()  # immutable: shared by every outcome that has no numbers to show
_UNMATCHED_SUPPORT = Unmatched()
_UNMATCHED_CONVOY = Unused(ConvoyUnused.UNMATCHED)
_NO_ROUTE = Unused(ConvoyUnused.NO_ROUTE)


def read_outcomes(battle: Battle, checked: Sequence[Checked]) -> list[_Outcome]:
    """One outcome per given order, then an implicit hold for each unit that got none.

    The verdict is the one the rule returned when the decision was settled
    (:meth:`Battlefield.verdict`); only what the rules do not decide is added here:
    whether a support or a convoy that was not cut or disrupted was of any use
    (it matched a move, the army had its route), and the numbers a GM shows.
    """
    field = battle.field
    matched, unresolvable, values = field.matched, battle.unresolvable, field.resolver.value
    outcomes: list[_Outcome] = []
    void = False
    for item in checked:
        if type(item) is VoidOrder:
            void = True
            outcomes.append(OrderOutcome(item.power, item.order, item.verdict))
            continue
        i = item.unit
        value = values[i]
        verdict: MovementVerdict
        if i in unresolvable:
            verdict, detail = UNDECIDABLE, _NO_DETAIL
        elif isinstance(value, Weighed):
            verdict, detail = value.verdict, _move_detail(battle, i, value)
        elif type(item) is HoldChecked:
            verdict, detail = _stays(battle, i)
        else:
            assert value is not None  # a support's or a convoy's verdict, settled
            verdict = value
            detail = _NO_DETAIL if field.prov[i] not in battle.arrivals else Detail(by=_dislodger(battle, i))
            if not matched[i]:
                verdict = _UNMATCHED_CONVOY if type(item) is ConvoyChecked else _UNMATCHED_SUPPORT
            elif verdict is CARRIED:
                verdict = _carried(battle, i)
        outcomes.append(OrderOutcome(item.power, item.order, verdict, detail))
    if void or len(outcomes) < field.count:
        _implicit_holds(battle, checked, outcomes)
    return outcomes


def _implicit_holds(battle: Battle, checked: Sequence[Checked], outcomes: list[_Outcome]) -> None:
    """A hold for each unit that got no order (not even an illegal one)."""
    ordered = {item.unit for item in checked}
    pieces = battle.field.pieces
    for i in range(pieces.count):
        if i not in ordered:
            verdict, detail = _stays(battle, i)
            hold = _implicit_hold(pieces.type[i], pieces.location[i])
            outcomes.append(OrderOutcome(pieces.power[i], hold, verdict, detail, True))


@lru_cache(maxsize=4096)
def _implicit_hold(unit_type: UnitType, location: Location) -> Hold:
    """The hold a unit without orders carries out: immutable and recurring, so built once."""
    return Hold(unit=UnitRef(type=unit_type, location=location))


def _carried(battle: Battle, i: int) -> Unused | Stranded | Carried:
    """A convoy whose fleet was not dislodged: did its army travel, or was the route broken elsewhere?"""
    field = battle.field
    army = field.verdict(field.at[field.subject[i]])
    if isinstance(army, NoConvoy):
        return _NO_ROUTE
    return STRANDED if army is NO_PATH else CARRIED


def _dislodger(battle: Battle, i: int) -> Location | None:
    """The location of the unit that dislodged unit ``i``, if one did."""
    winner = battle.arrivals.get(battle.field.prov[i])
    return battle.field.location[winner] if winner is not None and winner != i else None


# A unit that holds undisturbed, by hold strength: shared, as most units in a phase hold so.
_HELD = tuple(Detail(strength) for strength in range(12))


def _stays(battle: Battle, i: int) -> tuple[Holds | Dislodged, Detail]:
    """A unit that holds (ordered to, or with no order): it holds or is dislodged."""
    field = battle.field
    strength = hold_strength(battle.field, field.prov[i])
    winner = battle.arrivals.get(field.prov[i])
    if winner is None:
        return HOLDS, _HELD[strength] if strength < 12 else Detail(strength)
    by = field.location[winner]
    return Dislodged(by, field.tables.names[field.prov[winner]]), Detail(strength, by=by)


def _move_detail(battle: Battle, i: int, weighed: Weighed) -> Detail:
    """A move's attack strength against the strongest force opposing it, as the rule weighed them
    (:func:`~adjudicator.decisions.move`: for a move that failed, that force's unit is its verdict's
    culprit)."""
    field = battle.field
    convoyed, by = field.convoyed[i], _dislodger(battle, i)
    if weighed.attack == 0:
        if convoyed and not field.decisions.path(field, i):
            return Detail(strength=0, by=by, via_convoy=True)
        # Its own power's unit in the way: the rule weighed nothing more, so the forces against it are
        # weighed here, on the settled battle, as the rule weighs them for any other move.
        against, opposer, _ = opposition(field, i)
        attack = 0
    else:
        attack, against, opposer = weighed.attack, weighed.against, weighed.opposer
    opposed_by = field.location[opposer] if opposer is not None else None
    return Detail(attack, against, opposed_by, by, convoyed, field.opponent[i] is not None)
