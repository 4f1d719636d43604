"""Discord's signature on each interaction: Ed25519 over the timestamp and the body, by the application's key.

Discord signs ``X-Signature-Timestamp`` followed by the raw body with the key whose public half the developer
portal shows (``SENGOKU_DISCORD_PUBLIC_KEY``). A request without a valid signature, or signed more than
:data:`MAX_AGE` seconds from now (either way: a replay, or a clock gone wrong), is refused before its body is read.
``cryptography`` (already the site's, for its sealed cookies) does the verifying.
"""

from __future__ import annotations

from functools import cache

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

__all__ = ["MAX_AGE", "BadKey", "public_key", "refusal"]

MAX_AGE = 300
"""Seconds a signed request stays good: Discord's requests arrive within a second or two."""


class BadKey(ValueError):
    """The configured public key is not one (64 hexadecimal digits)."""


@cache
def public_key(hex_key: str) -> Ed25519PublicKey:
    """The application's public key from the portal's hexadecimal text (read once per process)."""
    try:
        raw = bytes.fromhex(hex_key.strip())
        return Ed25519PublicKey.from_public_bytes(raw)
    except ValueError:
        raise BadKey("SENGOKU_DISCORD_PUBLIC_KEY is not a public key: 64 hexadecimal digits from the portal") from None


def refusal(key: Ed25519PublicKey, signature: str, timestamp: str, body: bytes, now: float) -> str | None:
    """Why the request is refused (401), or None when Discord signed it a moment ago."""
    if not signature or not timestamp:
        return "the request is not signed (X-Signature-Ed25519, X-Signature-Timestamp)"
    if len(timestamp) > 20 or not timestamp.isdigit():
        return "the signature's timestamp is not a time"
    try:
        key.verify(bytes.fromhex(signature), timestamp.encode("ascii") + body)
    except (ValueError, InvalidSignature):
        return "invalid request signature"
    if abs(now - int(timestamp)) > MAX_AGE:
        return f"the request was signed more than {MAX_AGE // 60} minutes from now: refused as stale"
    return None
