"""A command reads (and checks) only the stored phases it uses; ``replay`` and ``history --check`` read them all.

A long game's history is most of its file: a command that decoded and
checked all of it on every run cost a GM more for every phase played. So
each phase is decoded when first read, a command checks the phases it
reads, and a hand-corrupted phase is still refused, in one line, by every
command that reads it and by the two that read everything.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Cli

ORDERS = "Oda:\nA Owari - Mino\n"


@pytest.fixture
def played(cli: Cli, game: Path) -> Path:
    """A game three phases on (nothing changes hands: no adjustments), now at Fall 1571."""
    for _ in range(3):
        cli("adjudicate", "game.json", "--yes")
    assert cli.lines("history", "game.json")[:3] == [
        "  1  Spring 1570 movement",
        "  2  Fall 1570 movement",
        "  3  Spring 1571 movement",
    ]
    return game


def _damage(game: Path, change: Any) -> None:
    state = json.loads(game.read_text(encoding="utf-8"))
    change(state)
    game.write_text(json.dumps(state, indent=2), encoding="utf-8")


def _off_the_map(state: dict[str, Any]) -> None:
    state["history"][0]["before"]["units"][0]["location"] = "XYZ"


OFF_THE_MAP = "history phase 1 (Spring 1570 movement): unit A XYZ: there is no province XYZ on the sengoku map"


def test_a_command_that_reads_no_old_phase_does_not_check_it(cli: Cli, played: Path) -> None:
    _damage(played, _off_the_map)
    assert cli.lines("status", "game.json")[0] == "Sengoku Jidai (6DP): Fall 1571 movement"
    cli("history", "game.json", "last")  # phase 3 reads phase 3 (and the position now)
    cli("deadline", "game.json", "+48h")  # a write keeps the unread phase as it was: still damaged
    assert json.loads(played.read_text(encoding="utf-8"))["history"][0]["before"]["units"][0]["location"] == "XYZ"


@pytest.mark.parametrize(
    "args",
    [["replay", "game.json"], ["history", "game.json", "1"], ["map", "game.json", "--phase", "1", "-o", "x.svg"]],
    ids=" ".join,
)
def test_a_command_that_reads_the_damaged_phase_refuses_it_in_one_line(cli: Cli, played: Path, args: list[str]) -> None:
    _damage(played, _off_the_map)
    assert cli(*args, code=1).stderr == f"Error: game.json: not a playable game: {OFF_THE_MAP}\n"


def test_history_check_names_every_damaged_phase(cli: Cli, played: Path) -> None:
    assert cli.lines("history", "game.json", "--check") == [
        "game.json: the position and all 3 stored phases read back whole."
    ]

    def two_problems(state: dict[str, Any]) -> None:
        _off_the_map(state)
        state["history"][2]["report"]["phase"] = 1571  # not a phase at all: the record cannot even be read

    _damage(played, two_problems)
    result = cli("history", "game.json", "--check", code=1)
    assert result.stdout.splitlines() == [
        f"game.json: {OFF_THE_MAP}",
        "game.json: history phase 3: report.phase: Expected `object`, got `int`",
    ]


def test_a_phase_that_is_not_a_record_is_refused_by_the_commands_that_read_it(cli: Cli, played: Path) -> None:
    _damage(played, lambda state: state["history"][1]["report"].update(phase="Fall"))
    problem = "history phase 2: report.phase: Expected `object`, got `str`"
    assert cli("replay", "game.json", code=1).stderr == f"Error: game.json: not a playable game: {problem}\n"
    assert cli("history", "game.json", code=1).stderr == f"Error: {problem}\n"  # the list reads every phase's name
    assert cli.lines("status", "game.json")[0] == "Sengoku Jidai (6DP): Fall 1571 movement"


def test_rollback_checks_the_phases_it_gives_back(cli: Cli, played: Path) -> None:
    _damage(played, lambda state: state["history"][1]["before"]["units"][0].update(location="XYZ"))
    cli("rollback", "game.json")  # undoes phase 3 alone: phase 2 is not read
    result = cli("rollback", "game.json", "--to", "fall 1570", code=1)
    assert "history phase 2 (Fall 1570 movement): unit A XYZ" in result.stderr


def test_a_game_file_read_and_written_keeps_every_unread_phase_byte_for_byte(cli: Cli, played: Path) -> None:
    before = json.loads(played.read_text(encoding="utf-8"))["history"]
    cli("deadline", "game.json", "+48h")
    cli("orders", "game.json", input=ORDERS)
    assert json.loads(played.read_text(encoding="utf-8"))["history"] == before
