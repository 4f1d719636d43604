"""Press on the web site: messages between powers and from the GM, stored per phase, with unread counts.

The rules (what the GM allows, who reads what) are :mod:`game.press`'s; this module stores and
fetches. Each message is a row of its own, so sending never waits for the game's lock; each reader's place
(read, and mailed) is a row too. A reader is a power or ``GM``; what a reader cannot read is never fetched
for it, and an unsigned message shows no sender except to the GM.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from game.game import Game, GameError
from game.press import EVERYONE, GM, PressRules, may_read, refusal
from web.play.actions import GM_PAGE, log_action
from web.schemas.table import MessageOut, PressIn, PressMailIn, PressOut, PressRulesIn
from web.storage import store
from web.storage.db import Database
from web.storage.models import MessageRow, PressReadRow
from web.storage.store import Handle
from web.table import pressbounds

__all__ = [
    "PressRules",
    "clean_text",
    "mark_read",
    "read",
    "reader_place",
    "send",
    "set_mail",
    "set_rules",
    "shown_as",
    "unread",
    "visible",
]

_PUBLIC = json.dumps([EVERYONE])
_INVISIBLE = {"Cc", "Cf", "Cs", "Co"}  # control, format (bidi overrides, zero-width), surrogates, private use
_KEPT = {"\n", "\t"}


def clean_text(text: str) -> str:
    """The message as it can be shown anywhere: no control or bidi character, no lines of trailing blanks."""
    kept = "".join(c for c in text if c in _KEPT or unicodedata.category(c) not in _INVISIBLE)
    return "\n".join(line.rstrip() for line in kept.replace("\r\n", "\n").split("\n")).strip()


def send(db: Database, game_id: str, sender: str, request: PressIn) -> MessageOut:
    """Store a message from ``sender`` (a power, or ``GM``) if the game's rules allow it."""
    snapshot = store.load(db, game_id)
    state = snapshot.state
    recipients = [EVERYONE] if EVERYONE in request.to else sorted(set(request.to))
    unknown = [r for r in recipients if r != EVERYONE and r not in snapshot.board.power_names]
    if unknown:
        raise GameError(f"no power '{unknown[0]}' in this game")
    survivors = Game(snapshot.board, state).survivors()
    why = refusal(state.press, sender, recipients, request.anonymous, survivors)
    if why is not None:
        raise GameError(why)
    text = clean_text(request.text)
    if not text:
        raise GameError("the message is empty")
    now = store.utcnow()
    row = MessageRow(
        game_id=game_id,
        phase_index=len(state.history),
        phase=str(state.position.phase),
        sender=sender,
        recipients=json.dumps(recipients),
        anonymous=request.anonymous,
        text=text,
        created=now,
    )
    with db.write() as session:
        pressbounds.check(session, game_id, sender, row.phase_index, now)  # rate, phase and game bounds
        session.add(row)
        session.flush()
        return _out(row, sender, state.press, read_id=row.id)


def read(
    db: Database, game_id: str, reader: str, mark: bool = True, snapshot: store.Snapshot | None = None
) -> PressOut:
    """What ``reader`` may read, oldest first, with what is new to it; ``mark`` counts it all as read now.
    ``snapshot``: the game as the page read it already (saves reading it again)."""
    snapshot = snapshot or store.load(db, game_id)
    state = snapshot.state
    survivors = Game(snapshot.board, state).survivors()
    with db.read() as session:
        read_id = _read_id(session, game_id, reader)
        rows = visible(session, game_id, reader, state.press)
    if mark and rows and rows[-1].id > read_id:  # a write only when there is something new to count as read
        mark_read(db, game_id, reader, rows[-1].id)
    messages = [_out(r, reader, state.press, read_id) for r in rows]
    why = refusal(state.press, reader, [EVERYONE], False, survivors)
    others = [p for p in survivors if p != reader] if state.press.kind == "private" and reader != GM else []
    return PressOut(
        kind=state.press.kind,
        grey=state.press.grey,
        gm_reads_private=state.press.gm_reads_private,
        can_send=why is None,
        why_not=why,
        recipients=others,
        messages=messages,
        unread=sum(m.unread for m in messages),
        mail=reader in state.press_mail,
    )


def mark_read(db: Database, game_id: str, reader: str, up_to: int) -> None:
    """Count the reader's messages up to the id ``up_to`` as read (a place never moves back)."""
    with db.write() as session:
        mine = reader_place(session, game_id, reader)
        mine.read_id = max(mine.read_id, up_to)


def unread(db: Database, game_id: str, reader: str, rules: PressRules) -> int:
    """How many messages ``reader`` may read and has not (for the page's badge, asked every few seconds)."""
    with db.read() as session:
        after = _read_id(session, game_id, reader)
        return sum(row.sender != reader for row in visible(session, game_id, reader, rules, after=after))


def visible(session: Session, game_id: str, reader: str, rules: PressRules, after: int = 0) -> list[MessageRow]:
    """The game's messages ``reader`` may read, with ids over ``after``, oldest first."""
    query = select(MessageRow).where(MessageRow.game_id == game_id, MessageRow.id > after).order_by(MessageRow.id)
    return [r for r in session.scalars(query) if may_read(rules, reader, r.sender, json.loads(r.recipients))]


def set_rules(db: Database, game_id: str, request: PressRulesIn, by: str = GM_PAGE) -> PressRules:
    """The GM's press rules. Reading private press cannot be turned on once a private message was sent without
    it: its sender wrote it for its recipients alone (turning it off is always allowed)."""
    rules = PressRules(kind=request.kind, grey=request.grey, gm_reads_private=request.gm_reads_private)
    if rules.gm_reads_private and not store.peek(db, game_id)[1].press.gm_reads_private:
        with db.read() as session:
            private = session.scalar(
                select(MessageRow.id).where(MessageRow.game_id == game_id, MessageRow.recipients != _PUBLIC).limit(1)
            )
        if private is not None:
            raise GameError(
                "private messages have been sent in this game for their recipients alone: "
                "the GM cannot start reading private press now (it is chosen before the first one)"
            )

    def act(handle: Handle) -> None:
        handle.game.state = handle.game.state.replace(press=rules)
        grey = ", grey allowed" if rules.grey else ""
        reads = ", the GM reads private press" if rules.gm_reads_private else ""
        log_action(handle, by, f"press: {rules.kind}{grey}{reads}")

    store.change(db, game_id, act)
    return rules


def set_mail(db: Database, game_id: str, power: str, request: PressMailIn) -> bool:
    """Whether new messages are mailed to the power's addresses (its own choice)."""

    def act(handle: Handle) -> None:
        state = handle.game.state
        wanted = sorted({*state.press_mail, power} if request.mail else set(state.press_mail) - {power})
        handle.game.state = state.replace(press_mail=wanted)

    store.change(db, game_id, act)
    return request.mail


def _read_id(session: Session, game_id: str, reader: str) -> int:
    query = select(PressReadRow.read_id).where(PressReadRow.game_id == game_id, PressReadRow.reader == reader)
    return session.scalars(query).one_or_none() or 0


def reader_place(session: Session, game_id: str, reader: str) -> PressReadRow:
    """The reader's row, made if it is new (two first reads at once both succeed), locked for this transaction."""
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    new = insert(PressReadRow).values(game_id=game_id, reader=reader, read_id=0, mailed_id=0)
    session.execute(new.on_conflict_do_nothing(index_elements=["game_id", "reader"]))
    query = select(PressReadRow).where(PressReadRow.game_id == game_id, PressReadRow.reader == reader)
    return session.scalars(query.with_for_update()).one()


@dataclass(frozen=True)
class _Shown:
    sender: str
    to: list[str]


def shown_as(row: MessageRow, reader: str, rules: PressRules) -> _Shown:
    recipients: Sequence[str] = json.loads(row.recipients)
    to = ["everyone"] if list(recipients) == [EVERYONE] else list(recipients)
    if not row.anonymous or reader == row.sender:
        return _Shown(row.sender + (" (unsigned)" if row.anonymous else ""), to)
    return _Shown(f"Anonymous ({row.sender})" if reader == GM else "Anonymous", to)


def _out(row: MessageRow, reader: str, rules: PressRules, read_id: int) -> MessageOut:
    shown = shown_as(row, reader, rules)
    return MessageOut(
        id=row.id,
        phase=row.phase,
        sender=shown.sender,
        to=shown.to,
        text=row.text,
        sent=row.created,
        mine=row.sender == reader,
        unread=row.id > read_id and row.sender != reader,
    )
