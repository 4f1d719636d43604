"""Secrets the browser keeps for the site, encrypted: the session cookie never holds a readable link.

A new game's links are shown on a page the browser is sent to after the
form (so a reload never makes a second game). The site keeps only the
tokens' fingerprints, so the browser carries the links to that page, in its
session cookie: once signed but readable by anyone who saw the cookie, now
sealed with Fernet (AES-128-CBC and HMAC-SHA256, from ``cryptography``) under
a key derived from the site's secret key, and good for :data:`SEALED_SECONDS`.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from cryptography.fernet import Fernet, InvalidToken

__all__ = ["SEALED_SECONDS", "seal", "unseal"]

SEALED_SECONDS = 3600
"""How long the links page can be shown again after the game was created."""


def _fernet(secret_key: str | bytes) -> Fernet:
    key = secret_key.encode() if isinstance(secret_key, str) else secret_key
    derived = hashlib.sha256(b"sengoku sealed session v1\0" + key).digest()  # its own key, not the signing key
    return Fernet(base64.urlsafe_b64encode(derived))


def seal(secret_key: str | bytes, value: Any) -> str:
    """``value`` (JSON) as an opaque, authenticated, timestamped string."""
    return _fernet(secret_key).encrypt(json.dumps(value).encode()).decode("ascii")


def unseal(secret_key: str | bytes, sealed: object) -> Any:
    """What :func:`seal` sealed, or None when it is not a sealed value of this site or is older than an hour."""
    if not isinstance(sealed, str):
        return None
    try:
        return json.loads(_fernet(secret_key).decrypt(sealed.encode("ascii"), ttl=SEALED_SECONDS))
    except (InvalidToken, UnicodeEncodeError, ValueError):
        return None
