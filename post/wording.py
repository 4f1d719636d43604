"""Outcomes in words, the way a GM writes them in a results post.

``A Kai - Suruga: bounced, 1 against 1 from A Suruga``. Units are named by
type and province name, looked up in the position the phase started from.
The words follow the verdict the rules returned, by its type (its culprit
and the places it names, :mod:`adjudicator.outcomes`, retreats' and
adjustments' verdicts beside their rules), never a reading of the board
after the fact; the numbers beside them are the record's.
"""

from __future__ import annotations

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
    name = _Namer(board, position)
    match outcome.verdict:
        case Void():
            return f"void: {outcome.note}"
        case Succeeds():
            return f"moved{_via(outcome)}" + (f" ({_against(outcome, name)})" if explain else "")
        case Bounced() | Defended():
            return f"bounced, {_against(outcome, name)}" + _dislodged_too(outcome, name)
        case LostHeadToHead():
            return f"bounced head to head, {_against(outcome, name)}" + _dislodged_too(outcome, name)
        case FriendlyFire(own=own):
            return f"bounced: it may not dislodge its own {name(own)}" + _dislodged_too(outcome, name)
        case NoConvoy():
            return f"no convoy{_noted(outcome)}: the army stays" + _dislodged_too(outcome, name)
        case NoPath():
            return "convoy route broken (a convoy on it failed): the army stays" + _dislodged_too(outcome, name)
        case Holds():
            strength = f", hold strength {outcome.strength}" if explain and outcome.strength is not None else ""
            return f"held{strength}{_unordered(outcome)}"
        case Dislodged(by=by):
            return f"dislodged by {name(by)}{_unordered(outcome)}"
        case Cut(by=by) if by == outcome.by:
            return f"support cut by {name(by)}, which dislodged it"
        case Cut(by=by):
            return f"support cut by {name(by)}" + _dislodged_too(outcome, name)
        case CutByDislodgement(by=by):
            return f"support cut: dislodged by {name(by)}"
        case Disrupted(by=by):
            return f"convoy disrupted: the fleet was dislodged by {name(by)}"
        case RetreatBounced(rivals=rivals):
            return f"retreat bounced with {_listed([name(r) for r in rivals])}{_noted(outcome)}"
        case Given():
            return "support given" + _dislodged_too(outcome, name)
        case Unmatched() | Carried() | Stranded() | Unused() | Paradox() | Undecidable():
            return f"{outcome.verdict.reason.value}{_noted(outcome)}" + _dislodged_too(outcome, name)
        case Retreated() | Disbanded() | Built() | Removed() | Waived() | TooMany() | CivilDisorder():
            return f"{outcome.verdict.reason.value}{_noted(outcome)}"
    raise AssertionError(f"a verdict with no words: {outcome.verdict!r}")  # pragma: no cover (AnyVerdict is closed)


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
