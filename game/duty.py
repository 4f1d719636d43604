"""Who owes orders in a phase: the powers a GM waits for, and reminds, and reports as missing.

Movement: every surviving power (a power with centres but no units still
has DP to spend in Sengoku). Retreats: the powers with a dislodged unit.
Adjustments: the powers with a removal due, or a build due and somewhere to
build it (a build with no vacant site is no decision at all). An
adjudicated phase's report records who owed orders then
(``PhaseReport.owed``); :func:`owed_orders` reads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.adjustments import adjudicate_adjustments, adjustment_counts, build_sites
from adjudicator.diplomacy_points import dp_allowance
from adjudicator.position import Position, Unit
from adjudicator.rules import Rules
from maps.board import Board
from maps.terms import PhaseType
from orders.text import location_text, order_text

if TYPE_CHECKING:  # game.state reads who owes orders (game.owed) from here
    from game.state import HistoryEntry

__all__ = ["owed_orders", "powers_to_order", "without_orders"]


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


def owed_orders(board: Board, entry: HistoryEntry, rules: Rules) -> list[str]:
    """The powers that owed orders in an adjudicated phase, as its report recorded them.

    Reports of schema 1 did not record it: for those it is worked out again from the phase's position.
    """
    owed = entry.report.owed
    return owed if owed is not None else powers_to_order(board, entry.before, rules)


def without_orders(board: Board, position: Position, rules: Rules, power: str) -> str:
    """What sending no orders this phase would mean for ``power``, in one sentence to the player.

    A reminder says it: movement, its units hold (and its DP go unspent);
    retreats, its dislodged units are disbanded; adjustments, its builds are
    waived, or the civil disorder rule chooses its removals (named here, as
    the rule would take them now).
    """
    kind = position.phase.type
    if kind is PhaseType.MOVEMENT:
        units = position.units_of(power)
        parts = [f"your {'unit holds' if len(units) == 1 else 'units hold'}"] if units else []
        if dp_allowance(position, power, rules):
            parts.append("your Diplomacy Points go unspent")
        return f"Without orders {' and '.join(parts) or 'nothing changes for you'}."
    if kind is PhaseType.RETREATS:
        dislodged = [d.unit for d in position.dislodged if d.unit.power == power]
        names = _names(board, dislodged)
        if len(dislodged) == 1:
            return f"Without orders your dislodged {names} is disbanded."
        return f"Without orders your dislodged units {names} are disbanded."
    due = adjustment_counts(board, position).get(power, 0)
    builds = min(due, len(build_sites(board, position, rules, power))) if due > 0 else 0
    if builds:
        return f"Without orders your {'build is' if builds == 1 else f'{builds} builds are'} waived."
    outcomes = adjudicate_adjustments(board, position, {power: []}, rules).outcomes if due < 0 else []
    removed = [order_text(o.order, board).removeprefix("Remove ") for o in outcomes if o.power == power]
    if not removed:
        return "Without orders nothing changes for you."
    farthest = "the unit" if len(removed) == 1 else "the units"
    return (
        f"Without orders the civil disorder rule removes {_join(removed)} for you "
        f"({farthest} farthest from your supply centres)."
    )


def _names(board: Board, units: list[Unit]) -> str:
    return _join([f"{unit.type.value} {location_text(unit.location, board)}" for unit in units])


def _join(names: list[str]) -> str:
    """``A Kai``, ``A Kai and F Suruga Bay``, ``A Kai, A Shinano and F Suruga Bay``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
