"""Web Push: a notification sent to a browser's push service, for the browser alone to read.

The payload is encrypted for the browser's key (RFC 8291: ``aes128gcm``, by ``http_ece``) and the request is
signed with the site's VAPID key (RFC 8292: a JWT for the push service's origin, by ``py_vapid``), so the push
service learns nothing but its size and can tell the site's pushes from anyone else's. The request is one POST
to the subscription's endpoint, through the outbound guard the caller gives (:mod:`outbox.outbound`: the hosts
it names; the name resolved once, a private, loopback or metadata answer refused, the connection pinned to the
checked address; no redirect followed, no proxy from the environment): a browser names the endpoint, so a
hostile page could name anything (the web site allows the known push services only).
"""

from __future__ import annotations

import base64
import functools
import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import http_ece
import httpx
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

from outbox.outbound import Outbound, OutboundRefused

__all__ = ["Pushed", "Subscription", "VapidKey", "b64", "push", "unb64"]

MAX_PAYLOAD = 3000
"""Bytes of payload at most: push services take 4,096 after encryption."""
_TTL = 24 * 3600  # a push a browser has not fetched within a day is dropped by its service


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class VapidKey:
    """The site's VAPID key: its private key in PEM, and the public key browsers subscribe with."""

    pem: bytes

    @classmethod
    def new(cls) -> VapidKey:
        key = ec.generate_private_key(ec.SECP256R1())
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        return cls(pem)

    @classmethod
    def from_secret(cls, secret: str) -> VapidKey:
        """The key derived from a site's secret (HKDF-SHA256): the same on every start, and no file to keep."""
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.kdf.hkdf import HKDF

        raw = HKDF(hashes.SHA256(), 32, salt=None, info=b"sengoku vapid key").derive(secret.encode())
        order = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551  # the P-256 group's order
        key = ec.derive_private_key(int.from_bytes(raw, "big") % (order - 1) + 1, ec.SECP256R1())
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        return cls(pem)

    @functools.cached_property
    def public(self) -> str:
        """The application server key, base64url (what ``pushManager.subscribe`` takes); worked out once (every
        player's page shows it)."""
        key = serialization.load_pem_private_key(self.pem, password=None)
        assert isinstance(key, ec.EllipticCurvePrivateKey)
        return b64(
            key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        )


@dataclass(frozen=True)
class Subscription:
    """Where a browser receives pushes, and its keys (base64url, as ``PushSubscription.toJSON()`` gives them)."""

    endpoint: str
    p256dh: str
    auth: str


@dataclass(frozen=True)
class Pushed:
    status: int | None  # the push service's answer; None when it could not be reached
    failure: str | None = None

    @property
    def gone(self) -> bool:
        """The subscription is dead (RFC 8030: 404 or 410): forget it."""
        return self.status in (404, 410)


def push(
    subscription: Subscription,
    payload: dict[str, Any],
    key: VapidKey,
    *,
    subject: str,
    now: datetime,
    outbound: Outbound,
    timeout: float = 10.0,
    transport: httpx.BaseTransport | None = None,
) -> Pushed:
    """Encrypt ``payload`` (JSON) for the subscription and POST it to its endpoint, signed with ``key``, through
    ``outbound`` (``transport``: what sends the checked request; real HTTP if None)."""
    data = json.dumps(payload, separators=(",", ":")).encode()
    if len(data) > MAX_PAYLOAD:
        raise ValueError(f"a push payload is at most {MAX_PAYLOAD} bytes (this one: {len(data)})")
    body = http_ece.encrypt(
        data,
        salt=os.urandom(16),
        private_key=ec.generate_private_key(ec.SECP256R1()),
        dh=unb64(subscription.p256dh),
        auth_secret=unb64(subscription.auth),
        version="aes128gcm",
    )
    parts = urlsplit(subscription.endpoint)
    moment = now if now.tzinfo is not None else now.replace(tzinfo=UTC)  # a naive time is UTC here
    claims = {"aud": f"{parts.scheme}://{parts.netloc}", "sub": subject, "exp": int(moment.timestamp()) + 12 * 3600}
    headers = Vapid02.from_pem(key.pem).sign(claims)
    headers |= {"Content-Encoding": "aes128gcm", "TTL": str(_TTL), "Content-Type": "application/octet-stream"}
    try:
        with outbound.client(timeout=timeout, transport=transport) as client:
            answer = client.post(subscription.endpoint, content=body, headers=headers)
    except OutboundRefused as refused:
        return Pushed(None, f"not sent: {refused}")
    except httpx.HTTPError as error:
        return Pushed(None, f"the push service could not be reached ({type(error).__name__})")
    failure = None if answer.is_success else f"the push service answered {answer.status_code}"
    return Pushed(answer.status_code, failure)
