"""One command at a time changes a game (cli/gamelock.py): real processes, a real lock, real pipes.

Two commands that load, change and save the same game at once would lose
the first one's change to the second one's save; so each holds the game's
lock from load to save, and a second one waits for it, says so, and gives
up after SENGOKU_LOCK_WAIT seconds without changing anything.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cli.gamefile import load_game
from cli.gamelock import game_lock, lock_path
from orders import order_text
from tests.cli.conftest import Cli
from tests.cli.sengoku_process import environment, run, start

ODA = "Oda:\nA Owari - Mino\n"


def stored(game: Path) -> dict[str, list[str]]:
    loaded = load_game(game)
    return {power: [order_text(o, loaded.board) for o in given] for power, given in loaded.state.orders.items()}


def test_a_command_waits_for_the_one_changing_the_game_then_goes_on(cli: Cli, game: Path) -> None:
    (cli.folder / "oda.txt").write_text(ODA)
    with game_lock(game):
        waiting = start(
            cli.folder,
            "orders",
            "game.json",
            "oda.txt",
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={"SENGOKU_LOCK_WAIT": "60"},
        )
        assert waiting.stderr is not None
        said = waiting.stderr.readline()  # it has met the lock and is waiting
        assert said == (
            f"game.json: another sengoku command (process {os.getpid()}) is changing this game; "
            "waiting for it (up to 60 s)...\n"
        )
        assert stored(game) == {}
    out, _ = waiting.communicate(timeout=60)
    assert waiting.returncode == 0 and "ok      line 2: Oda: A Owari - Mino" in out
    assert stored(game) == {"Oda": ["A Owari - Mino"]}
    assert not lock_path(game).exists()  # the lock file goes with the lock


def test_a_command_that_cannot_get_the_lock_gives_up_and_changes_nothing(cli: Cli, game: Path) -> None:
    before = game.read_bytes()
    with game_lock(game):
        refused = run(cli.folder, "orders", "game.json", input=ODA, SENGOKU_LOCK_WAIT="0.3")
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr.endswith(
        f"Error: game.json: another sengoku command (process {os.getpid()}) has been changing this game for more "
        "than 0.3 s, so nothing was changed; run this command again when it has finished "
        "(or set SENGOKU_LOCK_WAIT=SECONDS to wait longer)\n"
    )
    assert game.read_bytes() == before


def test_a_killed_command_leaves_no_lock_behind(cli: Cli, game: Path) -> None:
    """The lock dies with its process, even by kill -9, and the next command goes on."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from cli.gamelock import game_lock\n"
            "with game_lock(Path('game.json')):\n    print('locked', flush=True); time.sleep(600)",
        ],
        cwd=cli.folder,
        stdout=subprocess.PIPE,
        text=True,
        env=environment(),
    )
    assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=30)
    holder.stdout.close()
    assert lock_path(game).exists()  # left behind by the killed process, but locked by nobody
    done = run(cli.folder, "orders", "game.json", input=ODA, SENGOKU_LOCK_WAIT="0")
    assert done.returncode == 0, done.stderr
    assert stored(game) == {"Oda": ["A Owari - Mino"]} and not lock_path(game).exists()


@pytest.mark.slow  # a process per command
def test_every_command_that_changes_the_game_takes_the_lock(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input=ODA)
    commands = [
        ("orders", "game.json", "-"),
        ("adjudicate", "game.json", "--yes"),
        ("rollback", "game.json"),
        ("deadline", "game.json", "+48h"),
        ("players", "game.json", "set", "Oda", "nobunaga@example.org"),
        ("draw", "game.json", "Oda"),
        ("concede", "game.json", "Oda", "--to", "Takeda"),
        ("new", "game.json", "--force"),
    ]
    before = game.read_bytes()
    with game_lock(game):
        for command in commands:
            refused = run(cli.folder, *command, input=ODA, SENGOKU_LOCK_WAIT="0")
            assert refused.returncode == 1 and "has been changing this game" in refused.stderr, command
    assert game.read_bytes() == before


def test_reading_commands_do_not_wait_for_the_lock(cli: Cli, game: Path) -> None:
    with game_lock(game):
        for command in [("status", "game.json"), ("adjudicate", "game.json", "--preview"), ("players", "game.json")]:
            assert run(cli.folder, *command, SENGOKU_LOCK_WAIT="0").returncode == 0, command


def test_a_wait_that_is_no_number_of_seconds_is_refused(cli: Cli, game: Path) -> None:
    refused = run(cli.folder, "orders", "game.json", input=ODA, SENGOKU_LOCK_WAIT="soon")
    assert refused.returncode == 1
    assert "SENGOKU_LOCK_WAIT='soon': give the seconds to wait for another command, 0 to 86400" in refused.stderr


def test_orders_piped_into_head_are_stored_all_the_same(cli: Cli, game: Path) -> None:
    """`sengoku orders game.json paste.txt | head -1`: the reader goes after one line; the orders are saved first.

    The report (over 100 KB: a refused line per typo) is more than the pipe holds, so the command
    meets the closed pipe while printing it, as with `head`.
    """
    typos = "".join(f"A Kaii - Suruga {n}\n" for n in range(1000))
    (cli.folder / "paste.txt").write_text(f"Takeda:\nA Kai - Suruga\n{typos}")
    command = start(cli.folder, "orders", "game.json", "paste.txt", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert command.stdout is not None and command.stderr is not None
    assert command.stdout.readline() == "header  line 1: Takeda\n"
    command.stdout.close()  # what `head -1` does after its line
    errors = command.stderr.read()
    command.stderr.close()
    assert command.wait(timeout=60) == 3 and errors == ""  # quietly, with the run's own code: lines were refused
    assert stored(game) == {"Takeda": ["A Kai - Suruga"]}
