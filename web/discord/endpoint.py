"""``POST /discord/interactions``: Discord's signed requests in, the site's answers out, within 3 seconds.

Off (404) until the site has the application's public key (``SENGOKU_DISCORD_PUBLIC_KEY``). A request whose
signature is missing, wrong or more than five minutes off is refused (401) before its body is read, and so
is the same interaction sent twice (a replay). Then the user's limits: the same rates as the web's checkers
(:data:`web.access.limits.RATES`), counted per Discord user, since every request comes from Discord's own
addresses; wrong secret links count as the site counts them, and maps at
:data:`web.discord.pictures.PER_USER`. An answer too long for one message goes on in
follow-ups, and slow work (a picture) in a thread, each through the interaction's webhook.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from cachetools import TTLCache
from flask import Blueprint, Response, abort, current_app, jsonify, request
from limits import parse_many
from pydantic import ValidationError

from outbox.discord import DEFAULT_API, EPHEMERAL, DiscordApiError, edit_original, follow_up, payload
from web.access.limits import RATES
from web.discord import dispatch
from web.discord.context import Box, Choices, Context, Later, Say, WrongLink
from web.discord.payload import Interaction, Kind
from web.discord.pictures import PER_USER
from web.discord.signature import MAX_AGE, public_key, refusal
from web.storage.db import database
from web.table.discordtable import seat

__all__ = ["bp"]

log = logging.getLogger(__name__)

bp = Blueprint("discord", __name__)

_SEEN_LOCK = threading.Lock()
_LINKS = ("link", "join")  # the boxes that take a secret link


@bp.post("/discord/interactions")
def interactions() -> Response | tuple[Response, int]:
    key = current_app.config.get("DISCORD_PUBLIC_KEY")
    if not key:
        abort(404, "Discord is not set up on this site (SENGOKU_DISCORD_PUBLIC_KEY)")
    body = request.get_data(cache=False)
    headers = request.headers
    why = refusal(
        public_key(key), headers.get("X-Signature-Ed25519", ""), headers.get("X-Signature-Timestamp", ""), body,
        time.time(),
    )  # fmt: skip
    if why is not None:
        abort(401, why)
    try:
        interaction = Interaction.model_validate_json(body)
    except ValidationError:
        abort(400, "not an interaction Discord sends")
    if interaction.type is Kind.PING:
        return jsonify(type=1)
    if _answered_before(interaction.id):
        abort(401, "this interaction was answered already")
    user = interaction.who
    if user is None:
        abort(400, "an interaction without its user")
    db = database()
    table, power = seat(db, interaction.channel_id, user.id) if interaction.channel_id else (None, None)
    context = Context(interaction, user, db, table, power, public_url=request.url_root.rstrip("/"))
    return jsonify(_respond(context, _answer(context)))


def _answer(context: Context) -> dispatch.Answer:
    interaction = context.interaction
    user = context.user.id
    if not _within("check", user):
        return Say("Too many commands from you in a minute: wait a little and try again.")
    if interaction.type is Kind.COMMAND and interaction.command == "map" and not _within("map", user):
        return Say("Too many maps asked for in a minute: wait a little (the web page's map is always there).")
    takes_link = interaction.type is Kind.MODAL and interaction.data.custom_id in _LINKS
    if takes_link and not _within("wrong_link", user, count=False):
        return Say("Too many wrong links from you in a minute: wait a little and try again.")
    try:
        return dispatch.answer(context)
    except WrongLink as wrong:
        _within("wrong_link", user)
        return Say(str(wrong))


def _within(kind: str, user: str, count: bool = True) -> bool:
    """Whether the user is within the rate of ``kind`` (counting this request when ``count``)."""
    if not current_app.config.get("RATELIMIT_ENABLED"):
        return True
    limiter = current_app.extensions["sengoku_limiter"].limiter
    items = parse_many(PER_USER if kind == "map" else RATES[kind])
    keys = ("discord", kind, user)
    if not count:
        return all(limiter.test(item, *keys) for item in items)
    return all([limiter.hit(item, *keys) for item in items])


def _answered_before(interaction_id: str) -> bool:
    """Whether this process answered the interaction lately (the ids of ten minutes, at most 50,000, kept)."""
    with _SEEN_LOCK:
        seen: TTLCache[str, bool] = current_app.extensions.setdefault(
            "sengoku_discord_seen", TTLCache(maxsize=50_000, ttl=2 * MAX_AGE)
        )
        if interaction_id in seen:
            return True
        seen[interaction_id] = True
        return False


def _respond(context: Context, answer: dispatch.Answer) -> dict[str, Any]:
    """Discord's interaction response for an answer; what follows it goes from a thread."""
    interaction = context.interaction
    if isinstance(answer, Choices):
        return {"type": 8, "data": {"choices": [{"name": n, "value": v} for n, v in answer.choices]}}
    if isinstance(answer, Box):
        return {"type": 9, "data": _modal(answer)}
    api = str(current_app.config.get("DISCORD_API_URL") or DEFAULT_API)
    where = (api, interaction.application_id, interaction.token)
    if isinstance(answer, Later):
        work = answer.work
        _in_background(lambda: edit_original(*where, work()))
        return {"type": 5, "data": {"flags": EPHEMERAL} if answer.private else {}}
    first, *more = answer.replies()
    if more:

        def go_on() -> None:
            for reply in more:
                follow_up(*where, reply)

        _in_background(go_on)
    return {"type": 4, "data": payload(first)}


def _modal(box: Box) -> dict[str, Any]:
    field: dict[str, Any] = {
        "type": 4,
        "custom_id": "text",
        "label": box.label[:45],
        "style": 2 if box.long else 1,
        "required": box.required,
        "max_length": 4000,
    }
    if box.value:
        field["value"] = box.value[:4000]
    if box.placeholder:
        field["placeholder"] = box.placeholder[:100]
    return {"custom_id": box.custom_id[:100], "title": box.title[:45], "components": [
        {"type": 1, "components": [field]}]}  # fmt: skip


def _in_background(work: Callable[[], None]) -> threading.Thread:
    """``work`` in a thread of its own (Discord has its answer already); a failure is logged, never raised."""

    def run() -> None:
        try:
            work()
        except DiscordApiError as error:
            log.warning("a follow-up to Discord failed: %s", error)
        except Exception:
            log.exception("a follow-up to Discord failed")

    thread = threading.Thread(target=run, name="sengoku-discord-later", daemon=True)
    thread.start()
    return thread
