"""A player's order text and DP bids, checked for one power.

The parser reads the text (``power`` is the page's power, so plain lines are
that power's); lines for another power are refused, whatever header or
prefix they carry, so a link can only ever order for its own power. The
accepted lines then go through :meth:`Game.submit`, whose checks are the
adjudicator's own.
"""

from __future__ import annotations

import re

from adjudicator.game import Game
from maps.board import Board
from orders import DPOrder, LineVerdict, Order, UnitRef, VerdictKind, order_text, parse_order, parse_orders
from web.schemas import BidIn, LineOut, OrdersOut

__all__ = ["bid_order", "check_text", "order_texts", "orders_as_text", "without_bid"]

_FIELD = re.compile(r"^[\w .'()/-]+$")


def check_text(game: Game, power: str, text: str) -> tuple[OrdersOut, list[Order]]:
    """Each line's verdict, and the orders the game kept (``game`` is changed: pass a copy to only check)."""
    board = game.board
    parsed = parse_orders(text, board, phase=game.state.position.phase.type, power=power)
    lines: list[LineOut | None] = []
    candidates: list[tuple[int, Order]] = []
    for verdict in parsed.verdicts:
        if verdict.kind is VerdictKind.ORDER and verdict.power == power and verdict.order is not None:
            candidates.append((len(lines), verdict.order))
            lines.append(None)
        else:
            lines.append(_line(verdict, power))
    checked = game.submit(power, [order for _, order in candidates])
    for (index, _), engine in zip(candidates, checked, strict=True):
        raw = parsed.verdicts[index]
        text_out = order_text(engine.order, board)
        lines[index] = LineOut(
            number=raw.number,
            text=raw.text,
            kind="order" if engine.accepted else "refused",
            ok=engine.accepted,
            order=text_out,
            problem=engine.problem,
            unit=_unit_of(engine.order),
        )
    done = [line for line in lines if line is not None]
    refused = sum(1 for line in done if not line.ok)
    saved = list(game.state.orders.get(power, []))
    return OrdersOut(phase=game.phase, lines=done, accepted=len(saved), refused=refused), saved


def _unit_of(order: Order) -> str | None:
    """The province of the unit an order is for (a build's too); None for a waive."""
    unit = getattr(order, "unit", None)
    return unit.province if isinstance(unit, UnitRef) else None


def _line(verdict: LineVerdict, power: str) -> LineOut:
    number, text = verdict.number, verdict.text
    if verdict.power not in (None, power) and verdict.kind in (VerdictKind.ORDER, VerdictKind.HEADER):
        problem = f"this link gives orders for {power} only, not for {verdict.power}"
        return LineOut(number=number, text=text, kind="refused", ok=False, problem=problem)
    if verdict.kind is VerdictKind.ERROR:
        return LineOut(
            number=number,
            text=text,
            kind="error",
            ok=False,
            problem=verdict.problem,
            suggestions=list(verdict.suggestions),
        )
    if verdict.kind is VerdictKind.HEADER:
        return LineOut(number=number, text=text, kind="header", ok=True)
    if verdict.kind is VerdictKind.IGNORED:
        return LineOut(number=number, text=text, kind="ignored", ok=True)
    return LineOut(number=number, text=text, kind="error", ok=False, problem="an order with no power")


def bid_order(board: Board, game: Game, bid: BidIn) -> DPOrder | str:
    """The DP order a bid form describes, or why it cannot be read."""
    fields = [bid.unit] + [f for f in (bid.supported, bid.destination) if f is not None]
    if not all(_FIELD.match(f) for f in fields):
        return "province names may only hold letters, digits, spaces and ' . ( ) / -"
    if bid.kind == "hold":
        text = f"{bid.points} : {bid.unit} H"
    elif bid.kind == "support_hold" and bid.supported:
        text = f"{bid.points} : {bid.unit} S {bid.supported}"
    elif bid.kind == "support_move" and bid.supported and bid.destination:
        text = f"{bid.points} : {bid.unit} S {bid.supported} - {bid.destination}"
    else:
        return "a support needs the supported unit (and, for a support move, its destination)"
    order = parse_order(text, board, phase=game.state.position.phase.type)
    if isinstance(order, LineVerdict):
        return order.problem or "cannot read this DP order"
    if not isinstance(order, DPOrder):
        return "not a DP order"
    return order


def without_bid(orders: list[Order], province: str) -> list[Order]:
    """The orders less any DP order for the neutral unit in ``province``."""
    return [o for o in orders if not (isinstance(o, DPOrder) and o.unit.province == province)]


def order_texts(board: Board, orders: list[Order]) -> list[str]:
    return [order_text(o, board) for o in orders]


def orders_as_text(board: Board, orders: list[Order]) -> str:
    """Saved orders as text to edit again (parses back to the same orders)."""
    return "\n".join(order_texts(board, orders))
