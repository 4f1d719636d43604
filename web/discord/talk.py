"""The table's talk from Discord: the game's status, press sent as the game's rules allow, and press to read.

Press goes through :mod:`web.table.press`, the web's own, so the GM's rules hold in Discord as on the page
(no press, public only, grey press) and a message sent here is read on the page, by mail, or with /messages.
A signed message to everyone is shown to the channel (it is meant for everyone); any other is said to its
sender alone.
"""

from __future__ import annotations

from game.owed import Owed, owed
from game.press import EVERYONE
from web.discord.context import Context, Say, Sorry, deadline_line, escape
from web.schemas.table import PressIn
from web.storage import store
from web.table import press as table_press
from web.table import pressread

__all__ = ["messages", "press", "status"]

_SHOWN = 10
"""Unread messages one answer shows at most, oldest first (a long one goes on in follow-up messages)..."""
_SHOWN_TEXT = 6000
"""...and no more of them than this many characters: three Discord messages (at least one message is shown)."""


def status(context: Context) -> Say:
    """Phase, deadline, and each power with something to order: ordered, partly or not (game/owed.py, as the
    channel's posts and the GM page count), ready or not."""
    snapshot = store.load(context.db, context.game_id)
    state, board = snapshot.state, snapshot.board
    name = escape(snapshot.name or board.title)
    head = f"**{name}** ({escape(board.title)}): {state.position.phase}"
    share = bool(context.interaction.option("share"))
    if state.result.over:
        return Say(f"{head}\nThe game is over: {escape(state.result.describe())}", private=not share)
    due = {o.power: o for o in owed(board, state.position, board.rules, state.orders)}
    rows = [f"- {p}: {_ordered(o)}{', ready' if p in snapshot.ready else ''}" for p, o in due.items()]
    paused = "\nThe game is paused: the deadline waits." if state.paused else ""
    owing = [p for p, o in due.items() if o.owes]
    owe = f"\nStill to order: {', '.join(owing)}." if owing else "\nEvery power has orders in."
    text = f"{head}\n{deadline_line(snapshot.deadline)}{paused}\n" + "\n".join(rows) + owe
    return Say(text, private=not share)


def _ordered(owes: Owed) -> str:
    """A power's line: ordered, some orders in (not all: the GM page's and the channel's count), or none."""
    if not owes.owes:
        return "ordered"
    return f"{owes.orders} order{'s' if owes.orders != 1 else ''} in, more due" if owes.orders else "no orders yet"


def press(context: Context) -> Say:
    caller = context.caller
    power = caller.power
    snapshot = store.load(context.db, caller.game_id)
    to = str(context.interaction.option("to") or "").strip()
    everyone = to.casefold() in ("everyone", "*", "all")
    named = {p.casefold(): p for p in snapshot.board.power_names}.get(to.casefold())
    if not everyone and named is None:
        raise Sorry(f"'{to}' is no power of this game: pick one from the list, or everyone.")
    unsigned = bool(context.interaction.option("unsigned"))
    text = str(context.interaction.option("text") or "")
    sent = table_press.send(
        context.db,
        caller.game_id,
        power,
        PressIn(to=[EVERYONE] if everyone else [str(named)], text=text, anonymous=unsigned),  # fmt: skip
    )
    if everyone and not unsigned:
        return Say(f"**{power}** to everyone ({sent.phase}):\n{escape(sent.text)}", private=False)
    who = "everyone" if everyone else str(named)
    grey = " unsigned" if unsigned else ""
    return Say(f"Sent{grey} to {who} ({sent.phase}):\n{escape(sent.text)}")


def messages(context: Context) -> Say:
    """The press this power has not read, oldest first, a few at a time: those shown are counted as read."""
    caller = context.caller
    power = caller.power
    new, total = pressread.unseen(context.db, caller.game_id, power)
    if not new:
        count = f"{total} message{'s' if total != 1 else ''}"
        return Say(f"No new press for {power}. ({count} so far: the web page shows them all.)")
    parts: list[str] = []
    for message in new[:_SHOWN]:
        part = f"**{escape(message.sender)}** to {escape(', '.join(message.to))} ({message.phase}):\n"
        part += escape(message.text)
        if parts and sum(map(len, parts)) + len(part) > _SHOWN_TEXT:
            break
        parts.append(part)
    pressread.mark_seen(context.db, caller.game_id, power, [m.id for m in new[: len(parts)]])
    more = f"\n\n{len(new) - len(parts)} more new: /messages again." if len(new) > len(parts) else ""
    return Say(f"**New press for {power}**\n\n" + "\n\n".join(parts) + more)
