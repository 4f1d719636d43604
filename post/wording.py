"""Outcomes in words, the way a GM writes them in a results post.

``A Kai - Suruga: bounced, 1 against 1 from A Suruga``. Units are named by
type and province name, looked up in the position the phase started from.
The words follow the verdict the rules returned, by its type (its culprit
and the places it names, :mod:`adjudicator.outcomes`, retreats' and
adjustments' verdicts beside their rules), never a reading of the board
after the fact; the numbers beside them are the record's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.adjustments import Built, CivilDisorder, Removed, TooMany, Waived
from adjudicator.outcomes import (
    Bounced,
    Carried,
    Cut,
    CutByDislodgement,
    Defended,
    Dislodged,
    Disrupted,
    FriendlyFire,
    Given,
    Holds,
    LostHeadToHead,
    NoConvoy,
    NoPath,
    Paradox,
    Reason,
    Stranded,
    Succeeds,
    Undecidable,
    Unmatched,
    Unused,
    Void,
)
from adjudicator.position import Position
from adjudicator.retreats import Disbanded, RetreatBounced, Retreated
from game.records import OutcomeRecord
from maps.board import Board
from maps.terms import Location, province_of
from orders.text import location_text

__all__ = ["describe_outcome", "unit_name"]


def unit_name(board: Board, position: Position, location: Location | None) -> str:
    """``A Suruga`` for the unit that stood at a location when the phase began."""
    if location is None:
        return "nobody"
    unit = position.unit_at.get(province_of(location))
    where = location_text(location, board)
    return f"{unit.type} {where}" if unit is not None else where  # a StrEnum formats as its value


def describe_outcome(board: Board, position: Position, outcome: OutcomeRecord, explain: bool = False) -> str:
    """The annotation after an order: what happened and, with ``explain``, the numbers why."""
    verdict = outcome.verdict
    return _WORDING[type(verdict)](outcome, verdict, _Namer(board, position), explain)


class _Namer:
    def __init__(self, board: Board, position: Position) -> None:
        self.board, self.position = board, position

    def __call__(self, location: Location | None) -> str:
        return unit_name(self.board, self.position, location)


def _via(outcome: OutcomeRecord) -> str:
    return " by convoy" if outcome.via_convoy else ""


def _against(outcome: OutcomeRecord, name: _Namer) -> str:
    """The move's numbers: ``1 against 2 from A Omi``."""
    against = f"{outcome.strength} against {outcome.opposition}"
    if outcome.opposed_by is not None:
        against += f" from {name(outcome.opposed_by)}"
    return against


def _noted(outcome: OutcomeRecord) -> str:
    """The verdict's note in brackets (why there was no convoy, how many builds were due, ...)."""
    return f" ({outcome.note})" if outcome.note else ""


def _unordered(outcome: OutcomeRecord) -> str:
    return " (no order)" if outcome.implicit else ""


def _dislodged_too(outcome: OutcomeRecord, name: _Namer) -> str:
    return f"; dislodged by {name(outcome.by)}" if outcome.by is not None else ""


def _listed(names: list[str]) -> str:
    """``F Greece``, ``F Edinburgh and F Holland``; ``another unit`` if the record names none."""
    if not names:
        return "another unit"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --- each verdict's words, by its type --------------------------------------------------------------------

_Wording = Callable[[OutcomeRecord, Any, _Namer, bool], str]  # the verdict: the one type each function words


def _void(outcome: OutcomeRecord, verdict: Void, name: _Namer, explain: bool) -> str:
    return f"void: {outcome.note}"


def _moved(outcome: OutcomeRecord, verdict: Succeeds, name: _Namer, explain: bool) -> str:
    return f"moved{_via(outcome)}" + (f" ({_against(outcome, name)})" if explain else "")


def _bounced(outcome: OutcomeRecord, verdict: Bounced | Defended | LostHeadToHead, name: _Namer, explain: bool) -> str:
    head = " head to head" if type(verdict) is LostHeadToHead else ""
    return f"bounced{head}, {_against(outcome, name)}" + _dislodged_too(outcome, name)


def _friendly_fire(outcome: OutcomeRecord, verdict: FriendlyFire, name: _Namer, explain: bool) -> str:
    return f"bounced: it may not dislodge its own {name(verdict.own)}" + _dislodged_too(outcome, name)


def _no_convoy(outcome: OutcomeRecord, verdict: NoConvoy, name: _Namer, explain: bool) -> str:
    return f"no convoy{_noted(outcome)}: the army stays" + _dislodged_too(outcome, name)


def _no_path(outcome: OutcomeRecord, verdict: NoPath, name: _Namer, explain: bool) -> str:
    return "convoy route broken (a convoy on it failed): the army stays" + _dislodged_too(outcome, name)


def _held(outcome: OutcomeRecord, verdict: Holds, name: _Namer, explain: bool) -> str:
    strength = f", hold strength {outcome.strength}" if explain and outcome.strength is not None else ""
    return f"held{strength}{_unordered(outcome)}"


def _dislodged(outcome: OutcomeRecord, verdict: Dislodged, name: _Namer, explain: bool) -> str:
    return f"dislodged by {name(verdict.by)}{_unordered(outcome)}"


def _cut(outcome: OutcomeRecord, verdict: Cut, name: _Namer, explain: bool) -> str:
    if verdict.by == outcome.by:
        return f"support cut by {name(verdict.by)}, which dislodged it"
    return f"support cut by {name(verdict.by)}" + _dislodged_too(outcome, name)


def _cut_by_dislodgement(outcome: OutcomeRecord, verdict: CutByDislodgement, name: _Namer, explain: bool) -> str:
    return f"support cut: dislodged by {name(verdict.by)}"


def _given(outcome: OutcomeRecord, verdict: Given, name: _Namer, explain: bool) -> str:
    return "support given" + _dislodged_too(outcome, name)


def _disrupted(outcome: OutcomeRecord, verdict: Disrupted, name: _Namer, explain: bool) -> str:
    return f"convoy disrupted: the fleet was dislodged by {name(verdict.by)}"


def _retreat_bounced(outcome: OutcomeRecord, verdict: RetreatBounced, name: _Namer, explain: bool) -> str:
    return f"retreat bounced with {_listed([name(r) for r in verdict.rivals])}{_noted(outcome)}"


_InPlace = Unmatched | Carried | Stranded | Unused | Paradox | Undecidable
_Done = Retreated | Disbanded | Built | Removed | Waived | TooMany | CivilDisorder


def _in_place(outcome: OutcomeRecord, verdict: _InPlace, name: _Namer, explain: bool) -> str:
    """A unit that stayed where it was (a convoy, an unmatched support): the reason, and whether it was dislodged."""
    return f"{_REASON[verdict.reason]}{_noted(outcome)}" + _dislodged_too(outcome, name)


def _done(outcome: OutcomeRecord, verdict: _Done, name: _Namer, explain: bool) -> str:
    """A retreat or an adjustment: the reason, and its note."""
    return f"{_REASON[verdict.reason]}{_noted(outcome)}"


_REASON = {reason: reason.value for reason in Reason}  # read from a dict: an enum's .value is a slow property
_WORDING: dict[type, _Wording] = {
    Void: _void,
    Succeeds: _moved,
    Bounced: _bounced,
    Defended: _bounced,
    LostHeadToHead: _bounced,
    FriendlyFire: _friendly_fire,
    NoConvoy: _no_convoy,
    NoPath: _no_path,
    Holds: _held,
    Dislodged: _dislodged,
    Given: _given,
    Cut: _cut,
    CutByDislodgement: _cut_by_dislodgement,
    Unmatched: _in_place,
    Carried: _in_place,
    Stranded: _in_place,
    Unused: _in_place,
    Disrupted: _disrupted,
    Paradox: _in_place,
    Undecidable: _in_place,
    Retreated: _done,
    RetreatBounced: _retreat_bounced,
    Disbanded: _done,
    Built: _done,
    Removed: _done,
    Waived: _done,
    TooMany: _done,
    CivilDisorder: _done,
}
