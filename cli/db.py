"""``sengoku db``: the web site's database schema (migrations), for whoever runs the site.

``sengoku db upgrade`` makes the tables of a new database, or brings an
existing one to this version's schema (one made before migrations is
recognised and kept); run it before starting (or after upgrading) a site on
PostgreSQL. ``sengoku serve`` does it by itself on SQLite. ``sengoku db
revision`` is for developers who change ``web/storage/models.py`` (see
``web/storage/migrations/README.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import click

if TYPE_CHECKING:
    from sqlalchemy import Engine

__all__ = ["db"]

T = TypeVar("T")

_DATABASE = click.option(
    "--database", metavar="URL", help="SQLAlchemy URL [default: $DATABASE_URL, else instance/sengoku.db]."
)


@click.group()
def db() -> None:
    """The web site's database: make or upgrade its tables."""


@db.command(short_help="Make the tables, or bring them up to date.")
@_DATABASE
def upgrade(database: str | None) -> None:
    """Make the tables, or bring them up to this version of sengoku (safe to run again)."""
    from web.storage.migrate import upgrade as run_upgrade

    engine = _guarded(lambda: _engine(database, make_folder=True))
    try:
        before, after = _guarded(lambda: run_upgrade(engine))
    finally:
        engine.dispose()
    where = _shown(engine)
    start = before.current or "nothing"
    if before.legacy:
        start = _baseline()
        click.echo(f"{where}: made before migrations; stamped as revision {start}.")
    if start == after.current:
        click.echo(f"{where}: already at revision {after.current} (the newest); nothing to do.")
    else:
        click.echo(f"{where}: upgraded from {start} to revision {after.current} (the newest).")


@db.command(short_help="Show the revision; exit 1 if an upgrade is needed.")
@_DATABASE
def status(database: str | None) -> None:
    """Show the database's revision; exit 1 if it needs 'sengoku db upgrade'."""
    from web.storage.migrate import SchemaStatus, head
    from web.storage.migrate import status as read_status

    missing = _guarded(lambda: _missing_sqlite_file(database))
    if missing is not None:  # reported as empty, and nothing is made: not the file, not its folder
        click.echo(f"{missing}: {SchemaStatus(current=None, head=head()).describe()}")
        raise SystemExit(1)
    engine = _guarded(lambda: _engine(database, make_folder=False))
    try:
        schema = _guarded(lambda: read_status(engine))
    finally:
        engine.dispose()
    click.echo(f"{_shown(engine)}: {schema.describe()}")
    if not schema.ready:
        raise SystemExit(1)


@db.command(short_help="(For developers) Write a new migration.")
@click.option("-m", "--message", required=True, help="What the migration changes, in a few words.")
@click.option(
    "--autogenerate", is_flag=True, help="Fill it in from the difference between web/storage/models.py and the last."
)
def revision(message: str, autogenerate: bool) -> None:
    """(For developers) Write a new migration file after the newest one."""
    import tempfile

    from alembic import command
    from sqlalchemy import create_engine

    from web.storage.migrate import alembic_config, head, upgrade

    number = f"{int(head()) + 1:04d}"
    with tempfile.TemporaryDirectory() as folder:  # autogenerate compares the models with a database at head
        engine = create_engine(f"sqlite:///{Path(folder) / 'head.db'}")
        try:
            upgrade(engine)
            with engine.begin() as connection:
                script = command.revision(alembic_config(connection), message, autogenerate=autogenerate, rev_id=number)
        finally:
            engine.dispose()
    path = getattr(script, "path", None)
    click.echo(f"Wrote {path}: check it (and its downgrade), then run the tests (tests/web/test_migrations.py).")


def _engine(database: str | None, *, make_folder: bool) -> Engine:
    """The engine for ``database``; only ``upgrade`` may make a SQLite file's folder (``status`` only reports)."""
    from web.serving.config import database_url
    from web.storage.db import Database
    from web.storage.dburl import check

    url = database or database_url()
    check(url)
    if make_folder and url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    return Database(url).engine


def _missing_sqlite_file(database: str | None) -> str | None:
    """The URL when it names a SQLite file that does not exist (opening it would make it), else None."""
    from web.serving.config import database_url
    from web.storage.dburl import check

    url = database or database_url()
    check(url)
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        return None if Path(url.removeprefix("sqlite:///")).exists() else url
    return None


def _guarded(action: Callable[[], T]) -> T:
    """``action()``, or exit 1 with one line saying why the database could not be used."""
    from sqlalchemy.exc import SQLAlchemyError

    from web.storage.dburl import DatabaseUnusable, describe
    from web.storage.migrate import SchemaError

    try:
        return action()
    except SchemaError as error:
        raise click.ClickException(str(error)) from None
    except (DatabaseUnusable, SQLAlchemyError, ImportError) as error:
        raise click.ClickException(describe(error)) from None


def _shown(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=True)


def _baseline() -> str:
    from web.storage.migrate import BASELINE

    return BASELINE
