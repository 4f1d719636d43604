"""The database schema, kept by migrations (Alembic; the scripts are in ``web/storage/migrations/``).

``upgrade`` brings a database to the newest revision in one transaction, so a
failed migration changes nothing. Several processes may call it at once (a
second ``sengoku serve`` starting, a deployment script): on PostgreSQL an
advisory lock makes them take turns, on SQLite the database's write lock does
(every transaction there begins with ``BEGIN IMMEDIATE``). A database made
before migrations existed (tables but no ``alembic_version``) is recognised
and stamped with the first revision, whose tables it already has; then the
later revisions run on it as on any other.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, text

__all__ = ["BASELINE", "SchemaError", "SchemaStatus", "alembic_config", "head", "status", "upgrade"]

BASELINE = "0001"
"""The revision whose tables ``create_all`` made before migrations (see versions/0001_initial.py)."""

_MIGRATIONS = Path(__file__).with_name("migrations")
_LOCK = 0x73656E676F6B75  # "sengoku": the advisory lock key for migrations on PostgreSQL
_BEFORE_MIGRATIONS = {"games", "tokens", "submissions"}


class SchemaError(RuntimeError):
    """The database cannot be used as it is (behind the code, ahead of it, or foreign)."""


@dataclass(frozen=True)
class SchemaStatus:
    current: str | None
    head: str
    legacy: bool = False
    """Tables made before migrations, not stamped yet."""

    @property
    def ready(self) -> bool:
        return self.current == self.head

    def describe(self) -> str:
        if self.ready:
            return f"at revision {self.current} (the newest)"
        if self.legacy:
            return "from before migrations: 'sengoku db upgrade' recognises and upgrades it"
        if self.current is None:
            return "empty: 'sengoku db upgrade' makes the tables"
        return f"at revision {self.current}, the code needs {self.head}: run 'sengoku db upgrade'"


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's settings without an ini file: the scripts shipped in this package, and our connection."""
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    config.set_main_option("file_template", "%%(rev)s_%%(slug)s")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@functools.cache
def head() -> str:
    """The newest revision (read from the scripts once per process)."""
    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    if len(heads) != 1:  # two branches each added a migration after the same one: see migrations/README.md
        raise SchemaError(f"the migrations have {len(heads)} heads ({', '.join(heads)}); they must form one line")
    return heads[0]


def status(engine: Engine) -> SchemaStatus:
    with engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
        legacy = current is None and _BEFORE_MIGRATIONS <= set(inspect(connection).get_table_names())
        connection.rollback()
    return SchemaStatus(current=current, head=head(), legacy=legacy)


def upgrade(engine: Engine) -> tuple[SchemaStatus, SchemaStatus]:
    """Bring the database to the newest revision; returns its status before and after."""
    with _migrating(engine) as connection:
        before = MigrationContext.configure(connection).get_current_revision()
        tables = set(inspect(connection).get_table_names())
        legacy = before is None and _BEFORE_MIGRATIONS <= tables
        if before is None and tables & _BEFORE_MIGRATIONS and not legacy:
            raise SchemaError(f"the database has some of sengoku's tables but not all ({', '.join(sorted(tables))})")
        config = alembic_config(connection)
        if legacy:
            command.stamp(config, BASELINE)
        command.upgrade(config, "head")
    target = head()
    return SchemaStatus(current=before, head=target, legacy=legacy), SchemaStatus(current=target, head=target)


@contextmanager
def _migrating(engine: Engine) -> Iterator[Connection]:
    """One connection in one transaction, with the migration lock, and SQLite's foreign keys off meanwhile.

    SQLite cannot alter most of a table, so a migration there copies it into a
    new one and drops the old; with foreign keys on, that drop would delete
    every row that points at the table (ON DELETE CASCADE). The keys are
    checked once the migration is done instead.
    """
    with engine.connect() as connection:
        sqlite = engine.dialect.name == "sqlite"
        raw = connection.connection.dbapi_connection
        if sqlite and raw is not None:
            raw.execute("PRAGMA foreign_keys=OFF")  # outside any transaction, or SQLite ignores it
        try:
            with connection.begin():
                if engine.dialect.name == "postgresql":
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
                yield connection
                if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first() is not None:
                    raise SchemaError("the migration left rows that point at nothing; nothing was changed")
        finally:
            if sqlite and raw is not None:
                raw.execute("PRAGMA foreign_keys=ON")
