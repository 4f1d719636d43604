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

__all__ = ["defaults", "secret_key"]

MAX_BODY = 64 * 1024
"""No request body is larger than this: a whole pasted post of orders is a few KiB."""


def defaults(instance_path: str) -> dict[str, Any]:
    """The settings of a plain start, from the environment where it says so."""
    database = os.environ.get("DATABASE_URL") or f"sqlite:///{Path(instance_path) / 'sengoku.db'}"
    return {
        "DATABASE_URL": database,
        "MAX_CONTENT_LENGTH": MAX_BODY,
        "MAX_FORM_MEMORY_SIZE": MAX_BODY,
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "WTF_CSRF_TIME_LIMIT": None,  # a player may keep the page open for a day before saving
        "DEADLINE_CHECK_SECONDS": 0,  # 0: deadlines are checked on requests only; `serve` starts a timer
    }


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
