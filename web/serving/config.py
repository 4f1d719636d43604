"""Settings: defaults, the environment, and the secret key kept in the instance folder.

Nothing here is secret by default except the key, which is generated once and
kept in ``instance/secret_key`` (readable by its owner only) unless
``SECRET_KEY`` is given in the test config or ``SENGOKU_SECRET_KEY`` in the
environment.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from web.access.public_url import from_environment

__all__ = ["MAX_BODY", "client_connections", "database_url", "defaults", "request_seconds", "secret_key"]

MAX_BODY = 64 * 1024
"""No request body is larger than this: a whole pasted post of orders is a few KiB."""


def request_seconds() -> float:
    """How long a request may take to arrive whole: ``$SENGOKU_REQUEST_SECONDS``, else 10 (serving/waitress_site.py)."""
    try:
        return max(0.5, float(os.environ.get("SENGOKU_REQUEST_SECONDS", "")))
    except ValueError:
        return 10.0


def client_connections() -> int:
    """Connections one client may hold open at once (each process): ``$SENGOKU_CLIENT_CONNECTIONS``, else 64.

    A browser opens six; 1,100 sockets from one client made waitress take 10-12 s a request (issue 32).
    A trusted proxy (web/access/proxies.py) is not held to it: it bounds its own clients (nginx's limit_conn).
    """
    value = os.environ.get("SENGOKU_CLIENT_CONNECTIONS", "")
    return max(1, int(value)) if value.isdigit() else 64


def database_url(instance_path: str | None = None) -> str:
    """``$DATABASE_URL``, else the SQLite file in the instance folder (the site's own, by default)."""
    given = os.environ.get("DATABASE_URL")
    if given:
        return given
    if instance_path is None:
        from flask import Flask

        instance_path = Flask("web").instance_path  # where create_app() keeps it
    return f"sqlite:///{Path(instance_path) / 'sengoku.db'}"


def defaults(instance_path: str) -> dict[str, Any]:
    """The settings of a plain start, from the environment where it says so."""
    return {
        "DATABASE_URL": database_url(instance_path),
        "MAX_CONTENT_LENGTH": MAX_BODY,
        "MAX_FORM_MEMORY_SIZE": MAX_BODY,
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "PUBLIC_URL": from_environment(),  # every link is built from it, never from a request (access/public_url.py)
        "WTF_CSRF_SSL_STRICT": False,  # its Referer check fails under Referrer-Policy: no-referrer; the token stays
        "RATE_LIMITS": False,  # `sengoku serve` turns them on (web/access/limits.py)
        "OPERATOR_TOKEN": os.environ.get("SENGOKU_OPERATOR_TOKEN") or None,  # the site's operator (/api/site)
        "PUBLIC_SITE": False,  # serves other machines: `sengoku serve --host 0.0.0.0` sets it (web/storage/site.py)
        "WTF_CSRF_TIME_LIMIT": None,  # a player may keep the page open for a day before saving
        "DEADLINE_CHECK_SECONDS": 0,  # 0: no deadline job in this process (tests); `sengoku serve` starts one
        "MIGRATE_ON_START": None,  # None: SQLite is upgraded at start, other databases by `sengoku db upgrade`
        "DATABASE_POOL_SIZE": _number("SENGOKU_DB_POOL_SIZE", 5),
        "DATABASE_MAX_OVERFLOW": _number("SENGOKU_DB_MAX_OVERFLOW", 10),
        # Discord (web/discord/, docs/discord.md): the application's public key turns the endpoint on; the API's
        # address is Discord's unless a test points it at a server on loopback.
        "DISCORD_PUBLIC_KEY": os.environ.get("SENGOKU_DISCORD_PUBLIC_KEY", "").strip() or None,
        "DISCORD_API_URL": os.environ.get("SENGOKU_DISCORD_API_URL", "").strip() or None,
        "STORY_MAX_BYTES": _number("SENGOKU_STORY_MAX_BYTES", 10_000_000),  # the animation (web/play/storybook.py)
    }


def _number(variable: str, default: int) -> int:
    value = os.environ.get(variable, "")
    return int(value) if value.isdigit() else default


def secret_key(instance_path: str) -> str:
    """``SENGOKU_SECRET_KEY``, or the key kept in the instance folder (made on first start)."""
    given = os.environ.get("SENGOKU_SECRET_KEY")
    if given:
        return given
    path = Path(instance_path) / "secret_key"
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first
        return path.read_text(encoding="utf-8").strip()
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(key + "\n")
    return key
