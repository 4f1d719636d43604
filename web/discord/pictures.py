"""/map: the picture of the position now (with the player's own orders drawn, when only they see it) or of
the last phase's results, as a PNG within Discord's attachment limit.

Drawing takes a second or more, longer than Discord waits for an answer (3 s) on a busy server, so the
answer is deferred ("thinking...") and the picture follows through the interaction's webhook, from a thread.
A picture shared with the channel is the public map (the same one as the site's ``map.png``, kept in the
same cache); a private one holds the player's orders, kept per game version and orders. At most
:data:`DRAWING` pictures are drawn at once in a process (the others wait their turn), each user may ask for
:data:`PER_USER` a minute and a game's users :data:`PER_GAME` (web/discord/endpoint.py), so a few players
cannot keep the server's cores busy.
"""

from __future__ import annotations

import hashlib
import logging
import threading

from outbox.discord import Reply
from outbox.webhook import MAX_PICTURE_BYTES
from web.discord.context import Context, Later, Sorry, escape
from web.pages.public import dp_of
from web.play import mapview
from web.storage import store

__all__ = ["DRAWING", "PER_GAME", "PER_USER", "map_picture"]

log = logging.getLogger(__name__)

DRAWING = 2
"""Pictures drawn at once in a process (each takes about 0.4 s of a core)."""
PER_USER = "10 per minute"
"""Maps one Discord user may ask for (Flask-Limiter's notation)..."""
PER_GAME = "20 per minute"
"""...and all the users of one game together."""
_TURNS = threading.BoundedSemaphore(DRAWING)


def map_picture(context: Context) -> Later:
    snapshot = store.load(context.db, context.game_id)
    share = bool(context.interaction.option("share"))
    results = context.interaction.option("view") == "results"
    if results and not snapshot.state.history:
        raise Sorry("No phase has been adjudicated yet: /map shows the position now.")
    link = f"{context.public_url}/games/{snapshot.id}/map.png" if context.public_url else "the game's page"
    power = None if share else context.power
    name = escape(snapshot.name or snapshot.board.title)
    if results:
        entry = snapshot.state.history[-1]
        words = f"**{name}**: the results of {entry.report.phase}"
        slug = str(entry.report.phase)
    else:
        mine = " (your orders drawn)" if power is not None and snapshot.state.orders.get(power) else ""
        words = f"**{name}**: {snapshot.state.position.phase}, the position now{mine}"
        slug = str(snapshot.state.position.phase)

    def work() -> Reply:
        try:
            with _TURNS:
                picture = _draw(snapshot, results, power)
        except Exception as error:  # no fonts on the server, or a bug: say so, never leave "thinking..."
            log.exception("drawing the map for Discord (game %s) failed", snapshot.id)
            return Reply(f"{words}: the map could not be drawn here ({type(error).__name__}); it is at {link}.",
                         private=not share)  # fmt: skip
        if len(picture) > MAX_PICTURE_BYTES:
            return Reply(f"{words}: the picture ({len(picture):,} bytes) is over Discord's limit; it is at {link}.",
                         private=not share)  # fmt: skip
        file = "sengoku-" + slug.lower().replace(" ", "-") + ".png"
        return Reply(words + ".", private=not share, picture=picture, picture_name=file)

    return Later(work, private=not share)


def _draw(snapshot: store.Snapshot, results: bool, power: str | None) -> bytes:
    board, state, title = snapshot.board, snapshot.state, snapshot.name
    if results:
        entry = state.history[-1]

        def last_results() -> bytes:
            outcomes = entry.report.outcomes
            return mapview.png(mapview.position_svg(board, entry.before, outcomes=outcomes, title=title))

        return mapview.cached_png((snapshot.id, snapshot.version, "discord results png"), last_results)
    given = state.orders.get(power, []) if power is not None else []
    if given:
        orders = [(power, order) for order in given]
        digest = hashlib.sha256(repr(given).encode()).hexdigest()[:16]

        def mine() -> bytes:
            svg = mapview.position_svg(board, state.position, orders=orders, dp=dp_of(snapshot), title=title)
            return mapview.png(svg)

        return mapview.cached_png((snapshot.id, snapshot.version, f"discord {power} {digest}"), mine)

    def now() -> str:
        return mapview.position_svg(board, state.position, dp=dp_of(snapshot), title=title)

    def public() -> bytes:
        return mapview.png(mapview.cached((snapshot.id, snapshot.version, "public"), now))

    return mapview.cached_png((snapshot.id, snapshot.version, "public png"), public)
