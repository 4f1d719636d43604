"""The player's page, its notifications while the page is closed (Web Push): a browser's subscription kept for
the power's link, or dropped. Routes of the player's blueprint (:mod:`web.pages.player`), in a module of their own.
"""

from __future__ import annotations

from flask import Response, abort, current_app

from outbox.webpush import Subscription
from web.access.callers import Caller
from web.access.declared import json_body
from web.pages.player import bp
from web.pages.routes import route
from web.schemas.table import PushIn, PushOffIn, PushOut
from web.storage.db import database
from web.table import push

__all__ = ["bp", "push_view", "service_worker"]


def push_view(game_id: str, power: str) -> dict[str, object]:
    """What the page's notification panel shows: whether the site pushes, its key, what is on where."""
    settings = push.settings_of(database())
    devices = push.subscriptions_of(database(), game_id, power) if settings else []
    return {"available": settings is not None, "key": settings.key.public if settings else "", "devices": devices}


@route(bp, "/push", "post", auth="power")
def subscribe(game_id: str, caller: Caller) -> tuple[Response, int]:
    """Keep this browser's subscription (and the events it wants) for the power's link."""
    asked = json_body(PushIn)
    given = Subscription(asked.subscription.endpoint, asked.subscription.keys.p256dh, asked.subscription.keys.auth)
    try:
        push.subscribe(database(), game_id, caller.power, caller.token, given, asked.events)
    except push.PushRefused as why:
        abort(400, f"Notifications not turned on: {why}.")
    out = PushOut(devices=push.subscriptions_of(database(), game_id, caller.power))
    return Response(out.model_dump_json(), mimetype="application/json"), 201


@route(bp, "/push/off", "post", auth="power")
def unsubscribe(game_id: str, caller: Caller) -> Response:
    """Drop this browser's subscription (it turned notifications off)."""
    push.forget(database(), game_id, caller.power, json_body(PushOffIn).endpoint)
    out = PushOut(devices=push.subscriptions_of(database(), game_id, caller.power))
    return Response(out.model_dump_json(), mimetype="application/json")


def service_worker() -> Response:
    """The service worker (static/push-sw.js), served from the site's root so that it may show notifications for
    every page of the site."""
    from pathlib import Path

    data = (Path(current_app.static_folder or "") / "push-sw.js").read_bytes()
    answer = Response(data, mimetype="text/javascript")
    answer.headers["Cache-Control"] = "no-cache"
    return answer
