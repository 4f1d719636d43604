"""The slash commands, as Discord takes them (``sengoku discord register`` puts these into Discord).

One definition per command; :mod:`web.discord.dispatch` answers each by the same name, and a test checks
that the two lists agree. Guild channels only (``contexts``: a game is played in a server's channel).
Discord's reference: https://discord.com/developers/docs/interactions/application-commands.
"""

from __future__ import annotations

from typing import Any

__all__ = ["COMMANDS", "names"]

_STRING, _INTEGER, _BOOLEAN = 3, 4, 5
_GUILD = [0]


def _command(name: str, description: str, *options: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "type": 1, "description": description, "options": list(options), "contexts": _GUILD}


def _option(kind: int, name: str, description: str, required: bool = False, **more: Any) -> dict[str, Any]:
    return {"type": kind, "name": name, "description": description, "required": required, **more}


COMMANDS: list[dict[str, Any]] = [
    _command("link", "Play a game of this site in this channel (a box asks for the game's GM link)"),
    _command("unlink", "Stop playing the game in this channel (the GM who linked it)"),
    _command("join", "Play your power here (a box asks for your own player link; only you see the answer)"),
    _command(
        "unbind",
        "Let a power's Discord user go (your own; the GM: any)",
        _option(_STRING, "power", "the power", True, autocomplete=True, max_length=40),
    ),
    _command(
        "orders",
        "Write your orders in a box: every line gets a verdict",
        _option(
            _STRING,
            "mode",
            "replace your orders (the default), or merge: change only the units named",
            choices=[{"name": "replace", "value": "replace"}, {"name": "merge", "value": "merge"}],
        ),
    ),
    _command(
        "order",
        "Give one order, picked from your units' legal orders (the others stand)",
        _option(_STRING, "order", "start typing a unit or a province", True, autocomplete=True, max_length=100),
    ),
    _command("myorders", "Your orders stored for this phase, your DP and whether you are ready"),
    _command(
        "bid",
        "A DP order for a neutral unit (0 DP withdraws it)",
        _option(
            _STRING,
            "order",
            "the neutral unit's order: start typing its province",
            True,
            autocomplete=True,
            max_length=100,
        ),  # fmt: skip
        _option(_INTEGER, "dp", "Diplomacy Points on it (0 withdraws the bid)", True, min_value=0, max_value=9),
    ),
    _command(
        "ready",
        "Say you are done with this phase (or not): it may end early when everyone is",
        _option(_BOOLEAN, "ready", "true (the default): done; false: not yet"),
    ),
    _command(
        "map",
        "The map: the position now, or the last phase's results",
        _option(
            _STRING,
            "view",
            "now (the default), or the last results",
            choices=[{"name": "now", "value": "now"}, {"name": "last results", "value": "results"}],
        ),
        _option(_BOOLEAN, "share", "show it to the channel (your own orders are then left out)"),
    ),
    _command(
        "status",
        "Phase, deadline, who has ordered and who is ready",
        _option(_BOOLEAN, "share", "show it to the channel"),
    ),
    _command(
        "press",
        "Send a message to a power or to everyone, as the game's press rules allow",
        _option(_STRING, "to", "a power, or everyone", True, autocomplete=True, max_length=40),
        _option(_STRING, "text", "the message", True, max_length=2000),
        _option(_BOOLEAN, "unsigned", "send it unsigned (grey press), where the GM allows it"),
    ),
    _command("messages", "Press for you that you have not read yet (then counted as read)"),
    _command(
        "mentions",
        "Whether the channel's posts mention the players who owe orders (the GM)",
        _option(_BOOLEAN, "on", "true: mention them; false: name them only", True),
    ),
]


def names() -> list[str]:
    return [command["name"] for command in COMMANDS]
