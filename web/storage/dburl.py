"""A database URL checked before it is used, and every way a database can fail said in one line.

``sengoku db status --database garbage`` raised SQLAlchemy's ArgumentError, a
``mysql://`` URL a ModuleNotFoundError (the driver), and ``sengoku serve``
with the database down printed two tracebacks. Now :func:`check` refuses a
URL that is not SQLite's or PostgreSQL's before an engine is made, and
:func:`describe` turns any error met using one into the line the commands print.
"""

from __future__ import annotations

from pathlib import PurePath

__all__ = ["SUPPORTED", "DatabaseUnusable", "check", "describe"]

SUPPORTED = ("sqlite", "postgresql")
_NAME_MAX = 255  # bytes in one file or folder name (ext4, APFS, NTFS alike)
_PATH_MAX = 4095
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
    if backend == "sqlite":
        _check_sqlite_path(parsed.database or "")


def _check_sqlite_path(path: str) -> None:
    """A SQLite URL names its file (``sqlite:///`` named none, and went on to a TypeError), on a path the file
    system can hold (a name of 300 characters went on to an OSError in a traceback)."""
    if not path:
        raise DatabaseUnusable("a SQLite URL names its file after three slashes: sqlite:///path/to/sengoku.db")
    if path == ":memory:":
        return
    longest = max((len(part.encode("utf-8", "surrogateescape")) for part in PurePath(path).parts), default=0)
    if longest > _NAME_MAX or len(path.encode("utf-8", "surrogateescape")) > _PATH_MAX:
        raise DatabaseUnusable(
            f"the SQLite file's path is too long for a file system ({len(path):,} characters; "
            f"at most {_NAME_MAX} bytes a name and {_PATH_MAX:,} in all)"
        )


def describe(error: BaseException) -> str:
    """One line saying why the database could not be used (the driver's first line, never a traceback)."""
    if isinstance(error, DatabaseUnusable):
        return str(error)
    if isinstance(error, ImportError):
        return f"cannot use the database: its driver is not installed ({error})"
    reason = str(getattr(error, "orig", None) or error).strip().splitlines()
    return f"cannot use the database: {reason[0] if reason else type(error).__name__}"
