"""An order after the legality check: one small record per order kind.

:mod:`adjudicator.legality` turns each order into one of these, and the
battle reads them by field name (:mod:`adjudicator.battlefield` lays them out by unit). Every place is
an integer id (:mod:`maps.tables`); ``unit`` is the ordered unit's place in
the position's units and ``province`` its province.

* :class:`HoldChecked`: the unit holds.
* :class:`MoveChecked`: ``target`` is the province moved into and
  ``destination`` the exact location (the coast filled in where only one is
  reachable, DATC 4.B.2); ``convoyed`` says whether it travels by convoy
  (DATC 4.A.3: not adjacent, "via convoy", or an own fleet legally ordered
  to convoy it).
* :class:`SupportHoldChecked`: ``supported`` is the supported unit's province.
* :class:`SupportMoveChecked`: ``supported`` moves into ``target``; ``coast``
  is the coast the order names, None when it names the province, and
  :data:`UNKNOWN_COAST` when it names a coast the map does not have (DATC
  4.B.4: then it matches no move).
* :class:`ConvoyChecked`: the army in ``army`` is convoyed into ``target``.
* :class:`VoidOrder`: illegal, so void (the unit holds): ``reason`` (a
  :class:`~adjudicator.refusals.VoidReason`) and ``places``, the names the
  sentence needs; ``unit`` is None when no unit stands where the order
  says. The sentence is made when it is read (:func:`refusal`, the
  outcome's note).

Each record class names its :class:`OrderKind`. msgspec Structs, frozen and
untracked by the garbage collector: as immutable as a named tuple, built in
a fifth of the time (about 40 ns), and read by name as fast as a slot. A
phase builds one per order.
"""

from __future__ import annotations

from enum import IntEnum
from typing import ClassVar, Final, final

from msgspec import Struct

from adjudicator.outcomes import Void
from adjudicator.refusals import VoidReason, sentence
from orders.model import Order

__all__ = [
    "NOBODY",
    "NOWHERE",
    "UNKNOWN_COAST",
    "Checked",
    "ConvoyChecked",
    "HoldChecked",
    "MoveChecked",
    "OrderKind",
    "SupportHoldChecked",
    "SupportMoveChecked",
    "VoidOrder",
    "refusal",
]


class OrderKind(IntEnum):
    """The kinds of order a movement phase adjudicates (DATC 5.B)."""

    HOLD = 0
    MOVE = 1
    SUPPORT_HOLD = 2
    SUPPORT_MOVE = 3
    CONVOY = 4


UNKNOWN_COAST: Final = -1
"""A support's coast the map does not have: no location has this id, so it matches no move."""
NOBODY: Final = -1
"""No unit, where the rules look a unit up by its province (units are numbered from 0)."""
NOWHERE: Final = -1
"""No province or location: a name the map does not have (ids are numbered from 0)."""


class _Legal(Struct, frozen=True, gc=False):
    power: str | None
    order: Order
    unit: int
    province: int


@final
class HoldChecked(_Legal, frozen=True, gc=False):
    kind: ClassVar[OrderKind] = OrderKind.HOLD


@final
class MoveChecked(_Legal, frozen=True, gc=False):
    kind: ClassVar[OrderKind] = OrderKind.MOVE
    target: int
    destination: int
    convoyed: bool


@final
class SupportHoldChecked(_Legal, frozen=True, gc=False):
    kind: ClassVar[OrderKind] = OrderKind.SUPPORT_HOLD
    supported: int


@final
class SupportMoveChecked(_Legal, frozen=True, gc=False):
    kind: ClassVar[OrderKind] = OrderKind.SUPPORT_MOVE
    supported: int
    target: int
    coast: int | None


@final
class ConvoyChecked(_Legal, frozen=True, gc=False):
    kind: ClassVar[OrderKind] = OrderKind.CONVOY
    army: int
    target: int


@final
class VoidOrder(Struct, frozen=True, gc=False):
    """An illegal order: ignored, and the unit (if there is one) holds (DATC 4.E.1)."""

    power: str | None
    order: Order
    unit: int | None
    reason: VoidReason
    places: tuple[str, ...] = ()

    @property
    def problem(self) -> str:
        """The reason in words, with its places named."""
        return sentence(self.reason, self.places)

    @property
    def verdict(self) -> Void:
        """The order's verdict: void, and why."""
        return Void(self.reason, self.places)


Checked = HoldChecked | MoveChecked | SupportHoldChecked | SupportMoveChecked | ConvoyChecked | VoidOrder
"""Any order after the check: legal, of one kind, or void."""


def refusal(checked: Checked) -> str | None:
    """Why the order is void, in words; None for a legal order."""
    return checked.problem if type(checked) is VoidOrder else None
