"""A power's save in few round trips: one statement reads all a save needs, one or two write it.

Under load a save's statements are most of a worker's CPU (bench/LOAD.md), so
a save reads and writes only what it needs, in as few statements as it can:

* :func:`read`: the game's version, its creation time and its deadline, with
  the power's stored orders and marks (outer joins), under the shared lock on
  the game's row (``FOR SHARE OF games``), in one statement. The state text is
  read only when this process has not decoded that version yet
  (:func:`state_text`, in the same transaction, under the same lock). Not even
  its length: ``length(state)`` makes PostgreSQL decompress a long game's state;
* :func:`write`: the orders' upsert, and a mark's statement only when the
  mark changes (set, or there to clear).

Core statements built once per process (building them cost more than running
them), run on the transaction's connection. A mark not seen by :func:`read` is not
deleted: a concurrent save of the same power could add one between the read
and the write, but the outcome is the same as with that save coming after
this one, which two saves at once may always be.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import Connection, Executable, String, Table, and_, bindparam, delete, select
from sqlalchemy.dialects import postgresql, sqlite

from web.storage.models import GameRow, ReadyRow, RefusalRow, SubmissionRow

__all__ = ["Seen", "read", "state_text", "write"]


def _table(model: type[object]) -> Table:
    return cast(Table, model.__table__)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Seen:
    """What one statement read: the game's row (no state text) and the power's rows, by phase index."""

    version: int
    created: datetime
    deadline: datetime | None
    orders: dict[int, str]
    """The power's stored orders (JSON) by phase index: the open phase's, normally alone."""
    refused: frozenset[int]
    ready: frozenset[int]


def read(connection: Connection, game_id: str, power: str) -> Seen | None:
    """The game's row and the power's rows, under a shared lock on the game's row; None: no such game."""
    rows = connection.execute(_reading(), {"game_id": game_id, "power": power}).all()
    if not rows:
        return None
    first = rows[0]
    return Seen(
        version=first.version,
        created=first.created,
        deadline=first.deadline,
        orders={r.orders_phase: r.orders for r in rows if r.orders_phase is not None},
        refused=frozenset(r.refused_phase for r in rows if r.refused_phase is not None),
        ready=frozenset(r.ready_phase for r in rows if r.ready_phase is not None),
    )


def state_text(connection: Connection, game_id: str) -> str:
    """The game's state text (its row is locked by :func:`read` in this transaction already)."""
    return cast(str, connection.execute(_state_query(), {"game_id": game_id}).scalar_one())


def write(
    connection: Connection,
    where: tuple[str, int, str],
    now: datetime,
    orders: str | None,
    clear_ready: bool,
    refusal: bool | None,
) -> None:
    """The power's orders (JSON; None: none to store), its ready mark cleared, its refusal mark set (True),
    cleared (False) or left (None); ``where`` is (game, phase index, power)."""
    game_id, phase_index, power = where
    key = {"game_id": game_id, "phase_index": phase_index, "power": power}
    dialect = connection.dialect.name
    if orders is not None:
        connection.execute(_upsert(dialect, "submission"), {**key, "orders": orders, "updated": now})
    if clear_ready:
        connection.execute(_clearing("ready"), key)
    if refusal is True:
        connection.execute(_upsert(dialect, "refusal"), {**key, "updated": now})
    elif refusal is False:
        connection.execute(_clearing("refusal"), key)


_MARKS = {"ready": ReadyRow, "refusal": RefusalRow, "submission": SubmissionRow}


@functools.cache
def _reading() -> Executable:
    games, orders = _table(GameRow), _table(SubmissionRow)
    refused, ready = _table(RefusalRow), _table(ReadyRow)
    power = bindparam("power", type_=String())
    joined = (
        games.outerjoin(orders, and_(orders.c.game_id == games.c.id, orders.c.power == power))
        .outerjoin(refused, and_(refused.c.game_id == games.c.id, refused.c.power == power))
        .outerjoin(ready, and_(ready.c.game_id == games.c.id, ready.c.power == power))
    )
    return (
        select(
            games.c.version,
            games.c.created,
            games.c.deadline,
            orders.c.phase_index.label("orders_phase"),
            orders.c.orders,
            refused.c.phase_index.label("refused_phase"),
            ready.c.phase_index.label("ready_phase"),
        )
        .select_from(joined)
        .where(games.c.id == bindparam("game_id"))
        .with_for_update(read=True, of=games)
    )


@functools.cache
def _state_query() -> Executable:
    games = _table(GameRow)
    return select(games.c.state).where(games.c.id == bindparam("game_id"))


@functools.cache
def _upsert(dialect: str, kind: str) -> Executable:
    """Insert or replace one power's row (two saves of the same power at once both succeed: the last one stays)."""
    table = _table(_MARKS[kind])
    statement = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(table)
    changed = {"updated": statement.excluded.updated}
    if kind == "submission":
        changed["orders"] = statement.excluded.orders
    return statement.on_conflict_do_update(index_elements=["game_id", "phase_index", "power"], set_=changed)


@functools.cache
def _clearing(kind: str) -> Executable:
    table = _table(_MARKS[kind])
    return delete(table).where(
        table.c.game_id == bindparam("game_id"),
        table.c.phase_index == bindparam("phase_index"),
        table.c.power == bindparam("power"),
    )
