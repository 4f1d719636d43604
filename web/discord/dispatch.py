"""Which function answers which interaction: a command by its name, a box by its id, autocomplete by the
command it is for; and a refusal as one private line.

The names are those of :mod:`web.discord.definitions` (a test checks that every defined command has its
function here, and no other). Errors the actions raise (a rule the game keeps, a phase since closed, a game
over) become the same words the web site says, to the user alone; nothing was changed.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError

from game.game import GameError
from web.discord import pictures, playing, seating, talk
from web.discord.context import Box, Choices, Context, Later, Say, Sorry, WrongLink
from web.discord.payload import Kind
from web.discord.suggest import suggest
from web.storage import store

__all__ = ["COMMANDS", "answer"]

Answer = Say | Box | Later | Choices

COMMANDS: dict[str, Callable[[Context], Answer]] = {
    "link": seating.link,
    "unlink": seating.unlink,
    "join": seating.join,
    "unbind": seating.unbind,
    "orders": playing.orders,
    "order": playing.one_order,
    "myorders": playing.my_orders,
    "bid": playing.bid,
    "ready": playing.ready,
    "map": pictures.map_picture,
    "status": talk.status,
    "press": talk.press,
    "messages": talk.messages,
    "mentions": seating.mentions,
}

_BOXES: dict[str, Callable[[Context, str, str], Say]] = {
    "link": lambda context, _, text: seating.linked(context, text),
    "join": lambda context, _, text: seating.joined(context, text),
    "orders": playing.orders_given,
}
"""A box's answer, by the first part of its id: (context, the box's id, its text)."""


def answer(context: Context) -> Answer:
    """The answer to one interaction: a refusal is a private line (a wrong secret link is raised, to be counted)."""
    interaction = context.interaction
    if interaction.type is Kind.AUTOCOMPLETE:
        try:
            return suggest(context)
        except (Sorry, GameError, store.NotFound, store.Conflict):
            return Choices()
    try:
        if interaction.type is Kind.COMMAND:
            handler = COMMANDS.get(interaction.command)
            if handler is None:
                raise Sorry(f"This site has no /{interaction.command} (any more): the server's admin can update "
                            "the commands with `sengoku discord register`.")  # fmt: skip
            return handler(context)
        if interaction.type is Kind.MODAL:
            custom_id = interaction.data.custom_id
            box = _BOXES.get(custom_id.split("|")[0])
            if box is None:
                raise Sorry("That box is from an older version of the site: use its command again.")
            return box(context, custom_id, interaction.field("text") or "")
        raise Sorry("This site answers slash commands only.")
    except WrongLink:
        raise  # the endpoint counts it against the user, then says it
    except Sorry as refused:
        return Say(str(refused))
    except (GameError, store.Conflict, store.NotFound) as refused:
        words = str(refused)
        return Say(words[:1].upper() + words[1:] + ("" if words.endswith(".") else "."))
    except ValidationError as error:
        problems = "; ".join(str(p["msg"]) for p in error.errors(include_url=False))
        return Say(f"Not accepted: {problems}.")
