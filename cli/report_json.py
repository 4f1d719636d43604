"""A phase's results as JSON: the report a GM posts, for programs (``--json``).

Built from the stored :class:`PhaseReport` and the position it led to, so
``adjudicate --json`` and ``history --json`` give the same document. Orders
and units are in canonical text with province names, the same words as the
text report; locations also keep their ids where a program may want them.
"""

from __future__ import annotations

from typing import Any

from adjudicator.outcomes import Result
from adjudicator.position import Position, Unit
from adjudicator.records import DislodgedRecord, LotRecord, OutcomeRecord
from adjudicator.state import GameState, HistoryEntry
from adjudicator.wording import describe_outcome
from maps.board import Board
from orders.text import location_text, order_text

__all__ = ["position_after", "report_document"]


def position_after(state: GameState, index: int) -> Position:
    """The position the ``index``-th adjudicated phase led to: the next one's start, or the current one."""
    following = state.history[index + 1 :]
    return following[0].before if following else state.position


def report_document(board: Board, entry: HistoryEntry, after: Position) -> dict[str, Any]:
    """The JSON document for one adjudicated phase; ``after`` is the position it led to."""
    report = entry.report
    return {
        "phase": str(report.phase),
        "orders": [_order(board, entry, outcome) for outcome in report.outcomes],
        "dp": [_lot(board, lot) for lot in report.auction],
        "dislodged": [_dislodged(board, d) for d in report.dislodged],
        "disbanded": [_unit(board, u) for u in report.disbanded],
        "units": _units(board, after),
        "centres": {board.provinces[c].name: owner for c, owner in sorted(after.centres.items())},
        "neutral_centres": sorted(board.provinces[c].name for c in after.neutral_centres),
        "captured": {board.provinces[c].name: owner for c, owner in report.captured.items()},
        "centre_counts": report.centres,
        "adjustments": report.adjustments,
        "rebuilt": [board.provinces[c].name for c in report.rebuilt],
        "next_phase": str(report.next_phase) if report.next_phase is not None else None,
        "result": {
            "kind": report.result.kind.value,
            "powers": report.result.powers,
            "text": report.result.describe(),
        },
    }


def _order(board: Board, entry: HistoryEntry, outcome: OutcomeRecord) -> dict[str, Any]:
    return {
        "power": outcome.power,
        "order": order_text(outcome.order, board),
        "success": outcome.result is Result.SUCCEEDS,
        "result": outcome.result.value,
        "reason": outcome.reason.value,
        "note": outcome.note,
        "given": not outcome.implicit,
        "annotation": describe_outcome(board, entry.before, outcome),
        "explanation": describe_outcome(board, entry.before, outcome, explain=True),
    }


def _lot(board: Board, lot: LotRecord) -> dict[str, Any]:
    return {
        "unit": location_text(lot.unit, board),
        "bids": [{"power": b.power, "points": b.points, "order": order_text(b.order, board)} for b in lot.bids],
        "winner": order_text(lot.winner, board) if lot.winner is not None else None,
        "total": lot.total,
        "tied": lot.tied,
    }


def _dislodged(board: Board, dislodged: DislodgedRecord) -> dict[str, Any]:
    attacker = dislodged.attacker_from
    return {
        **_unit(board, dislodged.unit),
        "attacker_from": board.provinces[attacker].name if attacker else None,
        "retreats": [location_text(loc, board) for loc in dislodged.retreats],
    }


def _unit(board: Board, unit: Unit) -> dict[str, Any]:
    return {
        "power": unit.power,
        "unit": f"{unit.type.value} {location_text(unit.location, board)}",
        "location": unit.location,
    }


def _units(board: Board, position: Position) -> dict[str, list[str]]:
    """Units per power in the board's order of powers, then ``"neutral"``."""
    by_power: dict[str, list[str]] = {}
    for unit in position.units:
        by_power.setdefault(unit.power or "neutral", []).append(
            f"{unit.type.value} {location_text(unit.location, board)}"
        )
    order = [*board.power_names, "neutral"]
    return {power: by_power[power] for power in order if power in by_power}
