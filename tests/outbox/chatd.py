"""A real webhook receiver on loopback for the tests: Discord's and Slack's endpoints, with their limits.

It answers as the two services document: Discord refuses a message over
2,000 characters (400, code 50035) and a file over its upload limit (413,
code 40005) and an unknown webhook (404, code 10015); Slack refuses an
empty text (400 ``no_text``) and a text over 40,000 characters (400
``msg_too_long``) and answers ``ok``. ``fail`` holds answers to give first
(429 with a ``retry_after``, a 500) before the real one. Everything
accepted is in ``received``, in order.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from outbox.outbound import NETWORKS_VARIABLE

DISCORD_PATH = "/api/webhooks/1234567890/s3cr3t-t0ken"
SLACK_PATH = "/services/T000/B000/s3cr3t-t0ken"
DISCORD_CONTENT_LIMIT = 2000
DISCORD_FILE_LIMIT = 10 * 1024 * 1024
SLACK_TEXT_LIMIT = 40_000


@dataclass
class Arrived:
    path: str
    query: dict[str, list[str]]
    body: dict[str, object]  # the JSON payload (Discord: payload_json of a multipart request)
    files: dict[str, bytes] = field(default_factory=dict)  # name -> bytes

    @property
    def text(self) -> str:
        value = self.body.get("content", self.body.get("text", ""))
        return value if isinstance(value, str) else ""


@dataclass
class Receiver:
    port: int
    received: list[Arrived] = field(default_factory=list)
    fail: list[tuple[int, dict[str, object]]] = field(default_factory=list)  # answers to give first
    file_limit: int = DISCORD_FILE_LIMIT

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


def _handler(receiver: Receiver) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # quiet
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            raw = self.rfile.read(length)
            if receiver.fail:
                status, body = receiver.fail.pop(0)
                self._answer(status, body)
                return
            parts = urlsplit(self.path)
            if parts.path == DISCORD_PATH:
                self._discord(parts.path, parse_qs(parts.query), raw)
            elif parts.path == SLACK_PATH:
                self._slack(parts.path, raw)
            else:
                self._answer(404, {"message": "Unknown Webhook", "code": 10015})

        def _discord(self, path: str, query: dict[str, list[str]], raw: bytes) -> None:
            body, files = discord_message(self.headers.get("Content-Type", ""), raw)
            content = body.get("content", "")
            if not isinstance(content, str) or len(content) > DISCORD_CONTENT_LIMIT:
                self._answer(400, {"message": "Invalid Form Body", "code": 50035})
                return
            if not content and not files:
                self._answer(400, {"message": "Cannot send an empty message", "code": 50006})
                return
            if sum(len(f) for f in files.values()) > receiver.file_limit:
                self._answer(413, {"message": "Request entity too large", "code": 40005})
                return
            receiver.received.append(Arrived(path, query, body, files))
            self._answer(200, {"id": str(len(receiver.received)), "content": content})

        def _slack(self, path: str, raw: bytes) -> None:
            body = json.loads(raw)
            text = body.get("text", "")
            if not text:
                self._plain(400, "no_text")
            elif len(text) > SLACK_TEXT_LIMIT:
                self._plain(400, "msg_too_long")
            else:
                receiver.received.append(Arrived(path, {}, body))
                self._plain(200, "ok")

        def _answer(self, status: int, body: dict[str, object]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _plain(self, status: int, text: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(text)))
            self.end_headers()
            self.wfile.write(text.encode())

    return Handler


def discord_message(kind: str, raw: bytes) -> tuple[dict[str, Any], dict[str, bytes]]:
    """A message as Discord reads it: JSON, or multipart with ``payload_json`` and files (name -> bytes)."""
    if not kind.startswith("multipart/form-data"):
        return json.loads(raw), {}
    form = message_from_bytes(f"Content-Type: {kind}\r\n\r\n".encode() + raw, policy=policy.HTTP)
    body: dict[str, Any] = {}
    files: dict[str, bytes] = {}
    for part in form.iter_parts():
        data = part.get_payload(decode=True)
        assert isinstance(data, bytes)
        if part.get_param("name", header="content-disposition") == "payload_json":
            body = json.loads(data)
        else:
            files[str(part.get_filename())] = data
    return body, files


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[int]:
    """``handler`` served on a free loopback port (yielded) until the block ends."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@contextmanager
def webhook_receiver() -> Iterator[Receiver]:
    """A receiver on a free loopback port, stopped when the block ends.

    While it runs, loopback is a network the operator allows (``SENGOKU_OUTBOUND_NETWORKS``, as for a relay on
    the site's own machine): without it the outbound guard refuses ``http://127.0.0.1`` (tests/hostile).
    """
    receiver = Receiver(port=0)
    with loopback_allowed(), serving(_handler(receiver)) as port:
        receiver.port = port
        yield receiver


@contextmanager
def loopback_allowed() -> Iterator[None]:
    """The outbound guard lets requests reach 127.0.0.1 for the block (a test's own servers), and no longer."""
    previous = os.environ.get(NETWORKS_VARIABLE)
    os.environ[NETWORKS_VARIABLE] = "127.0.0.1/32"
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(NETWORKS_VARIABLE, None)
        else:
            os.environ[NETWORKS_VARIABLE] = previous
