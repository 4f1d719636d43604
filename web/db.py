"""The database: one SQLAlchemy engine per app, transactions, and the schema made on first start.

SQLite (the default, a file in the instance folder) runs in WAL mode so that
readers never wait for a writer, and every writing transaction starts with
``BEGIN IMMEDIATE``: writers queue for the lock (up to the busy timeout)
instead of failing half-way. PostgreSQL needs nothing special; the store
takes row locks where it must.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, current_app
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from web.models import Base

__all__ = ["Database", "database", "init_app"]

_READ_ONLY = "sengoku_read_only"


class Database:
    """An engine and two kinds of transaction: ``write()`` and ``read()``."""

    def __init__(self, url: str) -> None:
        self.url = _normalise(url)
        self.engine = _engine(self.url)
        self._writer = sessionmaker(self.engine, expire_on_commit=False)
        self._reader = sessionmaker(self.engine.execution_options(**{_READ_ONLY: True}), expire_on_commit=False)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def create_schema(self) -> None:
        Base.metadata.create_all(self.engine)

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One transaction that may change data: committed at the end, rolled back on any error."""
        with self._writer.begin() as session:
            yield session

    @contextmanager
    def read(self) -> Iterator[Session]:
        with self._reader.begin() as session:
            yield session

    def dispose(self) -> None:
        self.engine.dispose()


def _normalise(url: str) -> str:
    """``postgres://`` and ``postgresql://`` (as hosts print them) mean psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def _engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect(connection: Any, _record: Any) -> None:
    connection.isolation_level = None  # the driver must not open transactions itself: we do (below)
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    read_only = connection.get_execution_options().get(_READ_ONLY, False)
    connection.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")


def init_app(app: Flask) -> Database:
    """Open the app's database and create the tables that are missing."""
    db = Database(app.config["DATABASE_URL"])
    db.create_schema()
    app.extensions["sengoku_db"] = db
    return db


def database() -> Database:
    return current_app.extensions["sengoku_db"]  # type: ignore[no-any-return]
