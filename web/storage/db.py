"""The database: one SQLAlchemy engine per process, its connection pool, and transactions.

SQLite (the default, a file in the instance folder) runs in WAL mode so that
readers never wait for a writer, and every writing transaction starts with
``BEGIN IMMEDIATE``: writers queue for the lock (up to the busy timeout)
instead of failing half-way. PostgreSQL needs nothing special; the store
takes row locks where it must.

Each process of the site has its own pool (``sengoku serve --workers 4``
means 4 pools): ``pool_size`` connections kept open, ``max_overflow`` more
at busy moments, each checked before use and replaced after half an hour.
The check sends nothing (:func:`_still_open`): a PostgreSQL server that
restarted, or ended an idle connection, has closed its end and said why, so
the socket has something to read while no statement is under way; such a
connection is replaced before a request uses it, so a restart costs no error
page. (``pool_pre_ping`` asked the server ``SELECT 1`` before every request:
a round trip each time.) Workers x (size + overflow) must stay under the server's
``max_connections`` (100 by default).

Inside a request on PostgreSQL every transaction uses one connection: the
request thread's own, kept between its requests and checked (without a round
trip) at the start of each (:meth:`Database.one_connection`); its reads run in
autocommit (no ``BEGIN``/``COMMIT`` round trips, the same rows at READ
COMMITTED), and the busiest paths (a save, the link's token check) use Core
statements on it without an ORM session (:meth:`Database.transaction`,
:meth:`Database.rows`).

The schema is not made here: :mod:`web.storage.migrate` keeps it.
"""

from __future__ import annotations

import select
import threading
import time
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app, g
from sqlalchemy import Connection, Engine, Executable, Row, create_engine, event
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import Session, sessionmaker

__all__ = ["Database", "Pool", "database", "init_app"]

_READ_ONLY = "sengoku_read_only"


@dataclass(frozen=True)
class Pool:
    """How many connections one process keeps (``size``) and may add at busy moments (``overflow``)."""

    size: int = 5
    overflow: int = 10
    timeout: float = 10.0
    """Seconds a request waits for a free connection before it fails (a 500, not a hang)."""
    recycle: int = 1800


class Database:
    """An engine and two kinds of transaction: ``write()`` and ``read()``."""

    def __init__(self, url: str, pool: Pool | None = None) -> None:
        """DatabaseUnusable (web/storage/dburl.py) for a URL that is not SQLite's or PostgreSQL's."""
        from web.storage.dburl import DatabaseUnusable, check

        self.url = _normalise(url)
        check(self.url)
        try:
            self.engine = _engine(self.url, pool or Pool())
        except ImportError as error:
            raise DatabaseUnusable(f"cannot use the database: its driver is not installed ({error})") from None
        self._writer = sessionmaker(self.engine, expire_on_commit=False)
        self._read_engine = self.engine.execution_options(**{_READ_ONLY: True})
        self._reader = sessionmaker(self._read_engine, expire_on_commit=False)
        self._recycle = float((pool or Pool()).recycle)
        self._threads = threading.local()  # each request thread's own connection (hold)
        self._helds: weakref.WeakSet[_Held] = weakref.WeakSet()
        self._lock = threading.Lock()

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One transaction that may change data: committed at the end, rolled back on any error."""
        _refuse_inside_a_read()
        held = _HELD.get()
        if held is not None and held.engine is self.engine:
            with Session(held.connection(), expire_on_commit=False) as session, session.begin():
                yield session
            return
        with self._writer.begin() as session:
            yield session

    @contextmanager
    def read(self) -> Iterator[Session]:
        """Reading only. Inside a request on PostgreSQL (:meth:`one_connection`) each statement commits on its
        own (autocommit): no ``BEGIN`` and ``COMMIT`` round trips, and no difference in what is read, since at
        READ COMMITTED (PostgreSQL's default) every statement sees its own snapshot in a transaction too."""
        token = _READING.set(True)
        try:
            held = _HELD.get()
            if held is not None and held.engine is self.engine:
                connection = held.connection()
                with _autocommit(connection), Session(connection, expire_on_commit=False) as session, session.begin():
                    yield session
                return
            with self._reader.begin() as session:
                yield session
        finally:
            _READING.reset(token)

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """A writing transaction, as :meth:`write`, on a Core connection: no ORM session to set up (a save's)."""
        _refuse_inside_a_read()
        held = _HELD.get()
        if held is not None and held.engine is self.engine:
            connection = held.connection()
            if connection.in_transaction():  # inside another transaction of the request: part of it
                yield connection
                return
            with connection.begin():
                yield connection
            return
        with self.engine.begin() as connection:
            yield connection

    @contextmanager
    def driver(self) -> Iterator[Any]:
        """The driver's own connection (psycopg's), in autocommit: each statement commits on its own, with no
        ``BEGIN`` or ``COMMIT`` and nothing of SQLAlchemy's around it.

        For the busiest path alone, whose every write is one statement that checks what it relies on (a
        save's guarded write, web/storage/saverows.py). Inside a request, the request's connection.
        """
        _refuse_inside_a_read()
        held = _HELD.get()
        if held is not None and held.engine is self.engine and not held.connection().in_transaction():
            connection = held.connection()
            with _autocommit(connection):
                yield connection.connection.driver_connection
            return
        with self.engine.connect() as connection, _autocommit(connection):
            yield connection.connection.driver_connection

    def rows(self, statement: Executable, values: dict[str, Any]) -> Sequence[Row[Any]]:
        """One reading statement's rows, as :meth:`read` would give them, without an ORM session."""
        held = _HELD.get()
        if held is not None and held.engine is self.engine:
            connection = held.connection()
            if connection.in_transaction():  # inside another transaction of the request: part of it
                return connection.execute(statement, values).all()
            with _autocommit(connection), connection.begin():
                return connection.execute(statement, values).all()
        with self._read_engine.begin() as connection:
            return connection.execute(statement, values).all()

    def glance(self, statement: Executable, values: dict[str, Any]) -> Sequence[Row[Any]]:
        """One reading statement in autocommit, on a connection of its own: no ``BEGIN``, no ``COMMIT``, so the
        statement is all the database hears (the deadline job's look for work, every second or two)."""
        with self.engine.connect() as connection:
            return connection.execution_options(isolation_level="AUTOCOMMIT").execute(statement, values).all()

    @contextmanager
    def one_connection(self) -> Iterator[None]:
        """Inside, every transaction of this thread uses one connection: the thread's own (see :meth:`hold`)."""
        token = self.hold()
        try:
            yield
        finally:
            self.release(token)

    def hold(self) -> Token[_Held | None] | None:
        """From now until :meth:`release`, this thread's transactions use its own connection; the token for that.

        A request runs two or three short transactions (the link's token, then the action); checking a
        connection out of the pool for each, or even once a request, cost more than a save's statements. So
        a request thread keeps one connection for all its requests: taken at its first transaction (a
        request that needs none takes none), looked at (no round trip: :func:`_server_closed`) at the first
        use in each request, replaced when the server closed it or it is older than the pool's ``recycle``,
        and a transaction a failed request left open is rolled back when the request ends. On SQLite, where
        nothing is gained and reads differ from writes, it does nothing.
        """
        if self.dialect == "sqlite" or _HELD.get() is not None:
            return None
        held = getattr(self._threads, "held", None)
        if held is None:
            held = self._threads.held = _Held(self.engine, self._recycle)
            with self._lock:
                self._helds.add(held)
        held.start()
        return _HELD.set(held)

    def release(self, token: Token[_Held | None] | None) -> None:
        """The end of a request's :meth:`hold`: its connection kept for the thread's next request."""
        if token is None:
            return
        held = _HELD.get()
        _HELD.reset(token)
        if held is not None:
            held.settle()

    def dispose(self) -> None:
        with self._lock:
            helds = list(self._helds)
        for held in helds:
            held.close()
        self.engine.dispose()


class _Held:
    """A request thread's own connection (:meth:`Database.hold`), opened on first use, given back to the pool
    when the thread ends (a server that starts a thread per request) or the database is disposed of."""

    def __init__(self, engine: Engine, recycle: float) -> None:
        self.engine, self.recycle = engine, recycle
        self._box: list[Connection | None] = [None]  # the finalizer's, so that it does not keep this alive
        self._since = 0.0
        self._checked = False
        weakref.finalize(self, _close_box, self._box)

    def start(self) -> None:
        self._checked = False

    def connection(self) -> Connection:
        current = self._box[0]
        if current is not None and not self._checked:  # the request's first use: is it still good?
            self._checked = True
            stale = time.monotonic() - self._since > self.recycle
            if current.invalidated or stale or _server_closed(current.connection.driver_connection):
                self.close()
                current = None
        if current is None or current.invalidated:
            current = self._box[0] = self.engine.connect()
            self._since, self._checked = time.monotonic(), True
        return current

    def settle(self) -> None:
        """The request is over: a transaction it left open (it failed half-way) is rolled back."""
        current = self._box[0]
        if current is None:
            return
        try:
            if current.invalidated:
                self.close()
            elif current.in_transaction():
                current.rollback()
        except Exception:  # a connection that cannot even roll back is no use to the next request
            self.close()

    def close(self) -> None:
        _close_box(self._box)


def _close_box(box: list[Connection | None]) -> None:
    current, box[0] = box[0], None
    if current is not None:
        try:
            current.close()
        except Exception:  # closing a broken connection: it is gone either way
            pass


@contextmanager
def _autocommit(connection: Connection) -> Iterator[None]:
    """The driver's autocommit on for a read (psycopg's flag: set on the client, no round trip), then off."""
    driver = connection.connection.driver_connection
    if driver is None or not hasattr(driver, "autocommit") or connection.in_transaction():  # nested: joins it
        yield
        return
    driver.autocommit = True
    try:
        yield
    finally:
        try:
            if not driver.closed:
                driver.autocommit = False
        except Exception:  # the driver refuses (a statement still under way): never use the connection again
            connection.invalidate()


_HELD: ContextVar[_Held | None] = ContextVar("sengoku_held_connection", default=None)
_READING: ContextVar[bool] = ContextVar("sengoku_reading", default=False)


def _refuse_inside_a_read() -> None:
    """A write never starts inside a read: on PostgreSQL a request's read runs in autocommit, where each of the
    write's statements would commit alone (its lock gone at once). A read inside a write is fine."""
    if _READING.get():
        raise RuntimeError("a write was started inside a read: read, then write, or read inside the write")


def _normalise(url: str) -> str:
    """``postgres://`` and ``postgresql://`` (as hosts print them) mean psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def _engine(url: str, pool: Pool) -> Engine:
    sizes: dict[str, Any] = {
        "pool_size": pool.size,
        "max_overflow": pool.overflow,
        "pool_timeout": pool.timeout,
        "pool_recycle": pool.recycle,
    }
    if not url.startswith("sqlite"):
        engine = create_engine(url, **sizes)
        event.listen(engine, "checkout", _still_open)
        return engine
    memory = url in ("sqlite://", "sqlite:///:memory:")
    engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False}, **({} if memory else sizes))
    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def _still_open(connection: Any, _record: Any, _proxy: Any) -> None:
    """A pooled PostgreSQL connection about to be used: refused (and replaced by the pool) if the server closed it."""
    if _server_closed(connection):
        raise DisconnectionError("the database closed this connection")


def _server_closed(connection: Any) -> bool:
    """Whether the server has closed this PostgreSQL connection (the driver's), asked without a round trip.

    Between statements the server sends nothing, so a socket with something to read holds the server's
    goodbye (an administrator's shutdown, a restart, an idle timeout) or its end of file. Asked of the
    kernel without waiting. A connection lost without a word (a cable cut) is found by its next
    statement, which fails, as with any check made before it.
    """
    if getattr(connection, "closed", False) or getattr(connection, "broken", False):
        return True
    try:
        waiting, _, _ = select.select([connection.fileno()], [], [], 0)
    except (OSError, ValueError):  # closed on our side already
        return True
    return bool(waiting)


def _sqlite_connect(connection: Any, _record: Any) -> None:
    connection.isolation_level = None  # the driver must not open transactions itself: we do (below)
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    options = connection.get_execution_options()
    if options.get("isolation_level") == "AUTOCOMMIT":  # Database.glance: one statement, no transaction
        return
    connection.exec_driver_sql("BEGIN" if options.get(_READ_ONLY, False) else "BEGIN IMMEDIATE")


def init_app(app: Flask) -> Database:
    """Open the app's database; bring its schema up to date when ``MIGRATE_ON_START`` says so (SQLite)."""
    config = app.config
    pool = Pool(size=int(config["DATABASE_POOL_SIZE"]), overflow=int(config["DATABASE_MAX_OVERFLOW"]))
    db = Database(config["DATABASE_URL"], pool)
    migrate_on_start = config.get("MIGRATE_ON_START")
    if migrate_on_start is None:  # the default: the SQLite file the site owns, yes; a shared server, by hand
        migrate_on_start = db.dialect == "sqlite"
    if migrate_on_start:
        from web.storage.migrate import upgrade

        upgrade(db.engine)
    app.extensions["sengoku_db"] = db
    _one_connection_per_request(app, db)
    return db


def _one_connection_per_request(app: Flask, db: Database) -> None:
    def hold() -> None:
        g.sengoku_connection = db.hold()

    def release(_error: BaseException | None) -> None:
        db.release(g.pop("sengoku_connection", None))

    app.before_request(hold)
    app.teardown_request(release)


def database() -> Database:
    return current_app.extensions["sengoku_db"]  # type: ignore[no-any-return]
