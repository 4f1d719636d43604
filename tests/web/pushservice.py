"""A push service on loopback, for the Web Push tests: it checks each push's VAPID signature (RFC 8292) against
the site's public key and decrypts its payload (RFC 8291, aes128gcm) with the browser's keys it made, as a real
push service and browser would between them. Never a mock function: the site's real request arrives here."""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

from outbox.webpush import b64, unb64

__all__ = ["Browser", "PushService", "push_service"]


@dataclass
class Browser:
    """One browser's subscription: its endpoint on this service and its keys (the private one stays here)."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey
    auth: bytes

    def subscription(self) -> dict[str, Any]:
        """As ``PushSubscription.toJSON()`` gives it."""
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64(point), "auth": b64(self.auth)},
        }


@dataclass
class PushService:
    base: str
    site_key: str  # the VAPID public key every push must be signed with
    browsers: dict[str, Browser] = field(default_factory=dict)
    received: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (browser id, decrypted payload)
    refused: list[str] = field(default_factory=list)  # why pushes were refused (a bad signature...)
    gone: set[str] = field(default_factory=set)  # browsers whose pushes get 410 Gone
    arrived: threading.Condition = field(default_factory=threading.Condition)

    def browser(self) -> tuple[str, Browser]:
        name = secrets.token_hex(6)
        self.browsers[name] = Browser(
            f"{self.base}/push/{name}", ec.generate_private_key(ec.SECP256R1()), secrets.token_bytes(16)
        )
        return name, self.browsers[name]

    def wait(self, count: int, timeout: float = 20.0) -> list[tuple[str, dict[str, Any]]]:
        """The pushes received, once there are ``count`` of them (or the timeout passed)."""
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.received) >= count, timeout)
            return list(self.received)

    def handle(self, request: Request) -> Response:
        name = request.path.rsplit("/", 1)[-1]
        browser = self.browsers.get(name)
        if request.method != "POST" or browser is None:
            return Response("no such subscription", 404)
        why = self._vapid(request.headers.get("Authorization", ""))
        if why is None and request.headers.get("Content-Encoding") != "aes128gcm":
            why = "not aes128gcm"
        if why is not None:
            self.refused.append(why)
            return Response(why, 401)
        if name in self.gone:
            return Response("gone", 410)
        clear = http_ece.decrypt(
            request.get_data(), private_key=browser.key, auth_secret=browser.auth, version="aes128gcm"
        )
        with self.arrived:
            self.received.append((name, json.loads(clear)))
            self.arrived.notify_all()
        return Response("", 201)

    def _vapid(self, header: str) -> str | None:
        """Why the Authorization header is not a good VAPID signature of the site's for this service, or None."""
        scheme, _, rest = header.partition(" ")
        parts = dict(p.strip().split("=", 1) for p in rest.split(",") if "=" in p)
        if scheme.lower() != "vapid" or "t" not in parts or "k" not in parts:
            return "no VAPID authorization"
        if parts["k"] != self.site_key:
            return "signed with another key"
        head, claims, signature = parts["t"].split(".")
        raw = unb64(signature)
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(parts["k"]))
        try:
            key.verify(
                encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                f"{head}.{claims}".encode(),
                ec.ECDSA(hashes.SHA256()),
            )
        except Exception:
            return "bad signature"
        said = json.loads(unb64(claims))
        if json.loads(unb64(head)).get("alg") != "ES256" or said.get("aud") != self.base:
            return "not for this service"
        if not str(said.get("sub", "")).startswith(("mailto:", "https:")):
            return "no contact"
        now = datetime.now(UTC).timestamp()  # the frozen clock of a test marked clock, as the site's
        if not now < said.get("exp", 0) <= now + 24 * 3600:
            return "expired, or good for more than a day"
        return None


@contextmanager
def push_service(site_key: str) -> Iterator[PushService]:
    """The service on a free loopback port until the block ends."""
    holder: list[PushService] = []

    def app(environ: Any, start_response: Any) -> Any:
        return holder[0].handle(Request(environ))(environ, start_response)

    server = make_server("127.0.0.1", 0, app, threaded=True)
    holder.append(PushService(f"http://127.0.0.1:{server.server_port}", site_key))
    thread = threading.Thread(target=server.serve_forever, name="push-service", daemon=True)
    thread.start()
    try:
        yield holder[0]
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
