"""Checking a power's orders when they are submitted, one verdict per order.

An order the rules would ignore (an illegal move, a build on a foreign
centre, a DP order over the limits) is refused at once with the reason, so
the player can correct it before the deadline; the power's other orders
stand. The checks are the adjudicator's own, run on this power's orders
alone, so submission and adjudication can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from adjudicator.adjustments import adjudicate_adjustments
from adjudicator.checked import VoidOrder
from adjudicator.diplomacy_points import check_dp_orders, normalise_dp_order
from adjudicator.outcomes import OrderOutcome, Result
from adjudicator.phase_orders import check_movement_orders
from adjudicator.position import Position
from adjudicator.retreats import adjudicate_retreats
from adjudicator.rules import Rules
from game.records import AnyVerdict
from maps.board import Board
from maps.terms import PhaseType, province_of
from orders.model import Build, DPOrder, Order

__all__ = ["OrderVerdict", "check_submission"]


class OrderVerdict(NamedTuple):
    """An order and, if it is refused, the verdict that refuses it (void and why, or a build or removal
    beyond those due). A named tuple: a submission makes one an order."""

    order: Order
    refusal: AnyVerdict | None = None

    @property
    def accepted(self) -> bool:
        return self.refusal is None

    @property
    def problem(self) -> str | None:
        """Why the order is refused, in words (None: accepted)."""
        return self.refusal.note if self.refusal is not None else None


def check_submission(
    board: Board, position: Position, rules: Rules, power: str, orders: Sequence[Order], dp: int | None = None
) -> list[OrderVerdict]:
    """Each order with None (accepted) or the reason it is refused, in the order given.

    ``dp``: the power's Diplomacy Points where the GM set them (default: what its centres give).
    """
    kind = position.phase.type
    if kind is PhaseType.MOVEMENT:
        return _movement(board, position, rules, power, orders, dp)
    orders = [_with_true_type(position, o) for o in orders]
    alone: dict[str | None, Sequence[Order]] = {power: orders}
    outcomes: Sequence[OrderOutcome[AnyVerdict]]
    if kind is PhaseType.RETREATS:
        outcomes = adjudicate_retreats(board, position, alone).outcomes
    else:
        outcomes = adjudicate_adjustments(board, position, alone, rules).outcomes
    given = [o for o in outcomes if not o.implicit]
    return [
        OrderVerdict(
            o.order,
            o.verdict
            if o.result is Result.VOID or (o.result is Result.FAILS and kind is PhaseType.ADJUSTMENTS)
            else None,
        )
        for o in given
    ]


def _movement(
    board: Board, position: Position, rules: Rules, power: str, orders: Sequence[Order], dp: int | None
) -> list[OrderVerdict]:
    orders = [_with_true_type(position, o) for o in orders]
    dp_orders = [o for o in orders if isinstance(o, DPOrder)]
    dp_verdicts = iter(check_dp_orders(board, position, rules, power, dp_orders, dp))
    unit_orders = [o for o in orders if not isinstance(o, DPOrder)]
    checked = iter(check_movement_orders(board, position, {power: unit_orders}))
    verdicts = []
    for order in orders:
        if isinstance(order, DPOrder):
            verdicts.append(OrderVerdict(normalise_dp_order(position, order), next(dp_verdicts)))
        else:
            item = next(checked)
            verdicts.append(OrderVerdict(order, item.verdict if type(item) is VoidOrder else None))
    return verdicts


def _with_true_type(position: Position, order: Order) -> Order:
    """The order with its unit's true letter: ``F Kai H`` for the army in Kai is kept as ``A Kai H``, and a
    missing letter (``Iwami - Aki``) is filled in.

    A wrong or missing unit letter does not make an order invalid (DATC 4.C.1 and 4.C.2, as this project reads
    them), but it must not be stored, shown and posted as written: the player reads back the order the unit
    will carry out.
    """
    unit = getattr(order, "unit", None)
    if unit is None or isinstance(order, (DPOrder, Build)):
        return order
    if position.phase.type is PhaseType.RETREATS:  # the unit ordered is one dislodged: it stands nowhere now
        province = province_of(unit.location)
        there = next((d.unit for d in position.dislodged if d.unit.province == province), None)
    else:
        there = position.unit_at.get(province_of(unit.location))
    if there is None or there.type is unit.type:
        return order
    return order.replace(unit=unit.replace(type=there.type))
