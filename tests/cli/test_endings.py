"""How a game ends: the victory post, a draw, a concession, and a finished game refusing more play.

The victory game starts from a GM's position file (``games/oda-at-twenty.yaml``):
Oda owns 20 centres, dislodges Hojo from Musashi in Fall, Hojo retreats, and
the Fall ownership update gives Oda its 21st centre. The expected posts in
``expected/endings/`` were checked by hand: Musashi holds with 2 (Hitachi's
support) against Oda's 3; Hojo may retreat to Shimosa or Shimotsuke (not
Sagami, where the attack came from); Oda 21, Hojo 2 with 3 units.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.gamefile import load_game
from tests.cli.conftest import EXPECTED, GAMES, Cli

ENDINGS = EXPECTED / "endings"
SURVIVORS = ["Chosokabe", "Hojo", "Mori", "Oda", "Shimazu", "Uesugi"]


@pytest.fixture
def late_game(cli: Cli) -> Path:
    cli("new", "game.json", "--position", GAMES / "oda-at-twenty.yaml")
    return cli.folder / "game.json"


def test_a_gm_runs_the_game_to_the_victory_post(cli: Cli, late_game: Path) -> None:
    orders = cli("orders", "game.json", GAMES / "oda-at-twenty-fall.txt", code=3).stdout
    assert orders == (ENDINGS / "fall-1580-orders.txt").read_text(encoding="utf-8")
    assert cli("adjudicate", "game.json", "--yes").stdout == (ENDINGS / "fall-1580.txt").read_text(encoding="utf-8")
    cli("orders", "game.json", input="Hojo:\nA Musashi - Shimotsuke\n")
    won = cli("adjudicate", "game.json", "--yes")
    post = won.stdout
    assert post == (ENDINGS / "fall-1580-retreats.txt").read_text(encoding="utf-8")
    assert post.endswith("\nTHE GAME IS OVER: Oda wins the game.\n")
    assert "builds" not in post and "removes" not in post  # the game is over: nobody owes anything
    assert won.stderr == "Adjudicated Fall 1580 retreats; THE GAME IS OVER: Oda wins the game.\n"
    status = cli.lines("status", "game.json")
    assert status[0] == "Sengoku Jidai (6DP): THE GAME IS OVER: Oda wins the game (after Fall 1580 retreats)"
    assert cli("map", "game.json", "-o", "end.svg").stdout == "end.svg: the game is over: Oda wins the game.\n"
    assert "Game over: Oda wins the game</text>" in (cli.folder / "end.svg").read_text(encoding="utf-8")


def test_a_finished_game_refuses_more_play(cli: Cli, late_game: Path) -> None:
    cli("orders", "game.json", GAMES / "oda-at-twenty-fall.txt", code=3)
    cli("adjudicate", "game.json", "--yes")
    cli("orders", "game.json", input="Hojo:\nA Musashi - Shimotsuke\n")
    cli("adjudicate", "game.json", "--yes")
    before = late_game.read_bytes()
    for command in (("adjudicate",), ("orders", "-"), ("draw", "Hojo"), ("concede", "Hojo", "--to", "Oda")):
        result = cli(command[0], "game.json", *command[1:], input="Hojo:\nBuild A Kazusa\n", code=1)
        assert result.stderr == "Error: the game is over: Oda wins the game.\n"
    assert late_game.read_bytes() == before
    assert cli.lines("status", "game.json")[-1] == "Oda wins the game."
    assert cli.lines("history", "game.json")[-1] == "Now: Winter 1580 adjustments (Oda wins the game.)"
    # the GM's way back: undo the phase that ended it
    cli("rollback", "game.json")
    assert load_game(late_game).state.result.over is False


def test_a_draw_passes_when_every_survivor_votes_for_it(cli: Cli, late_game: Path) -> None:
    first = cli("draw", "game.json", "oda").stdout
    assert first == (
        "Oda votes for a draw between Chosokabe, Hojo, Mori, Oda, Shimazu, Uesugi.\n"
        "The game goes on; still to vote for this draw: Chosokabe, Hojo, Mori, Shimazu, Uesugi.\n"
    )
    smaller = cli("draw", "game.json", "Hojo", "Hojo", "Oda").stdout
    assert smaller == (
        "Hojo votes for a draw between Hojo, Oda.\n"
        "The game goes on; still to vote for this draw: Chosokabe, Mori, Oda, Shimazu, Uesugi.\n"
    )
    assert cli("draw", "game.json", "Hojo", "--withdraw").stdout == "Hojo withdraws its draw vote. The game goes on.\n"
    for power in ["Chosokabe", "Hojo", "Mori", "Shimazu"]:
        cli("draw", "game.json", power)
    assert cli("draw", "game.json", "Uesugi").stdout == (
        "THE GAME IS DRAWN BETWEEN CHOSOKABE, HOJO, MORI, ODA, SHIMAZU, UESUGI.\n"
    )
    assert load_game(late_game).state.result.powers == SURVIVORS


def test_a_draw_names_only_surviving_powers(cli: Cli, late_game: Path) -> None:
    result = cli("draw", "game.json", "Oda", "Oda", "Takeda", code=1)
    assert result.stderr == "Error: a draw is between surviving powers; not Takeda\n"
    result = cli("draw", "game.json", "Nobunaga", code=1)
    assert result.stderr.startswith("Error: unknown power 'Nobunaga'; the powers are Asakura, Chosokabe")


def test_the_game_ends_when_every_other_survivor_concedes(cli: Cli, late_game: Path) -> None:
    assert cli("concede", "game.json", "Hojo", "--to", "Oda").stdout == (
        "Hojo concedes the game to Oda.\nThe game goes on; still to concede to Oda: Chosokabe, Mori, Shimazu, Uesugi.\n"
    )
    for power in ["Chosokabe", "Mori", "Shimazu"]:
        cli("concede", "game.json", power, "--to", "oda")
    assert cli("concede", "game.json", "Uesugi", "--to", "Oda").stdout == (
        "Uesugi concedes the game to Oda.\nTHE GAME IS CONCEDED TO ODA.\n"
    )
    assert cli("concede", "game.json", "Oda", "--to", "Oda", code=1).stderr.startswith("Error: ")


def test_status_lists_draw_votes_and_concessions(cli: Cli, late_game: Path) -> None:
    cli("draw", "game.json", "Mori", "Mori", "Oda")
    cli("concede", "game.json", "Hojo", "--to", "Oda")
    status = cli("status", "game.json").stdout
    assert "Draw votes and concessions:\n  Mori votes for a draw of Mori, Oda\n  Hojo concedes to Oda\n" in status
