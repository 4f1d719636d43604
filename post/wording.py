"""Outcomes in words, the way a GM writes them in a results post.

``A Kai - Suruga: bounced, 1 against 1 from A Suruga``. Units are named by
type and province name, looked up in the position the phase started from.
The words follow the verdict the rules returned (its reason and culprit,
:mod:`adjudicator.outcomes`), never a reading of the board after the fact.
"""

from __future__ import annotations

from adjudicator.outcomes import Reason
from adjudicator.position import Position
from game.records import OutcomeRecord
from maps.board import Board
from maps.terms import Location, province_of
from orders.text import location_text

__all__ = ["describe_outcome", "unit_name"]

_MOVES = frozenset({Reason.MOVED, Reason.BOUNCED, Reason.DEFENDED, Reason.LOST_HEAD_TO_HEAD})


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
    reason = outcome.reason
    if reason is Reason.ILLEGAL:
        return f"void: {outcome.note}"
    if reason in _MOVES:
        return _move(outcome, name, explain)
    if reason is Reason.FRIENDLY_FIRE:
        return f"bounced: it may not dislodge its own {name(outcome.culprit)}" + _dislodged_too(outcome, name)
    if reason is Reason.NO_CONVOY:
        why = f" ({outcome.note})" if outcome.note else ""
        return f"no convoy{why}: the army stays" + _dislodged_too(outcome, name)
    if reason is Reason.NO_PATH:
        return "convoy route broken (a convoy on it failed): the army stays" + _dislodged_too(outcome, name)
    if reason in (Reason.HELD, Reason.DISLODGED):
        return _hold(outcome, name, explain)
    if reason in (Reason.SUPPORT_CUT, Reason.SUPPORT_CUT_BY_DISLODGEMENT):
        return _cut(outcome, name)
    if reason is Reason.CONVOY_DISRUPTED:
        return f"convoy disrupted: the fleet was dislodged by {name(outcome.culprit or outcome.by)}"
    text = reason.value
    if outcome.note and reason is not Reason.SUPPORT_GIVEN:
        text += f" ({outcome.note})"
    return text + _dislodged_too(outcome, name)


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
    # Files written before verdicts named a culprit flagged every failed head-to-head move.
    lost = outcome.reason is Reason.LOST_HEAD_TO_HEAD or (outcome.culprit is None and outcome.head_to_head)
    head = " head to head" if lost else ""
    return f"bounced{head}, {against}" + _dislodged_too(outcome, name)


def _cut(outcome: OutcomeRecord, name: _Namer) -> str:
    if outcome.culprit is None:  # a file written before verdicts named a culprit: ``by`` was the cutter
        how = "dislodged by" if outcome.note == "dislodged" else "by"
        return f"support cut {how} {name(outcome.by)}"
    if outcome.reason is Reason.SUPPORT_CUT_BY_DISLODGEMENT:
        return f"support cut: dislodged by {name(outcome.culprit)}"
    if outcome.by == outcome.culprit:
        return f"support cut by {name(outcome.culprit)}, which dislodged it"
    return f"support cut by {name(outcome.culprit)}" + _dislodged_too(outcome, name)


def _dislodged_too(outcome: OutcomeRecord, name: _Namer) -> str:
    return f"; dislodged by {name(outcome.by)}" if outcome.by is not None else ""


def _hold(outcome: OutcomeRecord, name: _Namer, explain: bool) -> str:
    suffix = " (no order)" if outcome.implicit else ""
    if outcome.reason is Reason.DISLODGED:
        return f"dislodged by {name(outcome.by)}{suffix}"
    strength = f", hold strength {outcome.strength}" if explain and outcome.strength is not None else ""
    return f"held{strength}{suffix}"
