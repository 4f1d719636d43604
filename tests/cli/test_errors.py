"""No user mistake prints a traceback; every command documents itself and the exit codes."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from cli import main
from cli.errors import ExitCode
from game.game import Game
from tests.cli.conftest import Cli

COMMANDS = ["new", "orders", "status", "adjudicate", "history", "rollback", "draw", "concede", "replay", "map"]


def test_the_group_help_documents_the_exit_codes(cli: Cli) -> None:
    help_text = cli("--help").stdout
    for line in ["0  done", "1  refused input", "2  wrong command line", "3  orders: some lines were refused"]:
        assert line in help_text
    for command in COMMANDS:
        assert f"  {command} " in help_text


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(cli: Cli, command: str) -> None:
    assert cli(command, "--help").stdout.startswith(f"Usage: main {command} [OPTIONS] GAME.json")


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("history", "game.json", "Summer 1570"), 1, "Error: not a phase: 'Summer 1570'"),
        (("history", "game.json", "9"), 1, "Error: no phase number 9: the history has 1 to 1"),
        (("history", "game.json", "fall 1570"), 1, "Error: Fall 1570 movement has not been adjudicated in this game"),
        (("draw", "game.json", "Oda", "Hojo", "--withdraw"), 2, "Error: --withdraw takes no MEMBERs"),
        (("concede", "game.json", "Oda"), 2, "Error: give --to WINNER, or --withdraw"),
        (("concede", "game.json", "Oda", "--to", "Oda"), 1, "Error: Oda cannot concede to itself"),
        (("adjudicate", "game.json", "--jsn"), 2, "Error: No such option '--jsn'. (Did you mean one of: '--json', "),
        (("frobnicate",), 2, "Error: No such command 'frobnicate'."),
        (("orders",), 2, "Error: Missing argument 'GAME.json'."),
        (("new", "other.json", "--variant", "atlantis"), 1, "Error: atlantis: (file): no such variant"),
    ],
)
def test_user_mistakes_are_short_messages(cli: Cli, game: Path, args: tuple[str, ...], code: int, message: str) -> None:
    cli("adjudicate", "game.json", "--yes")
    result = cli(*args, code=code)
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_nothing_to_roll_back_or_show(cli: Cli, game: Path) -> None:
    assert cli("rollback", "game.json", code=1).stderr == (
        "Error: nothing to roll back: no phase has been adjudicated; the game is at its start (Spring 1570 movement)\n"
    )
    assert cli("history", "game.json").stdout == "No phase adjudicated yet; the game is at Spring 1570 movement.\n"
    assert cli("history", "game.json", "last", code=1).stderr == "Error: no phase has been adjudicated yet\n"
    assert cli("replay", "game.json").stdout == "Nothing to replay: no phase has been adjudicated yet.\n"


def test_a_bug_is_one_line_with_its_own_exit_code(cli: Cli, game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Game, at: object = None, published: bool = True) -> None:
        raise KeyError("XYZ")

    monkeypatch.setattr(Game, "adjudicate", broken)
    before = game.read_bytes()
    result = cli("adjudicate", "game.json", "--yes", code=ExitCode.INTERNAL)
    assert result.stderr == "Error: internal error, please report it: KeyError: 'XYZ'\n"
    assert game.read_bytes() == before
    monkeypatch.setenv("SENGOKU_DEBUG", "1")
    with pytest.raises(KeyError):
        cli("adjudicate", "game.json", "--yes", code=None)


def test_a_closed_pipe_ends_quietly(cli: Cli, game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``sengoku status game.json | head -3``: no error message once the reader has gone."""

    def closed(*args: object, **kwargs: object) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(click, "echo", closed)
    result = cli("status", "game.json", code=ExitCode.OK)  # a command that only reads: the reader had enough
    assert result.stderr == ""


def test_the_script_entry_point_is_the_group() -> None:
    assert isinstance(main, click.Group)
    assert {*COMMANDS, "names", "demo"} <= set(main.list_commands(click.Context(main)))


def test_help_lists_every_command_with_its_own_short_help() -> None:
    """``sengoku --help`` reads the command table, not the commands; the two must never disagree."""
    from cli import _COMMANDS

    context = click.Context(main)
    for name, (_, line) in _COMMANDS.items():
        command = main.get_command(context, name)
        assert command is not None and command.get_short_help_str(limit=200) == line, name


def test_a_game_name_with_a_line_break_is_refused_and_no_file_is_made(cli: Cli) -> None:
    result = cli("new", "game.json", "--name", "Kyoto\nBcc: victim@example.com", code=ExitCode.ERROR)
    assert result.stderr == (
        "Error: a game's name is one line of printable text; this one holds a line break ('\\n', U+000A)\n"
    )
    assert not (cli.folder / "game.json").exists()
