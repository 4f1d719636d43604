"""The secret links' tokens: random, stored only as SHA-256 digests, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable

__all__ = ["GM", "digest", "match", "match_digest", "new_game_id", "new_token"]

GM = "gm"
"""The role of the game master's link; every other link's role is a power's name."""

_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_game_id() -> str:
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(10))


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def match(token: str, stored: Iterable[tuple[str, str]]) -> str | None:
    """The role whose stored digest is the token's, checking every row in constant time."""
    return match_digest(digest(token), stored)


def match_digest(wanted: str, stored: Iterable[tuple[str, str]]) -> str | None:
    """The role whose stored digest is ``wanted``, checking every row in constant time."""
    found = None
    for role, stored_digest in stored:
        if hmac.compare_digest(wanted, stored_digest):
            found = role
    return found
