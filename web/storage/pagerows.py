"""The player's page's read of its game: one Core statement, and no ORM session (a page is read far more often
than anything else of a game, by every player, on every reload and live update).

The game's row without its state text, with the stored digest of the power's link beside it (the page's caller
may come from this process's memory of the link, confirmed here: web/access/callers.py), and joined to it the
marks of every power in one ``UNION ALL`` (the saved orders with when they were saved, the refusal marks, the
ready marks): a row for each mark, or one row with none.

The state text is read only when this process has not decoded that version yet (:func:`store.state_at`), for
the version the row was read at; a game that moved on in between is read again. What comes out is the same
:class:`store.Snapshot` as :func:`store.load`'s (tests/web/test_page_reads.py compares them).
"""

from __future__ import annotations

import functools
import hmac
from collections.abc import Sequence
from typing import Any, cast

import msgspec
from sqlalchemy import DateTime, Executable, Integer, String, Table, and_, bindparam, literal, null, select, union_all

from orders import Order
from web.storage import store
from web.storage.db import Database
from web.storage.models import GameRow, ReadyRow, RefusalRow, SubmissionRow, TokenRow
from web.storage.saving import WrongLink

__all__ = ["WrongLink", "load_for"]

_ORDERS = msgspec.json.Decoder(list[Order])


def load_for(db: Database, game_id: str, power: str, confirm: str | None = None) -> store.Snapshot:
    """The game as :func:`store.load` reads it, for ``power``'s page; ``confirm``: the digest of the link's token
    to check against the power's stored link (:class:`WrongLink` when it is not the power's)."""
    for _ in range(3):
        rows = db.rows(_game(), {"game_id": game_id, "power": power})
        if not rows:
            raise store.NotFound(f"no game '{game_id}'")
        row = rows[0]
        if confirm is not None and (row.digest is None or not hmac.compare_digest(row.digest, confirm)):
            raise WrongLink(f"not {power}'s link in game '{game_id}'")
        text = functools.partial(_text, db, game_id, row.version)
        try:
            state = store.state_at((game_id, row.version, row.created), text)
        except _Moved:
            continue
        return _snapshot(rows, state)
    raise store.Conflict("the game changed while its page was being read, again and again: reload it")


class _Moved(Exception):
    """The game changed between the read of its row and the read of its state text."""


def _text(db: Database, game_id: str, version: int) -> str:
    rows = db.rows(_state(), {"game_id": game_id, "version": version})
    if not rows:
        raise _Moved
    return cast(str, rows[0][0])


def _snapshot(rows: Sequence[Any], state: Any) -> store.Snapshot:
    row, phase_index = rows[0], len(state.history)
    marks = [m for m in rows if m.kind is not None and m.phase_index == phase_index]
    orders = {m.power: _ORDERS.decode(m.orders) for m in marks if m.kind == "s"}
    refused = {m.power for m in marks if m.kind == "r"}
    return store.Snapshot(
        id=row.id,
        name=row.name,
        version=row.version,
        state=state.replace(
            orders=orders, all_refused=[p for p in store.board_of(state.variant).power_names if p in refused]
        ),
        submitted={m.power: m.updated for m in marks if m.kind == "s"},
        deadline=row.deadline,
        movement_hours=row.movement_hours,
        other_hours=row.other_hours,
        listed=row.listed,
        ready=frozenset(m.power for m in marks if m.kind == "y"),
    )


def _table(model: type[object]) -> Table:
    return cast(Table, model.__table__)  # type: ignore[attr-defined]


@functools.cache
def _game() -> Executable:
    games, links = _table(GameRow), _table(TokenRow)
    link = and_(links.c.game_id == games.c.id, links.c.role == bindparam("power", type_=String()))
    marks = _marks().subquery("marks")
    return (
        select(
            games.c.id,
            games.c.name,
            games.c.version,
            games.c.created,
            games.c.deadline,
            games.c.movement_hours,
            games.c.other_hours,
            games.c.listed,
            links.c.digest,
            marks.c.kind,
            marks.c.power,
            marks.c.phase_index,
            marks.c.orders,
            marks.c.updated,
        )
        .select_from(games.outerjoin(links, link).outerjoin(marks, marks.c.game_id == games.c.id))
        .where(games.c.id == bindparam("game_id"))
    )


@functools.cache
def _state() -> Executable:
    games = _table(GameRow)
    return select(games.c.state).where(games.c.id == bindparam("game_id"), games.c.version == bindparam("version"))


def _marks() -> Any:
    """Every mark row of the game (the rows of a phase no longer open are skipped by the reader)."""
    orders, refused, ready = _table(SubmissionRow), _table(RefusalRow), _table(ReadyRow)
    game = bindparam("game_id", type_=String())

    def marks(table: Table, kind: str) -> Any:
        return select(
            table.c.game_id,
            literal(kind, String()).label("kind"),
            table.c.power,
            table.c.phase_index,
            null().cast(String()).label("orders"),
            null().cast(DateTime()).label("updated"),
        ).where(table.c.game_id == game)

    saved = select(
        orders.c.game_id,
        literal("s", String()).label("kind"),
        orders.c.power,
        orders.c.phase_index.cast(Integer()).label("phase_index"),
        orders.c.orders,
        orders.c.updated,
    ).where(orders.c.game_id == game)
    return union_all(saved, marks(refused, "r"), marks(ready, "y"))
