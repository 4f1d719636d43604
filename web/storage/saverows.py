"""A power's save in as few round trips as its lock needs: one statement reads, one writes.

A save used to read the game's row whole (its state text, through the ORM),
then the power's orders, then its refusal mark, and to write its orders and
delete its ready and refusal marks whether or not they were there: seven
statements, each through the ORM, and the link's token checked in one more.
Under load (bench/load.py) the statements were most of a worker's CPU a save. Now:

* :func:`read`: the game's version, its creation time and its deadline, with
  the power's stored orders and marks and its link's digest (outer joins), in
  one statement. The state text is read only when this process has not
  decoded that version yet (:func:`state_text`, asked for that version). Not
  even its length: ``length(state)`` made PostgreSQL decompress a long game's
  state (0.4 ms for 170 KB) on every save;
* :func:`write`: on PostgreSQL one statement, run on its own (autocommit):
  the orders' upsert and each mark's change, all on condition that the game
  is still at the version read, under the shared lock on its row (``FOR
  SHARE``, which an adjudication's exclusive lock waits for, and which waits
  for an adjudication under way). A game changed since the read writes
  nothing, and the save is made again from the new read
  (:func:`web.storage.saving.submit`). So a save is two round trips, with no
  ``BEGIN`` or ``COMMIT``. On SQLite (no round trips: the database is a file)
  the read and the writes run in one ``BEGIN IMMEDIATE`` transaction, whose
  lock does the same;
* :func:`replace_at`: a replacing save of a game this process has seen, on
  PostgreSQL, in one statement: the read's checks (the version, the deadline,
  the link) in the write's own condition, nothing read before it. When one
  fails nothing is written, and the save is made with :func:`read` and
  :func:`write_guarded`.

Statements built once per process (building them cost more than running
them), run on the request's connection. A mark not seen by :func:`read` is not
deleted: a concurrent save of the same power could add one between the read
and the write, but the outcome is the same as with that save coming after
this one, which two saves at once may always be.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Executable, String, Table, and_, bindparam, delete, select
from sqlalchemy.dialects import postgresql, sqlite

from web.storage.models import GameRow, ReadyRow, RefusalRow, SubmissionRow, TokenRow

__all__ = ["Run", "Seen", "core", "driver", "read", "replace_at", "state_text", "write", "write_guarded"]


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
    digest: str | None
    """The stored digest of the power's link (to confirm a token this process remembered: web/access/callers.py)."""


Run = Callable[[str, dict[str, Any]], Sequence[Sequence[Any]]]
"""Runs one of the save's statements by name (``read``, ``state``, ``write``) with its values: its rows."""


def core(connection: Connection) -> Run:
    """The statements through SQLAlchemy Core, on a connection in a transaction (SQLite)."""
    built = {"read": _reading, "state": _state_query}
    return lambda name, values: connection.execute(built[name](), values).all()


def driver(raw: Any) -> Run:
    """The statements straight through the driver (psycopg, its connection in autocommit), each prepared by the
    server once per connection: what SQLAlchemy adds to a statement cost a save more than the statement."""
    cursor = raw.cursor()  # one for the save's statements
    return lambda name, values: cursor.execute(_POSTGRESQL[name], values, prepare=True).fetchall()


def read(run: Run, game_id: str, power: str) -> Seen | None:
    """The game's row and the power's rows, and the digest of the power's link; None: no such game.

    No lock: the write takes it, on condition that the game is still as read (on SQLite the transaction's
    own lock covers both)."""
    rows = run("read", {"game_id": game_id, "power": power})
    if not rows:
        return None
    version, created, deadline, *_, digest = rows[0]
    return Seen(
        version=version,
        created=created,
        deadline=deadline,
        orders={r[3]: r[4] for r in rows if r[3] is not None},
        refused=frozenset(r[5] for r in rows if r[5] is not None),
        ready=frozenset(r[6] for r in rows if r[6] is not None),
        digest=digest,
    )


def state_text(run: Run, game_id: str, version: int) -> str | None:
    """The game's state text at ``version``; None when the game has moved on since (or is gone)."""
    rows = run("state", {"game_id": game_id, "version": version})
    return cast(str, rows[0][0]) if rows else None


def write(
    connection: Connection,
    where: tuple[str, int, str],
    now: datetime,
    orders: str | None,
    clear_ready: bool,
    refusal: bool | None,
) -> None:
    """The power's orders (JSON; None: none to store), its ready mark cleared, its refusal mark set (True),
    cleared (False) or left (None); ``where`` is (game, phase index, power). Each part in the transaction under
    way, whose lock is taken already (SQLite)."""
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


def write_guarded(
    run: Run,
    where: tuple[str, int, str],
    now: datetime,
    orders: str | None,
    marks: tuple[bool, bool | None],
    version: int,
) -> bool:
    """:func:`write` in one statement (PostgreSQL, autocommit), on condition that the game is still at
    ``version``; False when it is not, and nothing was written. ``marks``: (clear the ready mark, refusal)."""
    game_id, phase_index, power = where
    clear_ready, refusal = marks
    flags = {"clear_ready": clear_ready, "set_refusal": refusal is True, "clear_refusal": refusal is False}
    values = {"game_id": game_id, "phase_index": phase_index, "power": power, "orders": orders, "updated": now}
    return bool(run("write", {**values, **flags, "version": version})[0][0])


def replace_at(
    run: Run, where: tuple[str, int, str], now: datetime, orders: str, known: tuple[int, datetime, str]
) -> bool:
    """The power's orders replaced in one statement, with nothing read before it (PostgreSQL, autocommit): on
    condition that the game is still at the version (and creation time) ``known`` holds, that its deadline has
    not passed, and that the link's digest (``known``'s third part) is still the power's. Its ready mark is
    cleared when the orders stored before differ, its refusal mark cleared. False: a condition failed and
    nothing was written (the save is then made the long way, whose read says why)."""
    game_id, phase_index, power = where
    version, created, link = known
    values = {"game_id": game_id, "phase_index": phase_index, "power": power, "orders": orders, "updated": now}
    return bool(run("replace", {**values, "version": version, "created": created, "digest": link})[0][0])


_POSTGRESQL = {
    "read": """
        SELECT g.version, g.created, g.deadline, s.phase_index, s.orders, r.phase_index, y.phase_index, t.digest
        FROM games g
        LEFT JOIN tokens t ON t.game_id = g.id AND t.role = %(power)s
        LEFT JOIN submissions s ON s.game_id = g.id AND s.power = %(power)s
        LEFT JOIN refusals r ON r.game_id = g.id AND r.power = %(power)s
        LEFT JOIN ready y ON y.game_id = g.id AND y.power = %(power)s
        WHERE g.id = %(game_id)s
    """,
    "state": "SELECT state FROM games WHERE id = %(game_id)s AND version = %(version)s",
    # Every part of a save, each on condition that the game is at the version read (the CTE ``game``, which
    # takes the shared lock). Data-changing CTEs run once each, referred to or not.
    "write": """
        WITH game AS (
            SELECT id FROM games WHERE id = %(game_id)s AND version = %(version)s FOR SHARE
        ), saved AS (
            INSERT INTO submissions (game_id, phase_index, power, orders, updated)
            SELECT id, %(phase_index)s, %(power)s, %(orders)s::text, %(updated)s FROM game
            WHERE %(orders)s::text IS NOT NULL
            ON CONFLICT (game_id, phase_index, power)
            DO UPDATE SET orders = EXCLUDED.orders, updated = EXCLUDED.updated
            RETURNING 1
        ), unready AS (
            DELETE FROM ready USING game
            WHERE ready.game_id = game.id AND ready.phase_index = %(phase_index)s AND ready.power = %(power)s
            AND %(clear_ready)s
            RETURNING 1
        ), refused AS (
            INSERT INTO refusals (game_id, phase_index, power, updated)
            SELECT id, %(phase_index)s, %(power)s, %(updated)s FROM game WHERE %(set_refusal)s
            ON CONFLICT (game_id, phase_index, power) DO UPDATE SET updated = EXCLUDED.updated
            RETURNING 1
        ), unrefused AS (
            DELETE FROM refusals USING game
            WHERE refusals.game_id = game.id AND refusals.phase_index = %(phase_index)s
            AND refusals.power = %(power)s AND %(clear_refusal)s
            RETURNING 1
        )
        SELECT count(*) FROM game
    """,
    # A replacing save whose game this process has seen at its version (web/storage/saving.py): the checks of
    # ``read`` (the version, the deadline, the link) made in the write's own condition. Every sub-statement sees
    # the rows as they were before the statement: ``unready`` compares the orders stored until now.
    "replace": """
        WITH game AS (
            SELECT g.id FROM games g
            WHERE g.id = %(game_id)s AND g.version = %(version)s AND g.created = %(created)s
            AND (g.deadline IS NULL OR g.deadline > %(updated)s)
            AND EXISTS (
                SELECT 1 FROM tokens t WHERE t.game_id = g.id AND t.role = %(power)s AND t.digest = %(digest)s
            )
            FOR SHARE OF g
        ), saved AS (
            INSERT INTO submissions (game_id, phase_index, power, orders, updated)
            SELECT id, %(phase_index)s, %(power)s, %(orders)s::text, %(updated)s FROM game
            ON CONFLICT (game_id, phase_index, power)
            DO UPDATE SET orders = EXCLUDED.orders, updated = EXCLUDED.updated
            RETURNING 1
        ), unready AS (
            DELETE FROM ready USING game
            WHERE ready.game_id = game.id AND ready.phase_index = %(phase_index)s AND ready.power = %(power)s
            AND (
                SELECT s.orders FROM submissions s
                WHERE s.game_id = game.id AND s.phase_index = %(phase_index)s AND s.power = %(power)s
            ) IS DISTINCT FROM %(orders)s::text
            RETURNING 1
        ), unrefused AS (
            DELETE FROM refusals USING game
            WHERE refusals.game_id = game.id AND refusals.phase_index = %(phase_index)s
            AND refusals.power = %(power)s
            RETURNING 1
        )
        SELECT count(*) FROM game
    """,
}


_MARKS = {"ready": ReadyRow, "refusal": RefusalRow, "submission": SubmissionRow}


@functools.cache
def _reading() -> Executable:
    games, orders = _table(GameRow), _table(SubmissionRow)
    refused, ready, links = _table(RefusalRow), _table(ReadyRow), _table(TokenRow)
    power = bindparam("power", type_=String())
    joined = (
        games.outerjoin(links, and_(links.c.game_id == games.c.id, links.c.role == power))
        .outerjoin(orders, and_(orders.c.game_id == games.c.id, orders.c.power == power))
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
            links.c.digest,
        )
        .select_from(joined)
        .where(games.c.id == bindparam("game_id"))
    )


@functools.cache
def _state_query() -> Executable:
    games = _table(GameRow)
    return select(games.c.state).where(games.c.id == bindparam("game_id"), games.c.version == bindparam("version"))


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
