"""Press on the web site: messages between powers and from the GM, stored per phase.

The rules (what the GM allows, who reads what) are :mod:`game.press`'s; this module stores messages and the
game's press settings. Each message is a row of its own, so sending never waits for the game's lock; each
reader's place (read, and mailed) is a row too. Reading, conversations and read marks are
:mod:`web.table.pressread`'s; who sees what under which name, :mod:`web.table.talk`'s.
"""

from __future__ import annotations

import json
import unicodedata
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from game.game import Game, GameError
from game.press import EVERYONE, PressRules, refusal
from web.play.actions import GM_PAGE, log_action
from web.schemas.table import MessageOut, PressIn, PressMailIn, PressRulesIn
from web.storage import store
from web.storage.db import Database
from web.storage.models import MessageRow, PressReadRow
from web.storage.store import Handle
from web.table import pressbounds, push
from web.table.talk import message_out

__all__ = ["MAIL_BATCH", "PressRules", "clean_text", "reader_place", "send", "set_mail", "set_rules"]

_PUBLIC = json.dumps([EVERYONE])
MAIL_BATCH = timedelta(minutes=5)
"""How long a message waits for the next ones before they are mailed together (:mod:`web.table.pressmail`)."""
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
        if set(state.press_mail) - {sender}:  # someone may be mailed it: the deadline job looks then
            store.bring_forward(session, game_id, row.created + MAIL_BATCH)
        sent = message_out(row, sender, state.press, unread=False)
    push.after_message(db, game_id, sent.id)  # to the readers' browsers, in a thread of its own
    return sent


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


def reader_place(session: Session, game_id: str, reader: str) -> PressReadRow:
    """The reader's row, made if it is new (two first reads at once both succeed), locked for this transaction."""
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    new = insert(PressReadRow).values(game_id=game_id, reader=reader, read_id=0, mailed_id=0)
    session.execute(new.on_conflict_do_nothing(index_elements=["game_id", "reader"]))
    query = select(PressReadRow).where(PressReadRow.game_id == game_id, PressReadRow.reader == reader)
    return session.scalars(query.with_for_update()).one()
