"""A player's order text and DP bids, checked for one power.

The parser reads the text (``power`` is the page's power, so plain lines are
that power's); lines for another power are refused, whatever header or
prefix they carry, so a link can only ever order for its own power. The
accepted lines then go through :meth:`Game.submit`, whose checks are the
adjudicator's own.
"""

from __future__ import annotations

import re

from game.game import Game
from game.records import AnyVerdict
from game.resend import SendMode
from maps.board import Board
from maps.fuzzy import close_matches
from maps.terms import province_of
from orders import DPOrder, LineVerdict, Order, UnitRef, VerdictKind, order_text, parse_order, parse_orders
from web.schemas.orders import BidIn, LineOut, OrdersOut

__all__ = ["bid_order", "check_text", "line_out", "order_texts", "orders_as_text", "without_bid"]

_FIELD = re.compile(r"^[\w .'()/-]+$")


def check_text(game: Game, power: str, text: str, mode: SendMode = SendMode.REPLACE) -> tuple[OrdersOut, list[Order]]:
    """Each line's verdict, and the orders the game kept (``game`` is changed: pass a copy to only check).

    The text is the power's message: by ``mode`` it replaces the power's
    orders or merges with them, and if every line is refused it stores
    nothing (:meth:`Game.send`).
    """
    board = game.board
    parsed = parse_orders(text, board, phase=game.state.position.phase.type, power=power)
    lines: list[LineOut | None] = []
    candidates: list[tuple[int, LineVerdict]] = []
    refused = 0
    for verdict in parsed.verdicts:
        if verdict.kind is VerdictKind.ORDER and verdict.power == power and verdict.order is not None:
            candidates.append((len(lines), verdict))
            lines.append(None)
        else:
            shown = _own_first(_line(verdict, power, board), game, power)
            refused += verdict.counted and not shown.ok
            lines.append(shown)
    if not candidates and not refused and text.strip():
        # Only talk, quotes or a signature: no order was given, so none is taken away. An empty box clears.
        done = [line for line in lines if line is not None]
        saved = list(game.state.orders.get(power, []))
        out = OrdersOut(phase=game.phase, lines=done, accepted=0, refused=0, standing=len(saved), kept_earlier=True)
        return out, saved
    sent = game.send(power, [v.order for _, v in candidates if v.order is not None], refused_lines=refused, mode=mode)
    for (index, verdict), engine in zip(candidates, sent.verdicts, strict=True):
        lines[index] = line_out(verdict._replace(order=engine.order), board, engine.refusal)
    done = [line for line in lines if line is not None]
    saved = list(game.state.orders.get(power, []))
    out = OrdersOut(
        phase=game.phase,
        lines=done,
        accepted=sum(1 for line in done if line.ok and line.kind == "order"),  # this text's, not what stands
        refused=sum(1 for line in done if not line.ok),
        standing=len(saved),
        kept_earlier=sent.kept_earlier,
    )
    return out, saved


def _unit_of(order: Order) -> str | None:
    """The province of the unit an order is for (a build's too); None for a waive."""
    unit = getattr(order, "unit", None)
    return unit.province if isinstance(unit, UnitRef) else None


def line_out(verdict: LineVerdict, board: Board, refusal: AnyVerdict | None = None) -> LineOut:
    """One line's verdict as the API shows it; ``refusal``: the engine refused the order, and why."""
    number, text, power = verdict.number, verdict.text, verdict.power
    order = order_text(verdict.order, board) if verdict.order is not None else None
    unit = _unit_of(verdict.order) if verdict.order is not None else None
    points = verdict.order.points if isinstance(verdict.order, DPOrder) else None
    if verdict.kind is VerdictKind.ORDER and refusal is None:
        return LineOut(
            number=number,
            text=text,
            power=power,
            kind="order",
            ok=True,
            order=order,
            unit=unit,
            points=points,
            note=verdict.note,
        )
    if verdict.kind is VerdictKind.ORDER or (verdict.kind is VerdictKind.ERROR and order is not None):
        problem = refusal.note if refusal is not None else verdict.problem
        return LineOut(
            number=number,
            text=text,
            power=power,
            kind="refused",
            ok=False,
            order=order,
            problem=problem,
            unit=unit,
            points=points,
            refusal=refusal,
        )
    if verdict.kind is VerdictKind.ERROR:
        suggestions = list(verdict.suggestions)
        problem = verdict.problem
        return LineOut(
            number=number,
            text=text,
            power=power,
            kind="error",
            ok=False,
            problem=problem,
            suggestions=suggestions,
            unread=verdict.unread,
        )
    if verdict.kind is VerdictKind.HEADER:
        return LineOut(number=number, text=text, power=power, kind="header", ok=True, note=verdict.note)
    note = verdict.ignored.value if verdict.ignored else None
    return LineOut(number=number, text=text, power=power, kind="ignored", ok=True, note=note)


def _line(verdict: LineVerdict, power: str, board: Board) -> LineOut:
    if verdict.power not in (None, power) and verdict.kind in (VerdictKind.ORDER, VerdictKind.HEADER):
        problem = f"this link gives orders for {power} only, not for {verdict.power}"
        return LineOut(number=verdict.number, text=verdict.text, kind="refused", ok=False, problem=problem)
    if verdict.kind is VerdictKind.ORDER:  # no power: cannot happen on a page with its power, kept for safety
        return LineOut(
            number=verdict.number, text=verdict.text, kind="error", ok=False, problem="an order with no power"
        )
    return line_out(verdict, board)


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


def _own_first(line: LineOut, game: Game, power: str) -> LineOut:
    """A misspelt unit's province: the player's own units that it could name come first among the suggestions
    ("A Kia - Suruga": Kai, the player's own army, before Kii and Kazusa). The word is the one the line's
    verdict could not read (``unread``), not one read back out of the sentence."""
    word = line.unread if line.kind == "error" else None
    if word is None:
        return line
    board = game.board
    own = {board.provinces[province_of(u.location)] for u in game.state.position.units_of(power)}
    names = {p.name: p for p in own} | {p.id: p for p in own}
    close = close_matches(word, list(names), n=3, cutoff=0.6)
    mine = list(dict.fromkeys(f"{names[n].name} ({names[n].id})" for n in close))
    if not mine:
        return line
    suggestions = [*mine, *(s for s in line.suggestions if s not in mine)][:5]
    problem = f"unknown province '{word}'; did you mean {', '.join(suggestions)}?"
    return line.model_copy(update={"suggestions": suggestions, "problem": problem})
