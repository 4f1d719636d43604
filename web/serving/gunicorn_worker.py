"""gunicorn's threaded worker, but a request is read whole by the worker's event loop before a thread takes it.

gunicorn's ``gthread`` worker hands a connection to a thread as soon as its
first bytes arrive, and the thread then reads the request line, headers and
body blocking, without a deadline: eight sockets that sent a request line and
nothing more held every thread of ``--workers 2 --threads 4`` for 200 s
(issue 20). A reverse proxy (nginx) would buffer requests in front of it; this
worker does the same job in the worker itself, so the site is safe without one:

- each accepted connection is watched by the worker's selector (no thread)
  and its bytes gathered until the request is whole: headers ended, and the
  body read as its ``Content-Length`` says (or a chunked body ended);
- it must be whole within :data:`READ_SECONDS` of the connection, however it
  trickles, or it is answered 408 and closed; headers over
  :data:`HEADER_LIMIT` get 431, a chunked body over the site's limit 413,
  both without a thread;
- a ``Content-Length`` over the limit goes straight to the app, which answers
  413 from the header without reading the body;
- a client that sent ``Expect: 100-continue`` (curl does, for a body over
  1 KiB) is told ``100 Continue`` once its headers are in, or it would wait;
- only then does a thread parse it (from the buffer: no more blocking reads)
  and run the app. gunicorn's parser refuses ``Transfer-Encoding`` with
  ``Content-Length`` (400, connection closed).

The worker takes new connections while one of its threads is free (so the
kernel's queue still feeds the least busy worker: web/serving/gunicorn.py) and holds
at most ``worker_connections`` at once, idle ones included, and at most
:func:`~web.serving.config.client_connections` from one client (a new one over
that is closed as it is accepted; a proxy in ``forwarded_allow_ips`` excepted,
which bounds its own clients).
"""

from __future__ import annotations

import re
import selectors
import socket
import time
from collections import Counter
from concurrent.futures import Future
from functools import partial
from typing import Any

from gunicorn.workers.gthread import TConn, ThreadWorker

from web.access import proxies
from web.serving.config import MAX_BODY, client_connections, request_seconds

__all__ = ["HEADER_LIMIT", "READ_SECONDS", "BufferingWorker", "expects_continue", "request_complete"]

READ_SECONDS = request_seconds()
"""A request must arrive whole within this, from the connection's start."""

HEADER_LIMIT = 16 * 1024
"""The request line and headers together, at most."""

_CHUNK = 64 * 1024
_LENGTH = re.compile(rb"\r\ncontent-length[ \t]*:[ \t]*(\d{1,18})[ \t]*(?=\r\n|$)", re.I)
_CHUNKED = re.compile(rb"\r\ntransfer-encoding[ \t]*:", re.I)
_EXPECT = re.compile(rb"\r\nexpect[ \t]*:[ \t]*100-continue[ \t]*(?=\r\n|$)", re.I)
CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"


def _answer(status: str) -> bytes:
    body = f"{status}\n".encode()
    head = f"HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    return head.encode() + body


TIMEOUT = _answer("408 Request Timeout")
HEADERS_TOO_LARGE = _answer("431 Request Header Fields Too Large")
TOO_LARGE = _answer("413 Content Too Large")


def request_complete(buffer: bytes) -> bool | bytes:
    """True when ``buffer`` holds a whole request, False when more must come, or the answer that refuses it."""
    end = buffer.find(b"\r\n\r\n")
    if end < 0:
        return HEADERS_TOO_LARGE if len(buffer) > HEADER_LIMIT else False
    if end > HEADER_LIMIT:
        return HEADERS_TOO_LARGE
    head, body = buffer[:end], len(buffer) - end - 4
    length = _LENGTH.search(head)
    if _CHUNKED.search(head):
        if length:
            return True  # gunicorn's parser refuses the two together (400)
        if body > MAX_BODY + 1024:
            return TOO_LARGE
        return buffer.endswith(b"0\r\n\r\n")  # the last chunk (trailers aside, which browsers never send)
    if length is None:
        return True
    wanted = int(length.group(1))
    return wanted > MAX_BODY or body >= wanted  # over the limit: the app refuses it from the header alone


def expects_continue(buffer: bytes) -> bool:
    """Whether the headers have ended and ask for ``100 Continue`` before the body is sent."""
    end = buffer.find(b"\r\n\r\n")
    if end < 0 or buffer[: buffer.find(b"\r\n")].rstrip().endswith(b"HTTP/1.0"):
        return False  # an HTTP/1.0 client's expectation is ignored (RFC 9110, 10.1.1)
    return _EXPECT.search(buffer[:end]) is not None


class _Reading:
    __slots__ = ("buffer", "continued", "deadline")

    def __init__(self, deadline: float) -> None:
        self.buffer = bytearray()
        self.continued = False
        self.deadline = deadline


class BufferingWorker(ThreadWorker):
    """See the module's docstring."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reading: dict[TConn, _Reading] = {}  # in the order accepted, so in deadline order
        self.prefetched: dict[TConn, bytes] = {}  # whole requests, for the thread that takes them
        self.busy = 0
        self.held: Counter[str] = Counter()  # open connections per client address
        self.peers: dict[TConn, str] = {}
        self.most = client_connections()
        allowed = self.cfg.forwarded_allow_ips
        self.proxies = proxies.networks(",".join(map(str, allowed)) if isinstance(allowed, list) else str(allowed))

    def set_accept_enabled(self, enabled: bool | None) -> None:
        super().set_accept_enabled(bool(enabled) and self.busy < self.cfg.threads)

    def accept(self, listener: socket.socket) -> None:
        try:
            client, address = listener.accept()
        except (BlockingIOError, ConnectionAbortedError, InterruptedError):
            return
        peer = address[0] if isinstance(address, tuple) else ""
        if peer and self.held[peer] >= self.most and not proxies.trusted(peer, self.proxies):
            client.close()
            return
        self.held[peer] += 1
        self.nr_conns += 1
        conn = TConn(self.cfg, client, address, listener.getsockname())  # non-blocking
        self.peers[conn] = peer
        self.reading[conn] = _Reading(time.monotonic() + READ_SECONDS)
        self.poller.register(client, selectors.EVENT_READ, partial(self._readable, conn))

    def _readable(self, conn: TConn, _sock: object) -> None:
        try:
            data = conn.sock.recv(_CHUNK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._drop(conn)
            return
        reading = self.reading[conn]
        reading.buffer += data
        verdict = request_complete(bytes(reading.buffer))
        if verdict is False:
            if not reading.continued and expects_continue(bytes(reading.buffer)):
                reading.continued = True
                try:
                    conn.sock.send(CONTINUE)  # a few bytes on a fresh connection: the socket's buffer takes them
                except OSError:
                    self._drop(conn)
            return
        if isinstance(verdict, bytes):
            self._drop(conn, verdict)
            return
        self.poller.unregister(conn.sock)
        del self.reading[conn]
        self.prefetched[conn] = bytes(reading.buffer)
        conn.data_ready = True
        self.enqueue_req(conn)

    def _drop(self, conn: TConn, answer: bytes = b"") -> None:
        del self.reading[conn]
        try:
            self.poller.unregister(conn.sock)
        except (KeyError, ValueError, OSError):
            pass
        if answer:
            try:
                conn.sock.send(answer)  # best effort: a small answer fits the socket's buffer
            except OSError:
                pass
        self.nr_conns -= 1
        self._let_go(conn)
        conn.close()

    def _let_go(self, conn: TConn) -> None:
        peer = self.peers.pop(conn, None)
        if peer is not None:
            self.held[peer] -= 1
            if self.held[peer] <= 0:
                del self.held[peer]

    def murder_pending(self) -> None:
        super().murder_pending()
        now = time.monotonic()
        for conn, reading in list(self.reading.items()):
            if reading.deadline > now:
                break
            self._drop(conn, TIMEOUT)

    def enqueue_req(self, conn: TConn) -> None:
        self.busy += 1
        super().enqueue_req(conn)

    def finish_request(self, conn: TConn, fs: Future[Any]) -> None:
        self.busy -= 1
        self._let_go(conn)  # no keep-alive (web/serving/gunicorn.py): the connection closes with its answer
        super().finish_request(conn, fs)

    def handle(self, conn: TConn) -> Any:
        """In a thread: parse the gathered bytes (the socket is read no more for them), then run the app."""
        prefetched = self.prefetched.pop(conn, None)
        if prefetched is not None:
            try:
                conn.init()
            except OSError:
                return False
            unreader = getattr(conn.parser, "unreader", None)
            if unreader is None:
                return False
            unreader.unread(prefetched)
        return super().handle(conn)
