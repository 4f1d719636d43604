"""Who still owes what in the open phase: each power's units without an order, its builds or removals not yet
ordered, and the lines refused at the last reading of its orders.

``status --orders``, the reminders and the web GM page all say the same
thing from here (DiplomacyGM's ``.view_orders missing``): a power with one
order of five is not "done", and a GM must see which four units still
wait. Movement: every unit of the power with no order stored for it (its DP
unspent are said too, but owe nothing). Retreats: each dislodged unit with
no retreat or disband. Adjustments: the builds due (where a vacant centre
allows one) less those ordered or waived, and the removals due less those
ordered. The orders stored count as given; whether they will succeed is the
adjudication's business.

Pure: a function of the game state and the board.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator.adjustments import adjustment_counts, build_sites
from adjudicator.diplomacy_points import dp_allowance
from adjudicator.position import Position
from adjudicator.rules import Rules
from game.duty import powers_to_order
from maps.board import Board
from maps.terms import PhaseType, province_of
from orders.model import Build, DPOrder, Order, Remove, Waive
from orders.structs import Struct
from orders.text import location_text

__all__ = ["Owed", "RefusedLine", "owed", "owing"]


class RefusedLine(Struct, frozen=True, kw_only=True):
    """A line refused when a power's orders were last read (kept until it sends again or the phase ends)."""

    power: str | None
    """The power it was read for (None: no power could be told)."""
    text: str
    problem: str
    where: str = ""
    """Where it came from: ``mail 2 (kyoto.mbox #4), line 3``, ``pasted, line 7``."""


class Owed(msgspec.Struct, frozen=True, kw_only=True):
    """What one power still has to order in the open phase, in words for a GM or a player."""

    power: str
    units: list[str]
    """Its units without an order (movement), or dislodged units without a retreat (retreats)."""
    builds: int = 0
    """Builds due and possible, not yet ordered or waived."""
    removals: int = 0
    """Removals due, not yet ordered."""
    build_sites: list[str] = msgspec.field(default_factory=list)
    dp_unspent: int = 0
    """Diplomacy Points not bid (owed nothing: the rules let them go unspent)."""
    orders: int = 0
    """Orders stored."""

    @property
    def owes(self) -> bool:
        """Something is still to be ordered (unspent DP alone owe nothing)."""
        return bool(self.units or self.builds or self.removals)

    def describe(self) -> str:
        """``no order for A Owari, F Mikawa``; ``2 builds to order (vacant owned centres: Kai, Shinano)``."""
        parts = []
        if self.units:
            parts.append("no order for " + ", ".join(self.units))
        if self.builds:
            where = f" (vacant owned centres: {', '.join(self.build_sites)})" if self.build_sites else ""
            parts.append(f"{_count(self.builds, 'build')} to order or waive{where}")
        if self.removals:
            parts.append(f"{_count(self.removals, 'removal')} to order")
        if self.dp_unspent:
            parts.append(f"{self.dp_unspent} DP not bid")
        return "; ".join(parts) or "every order given"


def owed(board: Board, position: Position, rules: Rules, orders: dict[str, list[Order]]) -> list[Owed]:
    """Each power due to order in ``position``'s phase, with what it still owes (in the board's order)."""
    kind = position.phase.type
    out = []
    for power in powers_to_order(board, position, rules):
        given = orders.get(power, [])
        if kind is PhaseType.MOVEMENT:
            out.append(_movement(board, position, rules, power, given))
        elif kind is PhaseType.RETREATS:
            ordered = {province_of(o.unit.location) for o in given if hasattr(o, "unit")}
            units = [
                _unit(board, d.unit.type.value, d.unit.location)
                for d in position.dislodged
                if d.unit.power == power and d.unit.province not in ordered
            ]
            out.append(Owed(power=power, units=units, orders=len(given)))
        else:
            out.append(_adjustments(board, position, rules, power, given))
    return out


def owing(board: Board, position: Position, rules: Rules, orders: dict[str, list[Order]]) -> list[str]:
    """The powers that still owe an order (a unit without one, a build or removal not ordered): the line every
    channel post, notice and /status ends with, from the web, Discord and the CLI alike."""
    return [o.power for o in owed(board, position, rules, orders) if o.owes]


def _movement(board: Board, position: Position, rules: Rules, power: str, given: Sequence[Order]) -> Owed:
    ordered = {province_of(o.unit.location) for o in given if not isinstance(o, DPOrder) and hasattr(o, "unit")}
    units = [_unit(board, u.type.value, u.location) for u in position.units_of(power) if u.province not in ordered]
    spent = sum(o.points for o in given if isinstance(o, DPOrder))
    unspent = max(dp_allowance(position, power, rules) - spent, 0)
    return Owed(power=power, units=units, dp_unspent=unspent, orders=len(given))


def _adjustments(board: Board, position: Position, rules: Rules, power: str, given: Sequence[Order]) -> Owed:
    due = adjustment_counts(board, position).get(power, 0)
    if due > 0:
        sites = build_sites(board, position, rules, power)
        built = {province_of(o.unit.location) for o in given if isinstance(o, Build)}
        waived = sum(1 for o in given if isinstance(o, Waive))
        left = max(min(due, len(sites)) - len(built) - waived, 0)
        names = [board.provinces[c].name for c in sites if c not in built]
        return Owed(power=power, units=[], builds=left, build_sites=names if left else [], orders=len(given))
    removed = {province_of(o.unit.location) for o in given if isinstance(o, Remove)}
    return Owed(power=power, units=[], removals=max(-due - len(removed), 0), orders=len(given))


def _unit(board: Board, letter: str, location: str) -> str:
    return f"{letter} {location_text(location, board)}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
