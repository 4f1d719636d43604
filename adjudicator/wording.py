"""Outcomes in words, the way a GM writes them in a results post.

``A Kai - Suruga: bounced, 1 against 1 from A Suruga``. Units are named by
type and province name, looked up in the position the phase started from.
"""

from __future__ import annotations

from adjudicator.outcomes import Reason
from adjudicator.position import Position
from adjudicator.records import OutcomeRecord
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
    return f"{unit.type.value} {where}" if unit is not None else where


def describe_outcome(board: Board, position: Position, outcome: OutcomeRecord, explain: bool = False) -> str:
    """The annotation after an order: what happened and, with ``explain``, the numbers why."""
    name = _Namer(board, position)
    reason = outcome.reason
    if reason is Reason.ILLEGAL:
        return f"void: {outcome.note}"
    if reason in (Reason.MOVED, Reason.BOUNCED):
        return _move(outcome, name, explain)
    if reason is Reason.NO_CONVOY:
        return "no convoy: the army stays" + _dislodged_too(outcome, name)
    if reason in (Reason.HELD, Reason.DISLODGED):
        return _hold(outcome, name, explain)
    if reason is Reason.SUPPORT_CUT:
        how = "dislodged by" if outcome.note == "dislodged" else "by"
        return f"support cut {how} {name(outcome.by)}"
    if reason is Reason.CONVOY_DISRUPTED:
        return f"convoy disrupted: the fleet was dislodged by {name(outcome.by)}"
    text = reason.value
    return f"{text} ({outcome.note})" if outcome.note and reason is not Reason.SUPPORT_GIVEN else text


class _Namer:
    def __init__(self, board: Board, position: Position) -> None:
        self.board, self.position = board, position

    def __call__(self, location: Location | None) -> str:
        return unit_name(self.board, self.position, location)


def _move(outcome: OutcomeRecord, name: _Namer, explain: bool) -> str:
    via = " by convoy" if outcome.via_convoy else ""
    against = f"{outcome.strength} against {outcome.opposition}"
    if outcome.opposed_by is not None:
        against += f" from {name(outcome.opposed_by)}"
    if outcome.reason is Reason.MOVED:
        return f"moved{via}" + (f" ({against})" if explain else "")
    head = " head to head" if outcome.head_to_head else ""
    return f"bounced{head}, {against}" + _dislodged_too(outcome, name)


def _dislodged_too(outcome: OutcomeRecord, name: _Namer) -> str:
    return f"; dislodged by {name(outcome.by)}" if outcome.by is not None else ""


def _hold(outcome: OutcomeRecord, name: _Namer, explain: bool) -> str:
    suffix = " (no order)" if outcome.implicit else ""
    if outcome.reason is Reason.DISLODGED:
        return f"dislodged by {name(outcome.by)}{suffix}"
    strength = f", hold strength {outcome.strength}" if explain and outcome.strength is not None else ""
    return f"held{strength}{suffix}"
