"""The GM's page, its Discord card: the channel the game is played in and the Discord users bound to its powers.

Routes of the GM's blueprint (:mod:`web.pages.gm`), kept in a module of their own. The GM links a channel by
its ID here (or with /link in Discord), unlinks it, lets a player's Discord user go, and chooses whether the
channel's posts mention the players who owe orders (docs/discord.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, flash, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from game.game import GameError
from web.access.callers import Caller
from web.pages.gm import bp
from web.pages.routes import route
from web.storage.db import database
from web.table import discordtable

__all__ = ["bp"]


@dataclass(frozen=True)
class DiscordCard:
    table: discordtable.Table | None
    players: list[discordtable.Bound]


@bp.app_template_global()
def discord_card(game_id: str) -> DiscordCard:
    """What the card shows (asked by the template where it draws the card)."""
    db = database()
    return DiscordCard(discordtable.table_of(db, game_id), discordtable.players_of(db, game_id))


@route(bp, "/discord", "post", auth="gm")
def discord(game_id: str, caller: Caller) -> BaseResponse:
    db, form = database(), request.form
    what = form.get("do", "")
    try:
        if what == "link":
            discordtable.link_channel(db, caller, form.get("channel", "").strip(), None, None)
            done = "The game is played in that Discord channel now: its players /join there with their own links."
        elif what == "unlink":
            discordtable.unlink_channel(db, caller)
            done = "The Discord channel was unlinked."
        elif what == "mentions":
            on = "mentions" in form
            discordtable.set_mentions(db, caller, on)
            done = (
                "The chat channel's posts mention the players who owe orders."
                if on
                else "The chat channel's posts mention nobody."
            )
        elif what == "unbind":
            power = form.get("power", "")
            if not discordtable.unbind_player(db, caller, power):
                raise GameError(f"no Discord user plays {power}")
            done = f"{power} is no longer played by a Discord user."
        else:
            abort(400, "link, unlink, mentions or unbind")
    except GameError as error:
        flash(f"Nothing changed: {error}.", "error")
    else:
        flash(done, "ok")
    return redirect(url_for("gm.page", game_id=caller.game_id, token=caller.token) + "#discord", code=303)
