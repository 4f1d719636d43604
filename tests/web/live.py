"""A real server on a free loopback port, in a thread, for the browser and concurrency tests."""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from werkzeug.serving import make_server

__all__ = ["call", "live_server"]


@contextmanager
def live_server(app: Flask) -> Iterator[str]:
    """Serve ``app`` with one thread per request until the block ends; yields the base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


def call(method: str, url: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    """One JSON request; returns the status and the decoded answer."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")
