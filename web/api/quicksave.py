"""A player's save by a power's link, answered before Flask: the site's busiest request at its floor.

``PUT /api/games/<game>/orders`` (web/api/player.py) is what every player's every
save sends. Flask's work around it (the request context, the URL map, the
hooks: CSRF, the connection, compression, the security headers; the route's
guard and the body's reading) was more than half the instructions of a save
(bench/saveinstr.py), more than the save's own checks and statement. So a
save that can only succeed is made here, from the WSGI environ, by the same
function the route calls (:func:`web.play.actions.save_orders`); everything
else goes to Flask, which answers it as the route always has:

* the method and path of that route, a JSON body within the site's bound that
  is an :class:`~web.schemas.orders.OrdersIn`, and a bearer token that is a
  power's link: one this process has confirmed before
  (:func:`web.access.callers.remembered`), or else found by one statement
  (:func:`web.access.callers.looked_up`, which remembers every player's link
  of that game): each of several workers meets each game once, and with many
  games those first saves are many. The save's one statement confirms the
  link again;
* with rate limits on, a client with no wrong link counted by this process in
  the last minute (:class:`web.access.limits.WrongLinks`), so none over the
  ``wrong_link`` limit here;
* and a save that succeeds: any refusal (a closed phase, a passed deadline, a
  replaced link, a game that is over) or error is an exception, raised before
  anything is written, and the request goes to Flask, which makes the save
  again and answers the refusal. Nothing is written twice: a save that wrote
  has succeeded.

The answer is the route's: the same body, the same status, the same security
headers (web/access/hooks.py). What it has not: a compressed body (identity is
always acceptable) and, with rate limits on, the ``X-RateLimit-*`` headers.
A wrong link is never answered here: Flask looks it up again, refuses it and
counts it, and for the next minute that client's saves in this process are all
Flask's. So a guess costs one statement more than on the route alone, once a
minute a process. With the limits' counts in a shared store (Redis), a client
over the limit for wrong links tried on another worker is not stopped here
from saving with a link that is right (a wrong one is still refused and
counted by Flask).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from pydantic import ValidationError

from adjudicator.position import Phase
from web.access import limits, proxies
from web.access.callers import looked_up, remembered
from web.access.guards import too_deep
from web.access.hooks import every_header
from web.api.player import noted
from web.play import actions
from web.schemas.orders import OrdersIn
from web.storage.db import Database

__all__ = ["QuickSave", "install"]

_PATH = re.compile(r"/api/games/([^/]+)/orders")
_Environ = dict[str, Any]
_App = Callable[[_Environ, Callable[..., Any]], Iterable[bytes]]


def install(app: Flask) -> None:
    """In front of Flask's own WSGI app (and behind the public address's check, installed after it)."""
    app.wsgi_app = QuickSave(app, app.wsgi_app)  # type: ignore[method-assign]


class QuickSave:
    """WSGI middleware: a save that can only succeed, made without Flask (see the module's docstring)."""

    def __init__(self, app: Flask, flask: _App) -> None:
        self.flask = flask
        self.db: Database = app.extensions["sengoku_db"]
        self.bound = int(app.config["MAX_CONTENT_LENGTH"])
        self.limited = bool(app.config.get("RATELIMIT_ENABLED"))
        self.wrong = limits.wrong_links(app)
        self.proxies: proxies.Networks = app.extensions["sengoku_proxies"]

    def __call__(self, environ: _Environ, start_response: Callable[..., Any]) -> Iterable[bytes]:
        found = _PATH.fullmatch(environ.get("PATH_INFO", "")) if environ.get("REQUEST_METHOD") == "PUT" else None
        answer = self._save(environ, found[1]) if found else None
        if answer is None:
            return self.flask(environ, start_response)
        secure = environ.get("wsgi.url_scheme") == "https"
        headers = [("Content-Type", "application/json"), ("Content-Length", str(len(answer)))]
        headers += [("Vary", "Accept-Encoding"), *every_header(environ["PATH_INFO"], secure)]
        start_response("200 OK", headers)
        return [answer]

    def _save(self, environ: _Environ, game_id: str) -> bytes | None:
        """The answer of a save made here; None: Flask's to answer (the body, if read, left for it to read)."""
        scheme, _, token = str(environ.get("HTTP_AUTHORIZATION", "")).partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token or (self.limited and self.wrong.lately(self._client(environ))):
            return None
        body = self._body(environ)
        if body is None or too_deep(body):
            return None
        try:
            asked = OrdersIn.model_validate_json(body)
            named = Phase.parse(asked.phase) if asked.phase else None
        except (ValidationError, ValueError):
            return None
        held = self.db.hold()
        try:
            caller = remembered(game_id, token) or looked_up(self.db, game_id, token)
            if caller is None:  # the GM's link, a wrong one, no such game: Flask answers (and counts a wrong link)
                return None
            out = actions.save_orders(
                self.db, game_id, caller.power, asked.text, asked.merge, named, confirm=caller.unconfirmed
            )
        except Exception:  # refused, or failed, before anything was written: Flask makes it again and says why
            return None
        finally:
            self.db.release(held)
        return (noted(out) if named is None else out).model_dump_json().encode()

    def _body(self, environ: _Environ) -> bytes | None:
        """A JSON body of a stated length within the site's bound, read whole and put back for Flask."""
        kind = str(environ.get("CONTENT_TYPE", "")).partition(";")[0].strip().lower()
        length = str(environ.get("CONTENT_LENGTH", ""))
        if kind != "application/json" or not length.isdigit() or int(length) > self.bound:
            return None
        body = environ["wsgi.input"].read(int(length))
        environ["wsgi.input"] = io.BytesIO(body)
        return bytes(body) if len(body) == int(length) else None

    def _client(self, environ: _Environ) -> str:
        """The client the rate limits count (as :func:`web.access.limits.client_address`, from the environ)."""
        peer = str(environ.get("REMOTE_ADDR", ""))
        return proxies.client_of(peer, str(environ.get("HTTP_X_FORWARDED_FOR", "")), self.proxies)
