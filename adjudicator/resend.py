"""A power's orders sent again: replace or merge, and never lose good orders to a resend of typos.

Players resend. The GM chooses what a resend means (per paste on the
command line, per save on the web and the API):

* **replace** (the default): the power's accepted orders from the new
  message are its orders for the phase; orders it had before and does not
  repeat are gone;
* **merge**: later orders for a unit replace earlier ones; the power's
  other orders stand (a DP order counts per neutral unit, waives together).

Either way, a message that gave lines but had every one refused (a typo in
each, the wrong power's units) stores nothing: the earlier orders stand, and
the power is recorded for the phase as "sent, but every line refused" until
it sends something that is accepted or the phase is adjudicated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.submission import OrderVerdict
from orders.model import DPOrder, Order, Waive

__all__ = ["SendMode", "Sent", "merged", "order_key"]


class SendMode(StrEnum):
    REPLACE = "replace"
    MERGE = "merge"


def order_key(order: Order) -> tuple[str, str]:
    """What an order is for: a unit's province, a neutral unit's DP order, or the waives."""
    if isinstance(order, Waive):
        return ("waive", "")
    if isinstance(order, DPOrder):
        return ("dp", order.unit.province)
    return ("unit", order.unit.province)


def merged(earlier: Sequence[Order], later: Sequence[Order]) -> list[Order]:
    """``earlier`` less what ``later`` gives orders for, then ``later``."""
    replaced = {order_key(order) for order in later}
    return [order for order in earlier if order_key(order) not in replaced] + list(later)


@dataclass(frozen=True)
class Sent:
    """What came of one power's message: a verdict per order given, and what is stored now."""

    power: str
    mode: SendMode
    verdicts: list[OrderVerdict]
    refused_lines: int  # lines refused before the engine saw them (unreadable, wrong power...)
    earlier: list[Order]
    stored: list[Order]
    kept_earlier: bool  # every line refused: nothing stored, the earlier orders stand

    @property
    def accepted(self) -> int:
        return sum(1 for verdict in self.verdicts if verdict.accepted)

    @property
    def refused(self) -> int:
        return self.refused_lines + sum(1 for verdict in self.verdicts if not verdict.accepted)
