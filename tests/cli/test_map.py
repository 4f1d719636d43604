"""``sengoku map``: the board as an SVG file, now or at a past phase (the picture itself is render's)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import GAMES, Cli


def test_the_board_now_with_the_stored_orders(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n2 : A Yamashiro H\n")
    assert cli("map", "game.json", "-o", "board.svg", "--orders").stdout == "board.svg: Spring 1570 movement\n"
    svg = (cli.folder / "board.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg ") and svg.rstrip().endswith("</svg>")
    assert "<title>Sengoku Jidai (6DP): Spring 1570 movement</title>" in svg
    assert cli("map", "game.json").stdout.startswith("<svg ")  # standard output by default


def test_a_past_phase_with_its_results(cli: Cli) -> None:
    cli("new", "game.json", "--name", "Kanto", "--position", GAMES / "oda-at-twenty.yaml")
    cli("orders", "game.json", GAMES / "oda-at-twenty-fall.txt", code=3)
    cli("adjudicate", "game.json")
    result = cli("map", "game.json", "--phase", "fall 1580", "-o", "fall.svg")
    assert result.stdout == "fall.svg: Fall 1580 movement with its results\n"
    svg = (cli.folder / "fall.svg").read_text(encoding="utf-8")
    assert "<title>Sengoku Jidai (6DP): Kanto: Fall 1580 movement</title>" in svg


def test_map_mistakes_are_one_line(cli: Cli, game: Path) -> None:
    assert cli("map", "game.json", "--phase", "last", code=1).stderr == "Error: no phase has been adjudicated yet\n"
    cli("adjudicate", "game.json")
    result = cli("map", "game.json", "--phase", "last", "--orders", code=2)
    assert "Error: --orders draws the current phase's orders; a past --phase shows its own" in result.stderr
    assert not (cli.folder / "board.svg").exists()
