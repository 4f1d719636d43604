"""Reading each order's fate off a resolved battle.

Kept apart from the rules so the rules stay equations: this module only
asks the settled battle what happened and packs it as an
:class:`~adjudicator.outcomes.OrderOutcome` with the numbers behind it.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.battle import Battle, Entry, Kind
from adjudicator.legality import Checked
from adjudicator.outcomes import Detail, OrderOutcome, Reason, Result
from adjudicator.position import Position
from maps.terms import Location
from orders.model import Hold, UnitRef

__all__ = ["explain_movement"]


def explain_movement(battle: Battle, checked: Sequence[Checked], position: Position, moved: set[int]) -> list[OrderOutcome]:
    """One outcome per given order, then an implicit hold for each unit that got none."""
    outcomes = []
    ordered: set[str] = set()
    for item in checked:
        if item.unit is not None:
            ordered.add(item.unit.province)
        if item.problem is not None or item.unit is None:
            outcomes.append(OrderOutcome(item.power, item.order, Result.VOID, Reason.ILLEGAL, item.problem or ""))
            continue
        i = battle.at[item.unit.province]
        outcomes.append(_explain(battle, i, moved, item))
    for unit in position.units:
        if unit.province not in ordered:
            hold = Hold(unit=UnitRef(type=unit.type, location=unit.location))
            i = battle.at[unit.province]
            outcome = _hold(battle, i, moved, Checked(unit.power, hold, unit))
            outcomes.append(OrderOutcome(unit.power, hold, outcome.result, outcome.reason, "no order", outcome.detail, True))
    return outcomes


def _explain(battle: Battle, i: int, moved: set[int], item: Checked) -> OrderOutcome:
    e = battle.entries[i]
    if i in battle.unresolvable:
        return OrderOutcome(item.power, item.order, Result.FAILS, Reason.CIRCULAR_UNRESOLVED)
    if e.kind is Kind.MOVE:
        return _move(battle, i, moved, item)
    if e.kind is Kind.CONVOY:
        return _convoy(battle, i, moved, item)
    if e.kind in (Kind.SUPPORT_HOLD, Kind.SUPPORT_MOVE):
        return _support(battle, i, moved, item)
    return _hold(battle, i, moved, item)


def _dislodger(battle: Battle, e: Entry, moved: set[int]) -> Location | None:
    winner = next((j for j in battle.moves_into.get(e.province, ()) if j in moved), None)
    return battle.entries[winner].unit.location if winner is not None else None


def _move(battle: Battle, i: int, moved: set[int], item: Checked) -> OrderOutcome:
    e = battle.entries[i]
    by = _dislodger(battle, e, moved)
    if not battle.path(i):
        detail = Detail(strength=0, by=by, via_convoy=True)
        return OrderOutcome(item.power, item.order, Result.FAILS, Reason.NO_CONVOY, detail=detail)
    attack = battle.attack_strength(i)
    opposition, opposed_by = _strongest_opposition(battle, i)
    detail = Detail(attack, opposition, opposed_by, by, e.convoyed, e.opponent is not None)
    if i in moved:
        return OrderOutcome(item.power, item.order, Result.SUCCEEDS, Reason.MOVED, detail=detail)
    return OrderOutcome(item.power, item.order, Result.FAILS, Reason.BOUNCED, detail=detail)


def _strongest_opposition(battle: Battle, i: int) -> tuple[int, Location | None]:
    e = battle.entries[i]
    target = e.target or ""
    forces: list[tuple[int, Location | None]] = []
    if e.opponent is not None:
        forces.append((battle.defend_strength(e.opponent), battle.entries[e.opponent].unit.location))
    else:
        defender = battle.at.get(target)
        where = battle.entries[defender].unit.location if defender is not None else None
        forces.append((battle.hold_strength(target), where))
    forces += [(battle.prevent_strength(j), battle.entries[j].unit.location) for j in battle.moves_into[target] if j != i]
    return max(forces, key=lambda force: force[0])


def _support(battle: Battle, i: int, moved: set[int], item: Checked) -> OrderOutcome:
    e = battle.entries[i]
    if not e.matched:
        return OrderOutcome(item.power, item.order, Result.FAILS, Reason.SUPPORT_UNMATCHED)
    if battle.succeeded(i):
        return OrderOutcome(item.power, item.order, Result.SUCCEEDS, Reason.SUPPORT_GIVEN)
    dislodger = _dislodger(battle, e, moved)
    if dislodger is not None:
        return OrderOutcome(item.power, item.order, Result.FAILS, Reason.SUPPORT_CUT, "dislodged", Detail(by=dislodger))
    cutter = next(
        (
            battle.entries[j].unit.location
            for j in battle.moves_into.get(e.province, ())
            if battle.entries[j].nation != e.nation and battle.path(j)
        ),
        None,
    )
    return OrderOutcome(item.power, item.order, Result.FAILS, Reason.SUPPORT_CUT, detail=Detail(by=cutter))


def _convoy(battle: Battle, i: int, moved: set[int], item: Checked) -> OrderOutcome:
    e = battle.entries[i]
    if not e.matched:
        return OrderOutcome(item.power, item.order, Result.FAILS, Reason.CONVOY_UNUSED)
    if i in battle.paradoxes:
        return OrderOutcome(item.power, item.order, Result.FAILS, Reason.CONVOY_PARADOX)
    if battle.succeeded(i):
        return OrderOutcome(item.power, item.order, Result.SUCCEEDS, Reason.CONVOYED)
    detail = Detail(by=_dislodger(battle, e, moved))
    return OrderOutcome(item.power, item.order, Result.FAILS, Reason.CONVOY_DISRUPTED, detail=detail)


def _hold(battle: Battle, i: int, moved: set[int], item: Checked) -> OrderOutcome:
    e = battle.entries[i]
    strength = battle.hold_strength(e.province)
    dislodger = _dislodger(battle, e, moved)
    if dislodger is not None:
        return OrderOutcome(item.power, item.order, Result.FAILS, Reason.DISLODGED, detail=Detail(strength, by=dislodger))
    return OrderOutcome(item.power, item.order, Result.SUCCEEDS, Reason.HELD, detail=Detail(strength))
