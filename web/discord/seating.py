"""Who plays where: the GM links the channel to a game, each player binds their Discord user to their power.

Both give a secret link in a box (a modal), never as a command's option, so the link is in no command line a
channel member could see. The GM's link proves the GM (the Discord user who linked the channel is its GM in
Discord from then on: /unlink, /mentions, /unbind any power); a player's link proves the power, and binds the
user to it in the channel's game alone.
"""

from __future__ import annotations

import re

from game.game import GameError
from web.access.callers import Caller
from web.discord.context import BY, Box, Context, Say, Sorry, WrongLink, escape
from web.storage import store
from web.table import discordtable

__all__ = ["join", "joined", "link", "linked", "mentions", "unbind", "unlink"]

_LINK = re.compile(r"/games/([a-z0-9]{1,16})/(?:gm|play)/([A-Za-z0-9_-]{1,100})/?(?:[?#].*)?$")
_BAD_LINK = "That is not a link of this site's games: paste the whole link (it starts with the site's address)."


def link(context: Context) -> Box:
    if context.interaction.guild_id is None:
        raise Sorry("Link a game in a server's channel, not in a direct message.")
    return Box("link", "Play a game in this channel", "The game's GM link", placeholder="https://…/games/…/gm/…",
               long=False)  # fmt: skip


def linked(context: Context, text: str) -> Say:
    """The GM's link was given: the channel plays that game, and this user is its GM in Discord."""
    caller = _caller(context, text)
    if not caller.is_gm:
        raise Sorry("That is a player's link: /link takes the GM's link (a player uses /join).")
    channel = context.interaction.channel_id
    if channel is None:
        raise Sorry("Link a game in a server's channel.")
    table = discordtable.link_channel(context.db, caller, channel, context.interaction.guild_id, context.user.id)
    snapshot = store.load(context.db, table.game_id)
    name = escape(snapshot.name or snapshot.board.title)
    return Say(
        f"This channel now plays **{name}** ({escape(snapshot.board.title)}), at {snapshot.state.position.phase}.\n"
        "Players: /join with your own player link (only you see the answer), then /orders, /bid, /ready, /map, "
        "/status, /press.",
        private=False,
    )


def join(context: Context) -> Box:
    context.game_id  # noqa: B018 - refuses at once in a channel with no game
    return Box("join", "Play your power here", "Your own player link", placeholder="https://…/games/…/play/…",
               long=False)  # fmt: skip


def joined(context: Context, text: str) -> Say:
    caller = _caller(context, text)
    if caller.game_id != context.game_id:
        raise Sorry("That link is for another game than the one played in this channel.")
    if caller.is_gm:
        raise Sorry("That is the GM's link: /join takes a player's own link (the GM uses /link).")
    replaced = discordtable.bind_player(context.db, caller, context.user.id, context.user.shown)
    was = [b.power for b in replaced if b.power != caller.power]
    moved = f" (you no longer play {', '.join(was)} here)" if was else ""
    return Say(
        f"You play **{caller.power}** in this channel's game{moved}. Only you see the answers to your commands: "
        "/orders (or /order, one at a time), /myorders, /bid, /ready, /map, /status, /press, /messages."
    )


def unlink(context: Context) -> Say:
    discordtable.unlink_channel(context.db, context.gm)
    return Say("This channel no longer plays its game (the players stay bound to their powers).", private=False)


def unbind(context: Context) -> Say:
    wanted = _power_named(context, str(context.interaction.option("power") or ""))
    if context.is_gm:
        caller = context.gm
    elif context.power == wanted:
        caller = context.caller
    else:
        raise Sorry("You can let go of your own power only; the GM can let go of any.")
    if not discordtable.unbind_player(context.db, caller, wanted):
        raise Sorry(f"No Discord user plays {wanted} here.")
    return Say(f"{wanted} is no longer played by a Discord user here: its player can /join again.")


def mentions(context: Context) -> Say:
    on = bool(context.interaction.option("on"))
    discordtable.set_mentions(context.db, context.gm, on)
    if on:
        return Say(
            "The channel's results, notices and reminders now mention the players who still owe orders (this "
            "shows everyone who plays which power)."
        )
    return Say("The channel's results, notices and reminders name the powers only, mentioning nobody.")


def _caller(context: Context, text: str) -> Caller:
    """The caller a pasted link names (its game, and the GM or a power), acting from Discord."""
    found = _LINK.search(text.strip())
    if found is None:
        raise WrongLink(_BAD_LINK)
    game_id, token = found.groups()
    try:
        role = store.role_of(context.db, game_id, token)
    except store.NotFound:
        role = None
    if role is None:
        raise WrongLink("That link is not valid (a link the GM has since renewed?): ask the GM for yours.")
    return Caller(game_id, token, role, BY)


def _power_named(context: Context, name: str) -> str:
    snapshot = store.load(context.db, context.game_id)
    wanted = {p.casefold(): p for p in snapshot.board.power_names}.get(name.strip().casefold())
    if wanted is None:
        raise GameError(f"no power '{name}' in this game")
    return wanted
