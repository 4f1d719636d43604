"""The order kinds, in one table: each kind's model, its canonical word, and the words that mean it.

Code that treats each kind of order differently (canonical text, the
parser's order word, the arrows on the map) builds its handlers with
:func:`kind_table`, which refuses a table that forgets a kind. A new kind of
order is then added here once, and every place that must learn about it fails
loudly at import until it does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from orders import vocabulary as words
from orders.model import (
    Build,
    Convoy,
    Disband,
    DPOrder,
    Hold,
    Move,
    OrderModel,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)

__all__ = ["KINDS", "Kind", "kind_table"]

H = TypeVar("H")


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of order.

    ``word`` is what canonical text writes for it (after the unit for unit
    orders, before it for builds and removals); ``words`` are the words a
    player may write for it instead.
    """

    model: type[OrderModel]
    word: str
    words: frozenset[str]


KINDS: Mapping[str, Kind] = {
    "hold": Kind(Hold, "H", words.HOLD),
    "move": Kind(Move, "-", words.MOVE | words.TO),
    "support_hold": Kind(SupportHold, "S", words.SUPPORT),
    "support_move": Kind(SupportMove, "S", words.SUPPORT),
    "convoy": Kind(Convoy, "C", words.CONVOY),
    "retreat": Kind(Retreat, "R", words.RETREAT),
    "disband": Kind(Disband, "disband", words.DISBAND),
    "build": Kind(Build, "Build", words.BUILD),
    "remove": Kind(Remove, "Remove", words.REMOVE),
    "waive": Kind(Waive, "Waive", words.WAIVE),
    "dp": Kind(DPOrder, ":", words.DP),
}


def kind_table(handlers: Mapping[str, H], *, not_handled: Iterable[str] = ()) -> dict[str, H]:
    """A handler per order kind, checked complete: every kind is handled or named in ``not_handled``."""
    skipped = set(not_handled)
    unknown = (set(handlers) | skipped) - set(KINDS)
    missing = set(KINDS) - set(handlers) - skipped
    if unknown or missing:
        raise TypeError(f"order kind table: unknown kinds {sorted(unknown)}, kinds not handled {sorted(missing)}")
    return dict(handlers)
