"""Outcomes in words, the way a GM writes them in a results post.

``A Kai - Suruga: bounced, 1 against 1 from A Suruga``. Units are named by
type and province name, looked up in the position the phase started from.
The words follow the verdict the rules returned, by its type (its culprit
and the places it names, :mod:`adjudicator.outcomes`, retreats' and
adjustments' verdicts beside their rules), never a reading of the board
after the fact; the numbers beside them are the record's. Every kind of
verdict is worded here, and only here (the game file keeps the kind, not
the words): each dispatch is a ``match`` that mypy proves exhaustive.
"""

from __future__ import annotations

from typing import assert_never

from adjudicator.adjustments import Built, CivilDisorder, Removed, TooMany, Waived
from adjudicator.outcomes import (
    Bounced,
    Carried,
    Cut,
    CutByDislodgement,
    Defended,
    Detail,
    Dislodged,
    Disrupted,
    FriendlyFire,
    Given,
    Holds,
    LostHeadToHead,
    NoConvoy,
    NoPath,
    Paradox,
    Stranded,
    Succeeds,
    Undecidable,
    Unmatched,
    Unused,
    Void,
)
from adjudicator.position import Position
from adjudicator.retreats import Disbanded, RetreatBounced, Retreated
from game.records import AnyVerdict, OutcomeRecord
from maps.board import Board
from maps.terms import Location, province_of
from orders.text import location_text

__all__ = ["describe_outcome", "reason_words", "unit_name"]


def unit_name(board: Board, position: Position, location: Location | None) -> str:
    """``A Suruga`` for the unit that stood at a location when the phase began."""
    if location is None:
        return "nobody"
    unit = position.unit_at.get(province_of(location))
    where = location_text(location, board)
    return f"{unit.type} {where}" if unit is not None else where  # a StrEnum formats as its value


def describe_outcome(board: Board, position: Position, outcome: OutcomeRecord, explain: bool = False) -> str:
    """The annotation after an order: what happened and, with ``explain``, the numbers why."""
    return _worded(outcome, outcome.detail, _Namer(board, position), explain)


class _Namer:
    def __init__(self, board: Board, position: Position) -> None:
        self.board, self.position = board, position

    def __call__(self, location: Location | None) -> str:
        return unit_name(self.board, self.position, location)


def _via(detail: Detail) -> str:
    return " by convoy" if detail.via_convoy else ""


def _against(detail: Detail, name: _Namer) -> str:
    """The move's numbers: ``1 against 2 from A Omi``."""
    against = f"{detail.strength} against {detail.opposition}"
    if detail.opposed_by is not None:
        against += f" from {name(detail.opposed_by)}"
    return against


def _noted(outcome: OutcomeRecord) -> str:
    """The verdict's note in brackets (why there was no convoy, how many builds were due, ...)."""
    note = outcome.note
    return f" ({note})" if note else ""


def _unordered(outcome: OutcomeRecord) -> str:
    return " (no order)" if outcome.implicit else ""


def _dislodged_too(detail: Detail, name: _Namer) -> str:
    return f"; dislodged by {name(detail.by)}" if detail.by is not None else ""


def _listed(names: list[str]) -> str:
    """``F Greece``, ``F Edinburgh and F Holland``; ``another unit`` if the record names none."""
    if not names:
        return "another unit"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _worded(outcome: OutcomeRecord, detail: Detail, name: _Namer, explain: bool) -> str:
    """Each verdict's words, by its kind (mypy checks that every kind is worded: :func:`assert_never`)."""
    verdict = outcome.verdict
    match verdict:
        case Succeeds():
            return f"moved{_via(detail)}" + (f" ({_against(detail, name)})" if explain else "")
        case Given():
            return "support given" + _dislodged_too(detail, name)
        case Holds():
            strength = f", hold strength {detail.strength}" if explain and detail.strength is not None else ""
            return f"held{strength}{_unordered(outcome)}"
        case Bounced() | Defended():
            return f"bounced, {_against(detail, name)}" + _dislodged_too(detail, name)
        case LostHeadToHead():
            return f"bounced head to head, {_against(detail, name)}" + _dislodged_too(detail, name)
        case Void():
            return f"void: {outcome.note}"
        case FriendlyFire(own=own):
            return f"bounced: it may not dislodge its own {name(own)}" + _dislodged_too(detail, name)
        case NoConvoy():
            return f"no convoy{_noted(outcome)}: the army stays" + _dislodged_too(detail, name)
        case NoPath():
            return "convoy route broken (a convoy on it failed): the army stays" + _dislodged_too(detail, name)
        case Dislodged(by=by):
            return f"dislodged by {name(by)}{_unordered(outcome)}"
        case Cut(by=by) if by == detail.by:
            return f"support cut by {name(by)}, which dislodged it"
        case Cut(by=by):
            return f"support cut by {name(by)}" + _dislodged_too(detail, name)
        case CutByDislodgement(by=by):
            return f"support cut: dislodged by {name(by)}"
        case Disrupted(by=by):
            return f"convoy disrupted: the fleet was dislodged by {name(by)}"
        case RetreatBounced(rivals=rivals):
            return f"retreat bounced with {_listed([name(r) for r in rivals])}{_noted(outcome)}"
        case Unmatched() | Carried() | Stranded() | Unused() | Paradox() | Undecidable():
            # a unit that stayed where it was (a convoy, an unmatched support): the reason, and whether dislodged
            return f"{reason_words(verdict)}{_noted(outcome)}" + _dislodged_too(detail, name)
        case Retreated() | Disbanded() | Built() | Removed() | Waived() | TooMany() | CivilDisorder():
            return f"{reason_words(verdict)}{_noted(outcome)}"  # a retreat or an adjustment: the reason, its note
        case _:
            assert_never(verdict)


def reason_words(verdict: AnyVerdict) -> str:
    """Why the order ended as it did, in a few words (``bounced``, ``support cut``): the post's reason."""
    match verdict:
        case Succeeds():
            return "moved"
        case Bounced():
            return "bounced"
        case Defended():
            return "defended"
        case LostHeadToHead():
            return "lost head to head"
        case FriendlyFire():
            return "would dislodge its own unit"
        case NoPath():
            return "convoy route broken"
        case NoConvoy():
            return "convoy disrupted or missing"
        case Holds():
            return "held"
        case Dislodged():
            return "dislodged"
        case Given():
            return "support given"
        case Cut():
            return "support cut"
        case CutByDislodgement():
            return "support cut by dislodgement"
        case Unmatched():
            return "supported unit did something else"
        case Carried():
            return "convoyed"
        case Disrupted():
            return "convoy disrupted"
        case Paradox():
            return "convoy paradox (Szykman rule: the convoy fails)"
        case Unused():
            return "army did not take this convoy"
        case Stranded():
            return "convoy held, but the route broke at another fleet"
        case Undecidable():
            return "undecidable cycle: the orders in it fail"
        case Retreated():
            return "retreated"
        case RetreatBounced():
            return "retreat bounced"
        case Disbanded():
            return "disbanded"
        case Built():
            return "built"
        case Removed():
            return "removed"
        case Waived():
            return "waived"
        case TooMany():
            return "more orders than allowed"
        case CivilDisorder():
            return "removed in civil disorder"
        case Void():
            return "illegal"
        case _:
            assert_never(verdict)
