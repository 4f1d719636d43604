"""A power's orders sent again: replace or merge, and never lose good orders to a resend of typos.

Players resend. The GM chooses what a resend means (per paste on the
command line, per save on the web and the API):

* **replace** (the default): the power's accepted orders from the new
  message are its orders for the phase; orders it had before and does not
  repeat are gone;
* **merge**: later orders for a unit replace earlier ones; the power's
  other orders stand (a DP order counts per neutral unit, waives together).
  A later order the engine refuses replaces nothing: the earlier order for
  its unit stands (:func:`merge_checked`).

Either way, a message that gave lines but had every one refused (a typo in
each, the wrong power's units) stores nothing: the earlier orders stand, and
the power is recorded for the phase as "sent, but every line refused" until
it sends something that is accepted or the phase is adjudicated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum

import msgspec

from game.submission import OrderVerdict
from orders.model import DPOrder, Order, Waive

__all__ = ["SendMode", "Sent", "merge_checked", "merged", "order_key"]


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


def merge_checked(
    check: Callable[[Sequence[Order]], list[OrderVerdict]], earlier: Sequence[Order], later: Sequence[Order]
) -> tuple[list[OrderVerdict], list[Order]]:
    """Merge ``later`` into ``earlier``: each later order's verdict, and the orders to store.

    The later orders are checked together with the earlier orders they would
    join (DP limits and builds owed count across both). One that is refused
    leaves the merge, so the earlier order for its unit stands, and the rest
    is checked again without it: a refused line never removes anything. Each
    round drops at least one order, so it ends.
    """
    verdicts: dict[int, OrderVerdict] = {}
    trying = list(range(len(later)))
    while True:
        candidate = merged(earlier, [later[i] for i in trying])
        checked = check(candidate)
        tail = checked[len(candidate) - len(trying) :]
        verdicts.update(zip(trying, tail, strict=True))
        refused = {i for i, verdict in zip(trying, tail, strict=True) if not verdict.accepted}
        if not refused:
            return [verdicts[i] for i in range(len(later))], [v.order for v in checked if v.accepted]
        trying = [i for i in trying if i not in refused]


class Sent(msgspec.Struct, frozen=True):
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

    @property
    def replaced(self) -> int:
        """How many earlier orders this message replaced (replace: all of them, unless it stored nothing)."""
        if self.kept_earlier:
            return 0
        if self.mode is SendMode.REPLACE:
            return len(self.earlier)
        new = {order_key(verdict.order) for verdict in self.verdicts if verdict.accepted}
        return sum(1 for order in self.earlier if order_key(order) in new)

    @property
    def kept(self) -> int:
        """How many earlier orders stand beside (merge) or instead of (every line refused) the new ones."""
        return len(self.earlier) - self.replaced

    def earlier_note(self) -> str:
        """What became of the earlier orders, in words: ``replacing 2 earlier``; '' when there were none.

        ``merged: 1 of 2 earlier replaced, 1 kept``; ``its 1 order from before stands`` when every line
        was refused. The command line and the web page say the same.
        """
        earlier = len(self.earlier)
        if not earlier:
            return "it has no orders stored" if self.kept_earlier else ""
        if self.kept_earlier:
            return f"its {_orders(earlier)} from before {'stands' if earlier == 1 else 'stand'}"
        if self.mode is SendMode.MERGE:
            return f"merged: {self.replaced} of {earlier} earlier replaced, {self.kept} kept"
        return f"replacing {earlier} earlier"


def _orders(count: int) -> str:
    return f"{count} order{'' if count == 1 else 's'}"
