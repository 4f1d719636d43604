"""Who reads which message, under which name, and in which conversation.

A conversation is one set of correspondents as its reader sees it: everyone (public), the GM's announcements,
or a private group (the sender and the recipients, e.g. Oda and Takeda). An unsigned (grey) private message
is filed, for its recipients, under "unsigned, to ..." and never under its sender's group: the conversation's
name must not give away what the message hides. The sender (and the GM) see it in its group.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from game.press import EVERYONE, GM, PressRules, may_read, refusal
from web.schemas.table import ConversationOut, MessageOut
from web.storage.models import MessageRow

__all__ = [
    "PUBLIC",
    "ANNOUNCEMENTS",
    "Shown",
    "conversation_key",
    "conversation_out",
    "message_out",
    "shown_as",
    "visible",
]

PUBLIC = "public"
ANNOUNCEMENTS = "gm"
_UNSIGNED = "unsigned:"


def visible(session: Session, game_id: str, reader: str, rules: PressRules, after: int = 0) -> list[MessageRow]:
    """The game's messages ``reader`` may read, with ids over ``after``, oldest first."""
    rows = session.scalars(_VISIBLE, {"game_id": game_id, "after": after})
    return [r for r in rows if may_read(rules, reader, r.sender, json.loads(r.recipients))]


_VISIBLE = (
    select(MessageRow)
    .where(MessageRow.game_id == bindparam("game_id"), MessageRow.id > bindparam("after"))
    .order_by(MessageRow.id)
)  # built once: building it cost more than running it


@dataclass(frozen=True)
class Shown:
    sender: str
    to: list[str]


def shown_as(row: MessageRow, reader: str, rules: PressRules) -> Shown:
    recipients: Sequence[str] = json.loads(row.recipients)
    to = ["everyone"] if list(recipients) == [EVERYONE] else list(recipients)
    if not row.anonymous or reader == row.sender:
        return Shown(row.sender + (" (unsigned)" if row.anonymous else ""), to)
    return Shown(f"Anonymous ({row.sender})" if reader == GM else "Anonymous", to)


def conversation_key(row: MessageRow, reader: str) -> str:
    """The conversation ``row`` belongs to for ``reader`` (see the module's docstring)."""
    recipients: list[str] = json.loads(row.recipients)
    if row.sender == GM:
        return ANNOUNCEMENTS
    if recipients == [EVERYONE]:
        return PUBLIC
    if row.anonymous and reader not in (row.sender, GM):
        return _UNSIGNED + ",".join(sorted(recipients))
    return ",".join(sorted({row.sender, *recipients}))


def message_out(row: MessageRow, reader: str, rules: PressRules, unread: bool) -> MessageOut:
    shown = shown_as(row, reader, rules)
    return MessageOut(
        id=row.id,
        conversation=conversation_key(row, reader),
        phase=row.phase,
        sender=shown.sender,
        to=shown.to,
        text=row.text,
        sent=row.created,
        mine=row.sender == reader,
        unread=unread,
    )


def conversation_out(
    key: str, reader: str, rules: PressRules, survivors: Sequence[str], rows: Sequence[MessageRow], unread: int
) -> ConversationOut:
    """One conversation of ``reader``'s: its name, who a reply goes to (or why none), its counts."""
    title, to, why = _about(key, reader, rules, survivors)
    return ConversationOut(
        key=key, title=title, to=to, why_not=why, messages=len(rows), unread=unread, last_id=rows[-1].id if rows else 0
    )


def _about(key: str, reader: str, rules: PressRules, survivors: Sequence[str]) -> tuple[str, list[str], str | None]:
    if key == PUBLIC:
        why = refusal(rules, reader, [EVERYONE], False, survivors)
        return "Everyone (public)", [] if why else [EVERYONE], why
    if key == ANNOUNCEMENTS:
        return "The GM's announcements", [], "the GM's announcements take no answer: write in public or privately"
    if key.startswith(_UNSIGNED):
        to = key.removeprefix(_UNSIGNED).replace(",", ", ")
        return f"Unsigned, to {to}", [], "an unsigned message cannot be answered: its sender is hidden"
    members = key.split(",")
    if reader == GM:
        return ", ".join(members), [], "the GM's messages go to everyone (announcements)"
    others = [m for m in members if m != reader]
    why = refusal(rules, reader, others, False, survivors)
    return ", ".join(others), [] if why else others, why
