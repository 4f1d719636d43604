"""A GM's steps can be taken back: concessions withdrawn, adjudications rolled back to the start, orders cleared.

And a step that is probably a mistake (adjudicating a phase nobody sent
orders for) is asked about first, or refused; every change is in the log.
"""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import time
from pathlib import Path

import pytest

from cli.gamefile import load_game
from tests.cli.conftest import Cli
from tests.cli.sengoku_process import COMMAND, environment
from tests.cli.test_orders import stored


def test_a_power_withdraws_its_concession(cli: Cli, game: Path) -> None:
    cli("concede", "game.json", "Oda", "--to", "Takeda")
    out = cli("concede", "game.json", "Oda", "--withdraw").stdout
    assert out == "Oda withdraws its concession to Takeda. The game goes on.\n"
    assert load_game(game).state.concessions == {}


def test_a_game_that_concessions_ended_goes_on_when_one_is_withdrawn(cli: Cli, game: Path) -> None:
    for power in ["Oda", "Asakura", "Chosokabe", "Hojo", "Mori", "Takeda", "Uesugi"]:
        last = cli("concede", "game.json", power, "--to", "Shimazu")
    assert last.stdout.endswith("THE GAME IS CONCEDED TO SHIMAZU.\n")
    cli("concede", "game.json", "Hojo", "--withdraw")
    assert not load_game(game).state.result.over
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")  # play goes on
    assert stored(game) == {"Oda": ["A Owari - Mino"]}


def test_withdrawing_a_concession_never_given_is_refused(cli: Cli, game: Path) -> None:
    assert cli("concede", "game.json", "Oda", "--withdraw", code=1).stderr == "Error: Oda has not conceded the game\n"


def test_concede_takes_to_or_withdraw(cli: Cli, game: Path) -> None:
    assert "--withdraw takes no --to" in cli("concede", "game.json", "Oda", "--to", "Mori", "--withdraw", code=2).stderr


def test_rollback_goes_back_to_the_start_with_each_phases_own_deadline(cli: Cli, game: Path) -> None:
    cli("deadline", "game.json", "2099-03-01 20:00 UTC")
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    cli("adjudicate", "game.json", "--deadline", "2099-06-01 20:00 UTC")
    cli("adjudicate", "game.json", "--yes", "--deadline", "2099-09-01 20:00 UTC")
    one = cli("rollback", "game.json").stdout
    assert one.splitlines()[-2] == "Its deadline is back: Monday 1 June 2099, 20:00 UTC."  # Fall's, not Spring 1571's
    out = cli("rollback", "game.json", "--to", "spring 1570").stdout.splitlines()
    assert out[0] == "Rolled back Spring 1570 movement. The game is at Spring 1570 movement again,"
    assert out[1:3] == ["with the 1 stored order of Oda.", "Its deadline is back: Sunday 1 March 2099, 20:00 UTC."]
    assert load_game(game).state.history == []


def test_rollback_to_a_numbered_phase_undoes_every_later_one(cli: Cli, game: Path) -> None:
    for _ in range(3):
        cli("adjudicate", "game.json", "--yes")
    out = cli("rollback", "game.json", "--to", "2", "--yes").stdout
    assert out.startswith("Rolled back Spring 1571 movement and Fall 1570 movement. The game is at Fall 1570 movement")


def test_rollback_at_the_start_says_so(cli: Cli, game: Path) -> None:
    assert "the game is at its start (Spring 1570 movement)" in cli("rollback", "game.json", code=1).stderr


def test_adjudicating_a_phase_nobody_sent_orders_for_is_refused_off_a_terminal(cli: Cli, game: Path) -> None:
    result = cli("adjudicate", "game.json", code=1)
    assert result.stderr == (
        "Error: no power has stored orders for Spring 1570 movement: adjudicating it puts every power in civil "
        "disorder; nothing adjudicated (if that is what you mean: --yes, or --phase 'Spring 1570 movement')\n"
    )
    assert load_game(game).state.history == []


@pytest.mark.parametrize("flag", [["--yes"], ["--phase", "Spring 1570"], ["--phase", "spring 1570 movement"]])
def test_yes_or_the_phase_named_adjudicates_it(cli: Cli, game: Path, flag: list[str]) -> None:
    result = cli("adjudicate", "game.json", *flag)
    assert result.stderr == "Adjudicated Spring 1570 movement; the game is now at Fall 1570 movement.\n"
    assert result.stdout.startswith("Sengoku Jidai (6DP): Spring 1570 movement results\n")


def test_the_same_command_run_twice_with_its_phase_adjudicates_once(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    cli("adjudicate", "game.json", "--phase", "Spring 1570")
    again = cli("adjudicate", "game.json", "--phase", "Spring 1570", code=1)
    assert again.stderr == "Error: the game is at Fall 1570 movement, not Spring 1570 movement: nothing adjudicated\n"
    assert len(load_game(game).state.history) == 1


def test_with_orders_stored_adjudicate_asks_nothing_and_says_the_phase(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    assert "Adjudicated Spring 1570 movement" in cli("adjudicate", "game.json").stderr


def on_terminal(folder: Path, *args: str, answer: str) -> tuple[int, str]:
    """``sengoku ARGS`` with a terminal for its input and error output, answering its question; (code, screen)."""
    main, child = pty.openpty()
    process = subprocess.Popen(
        [*COMMAND, *args], cwd=folder, stdin=child, stdout=subprocess.DEVNULL, stderr=child, env=environment()
    )
    os.close(child)
    screen = b""
    deadline = time.monotonic() + 60
    while b"?" not in screen and time.monotonic() < deadline:  # the question, then the answer
        if select.select([main], [], [], 1)[0]:
            screen += os.read(main, 1024)
    os.write(main, answer.encode() + b"\n")
    code = process.wait(timeout=60)
    while select.select([main], [], [], 0.2)[0]:
        try:
            screen += os.read(main, 1024)
        except OSError:  # the terminal closed with the process
            break
    os.close(main)
    return code, screen.decode().replace("\r\n", "\n")


def test_on_a_terminal_it_asks_and_a_no_adjudicates_nothing(cli: Cli, game: Path) -> None:
    code, screen = on_terminal(cli.folder, "adjudicate", "game.json", answer="n")
    assert "No power has stored orders for Spring 1570 movement: adjudicating it puts every power in civil" in screen
    assert "Adjudicate Spring 1570 movement? [y/N]" in screen and code == 1
    assert load_game(game).state.history == []


def test_on_a_terminal_a_yes_adjudicates(cli: Cli, game: Path) -> None:
    code, screen = on_terminal(cli.folder, "adjudicate", "game.json", answer="y")
    assert code == 0 and "Adjudicated Spring 1570 movement; the game is now at Fall 1570 movement." in screen
    assert len(load_game(game).state.history) == 1


def test_a_gm_clears_one_powers_orders(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\nF Mikawa H\nTakeda:\nA Kai - Suruga\n")
    assert cli("clear", "game.json", "oda").stdout == "Cleared Oda's 2 stored orders for Spring 1570 movement.\n"
    assert stored(game) == {"Takeda": ["A Kai - Suruga"]}
    again = cli("clear", "game.json", "Oda").stdout
    assert again == "Oda has no orders stored for Spring 1570 movement; nothing changed.\n"


def test_every_change_is_in_the_log_with_when_and_by_whom(cli: Cli, game: Path) -> None:
    cli("deadline", "game.json", "2099-03-01 20:00 UTC")
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    cli("clear", "game.json", "Oda")
    cli("adjudicate", "game.json", "--yes")
    cli("rollback", "game.json")
    cli("concede", "game.json", "Oda", "--to", "Takeda")
    cli("concede", "game.json", "Oda", "--withdraw")
    log = json.loads(cli("history", "game.json", "--log", "--json").stdout)
    assert [entry["action"] for entry in log] == [
        "started the game",
        "set the deadline: Sunday 1 March 2099, 20:00 UTC",
        "read orders; orders stored: Oda 1",
        "cleared Oda's 1 stored order",
        "adjudicated Spring 1570 movement",
        "rolled back Spring 1570 movement",
        "Oda conceded the game to Takeda",
        "Oda withdrew its concession to Takeda",
    ]
    assert all(entry["by"].startswith("command line") and entry["at"] for entry in log)
    lines = cli("history", "game.json", "--log").stdout.splitlines()
    assert lines[4].endswith(" UTC  " + log[4]["by"] + "  Spring 1570 movement: adjudicated Spring 1570 movement")


def test_a_game_from_before_the_log_has_an_empty_one(cli: Cli, game: Path) -> None:
    data = json.loads(game.read_text())
    del data["log"]
    game.write_text(json.dumps(data))
    assert cli("history", "game.json", "--log").stdout.startswith("Nothing in the GM's log yet")


def test_a_draw_vote_withdrawn_from_a_drawn_game_makes_it_go_on(cli: Cli, game: Path) -> None:
    for power in ["Oda", "Asakura", "Chosokabe", "Hojo", "Mori", "Shimazu", "Takeda", "Uesugi"]:
        last = cli("draw", "game.json", power)
    assert last.stdout.startswith("THE GAME IS DRAWN")
    assert cli("draw", "game.json", "Hojo", "--withdraw").stdout == "Hojo withdraws its draw vote. The game goes on.\n"
    assert not load_game(game).state.result.over
