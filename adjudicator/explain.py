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

from adjudicator.battle import CONVOY, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, Battle
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
    """One outcome per given order, then an implicit hold for each unit that got none.

    Written as one loop with the common cases (a move, a support given)
    inline: a phase explains every order, and here a function call costs as
    much as the arithmetic it would wrap.
    """
    unresolvable, explain, kind, convoyed = battle.unresolvable, _EXPLAIN, battle.kind, battle.convoyed
    prov, target, opponent, location = battle.prov, battle.target, battle.opponent, battle.location
    arrivals, moves_into, moved = battle.arrivals, battle.moves_into, battle.moved
    matched, resolution, at = battle.matched, battle.resolution, battle.at
    # The attack strengths noted while settling are final unless a guess was made on the way.
    noted = battle.attack if battle.resolver is None else None
    outcomes: list[OrderOutcome] = []
    append = outcomes.append
    void = False
    for power, order, problem, _, i, _, _, _, _, _ in checked:
        if problem is not None:
            void = True
            append(_new(OrderOutcome, (power, order, VOID, ILLEGAL, problem, _NO_DETAIL, False)))
            continue
        k = kind[i]
        if unresolvable and i in unresolvable:
            result, reason, note, detail = _UNRESOLVED
        elif k == SUPPORT_HOLD or k == SUPPORT_MOVE:
            given = matched[i] and resolution[i]
            result, reason, note, detail = _GIVEN if given else _support(battle, i)
        elif k != MOVE:
            result, reason, note, detail = explain[k](battle, i)
        elif convoyed[i] and not battle.path(i):
            winner = arrivals.get(prov[i])
            by = location[winner] if winner is not None else None
            result, reason, note, detail = FAILS, NO_CONVOY, "", Detail(strength=0, by=by, via_convoy=True)
        else:
            winner = arrivals.get(prov[i])
            by = location[winner] if winner is not None else None
            rival, there = opponent[i], target[i]
            opposed_by: Location | None = None
            if rival >= 0:  # the strongest force against the move (the first one met, on a tie)
                strongest, opposed_by = battle.defend_strength(rival), location[rival]
            elif there in at:
                strongest, opposed_by = battle.hold_strength(there), location[at[there]]
            else:
                strongest = 0  # nobody there to hold
            movers = moves_into[there]
            if len(movers) > 1:
                for j in movers:
                    if j != i:
                        prevent = battle.prevent_strength(j)
                        if prevent > strongest:
                            strongest, opposed_by = prevent, location[j]
            attack = noted[i] if noted is not None else battle.attack_strength(i)
            detail = _new(Detail, (attack, strongest, opposed_by, by, convoyed[i], rival >= 0))
            result, reason, note = (SUCCEEDS, MOVED, "") if i in moved else (FAILS, BOUNCED, "")
        append(_new(OrderOutcome, (power, order, result, reason, note, detail, False)))
    if void or len(outcomes) < battle.count:
        _implicit_holds(battle, checked, outcomes)
    return outcomes


def _implicit_holds(battle: Battle, checked: Sequence[Checked], outcomes: list[OrderOutcome]) -> None:
    """A hold for each unit that got no order (not even an illegal one)."""
    ordered = {item[4] for item in checked}
    if len(ordered - {-1}) == battle.count:
        return
    pieces = battle.pieces
    for i in range(battle.count):
        if i not in ordered:
            result, reason, _, detail = _hold(battle, i)
            hold = _implicit_hold(pieces.type[i], pieces.location[i])
            outcomes.append(_new(OrderOutcome, (pieces.power[i], hold, result, reason, "no order", detail, True)))


@lru_cache(maxsize=4096)
def _implicit_hold(unit_type: UnitType, location: Location) -> Hold:
    """The hold a unit without orders carries out: immutable and recurring, so built once."""
    return Hold(unit=UnitRef(type=unit_type, location=location))


def _dislodger(battle: Battle, province: int) -> Location | None:
    winner = battle.arrivals.get(province)
    return battle.location[winner] if winner is not None else None


def _support(battle: Battle, i: int) -> Verdict:
    if not battle.matched[i]:
        return _UNMATCHED
    if battle.resolve(i):
        return _GIVEN
    dislodger = _dislodger(battle, battle.prov[i])
    if dislodger is not None:
        return FAILS, SUPPORT_CUT, "dislodged", Detail(by=dislodger)
    nation = battle.nation
    cutter = next(
        (
            battle.location[j]
            for j in battle.moves_into.get(battle.prov[i], ())
            if nation[j] != nation[i] and battle.path(j)
        ),
        None,
    )
    return FAILS, SUPPORT_CUT, "", Detail(by=cutter)


def _convoy(battle: Battle, i: int) -> Verdict:
    if not battle.matched[i]:
        return _CONVOY_UNUSED
    if i in battle.paradoxes:
        return _CONVOY_PARADOX
    if battle.resolve(i):
        return _CONVOYED
    return FAILS, Reason.CONVOY_DISRUPTED, "", Detail(by=_dislodger(battle, battle.prov[i]))


def _hold(battle: Battle, i: int) -> Verdict:
    strength = battle.hold_strength(battle.prov[i])
    dislodger = _dislodger(battle, battle.prov[i])
    if dislodger is not None:
        return FAILS, DISLODGED, "", Detail(strength, by=dislodger)
    return _HELD[strength] if strength < 12 else (SUCCEEDS, HELD, "", Detail(strength))


# The verdict of every kind of order but a move (explained inline), by kind.
_EXPLAIN: tuple[Callable[[Battle, int], Verdict], ...] = (_hold, _hold, _support, _support, _convoy)
assert (HOLD, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY) == (0, 2, 3, 4)
