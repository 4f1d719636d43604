"""Who owes orders in a phase: the powers a GM waits for, and reminds, and reports as missing.

Movement: every surviving power (a power with centres but no units still
has DP to spend in Sengoku). Retreats: the powers with a dislodged unit.
Adjustments: the powers with a removal due, or a build due and somewhere to
build it (a build with no vacant site is no decision at all).
"""

from __future__ import annotations

from adjudicator.adjustments import adjustment_counts, build_sites
from adjudicator.position import Position
from adjudicator.rules import Rules
from maps.board import Board
from maps.terms import PhaseType

__all__ = ["powers_to_order"]


def powers_to_order(board: Board, position: Position, rules: Rules) -> list[str]:
    """The powers with something to order in ``position``'s phase, in the board's order of powers."""
    kind = position.phase.type
    if kind is PhaseType.MOVEMENT:
        return [p for p in board.power_names if position.centres_of(p) or position.units_of(p)]
    if kind is PhaseType.RETREATS:
        owners = {d.unit.power for d in position.dislodged}
        return [p for p in board.power_names if p in owners]
    due = adjustment_counts(board, position)
    return [
        p
        for p in board.power_names
        if due.get(p, 0) < 0 or (due.get(p, 0) > 0 and build_sites(board, position, rules, p))
    ]
