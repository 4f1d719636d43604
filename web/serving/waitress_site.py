"""One process under waitress (the default ``sengoku serve``), with limits that a few sockets cannot exhaust.

waitress reads every request whole in its main loop (asyncore) and only then
hands it to a thread, so an idle or trickling connection costs a file
descriptor and a little memory, never a thread. What it lacked was limits:

- ``connection_limit`` 100 (its default) let 120 idle sockets stop it taking
  anyone else: now 1,000, polled with ``poll()`` (``select()`` stops at 1,024
  descriptors), and the process's open-file limit raised to fit;
- an idle connection kept 120 s: now ``channel_timeout`` seconds without a
  byte, and a whole request (line, headers, body) must arrive within
  :data:`READ_SECONDS` however it trickles;
- a body was spooled to disk up to 1 GB before the app answered 413: now
  waitress refuses a ``Content-Length`` over the site's limit when the
  headers end (413, connection closed) and stops a chunked body there;
- a request with both ``Transfer-Encoding`` and ``Content-Length`` (the
  request-smuggling shape, RFC 9112 section 6.3) was framed as chunked and the
  connection kept: now 400 and the connection closed;
- one client could hold all 1,000 connections (reopening each one closed):
  now at most :func:`~web.serving.config.client_connections` each, a new one
  over that closed as it is accepted (a trusted proxy excepted: it bounds
  its own clients);
- ``X-Forwarded-For`` was removed before the app saw it (waitress clears
  proxy headers it was not told to trust), so behind a proxy every client
  was the proxy: now it is passed on, and the app trusts it only from the
  proxies the operator names (web/access/proxies.py).
"""

from __future__ import annotations

import re
import resource
import socket
import time
from typing import Any

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser, ParsingError
from waitress.server import create_server

from web.access import proxies
from web.access.proxies import Networks
from web.serving.config import MAX_BODY, client_connections, request_seconds

__all__ = ["LIMITS", "READ_SECONDS", "raise_open_files", "serve"]

READ_SECONDS = request_seconds()
"""A request must arrive whole within this, from its first byte."""

LIMITS: dict[str, Any] = {
    "connection_limit": 1000,
    "asyncore_use_poll": True,
    "channel_timeout": 10,  # seconds without a byte either way
    "cleanup_interval": 2,  # how often idle connections are looked for
    "max_request_body_size": MAX_BODY + 1,  # waitress refuses at the limit itself; the app's own is MAX_BODY
    "max_request_header_size": 16 * 1024,
    "backlog": 1024,
    "ident": "sengoku",
    "clear_untrusted_proxy_headers": False,  # the app decides whom to trust (web/access/proxies.py)
}

_FIELD = re.compile(rb"^([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*:", re.M)


class _StrictParser(HTTPRequestParser):  # type: ignore[misc]
    """Refuses a request that gives two lengths: only a confused or a smuggling client sends both."""

    def parse_header(self, header_plus: bytes) -> None:
        names = {name.lower() for name in _FIELD.findall(header_plus)}
        if b"transfer-encoding" in names and b"content-length" in names:
            raise ParsingError("a request may not have both Transfer-Encoding and Content-Length")
        super().parse_header(header_plus)


class _BoundedChannel(HTTPChannel):  # type: ignore[misc]
    """A connection whose request must arrive whole within READ_SECONDS of its first byte."""

    parser_class = _StrictParser
    read_started = 0.0

    def received(self, data: bytes) -> bool:
        if self.request is None:
            self.read_started = time.monotonic()
        elif time.monotonic() - self.read_started > READ_SECONDS:
            self.will_close = True
            return False
        return bool(super().received(data))


def _maintenance(server: Any) -> Any:
    plain = server.maintenance

    def maintenance(now: float) -> None:
        plain(now)
        late = time.monotonic() - READ_SECONDS
        for channel in list(server.active_channels.values()):
            if channel.request is not None and getattr(channel, "read_started", late) < late:
                channel.will_close = True  # a trickled request past its time

    return maintenance


def raise_open_files(wanted: int) -> None:
    """Up to ``wanted`` open descriptors (or the hard limit): each connection holds one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def _per_client(trusted: Networks, most: int) -> Any:
    """The channel maker: a new connection from a client that holds ``most`` already is closed at once."""

    def channel(owner: Any, conn: socket.socket, addr: Any, adj: Any, map: Any = None) -> Any:
        peer = addr[0] if isinstance(addr, tuple) else ""
        if peer and not proxies.trusted(peer, trusted):
            held = sum(1 for open_ in owner.active_channels.values() if getattr(open_, "addr", ("",))[0] == peer)
            if held >= most:
                conn.close()
                return None
        return _BoundedChannel(owner, conn, addr, adj, map=map)

    return channel


def serve(app: Any, listener: socket.socket, threads: int, trusted: Networks = ()) -> None:
    """Serve ``app`` on the bound, listening socket until stopped; ``trusted``: the proxies the operator names."""
    server = create_server(app, sockets=[listener], threads=threads, **LIMITS)
    server.channel_class = _per_client(trusted, client_connections())
    server.maintenance = _maintenance(server)
    server.run()
