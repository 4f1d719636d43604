"""``sengoku map``: the board as an SVG or PNG file, now or at a past phase (the picture itself is render's)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from raster import png
from tests.cli.conftest import GAMES, Cli
from tests.pictures import check_map_png


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
    cli("adjudicate", "game.json", "--yes")
    result = cli("map", "game.json", "--phase", "fall 1580", "-o", "fall.svg")
    assert result.stdout == "fall.svg: Fall 1580 movement with its results\n"
    svg = (cli.folder / "fall.svg").read_text(encoding="utf-8")
    assert "<title>Sengoku Jidai (6DP): Kanto: Fall 1580 movement</title>" in svg


def test_map_mistakes_are_one_line(cli: Cli, game: Path) -> None:
    assert cli("map", "game.json", "--phase", "last", code=1).stderr == "Error: no phase has been adjudicated yet\n"
    cli("adjudicate", "game.json", "--yes")
    result = cli("map", "game.json", "--phase", "last", "--orders", code=2)
    assert "Error: --orders draws the current phase's orders; a past --phase shows its own" in result.stderr
    assert not (cli.folder / "board.svg").exists()


# --- PNG, for a forum post --------------------------------------------------------------


def test_a_png_by_the_files_name(cli: Cli, game: Path) -> None:
    assert cli("map", "game.json", "-o", "board.png").stdout == "board.png: Spring 1570 movement\n"
    check_map_png((cli.folder / "board.png").read_bytes(), cli("map", "game.json").stdout)


def test_a_png_of_a_past_phase_with_format_on_standard_output(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    cli("adjudicate", "game.json", "--yes")
    result = cli("map", "game.json", "--phase", "last", "--format", "png")
    check_map_png(result.stdout_bytes, cli("map", "game.json", "--phase", "last").stdout)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["-o", "board.gif"], "Error: 'board.gif': name the file .svg, .png, .jpg or .webp, or give --format"),
        (["-o", "board.svg", "--format", "png"], "Error: 'board.svg' is named .svg but --format is png"),
        (["--format", "gif"], "Error: Invalid value for '--format': 'gif' is not one of 'svg', 'png', 'webp', 'jpeg'."),
    ],
)
def test_a_format_that_cannot_be_is_a_usage_error(cli: Cli, game: Path, args: list[str], error: str) -> None:
    assert error in cli("map", "game.json", *args, code=2).stderr
    assert not list(cli.folder.glob("board.*"))


def test_without_fonts_no_png_is_written(cli: Cli, game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A PNG without the province names would mislead: refused, with what to install."""
    monkeypatch.setattr(png, "_SKIP_SYSTEM_FONTS", True)
    monkeypatch.delenv("SENGOKU_FONT_DIR", raising=False)
    png._fonts_draw_text.cache_clear()
    try:
        result = cli("map", "game.json", "-o", "board.png", code=1)
    finally:
        png._fonts_draw_text.cache_clear()
    assert result.stderr == f"Error: cannot draw a picture: {png.FONT_HELP}\n"
    assert not (cli.folder / "board.png").exists()


def test_an_svg_never_loads_the_rasterizer(cli: Cli, game: Path) -> None:
    probe = "import sys, cli; sys.argv = ['sengoku', 'map', 'game.json', '-o', 'b.svg']\n"
    probe += "try:\n    cli.main()\nexcept SystemExit:\n    pass\nprint('resvg_py' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], cwd=cli.folder, capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "False"
    assert (cli.folder / "b.svg").exists()
