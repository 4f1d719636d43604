"""``POST /discord/interactions``: Discord's signed requests in, the site's answers out, within 3 seconds.

Off (404) until the site has the application's public key (``SENGOKU_DISCORD_PUBLIC_KEY``). A request whose
signature is missing, wrong or more than five minutes off is refused (401) before its body is read, and so
is the same interaction sent twice (a replay). Then the limits, since every request comes from Discord's own
addresses and anyone in a server can type a command:

- each Discord user: the web's checkers' rate (:data:`web.access.limits.RATES`), wrong secret links as the site
  counts them, and maps at :data:`web.discord.pictures.PER_USER`;
- each game (or unlinked channel): the users who play no power in it and are not its GM share
  :data:`BYSTANDERS` (so a crowd cannot crowd out its players, at most one Discord user a power), and all its
  users :data:`web.discord.pictures.PER_GAME` maps;
- each game's channel: answers shown to everyone there count against the game's hourly quota
  (``SENGOKU_GAME_DISCORD_POSTS_PER_HOUR``, :mod:`web.table.outgoing`); past it an answer goes to its user alone.

An answer too long for one message goes on in follow-ups, and slow work (a picture) in a thread, each through
the interaction's webhook.
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
from web.discord.pictures import PER_GAME, PER_USER
from web.discord.signature import MAX_AGE, public_key, refusal
from web.storage import store
from web.storage.db import database
from web.table import outgoing
from web.table.discordtable import seat

__all__ = ["BYSTANDERS", "bp"]

log = logging.getLogger(__name__)

bp = Blueprint("discord", __name__)

BYSTANDERS = "60 per minute"
"""Commands a game takes from all the users who play no power in it (nor are its GM) together (Flask-Limiter's
notation; per channel where no game is played)."""

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
    place = f"game {context.table.game_id}" if context.table else f"channel {interaction.channel_id}"
    if context.power is None and not context.is_gm and not _within("bystanders", place):
        return Say("Too many commands in this channel's game in a minute from people who play no power in it: "
                   "wait a little and try again.")  # fmt: skip
    if interaction.type is Kind.COMMAND and interaction.command == "map":
        if not _within("map", user):
            return Say("Too many maps asked for in a minute: wait a little (the web page's map is always there).")
        if not _within("game_maps", place):
            return Say("Too many maps of this game asked for in a minute: wait a little (the web page's map is "
                       "always there).")  # fmt: skip
    takes_link = interaction.type is Kind.MODAL and interaction.data.custom_id in _LINKS
    if takes_link and not _within("wrong_link", user, count=False):
        return Say("Too many wrong links from you in a minute: wait a little and try again.")
    try:
        return dispatch.answer(context)
    except WrongLink as wrong:
        _within("wrong_link", user)
        return Say(str(wrong))


def _within(kind: str, who: str, count: bool = True) -> bool:
    """Whether ``who`` (a user, a game) is within the rate of ``kind`` (counting this request when ``count``)."""
    if not current_app.config.get("RATELIMIT_ENABLED"):
        return True
    limiter = current_app.extensions["sengoku_limiter"].limiter
    rates = {"map": PER_USER, "game_maps": PER_GAME, "bystanders": BYSTANDERS}
    items = parse_many(rates.get(kind) or RATES[kind])
    keys = ("discord", kind, who)
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
    answer = _within_quota(context, answer)
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


def _within_quota(context: Context, answer: Say | Later) -> Say | Later:
    """An answer meant for the channel, counted against its game's hourly quota; past it, for its user alone
    (nothing is lost: press sent is stored, and a picture or the status goes to the one who asked)."""
    if answer.private:
        return answer
    table = context.table or seat(context.db, context.interaction.channel_id or "", context.user.id)[0]
    if table is None:  # a public answer in a channel with no game: none is made (a /link that failed is private)
        return answer
    now = store.utcnow()
    over = outgoing.discord_allowed(context.db, table.game_id, outgoing.quotas(), now)
    if over is not None:
        if isinstance(answer, Later):
            return Later(answer.work, private=True)
        return Say(f"{answer.text}\n\n(Shown to you alone: {over}.)")
    posts = 1 if isinstance(answer, Later) else len(answer.replies())
    outgoing.record(context.db, table.game_id, "discord", [f"channel {table.channel_id}"] * posts, now)
    return answer


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
