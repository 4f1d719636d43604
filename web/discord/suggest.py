"""Autocomplete: as a player types an option, the choices from the board, so a phone user picks, not types.

- /order: every legal order of the player's units now (the adjudicator's own list, :mod:`web.play.choices`);
- /bid: every order DP can buy a neutral unit;
- /press: the powers still in the game, and everyone;
- /unbind: the powers.

What was typed narrows the list: each word must be in the order's text or the id of a province in it
(``owa min`` finds ``A Owari - Mino``). Discord shows at most 25.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.game import Game
from web.discord.context import Choices, Context
from web.play.choices import player_choices
from web.schemas.choices import ChoiceOut, UnitChoicesOut
from web.storage import store

__all__ = ["MAX_CHOICES", "suggest"]

MAX_CHOICES = 25


def suggest(context: Context) -> Choices:
    focused = context.interaction.focused()
    if focused is None or context.table is None:
        return Choices()
    typed = str(focused.value or "")
    command = context.interaction.command
    if command in ("order", "bid"):
        if context.power is None:
            return Choices()
        return Choices(_narrowed(_orders(context, command == "bid"), typed))
    if command == "press" and focused.name == "to":
        snapshot = store.load(context.db, context.game_id)
        others = [p for p in Game(snapshot.board, snapshot.state).survivors() if p != context.power]
        return Choices(_narrowed([("everyone", "everyone", ""), *((p, p, "") for p in others)], typed))
    if command == "unbind" and focused.name == "power":
        snapshot = store.load(context.db, context.game_id)
        return Choices(_narrowed([(p, p, "") for p in snapshot.board.power_names], typed))
    return Choices()


def _orders(context: Context, neutral: bool) -> list[tuple[str, str, str]]:
    """(shown, value, what else it is found by) for each legal order of the power, or each DP order."""
    caller = context.caller
    choices = player_choices(store.load(context.db, caller.game_id), caller.power)
    units: Iterable[UnitChoicesOut] = (choices.dp.units if choices.dp else []) if neutral else choices.units
    found = [(c.text, c.text, _ids(unit.province, c)) for unit in units for c in unit.choices]
    if not neutral and choices.adjustments is not None:
        extra = [*choices.adjustments.choices, *([choices.adjustments.waive] if choices.adjustments.waive else [])]
        found += [(c.text, c.text, _ids("", c)) for c in extra]
    return found


def _ids(province: str, choice: ChoiceOut) -> str:
    return " ".join([province, *choice.clicks])


def _narrowed(options: list[tuple[str, str, str]], typed: str) -> list[tuple[str, str]]:
    words = typed.casefold().split()
    kept = [(shown, value) for shown, value, ids in options if all(w in f"{shown} {ids}".casefold() for w in words)]
    return [(shown[:100], value[:100]) for shown, value in kept[:MAX_CHOICES]]
