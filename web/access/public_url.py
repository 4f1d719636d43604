"""The site's public address: every link is built from it, never from the request's ``Host`` header.

A link the site hands out (the GM's and the players' secret links, in API
answers, pages and mail; the map's picture links) must never take its host
from the request: ``Host: evil.example`` would get GM links on evil.example,
and players mailed fresh links there. So the address is configuration:
``SENGOKU_PUBLIC_URL`` (or ``sengoku serve --public-url``; ``PUBLIC_URL`` in
the app's config), e.g. ``https://diplomacy.example``. ``sengoku serve``
always gives one: the flag's, else its own loopback address
(``http://127.0.0.1:5000``), and it refuses to serve other machines without
one. An app made by ``create_app()`` with none at all (the tests, a local
run) answers loopback names only, and its links name the loopback address
asked for: they can only ever point at this machine.

:class:`PublicAddress` wraps the WSGI app: a request whose ``Host`` is neither
the public host nor a loopback name gets 400 before the app sees it; every
other request is shown to the app as made to the public address (host,
scheme), so ``url_for(..., _external=True)`` and the ``Secure`` cookie
follow the configuration alone.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

__all__ = ["LOOPBACK", "PublicAddress", "PublicUrlError", "from_environment", "parse"]

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
"""Names a request may always use (a health check on the machine itself); links never come from them."""

_Environ = dict[str, Any]
_StartResponse = Callable[..., Any]


class PublicUrlError(ValueError):
    """The configured public address is not an http(s) origin."""


def parse(url: str) -> tuple[str, str]:
    """``(scheme, host[:port])`` of an origin such as ``https://diplomacy.example``; PublicUrlError if not one."""
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError as error:
        raise PublicUrlError(f"public URL {url!r}: {error}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise PublicUrlError(f"public URL {url!r}: give http:// or https:// and a host, e.g. https://diplomacy.example")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username or parts.password:
        raise PublicUrlError(f"public URL {url!r}: only the scheme, host and port (the site is served at its root)")
    return parts.scheme, parts.netloc.lower()


def from_environment() -> str | None:
    return os.environ.get("SENGOKU_PUBLIC_URL", "").strip() or None


_HOST = re.compile(r"(?:\[([0-9a-f:.]{2,45})\]|([a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?))(?::\d{1,5})?")
"""A ``Host`` header as RFC 9110 section 7.2 has it: a name or an address, and a port; nothing else
(``127.0.0.1:8622@evil.example`` is no host)."""


def _hostname(host: str) -> str:
    """The name part of a ``Host`` header (``[::1]:5000`` -> ``::1``), lower case; '' if it is no host."""
    found = _HOST.fullmatch(host.strip().lower())
    return (found[1] or found[2]) if found else ""


def _target_host(environ: _Environ) -> str | None:
    """The host of a request line in absolute form (``GET http://evil.example/ HTTP/1.1``), else None.

    RFC 9112 section 3.2.2: such a target's authority overrides ``Host``, so it is checked the same way.
    """
    raw = str(environ.get("REQUEST_URI") or environ.get("RAW_URI") or "")
    if raw.startswith("/") or "://" not in raw[:12]:
        return None
    netloc = urlsplit(raw).netloc
    return "" if "@" in netloc else _hostname(netloc)


class PublicAddress:
    """WSGI middleware: refuse an unknown ``Host``, then present the request as made to the public address."""

    def __init__(self, app: Callable[[_Environ, _StartResponse], Iterable[bytes]], url: str | None) -> None:
        self.app = app
        self.public = parse(url) if url else None
        self.allowed = LOOPBACK | ({_hostname(self.public[1])} if self.public else set())

    def __call__(self, environ: _Environ, start_response: _StartResponse) -> Iterable[bytes]:
        host = environ.get("HTTP_HOST") or environ.get("SERVER_NAME", "")
        target = _target_host(environ)
        if _hostname(host) not in self.allowed or (target is not None and target not in self.allowed):
            body = b"Bad Request: this site does not answer to that host name.\n"
            start_response("400 Bad Request", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
            return [body]
        if self.public is not None:
            environ["wsgi.url_scheme"], environ["HTTP_HOST"] = self.public
        return self.app(environ, start_response)
