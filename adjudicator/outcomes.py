"""What happened to each order, and why, as data.

An outcome carries its verdict, a reason from a closed set and the numbers
behind it, so the CLI, the web site and the tests can each say it their own
way ("A Kai - Suruga: bounced, 1 against 1 from A Suruga") without parsing
text. These are named tuples, not pydantic models or frozen dataclasses: a
movement phase makes one or two per order, and a named tuple is as immutable
as a frozen dataclass but several times cheaper to build (CPython builds a
frozen dataclass field by field through ``object.__setattr__``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from maps.terms import Location
from orders.model import Order

__all__ = ["Detail", "OrderOutcome", "Reason", "Result"]


class Result(StrEnum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"
    VOID = "void"


class Reason(StrEnum):
    """Why an order ended as it did; each value is one sentence in a report."""

    # movement
    MOVED = "moved"
    BOUNCED = "bounced"
    NO_CONVOY = "convoy disrupted or missing"
    HELD = "held"
    DISLODGED = "dislodged"
    SUPPORT_GIVEN = "support given"
    SUPPORT_CUT = "support cut"
    SUPPORT_UNMATCHED = "supported unit did something else"
    CONVOYED = "convoyed"
    CONVOY_DISRUPTED = "convoy disrupted"
    CONVOY_PARADOX = "convoy paradox (Szykman rule: the fleet holds)"
    CONVOY_UNUSED = "army did not take this convoy"
    CIRCULAR_UNRESOLVED = "undecidable cycle: the orders in it fail"
    # retreats
    RETREATED = "retreated"
    RETREAT_BOUNCED = "retreat bounced"
    DISBANDED = "disbanded"
    # adjustments
    BUILT = "built"
    REMOVED = "removed"
    WAIVED = "waived"
    TOO_MANY = "more orders than allowed"
    CIVIL_DISORDER = "removed in civil disorder"
    # any phase
    ILLEGAL = "illegal"


class Detail(NamedTuple):
    """The numbers behind a movement outcome (all optional; filled where they apply).

    ``strength`` is the order's attack strength (moves) or hold strength
    (units that stay); ``opposition`` is the strongest force against it and
    ``opposed_by`` the location of the unit that brought it; ``by`` names the
    unit that cut a support or dislodged a unit.
    """

    strength: int | None = None
    opposition: int | None = None
    opposed_by: Location | None = None
    by: Location | None = None
    via_convoy: bool = False
    head_to_head: bool = False


class OrderOutcome(NamedTuple):
    """One order and its fate. ``implicit`` marks the hold of a unit that got no order."""

    power: str | None
    order: Order
    result: Result
    reason: Reason
    note: str = ""
    detail: Detail = Detail()
    implicit: bool = False

    @property
    def succeeded(self) -> bool:
        return self.result is Result.SUCCEEDS
