"""Reading press: a page of one conversation (or of every message), the conversations with their unread counts,
and read marks set only for messages that have been seen.

Each page or tab asks for what it has not shown by message id (``after=`` its cursor), never for "what came
since the last poll": two tabs, or two messages between two polls, each get every message. Nothing is marked
read by reading: the page says which messages have been on screen (:func:`mark_seen`), one by one, so a reload
keeps every unseen message unread. A reader's ``read_id`` (older sites marked everything up to it at once)
still counts as read; each message seen above it is a row of its own.
"""

from __future__ import annotations

import json

from sqlalchemy import String, bindparam, exists, literal, select, union_all
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from game.game import Game
from game.press import EVERYONE, GM, PressRules, may_read, refusal
from web.schemas.table import ConversationOut, MessageOut, PressOut, PressSeenOut
from web.storage import store
from web.storage.db import Database
from web.storage.models import MessageRow, PressReadRow, PressSeenRow
from web.table.talk import conversation_key, conversation_out, message_out, visible

__all__ = ["MAX_PAGE", "PAGE", "mark_seen", "newest", "read", "unread_rows", "unseen"]

PAGE = 30
"""Messages a conversation shows at first (and each "older" adds): a phone's few screens."""
MAX_PAGE = 200


class _Seen:
    """What ``reader`` has seen: every id up to ``floor``, and the ids in ``ids``."""

    def __init__(self, floor: int, ids: set[int], reader: str) -> None:
        self.floor, self.ids, self.reader = floor, ids, reader

    def unread(self, row: MessageRow) -> bool:
        return row.sender != self.reader and row.id > self.floor and row.id not in self.ids


def _seen(session: Session, game_id: str, reader: str) -> _Seen:
    """The reader's read marks, in one statement (built once)."""
    marks = session.connection().execute(_SEEN, {"game_id": game_id, "reader": reader}).all()
    floor = max((m.id for m in marks if m.kind == "floor"), default=0)
    return _Seen(floor, {m.id for m in marks if m.kind == "seen" and m.id > floor}, reader)


def _seen_and_visible(session: Session, game_id: str, reader: str, rules: PressRules) -> tuple[_Seen, list[MessageRow]]:
    """The reader's read marks and the messages it may read (as :func:`visible`), in one statement: each
    message with whether the reader has seen it, and the reader's read mark."""
    found = session.execute(_MESSAGES_SEEN, {"game_id": game_id, "reader": reader}).all()
    floor = (found[0].floor or 0) if found else 0
    seen = _Seen(floor, {r[0].id for r in found if r.seen and r[0].id > floor}, reader)
    return seen, [r[0] for r in found if may_read(rules, reader, r[0].sender, json.loads(r[0].recipients))]


_SEEN = union_all(
    select(literal("floor", String()).label("kind"), PressReadRow.read_id.label("id")).where(
        PressReadRow.game_id == bindparam("game_id"), PressReadRow.reader == bindparam("reader")
    ),
    select(literal("seen", String()).label("kind"), PressSeenRow.message_id.label("id")).where(
        PressSeenRow.game_id == bindparam("game_id"), PressSeenRow.reader == bindparam("reader")
    ),
)
"""A reader's read mark (``floor``) and the messages it has seen (above the mark, as the reader keeps them)."""

_MESSAGES_SEEN = (
    select(
        MessageRow,
        exists()
        .where(
            PressSeenRow.game_id == MessageRow.game_id,
            PressSeenRow.reader == bindparam("reader"),
            PressSeenRow.message_id == MessageRow.id,
        )
        .label("seen"),
        select(PressReadRow.read_id)
        .where(PressReadRow.game_id == bindparam("game_id"), PressReadRow.reader == bindparam("reader"))
        .scalar_subquery()
        .label("floor"),
    )
    .where(MessageRow.game_id == bindparam("game_id"))
    .order_by(MessageRow.id)
)


def read(
    db: Database,
    game_id: str,
    reader: str,
    *,
    snapshot: store.Snapshot | None = None,
    conversation: str | None = None,
    after: int | None = None,
    before: int | None = None,
    limit: int = PAGE,
    mail_possible: bool = False,
) -> PressOut:
    """What ``reader`` may read: the conversations, and a page of messages, oldest first.

    ``after``: the messages over that id (the oldest ``limit`` of them: a cursor moves on by the last id);
    ``before``: the newest ``limit`` under that id (older on demand); neither: the newest ``limit`` (of one
    conversation: back to its oldest unseen message, up to :data:`MAX_PAGE`, so nothing unseen is skipped).
    ``conversation``: one conversation's messages only. Marks nothing as read.
    """
    snapshot = snapshot or store.load(db, game_id)
    state = snapshot.state
    survivors = Game(snapshot.board, state).survivors()
    limit = max(1, min(limit, MAX_PAGE))
    with db.read() as session:
        seen, rows = _seen_and_visible(session, game_id, reader, state.press)
    keyed = [(conversation_key(r, reader), r) for r in rows]
    chosen = [r for k, r in keyed if conversation is None or k == conversation]
    page, earlier, later = _page(chosen, seen, after, before, limit, reach_back=conversation is not None)
    why = refusal(state.press, reader, [EVERYONE], False, survivors)
    others = [p for p in survivors if p != reader] if state.press.kind == "private" and reader != GM else []
    return PressOut(
        kind=state.press.kind,
        grey=state.press.grey,
        gm_reads_private=state.press.gm_reads_private,
        can_send=why is None,
        why_not=why,
        recipients=others,
        conversations=_conversations(keyed, seen, reader, state.press, survivors),
        conversation=conversation,
        messages=[message_out(r, reader, state.press, seen.unread(r)) for r in page],
        earlier=earlier,
        later=later,
        last_id=rows[-1].id if rows else 0,
        unread=sum(seen.unread(r) for r in rows),
        mail=reader in state.press_mail,
        mail_possible=mail_possible,
    )


def _page(
    rows: list[MessageRow], seen: _Seen, after: int | None, before: int | None, limit: int, reach_back: bool
) -> tuple[list[MessageRow], bool, bool]:
    """The page asked for, and whether there are older and newer messages than it; ``reach_back``: the newest
    page goes back to the oldest message not seen (a conversation opened)."""
    if after is not None:
        newer = [r for r in rows if r.id > after]
        page = newer[:limit]
        return page, len(rows) > len(newer), len(newer) > limit
    older = [r for r in rows if before is None or r.id < before]
    start = max(len(older) - limit, 0)
    if before is None and reach_back:
        first_unseen = next((i for i, r in enumerate(older) if seen.unread(r)), None)
        if first_unseen is not None:
            start = max(min(start, first_unseen), len(older) - MAX_PAGE, 0)
    return older[start:], start > 0, len(older) < len(rows)


def _conversations(
    keyed: list[tuple[str, MessageRow]], seen: _Seen, reader: str, rules: PressRules, survivors: list[str]
) -> list[ConversationOut]:
    groups: dict[str, list[MessageRow]] = {}
    for key, row in keyed:
        groups.setdefault(key, []).append(row)
    listed = [
        conversation_out(key, reader, rules, survivors, rows, sum(seen.unread(r) for r in rows))
        for key, rows in groups.items()
    ]
    return sorted(listed, key=lambda c: -c.last_id)


def newest(db: Database, game_id: str, reader: str, rules: PressRules) -> tuple[int, int]:
    """(unread, the newest message's id) for ``reader``: the few numbers a page asks for every few seconds."""
    query = (
        select(MessageRow.id, MessageRow.sender, MessageRow.recipients)
        .where(MessageRow.game_id == game_id)
        .order_by(MessageRow.id)
    )
    with db.read() as session:
        seen = _seen(session, game_id, reader)
        rows = [r for r in session.execute(query) if may_read(rules, reader, r.sender, json.loads(r.recipients))]
    unread = sum(r.sender != reader and r.id > seen.floor and r.id not in seen.ids for r in rows)
    return unread, rows[-1].id if rows else 0


def unseen(db: Database, game_id: str, reader: str) -> tuple[list[MessageOut], int]:
    """The messages ``reader`` has not seen, oldest first, and how many it may read in all (for Discord's
    /messages, which shows the first few and marks those: shown there is seen)."""
    rules = store.peek(db, game_id)[1].press
    with db.read() as session:
        seen = _seen(session, game_id, reader)
        rows = visible(session, game_id, reader, rules)
    return [message_out(r, reader, rules, True) for r in rows if seen.unread(r)], len(rows)


def unread_rows(session: Session, game_id: str, reader: str, rules: PressRules, after: int = 0) -> list[MessageRow]:
    """The messages from others over ``after`` that ``reader`` has not seen (for press by mail)."""
    seen = _seen(session, game_id, reader)
    return [r for r in visible(session, game_id, reader, rules, after=after) if seen.unread(r)]


def mark_seen(db: Database, game_id: str, reader: str, ids: list[int]) -> PressSeenOut:
    """Mark the messages that have been on ``reader``'s screen as read (only those it may read, from others)."""
    state = store.peek(db, game_id)[1]
    wanted = set(ids)
    with db.write() as session:
        query = select(MessageRow).where(MessageRow.game_id == game_id, MessageRow.id.in_(wanted))
        fresh = [r.id for r in session.scalars(query) if _readable_from_others(r, reader, state.press)]
        if fresh:
            _insert_ignoring_repeats(session, [{"game_id": game_id, "reader": reader, "message_id": i} for i in fresh])
    with db.read() as session:
        seen = _seen(session, game_id, reader)
        rows = visible(session, game_id, reader, state.press)
    counts: dict[str, int] = {}
    for row in rows:
        if seen.unread(row):
            key = conversation_key(row, reader)
            counts[key] = counts.get(key, 0) + 1
    return PressSeenOut(unread=sum(counts.values()), conversations=counts)


def _readable_from_others(row: MessageRow, reader: str, rules: PressRules) -> bool:
    return row.sender != reader and may_read(rules, reader, row.sender, json.loads(row.recipients))


def _insert_ignoring_repeats(session: Session, values: list[dict[str, object]]) -> None:
    """Two tabs marking the same message at once both succeed."""
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    session.execute(insert(PressSeenRow).values(values).on_conflict_do_nothing())
