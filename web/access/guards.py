"""What the app factory puts between the network and the views: the public address, cookies, JSON depth, rates.

- The public address (web/access/public_url.py) wraps the WSGI app: unknown
  ``Host`` -> 400, and links follow ``PUBLIC_URL`` alone. The session cookie
  is ``Secure`` when that address is https, and always ``HttpOnly`` and
  ``SameSite=Lax`` (web/serving/config.py).
- JSON bodies nested deeper than :data:`MAX_JSON_DEPTH` are refused (400)
  before the parser recurses: 5,000 nested arrays gave a 500 with a
  RecursionError.
- Rate limits (Flask-Limiter) on what costs the server or guesses a secret:
  creating games, the checkers, and wrong links (web/access/limits.py).
- A call of the JSON API with a bearer token has no cookie session: it
  authenticates with the token, never a cookie, and the API is exempt from
  CSRF; it opens no session and sets no cookie (:class:`NoApiSession`).
"""

from __future__ import annotations

import json
from typing import Any

from flask import Flask, Request
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface

from web.access.public_url import PublicAddress, parse

__all__ = ["MAX_JSON_DEPTH", "DepthLimitedJSON", "NoApiSession", "install", "too_deep"]

MAX_JSON_DEPTH = 32
"""Arrays and objects inside one another, at most (an API body needs 3)."""


def too_deep(text: str | bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether ``text`` opens more than ``limit`` arrays or objects inside one another (strings skipped)."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    if data.count(b"[") + data.count(b"{") <= limit:  # not that many openings at all (a save's body): no walk
        return False
    depth, in_string, escaped = 0, False, False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


class DepthLimitedJSON(DefaultJSONProvider):
    """Flask's JSON, refusing a document nested too deep (a ValueError: Flask answers 400)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        if too_deep(s):
            raise ValueError(f"JSON nested more than {MAX_JSON_DEPTH} deep")
        return json.loads(s, **kwargs)


class NoApiSession(SecureCookieSessionInterface):
    """Flask's signed-cookie session for the pages; none for a token's call of the API (see the module docstring).

    Opening a session (a serializer made, the cookie looked for) and closing it were work on every save.
    """

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if "Authorization" in request.headers and request.path.startswith("/api/"):
            return self.make_null_session(app)
        return super().open_session(app, request)


def install(app: Flask) -> None:
    """Called by the app factory once the config is final."""
    url = app.config.get("PUBLIC_URL") or None
    https = url is not None and parse(url)[0] == "https"
    app.config["SESSION_COOKIE_SECURE"] = bool(app.config.get("SESSION_COOKIE_SECURE")) or https
    app.wsgi_app = PublicAddress(app.wsgi_app, url)  # type: ignore[method-assign]
    app.session_interface = NoApiSession()
