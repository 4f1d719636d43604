"""One argument order for every command (GAME first), the older channel order still read, and "did you mean".

A GM types ``sengoku COMMAND GAME ...`` for every command on a game: ``players
game.json set``, ``mail game.json results``, ``channel game.json set``. The
channel's verbs came first before (``channel set game.json URL``); that order
still works, so no GM's notes or scripts break.
"""

from __future__ import annotations

import click
import pytest

from cli import _COMMANDS, main
from tests.cli.conftest import Cli


def _first_argument(command: click.Command) -> str | None:
    arguments = [param for param in command.params if isinstance(param, click.Argument)]
    return arguments[0].name if arguments else None


def _commands() -> list[tuple[str, click.Command]]:
    context = click.Context(main, info_name="sengoku")
    found = []
    for name in _COMMANDS:
        command = main.get_command(context, name)
        assert command is not None
        found.append((name, command))
        if isinstance(command, click.Group):
            found += [(f"{name} {sub}", command.commands[sub]) for sub in command.commands]
    return found


@pytest.mark.parametrize(("name", "command"), _commands(), ids=[name for name, _ in _commands()])
def test_a_command_on_a_game_takes_the_game_first(name: str, command: click.Command) -> None:
    takes_game = any(param.name == "game" for param in command.params)
    if takes_game:
        assert _first_argument(command) == "game", f"sengoku {name}: GAME is not its first argument"
    if " " in name:  # a group's command never takes GAME itself: its group does, first (channel GAME set URL)
        group = main.get_command(click.Context(main), name.split()[0])
        assert group is not None and not takes_game


def test_every_command_on_a_game_was_walked() -> None:
    names = [name for name, command in _commands() if _first_argument(command) == "game"]
    assert {"new", "players", "mail", "channel", "status", "adjudicate", "map"} <= set(names)


@pytest.mark.parametrize("order", ["game first", "verb first (the older order)"])
def test_the_channel_takes_the_game_first_and_still_reads_the_older_order(cli: Cli, order: str) -> None:
    cli("new", "game.json")
    url = "https://discord.com/api/webhooks/1/abc"
    if order == "game first":
        set_out, show_out = cli("channel", "game.json", "set", url), cli("channel", "game.json", "show")
    else:
        set_out, show_out = cli("channel", "set", "game.json", url), cli("channel", "show", "game.json")
    kept = "(the address is kept in game.json and never shown again)"
    assert set_out.stdout == f"Channel: Discord webhook on discord.com {kept}.\n"
    assert show_out.stdout == "Channel: Discord webhook on discord.com.\n"


@pytest.mark.parametrize(
    ("typed", "wrong", "meant"),
    [
        (["adjudicat", "game.json"], "adjudicat", "adjudicate"),
        (["stauts", "game.json"], "stauts", "status"),
        (["hstory"], "hstory", "history"),
        (["channel", "game.json", "reslts"], "reslts", "results"),
        (["db", "upgrad"], "upgrad", "upgrade"),
    ],
)
def test_a_mistyped_command_gets_did_you_mean(cli: Cli, typed: list[str], wrong: str, meant: str) -> None:
    result = cli(*typed, code=2)
    said = result.output.rstrip().splitlines()[-1]
    assert said.startswith(f"Error: No such command '{wrong}'.") and "Did you mean" in said and f"'{meant}'" in said


def test_a_word_near_no_command_gets_no_guess(cli: Cli) -> None:
    result = cli("zzz", code=2)
    assert result.output.rstrip().endswith("Error: No such command 'zzz'.")
