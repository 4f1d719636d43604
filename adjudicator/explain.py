"""Reading each order's fate off a resolved battle.

Kept apart from the rules so the rules stay equations: this module only
asks the settled battle what happened and packs it as an
:class:`~adjudicator.outcomes.OrderOutcome` with the numbers behind it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from adjudicator.battle import CONVOY, HOLD, MOVE, Battle, Entry
from adjudicator.legality import Checked
from adjudicator.outcomes import Detail, OrderOutcome, Reason, Result
from maps.terms import Location, UnitType
from orders.model import Hold, Order, UnitRef

__all__ = ["explain_movement"]

# Enum members cost a metaclass lookup each in Python 3.11 (about 90 ns); this
# module names one outcome per order, so it binds the members it uses once.
SUCCEEDS, FAILS, VOID = Result.SUCCEEDS, Result.FAILS, Result.VOID
MOVED, BOUNCED, NO_CONVOY = Reason.MOVED, Reason.BOUNCED, Reason.NO_CONVOY
HELD, DISLODGED, ILLEGAL = Reason.HELD, Reason.DISLODGED, Reason.ILLEGAL
SUPPORT_GIVEN, SUPPORT_CUT, SUPPORT_UNMATCHED = Reason.SUPPORT_GIVEN, Reason.SUPPORT_CUT, Reason.SUPPORT_UNMATCHED
CONVOYED, CONVOY_DISRUPTED, CONVOY_PARADOX = Reason.CONVOYED, Reason.CONVOY_DISRUPTED, Reason.CONVOY_PARADOX
CONVOY_UNUSED, CIRCULAR_UNRESOLVED = Reason.CONVOY_UNUSED, Reason.CIRCULAR_UNRESOLVED

_NO_DETAIL = Detail()  # immutable: shared by every outcome that has no numbers to show
_HELD = tuple(Detail(strength) for strength in range(12))  # a unit that held with this strength


class _Reader:
    """A settled battle with the per-phase lookups the explanations share."""

    __slots__ = ("battle", "moved", "arrivals")

    def __init__(self, battle: Battle, moved: set[int]) -> None:
        self.battle = battle
        self.moved = moved
        self.arrivals = battle.arrivals(moved)

    def dislodger(self, e: Entry) -> Location | None:
        winner = self.arrivals.get(e.province)
        return self.battle.entries[winner].location if winner is not None else None


def explain_movement(battle: Battle, checked: Sequence[Checked], moved: set[int]) -> list[OrderOutcome]:
    """One outcome per given order, then an implicit hold for each unit that got none."""
    reader = _Reader(battle, moved)
    outcomes = []
    ordered: set[str | None] = set()
    at = battle.at
    for item in checked:
        if item.problem is not None:
            if item.unit is not None:
                ordered.add(item.unit.province)
            outcomes.append(OrderOutcome(item.power, item.order, VOID, ILLEGAL, item.problem, _NO_DETAIL))
        else:
            ordered.add(item.province)
            outcomes.append(_explain(reader, at[item.province], item.power, item.order))  # type: ignore[index]
    if len(ordered) < len(battle.entries):
        for i, e in enumerate(battle.entries):
            if e.province not in ordered:
                unit = e.unit
                hold = _implicit_hold(unit.type, e.location)
                outcome = _hold(reader, i, unit.power, hold)
                outcomes.append(
                    OrderOutcome(unit.power, hold, outcome.result, outcome.reason, "no order", outcome.detail, True)
                )
    return outcomes


@lru_cache(maxsize=4096)
def _implicit_hold(unit_type: UnitType, location: Location) -> Hold:
    """The hold a unit without orders carries out: immutable and recurring, so built once."""
    return Hold(unit=UnitRef(type=unit_type, location=location))


def _explain(reader: _Reader, i: int, power: str | None, order: Order) -> OrderOutcome:
    battle = reader.battle
    kind = battle.entries[i].kind
    if i in battle.unresolvable:
        return OrderOutcome(power, order, FAILS, CIRCULAR_UNRESOLVED, "", _NO_DETAIL)
    if kind is MOVE:
        return _move(reader, i, power, order)
    if kind is CONVOY:
        return _convoy(reader, i, power, order)
    if kind is HOLD:
        return _hold(reader, i, power, order)
    return _support(reader, i, power, order)


def _move(reader: _Reader, i: int, power: str | None, order: Order) -> OrderOutcome:
    battle = reader.battle
    e = battle.entries[i]
    by = reader.dislodger(e)
    if e.convoyed and not battle.path(i):
        detail = Detail(strength=0, by=by, via_convoy=True)
        return OrderOutcome(power, order, FAILS, NO_CONVOY, "", detail)
    attack = battle.attack_strength(i)
    opposition, opposed_by = _strongest_opposition(battle, i)
    detail = Detail(attack, opposition, opposed_by, by, e.convoyed, e.opponent is not None)
    if i in reader.moved:
        return OrderOutcome(power, order, SUCCEEDS, MOVED, "", detail)
    return OrderOutcome(power, order, FAILS, BOUNCED, "", detail)


def _strongest_opposition(battle: Battle, i: int) -> tuple[int, Location | None]:
    """The strongest force against a move (the first one met, on a tie)."""
    e = battle.entries[i]
    target = e.target or ""
    by: Location | None
    if e.opponent is not None:
        strongest, by = battle.defend_strength(e.opponent), battle.entries[e.opponent].location
    else:
        defender = battle.at.get(target)
        strongest = battle.hold_strength(target)
        by = battle.entries[defender].location if defender is not None else None
    for j in battle.moves_into[target]:
        if j != i:
            prevent = battle.prevent_strength(j)
            if prevent > strongest:
                strongest, by = prevent, battle.entries[j].location
    return strongest, by


def _support(reader: _Reader, i: int, power: str | None, order: Order) -> OrderOutcome:
    battle = reader.battle
    e = battle.entries[i]
    if not e.matched:
        return OrderOutcome(power, order, FAILS, SUPPORT_UNMATCHED, "", _NO_DETAIL)
    if battle.succeeded(i):
        return OrderOutcome(power, order, SUCCEEDS, SUPPORT_GIVEN, "", _NO_DETAIL)
    dislodger = reader.dislodger(e)
    if dislodger is not None:
        return OrderOutcome(power, order, FAILS, SUPPORT_CUT, "dislodged", Detail(by=dislodger))
    cutter = next(
        (
            battle.entries[j].location
            for j in battle.moves_into.get(e.province, ())
            if battle.entries[j].nation != e.nation and battle.path(j)
        ),
        None,
    )
    return OrderOutcome(power, order, FAILS, SUPPORT_CUT, "", Detail(by=cutter))


def _convoy(reader: _Reader, i: int, power: str | None, order: Order) -> OrderOutcome:
    battle = reader.battle
    e = battle.entries[i]
    if not e.matched:
        return OrderOutcome(power, order, FAILS, CONVOY_UNUSED, "", _NO_DETAIL)
    if i in battle.paradoxes:
        return OrderOutcome(power, order, FAILS, CONVOY_PARADOX, "", _NO_DETAIL)
    if battle.succeeded(i):
        return OrderOutcome(power, order, SUCCEEDS, CONVOYED, "", _NO_DETAIL)
    detail = Detail(by=reader.dislodger(e))
    return OrderOutcome(power, order, FAILS, CONVOY_DISRUPTED, "", detail)


def _hold(reader: _Reader, i: int, power: str | None, order: Order) -> OrderOutcome:
    e = reader.battle.entries[i]
    strength = reader.battle.hold_strength(e.province)
    dislodger = reader.dislodger(e)
    if dislodger is not None:
        return OrderOutcome(power, order, FAILS, DISLODGED, "", Detail(strength, by=dislodger))
    return OrderOutcome(power, order, SUCCEEDS, HELD, "", _HELD[strength] if strength < 12 else Detail(strength))
