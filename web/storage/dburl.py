"""A database URL checked before it is used, and every way a database can fail said in one line.

``sengoku db status --database garbage`` raised SQLAlchemy's ArgumentError, a
``mysql://`` URL a ModuleNotFoundError (the driver), and ``sengoku serve``
with the database down printed two tracebacks. Now :func:`check` refuses a
URL that is not SQLite's or PostgreSQL's before an engine is made, and
:func:`describe` turns any error met using one into the line the commands print.
"""

from __future__ import annotations

__all__ = ["SUPPORTED", "DatabaseUnusable", "check", "describe"]

SUPPORTED = ("sqlite", "postgresql")
_EXAMPLES = "sqlite:///path/to/sengoku.db or postgresql://user:password@host/dbname"


class DatabaseUnusable(ValueError):
    """The database cannot be used; the message is one line for the user."""


def check(url: str) -> None:
    """DatabaseUnusable unless ``url`` is a well-formed SQLite or PostgreSQL (psycopg) URL."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        raise DatabaseUnusable(f"the database URL is not a URL (give {_EXAMPLES})") from None
    backend, driver = parsed.get_backend_name(), parsed.get_driver_name()
    if backend not in SUPPORTED:
        raise DatabaseUnusable(f"sengoku runs on SQLite or PostgreSQL, not '{backend}' (give {_EXAMPLES})")
    if backend == "postgresql" and driver not in ("psycopg", "psycopg2"):
        raise DatabaseUnusable(f"use PostgreSQL through psycopg ('postgresql://...'), not the '{driver}' driver")


def describe(error: BaseException) -> str:
    """One line saying why the database could not be used (the driver's first line, never a traceback)."""
    if isinstance(error, DatabaseUnusable):
        return str(error)
    if isinstance(error, ImportError):
        return f"cannot use the database: its driver is not installed ({error})"
    reason = str(getattr(error, "orig", None) or error).strip().splitlines()
    return f"cannot use the database: {reason[0] if reason else type(error).__name__}"
