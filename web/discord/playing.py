"""A player's moves from Discord: orders (a box, or one at a time), their orders, DP bids and "ready".

Each goes through the same actions as the player's page and the API (:mod:`web.play.actions`,
:mod:`web.table.readiness`), so a line gets the same verdict in Discord as on the page, and a save lands in
the phase its author saw: the box carries the phase it was opened in, and a save for a phase since closed
is refused and stores nothing.
"""

from __future__ import annotations

from adjudicator.position import Phase
from game.game import GameError
from maps.terms import province_of
from orders import DPOrder, LineVerdict, parse_order
from orders.model import SupportHold, SupportMove
from web.discord.context import Box, Context, Say, Sorry, deadline_line, escape
from web.pages import present
from web.play import actions
from web.play.ordering import orders_as_text
from web.schemas.orders import BidIn, OrdersOut
from web.schemas.table import ReadyIn
from web.storage import store
from web.table import readiness

__all__ = ["bid", "my_orders", "one_order", "orders", "orders_given", "ready", "verdicts"]

_SEP = "|"


def orders(context: Context) -> Box:
    """The box, holding the orders stored so far (to edit) when it replaces them."""
    power = context.caller.power
    merge = context.interaction.option("mode") == "merge"
    snapshot = store.load(context.db, context.caller.game_id)
    phase = snapshot.state.position.phase
    if snapshot.state.result.over:
        raise Sorry(f"The game is over: {snapshot.state.result.describe()}")
    stored = "" if merge else orders_as_text(snapshot.board, snapshot.state.orders.get(power, []))
    mode = "merge" if merge else "replace"
    label = "Orders to add or change, one a line" if merge else "Your orders, one a line (empty: none)"
    title = f"{power}: {phase}{' (merge)' if merge else ''}"
    return Box(_SEP.join(("orders", mode, str(phase))), title[:45], label, value=stored, required=merge)


def orders_given(context: Context, custom_id: str, text: str) -> Say:
    """The box came back: store its lines for the phase it was opened in."""
    _, mode, phase = (custom_id.split(_SEP) + ["", ""])[:3]
    try:
        named = Phase.parse(phase)
    except ValueError:
        raise Sorry("That box is from an older version of the site: open /orders again.") from None
    return Say(_saved(context, text, merge=mode == "merge", phase=named))


def one_order(context: Context) -> Say:
    """One order (picked from the autocomplete list, or typed), merged with the orders stored."""
    text = str(context.interaction.option("order") or "").strip()
    if not text:
        raise Sorry("Give the order, e.g. A Owari - Mino.")
    return Say(_saved(context, text, merge=True, phase=None))


def _saved(context: Context, text: str, merge: bool, phase: Phase | None) -> str:
    caller = context.caller
    try:
        out = actions.save_orders(context.db, caller.game_id, caller.power, text, merge, phase)
    except store.PhaseClosed as closed:
        raise Sorry(closed.describe()[:1].upper() + closed.describe()[1:] + ".") from None
    return verdicts(out, text)


def verdicts(out: OrdersOut, text: str = "") -> str:
    """A verdict per line, as the player's page gives them, then what is stored now."""
    lines = [f"**{out.phase}**: {_summary(out)}"]
    for line in out.lines:
        if line.kind == "order":
            remark = f" ({escape(line.note)})" if line.note else ""
            lines.append(f"✅ {line.number}. {escape(line.order or line.text)}{remark}")
        elif not line.ok:
            lines.append(f"❌ {line.number}. '{escape(line.text.strip())}': {escape(line.problem or 'refused')}")
        elif line.kind == "header":
            lines.append(f"▫️ {line.number}. '{escape(line.text.strip())}' (header)")
        elif line.note != "blank":
            lines.append(f"▫️ {line.number}. '{escape(line.text.strip())}' ({escape(line.note or 'not an order')})")
    if out.saved:
        lines.append("Stored now: " + "; ".join(escape(o) for o in out.saved))
    refused = [line.text.strip() for line in out.lines if not line.ok]
    if refused and text:
        copy = "\n".join(refused).replace("```", "'''")
        lines.append(f"The refused lines, to copy into /orders once put right:\n```\n{copy}\n```")
    return "\n".join(lines)


def _summary(out: OrdersOut) -> str:
    if out.kept_earlier:
        why = "every line was refused" if out.refused else "no line of it is an order"
        stand = f"your {out.standing} stored order{'s' if out.standing != 1 else ''} stand" if out.standing else "none"
        return f"nothing stored: {why}; {stand}."
    refused = f", {out.refused} line{'s' if out.refused != 1 else ''} refused" if out.refused else ""
    return f"{out.standing} order{'s' if out.standing != 1 else ''} stored{refused}."


def my_orders(context: Context) -> Say:
    caller = context.caller
    power = caller.power
    view = present.player_out(store.load(context.db, caller.game_id), power)
    stored = "\n".join(f"- {escape(o)}" for o in view.orders) or "- none yet"
    dp = f"\nDP: {view.dp_left} of {view.dp} left." if view.dp else ""
    ready = "You are ready." if view.ready else "You are not marked ready (/ready)."
    return Say(f"**{power}, {view.phase}**\nYour orders:\n{stored}{dp}\n{ready}\n{deadline_line(view.deadline)}")


def bid(context: Context) -> Say:
    """A DP order: the neutral unit's order picked from the list (or typed) and the points on it."""
    caller = context.caller
    text = str(context.interaction.option("order") or "").strip()
    points = int(context.interaction.option("dp") or 0)
    snapshot = store.load(context.db, caller.game_id)
    order = parse_order(f"{max(points, 1)} : {text}", snapshot.board, phase=snapshot.state.position.phase.type)
    if isinstance(order, LineVerdict) or not isinstance(order, DPOrder):
        problem = order.problem if isinstance(order, LineVerdict) and order.problem else "not a neutral unit's order"
        raise Sorry(f"'{text}': {problem}.")
    phase = snapshot.state.position.phase
    if points == 0:
        left = actions.withdraw_bid(context.db, caller.game_id, caller.power, order.unit.province, phase)
        if left is None:
            raise Sorry(f"You have no DP order for the unit in {order.unit.province}.")
        return Say(f"DP order withdrawn.{_dp_left(context)}")
    out = actions.place_bid(context.db, caller.game_id, caller.power, _bid_in(order), phase)
    if out.problem:
        raise GameError(f"DP order refused: {out.problem}")
    return Say(f"DP order stored: {escape(out.order or text)}.{_dp_left(context)}")


def _bid_in(order: DPOrder) -> BidIn:
    neutral = order.order
    if isinstance(neutral, SupportMove):
        supported, destination = neutral.supported.province, province_of(neutral.destination)
        return BidIn(unit=order.unit.province, kind="support_move", supported=supported, destination=destination,
                     points=order.points)  # fmt: skip
    if isinstance(neutral, SupportHold):
        return BidIn(unit=order.unit.province, kind="support_hold", supported=neutral.supported.province,
                     points=order.points)  # fmt: skip
    return BidIn(unit=order.unit.province, kind="hold", points=order.points)


def _dp_left(context: Context) -> str:
    caller = context.caller
    view = present.player_out(store.load(context.db, caller.game_id), caller.power)
    bids = "; ".join(escape(b.text) for b in view.bids) or "none"
    return f"\nYour DP orders: {bids}. DP left: {view.dp_left} of {view.dp}."


def ready(context: Context) -> Say:
    caller = context.caller
    power = caller.power
    wanted = context.interaction.option("ready")
    out = readiness.set_ready(context.db, caller.game_id, power, ReadyIn(ready=wanted is not False))
    if out.adjudicating:
        return Say("Everyone is ready: the phase is being adjudicated now; the results follow in a few seconds.")
    if not out.ready:
        return Say(f"{power} is no longer marked ready for {out.phase}.")
    waiting = f" Still waiting for {', '.join(out.waiting_for)}." if out.waiting_for else ""
    early = "" if out.early else " (The phase still ends at its deadline: the GM has not chosen to end it early.)"
    return Say(f"{power} is ready for {out.phase}.{waiting} Changing your orders clears it.{early}")
