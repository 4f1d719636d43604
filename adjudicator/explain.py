"""Reading each order's fate off a resolved battle.

Kept apart from the rules so the rules stay equations: this module only
asks the settled battle what happened and packs it as an
:class:`~adjudicator.outcomes.OrderOutcome` with the numbers behind it.

Each order's fate is first a *verdict*, the outcome less the order itself:
``(result, reason, note, detail)``. Many verdicts never vary (a support
given, a convoy that carried its army), so they are built once, here, and
shared.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from adjudicator.battle import CONVOY, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, Battle, Entry, Kind
from adjudicator.legality import Checked
from adjudicator.outcomes import Detail, OrderOutcome, Reason, Result
from maps.terms import Location, UnitType
from orders.model import Hold, UnitRef

__all__ = ["explain_movement"]

# Enum members cost a metaclass lookup each in Python 3.11 (about 90 ns); this
# module names one outcome per order, so it binds the members it uses once.
SUCCEEDS, FAILS, VOID = Result.SUCCEEDS, Result.FAILS, Result.VOID
MOVED, BOUNCED, NO_CONVOY = Reason.MOVED, Reason.BOUNCED, Reason.NO_CONVOY
HELD, DISLODGED, ILLEGAL = Reason.HELD, Reason.DISLODGED, Reason.ILLEGAL
SUPPORT_CUT = Reason.SUPPORT_CUT

Verdict = tuple[Result, Reason, str, Detail]

_NO_DETAIL = Detail()  # immutable: shared by every outcome that has no numbers to show
_GIVEN: Verdict = (SUCCEEDS, Reason.SUPPORT_GIVEN, "", _NO_DETAIL)
_UNMATCHED: Verdict = (FAILS, Reason.SUPPORT_UNMATCHED, "", _NO_DETAIL)
_CONVOYED: Verdict = (SUCCEEDS, Reason.CONVOYED, "", _NO_DETAIL)
_CONVOY_UNUSED: Verdict = (FAILS, Reason.CONVOY_UNUSED, "", _NO_DETAIL)
_CONVOY_PARADOX: Verdict = (FAILS, Reason.CONVOY_PARADOX, "", _NO_DETAIL)
_UNRESOLVED: Verdict = (FAILS, Reason.CIRCULAR_UNRESOLVED, "", _NO_DETAIL)
_HELD: tuple[Verdict, ...] = tuple((SUCCEEDS, HELD, "", Detail(strength)) for strength in range(12))

# A named tuple's own constructor is a Python-level function (about 300 ns a
# call in CPython 3.11); tuple.__new__ given every field, in order, builds the
# same value in under 200 ns. Outcomes, and a move's numbers, are built so.
_new = tuple.__new__
assert OrderOutcome._fields == ("power", "order", "result", "reason", "note", "detail", "implicit")
assert Detail._fields == ("strength", "opposition", "opposed_by", "by", "via_convoy", "head_to_head")


def explain_movement(battle: Battle, checked: Sequence[Checked]) -> list[OrderOutcome]:
    """One outcome per given order, then an implicit hold for each unit that got none."""
    entries, unresolvable = battle.entries, battle.unresolvable
    outcomes = []
    for item in checked:
        i = item.unit_index
        if item.problem is not None:
            verdict: Verdict = (VOID, ILLEGAL, item.problem, _NO_DETAIL)
        elif unresolvable and i in unresolvable:
            verdict = _UNRESOLVED
        else:
            verdict = _EXPLAIN[entries[i].kind](battle, i)
        result, reason, note, detail = verdict
        outcomes.append(_new(OrderOutcome, (item.power, item.order, result, reason, note, detail, False)))
    ordered = {item.unit_index for item in checked}
    if len(ordered - {-1}) < len(entries):
        for i, e in enumerate(entries):
            if i not in ordered:
                result, reason, _, detail = _hold(battle, i)
                hold = _implicit_hold(e.type, e.location)
                outcomes.append(OrderOutcome(e.power, hold, result, reason, "no order", detail, True))
    return outcomes


@lru_cache(maxsize=4096)
def _implicit_hold(unit_type: UnitType, location: Location) -> Hold:
    """The hold a unit without orders carries out: immutable and recurring, so built once."""
    return Hold(unit=UnitRef(type=unit_type, location=location))


def _dislodger(battle: Battle, province: str) -> Location | None:
    winner = battle.arrivals.get(province)
    return battle.entries[winner].location if winner is not None else None


def _move(battle: Battle, i: int) -> Verdict:
    e = battle.entries[i]
    by = _dislodger(battle, e.province)
    if e.convoyed and not battle.path(i):
        return FAILS, NO_CONVOY, "", Detail(strength=0, by=by, via_convoy=True)
    attack = battle.attack_strength(i)
    opposition, opposed_by = _strongest_opposition(battle, i, e)
    detail = _new(Detail, (attack, opposition, opposed_by, by, e.convoyed, e.opponent is not None))
    if i in battle.moved:
        return SUCCEEDS, MOVED, "", detail
    return FAILS, BOUNCED, "", detail


def _strongest_opposition(battle: Battle, i: int, e: Entry) -> tuple[int, Location | None]:
    """The strongest force against move ``i`` (the first one met, on a tie)."""
    entries, target = battle.entries, e.target
    by: Location | None
    if e.opponent is not None:
        strongest, by = battle.defend_strength(e.opponent), entries[e.opponent].location
    else:
        strongest = battle.hold_strength(target)
        defender = battle.at.get(target)
        by = entries[defender].location if defender is not None else None
    for j in battle.moves_into[target]:
        if j != i:
            prevent = battle.prevent_strength(j)
            if prevent > strongest:
                strongest, by = prevent, entries[j].location
    return strongest, by


def _support(battle: Battle, i: int) -> Verdict:
    e = battle.entries[i]
    if not e.matched:
        return _UNMATCHED
    if battle.resolve(i):
        return _GIVEN
    dislodger = _dislodger(battle, e.province)
    if dislodger is not None:
        return FAILS, SUPPORT_CUT, "dislodged", Detail(by=dislodger)
    cutter = next(
        (
            battle.entries[j].location
            for j in battle.moves_into.get(e.province, ())
            if battle.entries[j].nation != e.nation and battle.path(j)
        ),
        None,
    )
    return FAILS, SUPPORT_CUT, "", Detail(by=cutter)


def _convoy(battle: Battle, i: int) -> Verdict:
    e = battle.entries[i]
    if not e.matched:
        return _CONVOY_UNUSED
    if i in battle.paradoxes:
        return _CONVOY_PARADOX
    if battle.resolve(i):
        return _CONVOYED
    return FAILS, Reason.CONVOY_DISRUPTED, "", Detail(by=_dislodger(battle, e.province))


def _hold(battle: Battle, i: int) -> Verdict:
    e = battle.entries[i]
    strength = battle.hold_strength(e.province)
    dislodger = _dislodger(battle, e.province)
    if dislodger is not None:
        return FAILS, DISLODGED, "", Detail(strength, by=dislodger)
    return _HELD[strength] if strength < 12 else (SUCCEEDS, HELD, "", Detail(strength))


_EXPLAIN: dict[Kind, Callable[[Battle, int], Verdict]] = {
    MOVE: _move,
    CONVOY: _convoy,
    HOLD: _hold,
    SUPPORT_HOLD: _support,
    SUPPORT_MOVE: _support,
}
