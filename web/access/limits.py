"""Rate limits (Flask-Limiter) on what costs the server work or guesses at a secret, per client address.

- creating a game (the form and ``POST /api/games``): :data:`RATES` ``create``;
- the order checkers (a player's, the API's, the sandbox's, each parses and
  checks every line) and the sandbox pages (each replays every step);
- the game's story (its page, animation and chart: each may start a job in the story's worker process);
- sending press, per link (the database's bounds are the rule: this turns a flood away before any query);
- wrong links: a request answered 401, 403 or 404 on a GM's or player's page or
  API counts, and past ``wrong_link`` a minute that client gets 429 there
  until the minute is over (a 192-bit token is not guessable, but nobody
  should get to try at full speed).

A client is its address; behind a reverse proxy the operator trusts, the
address it forwards for (web/access/proxies.py: ``X-Forwarded-For``, walked
past the trusted proxies; from any other peer the header is ignored, so no
client can pick its own address). The wrong links are counted once per
client across the GM's and players' pages and API (one shared limit, not
one per group of routes: it was 80 tries a minute, not 20).

A client over a limit gets 429 with the usual error page or JSON and a
``Retry-After`` header. Where the counts live: Flask-Limiter's storage,
``$SENGOKU_RATE_LIMIT_STORAGE`` (e.g. ``redis://localhost:6379``, shared
by every worker), else each process's memory. In memory each of ``--workers
N`` counts on its own, so a client gets at most N times a limit: a bound
that stays small (N is about two per core) without another service to run.
The counts are not kept in the site's database on purpose: every checked
line would then be a write to it, on the path a saving player waits for.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request
from flask_limiter import Limiter

from web.access import proxies
from web.storage.kept import SharedLRU

__all__ = ["RATES", "WrongLinks", "client_address", "install", "wrong_links"]

RATES = {
    "create": "20 per hour;5 per minute",
    "check": "120 per minute",
    "sandbox": "60 per minute",
    "wrong_link": "20 per minute",
    "story": "30 per minute",
    "press": "30 per minute",
}
"""Per client address (press: per link); Flask-Limiter's notation."""

_LIMITED = {
    "create": ("home.create", "api.create"),
    "check": ("player.check", "api_player.check", "sandbox.check"),
    "sandbox": ("sandbox.page", "sandbox.adjudicate", "sandbox.step_map"),
    "story": ("story.page", "story.animation", "story.chart_svg", "story.chart_png"),
}
_SECRET_BLUEPRINTS = ("gm", "player", "api_gm", "api_player", "api_site", "consent")
_PRESS = ("player.press_send", "api_player.press_send", "gm.announce", "api_gm.announce")
"""Sending press, counted per link: the database's bounds (web/table/pressbounds.py: 20 a minute) are the
rule; this is the cheap gate in front that turns a flood away before it costs a query."""


def client_address() -> str:
    """The client a limit counts: the peer, or the address a trusted proxy says it forwards for."""
    peer = request.remote_addr or ""
    trusted: proxies.Networks = current_app.extensions.get("sengoku_proxies", ())
    return proxies.client_of(peer, request.headers.get("X-Forwarded-For", ""), trusted)


def _link_key() -> str:
    """The link a request acts with (its token's digest: the key never holds the secret), else the client."""
    token = (request.view_args or {}).get("token") or request.headers.get("Authorization", "").partition(" ")[2]
    return "link:" + hashlib.sha256(str(token).encode()).hexdigest()[:20] if token else client_address()


def _wrong_link(response: Response) -> bool:
    wrong = response.status_code in (401, 403, 404)
    if wrong:
        wrong_links().note(client_address())
    return wrong


class WrongLinks:
    """The clients this app counted a wrong link of, and when: a client with none in the last minute (the window
    of ``wrong_link``) cannot be over that limit in this process (web/api/quicksave.py asks)."""

    def __init__(self) -> None:
        self._last = SharedLRU[str, float](16384)

    def note(self, client: str) -> None:
        self._last.put(client, time.monotonic())

    def lately(self, client: str) -> bool:
        at = self._last.peek(client)
        return at is not None and time.monotonic() - at < 60


def wrong_links(app: Flask | None = None) -> WrongLinks:
    return (app or current_app).extensions["sengoku_wrong_links"]  # type: ignore[no-any-return]


def install(app: Flask) -> Limiter:
    """Limits on the endpoints above (those the app has); call after the blueprints are registered.

    On when ``RATE_LIMITS`` is set (``sengoku serve`` sets it; a test app has none unless it asks).
    """
    app.config["RATELIMIT_ENABLED"] = bool(app.config.get("RATE_LIMITS"))
    app.extensions["sengoku_proxies"] = proxies.networks(app.config.get("FORWARDED_ALLOW_IPS"))
    app.extensions["sengoku_wrong_links"] = WrongLinks()
    limiter = Limiter(
        client_address,
        app=app,
        storage_uri=app.config.get("RATELIMIT_STORAGE_URI")
        or os.environ.get("SENGOKU_RATE_LIMIT_STORAGE")
        or "memory://",
        headers_enabled=True,
        strategy="moving-window",  # a burst at a minute's turn counts as one minute's
    )
    for kind, endpoints in _LIMITED.items():
        for endpoint in endpoints:
            view: Callable[..., Any] | None = app.view_functions.get(endpoint)
            if view is not None:
                app.view_functions[endpoint] = limiter.limit(RATES[kind], scope=kind)(view)
    press = limiter.shared_limit(RATES["press"], scope="press", key_func=_link_key)
    for endpoint in _PRESS:
        sending: Callable[..., Any] | None = app.view_functions.get(endpoint)
        if sending is not None:
            app.view_functions[endpoint] = press(sending)
    wrong_link = limiter.shared_limit(RATES["wrong_link"], scope="wrong_link", deduct_when=_wrong_link)
    for name in _SECRET_BLUEPRINTS:
        blueprint = app.blueprints.get(name)
        if isinstance(blueprint, Blueprint):
            wrong_link(blueprint)  # one count per client for all of them
    app.extensions["sengoku_limiter"] = limiter  # the limited views hold it weakly only
    return limiter
