"""A phase's orders checked together: each order's legality, then what depends on several orders.

Each order is checked on its own by :mod:`adjudicator.legality` (once, at
submission, and remembered with the position). What depends on several
orders stays within one power's orders, since an order for another power's
unit is void: only a power's own orders can name one unit twice (DATC
4.D.3) or convoy its own army (4.A.3). Each power's orders are therefore
settled on their own, and the last list settled for each power is kept, so
adjudicating the orders as submitted looks at each power's list once, not
order by order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import is_

from msgspec.structs import replace

from adjudicator.checked import Checked, ConvoyChecked, MoveChecked, VoidOrder
from adjudicator.legality import check_order
from adjudicator.pieces import Pieces, pieces_of
from adjudicator.position import Position
from adjudicator.refusals import VoidReason
from maps.board import Board
from orders.model import Order

__all__ = ["check_movement_orders", "check_orders"]


def check_movement_orders(
    board: Board, position: Position, orders: Mapping[str | None, Sequence[Order]]
) -> list[Checked]:
    """Every order with its verdict, in submission order; ``None`` keys neutral units' orders.

    Orders checked before in this position (at submission) are not checked again.
    """
    return check_orders(pieces_of(board, position), orders)


def check_orders(pieces: Pieces, orders: Mapping[str | None, Sequence[Order]]) -> list[Checked]:
    """:func:`check_movement_orders` for a position already read into its pieces."""
    checked: list[Checked] = []
    for power, given in orders.items():
        checked += _power_orders(pieces, power, given)
    return checked


def _power_orders(pieces: Pieces, power: str | None, given: Sequence[Order]) -> list[Checked]:
    known = pieces.by_power.get(power)
    if known is not None and len(known[0]) == len(given) and all(map(is_, known[0], given)):
        return known[1]
    checked = [check_order(pieces, power, order) for order in given]
    legal = [item.unit for item in checked if type(item) is not VoidOrder]
    if len(set(legal)) < len(legal):  # rare: a unit ordered twice
        checked = _one_order_per_unit(checked)
    intents = {(c.power, c.army, c.target) for c in checked if type(c) is ConvoyChecked}
    if intents:
        checked = _with_convoy_intent(checked, intents)
    pieces.by_power[power] = (tuple(given), checked)
    return checked


def _one_order_per_unit(checked: list[Checked]) -> list[Checked]:
    """Two different orders for one unit: both void, the unit holds (DATC 4.D.3)."""
    by_unit: dict[int, list[int]] = {}
    for i, item in enumerate(checked):
        if not isinstance(item, VoidOrder):
            by_unit.setdefault(item.unit, []).append(i)
    result = list(checked)
    for indexes in by_unit.values():
        if len(indexes) == 1:
            continue
        first = checked[indexes[0]].order
        same = all(checked[i].order == first for i in indexes)
        for n, i in enumerate(indexes):
            item = checked[i]
            if not same:
                result[i] = VoidOrder(item.power, item.order, item.unit, VoidReason.TWO_ORDERS)
            elif n > 0:
                result[i] = VoidOrder(item.power, item.order, item.unit, VoidReason.SAME_ORDER_TWICE)
    return result


def _with_convoy_intent(checked: list[Checked], intents: set[tuple[str | None, int, int]]) -> list[Checked]:
    """An army moving to an adjacent province goes by convoy if an own fleet legally convoys it (DATC 4.A.3)."""
    result = []
    for item in checked:
        if type(item) is MoveChecked and not item.convoyed:
            if (item.power, item.province, item.target) in intents:
                item = replace(item, convoyed=True)
        result.append(item)
    return result
