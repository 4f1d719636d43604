"""Sengoku 6DP: Diplomacy Points (DP) bought orders for neutral units.

In every movement phase each power has min(owned centres, 3) DP. It may give
up to 3 DP orders, each for a different neutral unit, each worth 1 or 2 DP,
together within its DP; only holds and supports can be bought. Per neutral
unit, identical orders from different powers add up; the strictly highest
total is carried out, a tie or no bid leaves the unit holding, and DP spent
on losing orders are lost. Nothing is banked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.checked import refusal
from adjudicator.outcomes import Void
from adjudicator.phase_orders import check_movement_orders
from adjudicator.position import Position
from adjudicator.refusals import VoidReason, Why
from adjudicator.rules import NeutralOrders, Rules
from maps.board import Board
from orders.model import DPOrder, NeutralOrder, Order, SupportHold, SupportMove, UnitRef

__all__ = ["Bid", "Lot", "check_dp_orders", "dp_allowance", "normalise_dp_order", "run_auction"]


def dp_allowance(position: Position, power: str, rules: Rules) -> int:
    """A power's DP this movement phase (:meth:`Rules.dp_allowance`)."""
    return rules.dp_allowance(len(position.centres_of(power)))


def normalise_dp_order(position: Position, order: DPOrder) -> DPOrder:
    """Fill in unit letters from the board, so that identical bids compare equal.

    An order that names its units exactly as they stand (the usual case) is
    returned as it is, not copied.
    """
    inner = order.order
    update: dict[str, object] = {}
    unit = _typed(position, inner.unit)
    if unit is not inner.unit:
        update["unit"] = unit
    if isinstance(inner, SupportHold | SupportMove):
        supported = _typed(position, inner.supported)
        if supported is not inner.supported:
            update["supported"] = supported
    return order.replace(order=inner.replace(**update)) if update else order


def _typed(position: Position, ref: UnitRef) -> UnitRef:
    """The reference as the unit stands (the same object when it already says so)."""
    unit = position.unit_at.get(ref.province)
    if unit is None or (ref.type is unit.type and ref.location == unit.location):
        return ref
    return UnitRef(type=unit.type, location=unit.location)


def check_dp_orders(
    board: Board,
    position: Position,
    rules: Rules,
    power: str,
    orders: Sequence[DPOrder],
    allowance: int | None = None,
) -> list[Void | None]:
    """One verdict per DP order, in the order given: None if accepted, else void and why.

    Refusals leave the power's other orders standing; limits are counted over
    the accepted orders only, so a fourth order is refused, not the first.
    ``allowance``: the power's DP when the GM set them (default: what its centres give).
    """
    allowance = dp_allowance(position, power, rules) if allowance is None else allowance
    spent, taken = 0, set[str]()
    verdicts: list[Void | None] = []
    for order in orders:
        why = _dp_problem(board, position, rules, order, allowance, spent, taken)
        verdicts.append(None if why is None else Void(*why))
        if why is None:
            spent += order.points
            taken.add(order.unit.province)
    return verdicts


def _dp_problem(
    board: Board, position: Position, rules: Rules, order: DPOrder, allowance: int, spent: int, taken: set[str]
) -> Why | None:
    if rules.neutral_orders is not NeutralOrders.DP_AUCTION:
        return VoidReason.NO_DIPLOMACY_POINTS, ()
    unit = position.unit_at.get(order.unit.province)
    if unit is None or not unit.is_neutral:
        return VoidReason.DP_NOT_NEUTRAL, (board.display(order.unit.province),)
    if order.points > rules.max_dp_per_order:
        return VoidReason.DP_OVER_ORDER_LIMIT, (str(rules.max_dp_per_order),)
    if order.unit.province in taken:
        return VoidReason.DP_UNIT_TWICE, (board.display(order.unit.province),)
    if len(taken) >= rules.max_dp_orders:
        return VoidReason.DP_TOO_MANY_ORDERS, (str(rules.max_dp_orders),)
    if spent + order.points > allowance:
        return VoidReason.DP_NOT_ENOUGH, (str(allowance), str(spent))
    checked = check_movement_orders(board, position, {None: [order.order]})[0]
    problem = refusal(checked)
    if problem is not None:
        return VoidReason.DP_NEUTRAL_CANNOT, (problem,)
    return None


@dataclass(frozen=True, slots=True)
class Bid:
    power: str
    order: NeutralOrder
    points: int


@dataclass(frozen=True, slots=True)
class Lot:
    """The auction for one neutral unit: every bid, and the order carried out (None: it holds)."""

    unit: str
    bids: tuple[Bid, ...]
    winner: NeutralOrder | None
    total: int
    tied: bool


def run_auction(position: Position, dp_orders: Mapping[str, Sequence[DPOrder]]) -> tuple[list[Order], list[Lot]]:
    """The orders the neutral units carry out, and the auction for each unit that got bids."""
    bids: dict[str, list[Bid]] = {}
    for power, given in dp_orders.items():
        for order in given:
            normal = normalise_dp_order(position, order)
            bids.setdefault(order.unit.province, []).append(Bid(power, normal.order, order.points))
    winners: list[Order] = []
    lots = []
    for province in sorted(bids):
        lot = _settle(province, bids[province])
        lots.append(lot)
        if lot.winner is not None:
            winners.append(lot.winner)
    return winners, lots


def _settle(province: str, bids: list[Bid]) -> Lot:
    totals: dict[NeutralOrder, int] = {}
    for bid in bids:
        totals[bid.order] = totals.get(bid.order, 0) + bid.points
    best = max(totals.values())
    leaders = [order for order, total in totals.items() if total == best]
    winner = leaders[0] if len(leaders) == 1 else None
    return Lot(province, tuple(bids), winner, best, tied=len(leaders) > 1)
