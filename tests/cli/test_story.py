"""``sengoku story``: the README's game as an animation, a chart and a summary, and what a GM gets wrong."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from tests.cli.conftest import Cli
from tests.story.games import readme_game

pytestmark = pytest.mark.clock  # the README's game is adjudicated with --deadline +72h


def frames_in(path: Path) -> int:
    with Image.open(path) as image:
        return int(getattr(image, "n_frames", 1))


@pytest.mark.parametrize("name", ["game.gif", "game.webp", "game.png"])
def test_the_animation_is_every_phase_then_the_position_now(cli: Cli, name: str) -> None:
    readme_game(cli)
    out = cli("story", "game.json", "-o", name, "--width", "400").stdout
    assert frames_in(cli.folder / name) == 2
    assert out.startswith(f"{name}: 2 frames (Spring 1570 movement to Fall 1570 movement), 400 x 364 pixels, ")
    with Image.open(cli.folder / name) as image:
        assert image.format == {"gif": "GIF", "webp": "WEBP", "png": "PNG"}[name.split(".")[1]]


def test_the_byte_budget_is_a_setting(cli: Cli) -> None:
    readme_game(cli)
    whole = cli("story", "game.json", "-o", "whole.gif", "--width", "400", "--max-bytes", "0")
    size = (cli.folder / "whole.gif").stat().st_size
    assert f"{size:,} bytes" in whole.stdout
    cli("story", "game.json", "-o", "small.gif", "--width", "400", "--max-bytes", str(size * 2 // 3))
    assert (cli.folder / "small.gif").stat().st_size <= size * 2 // 3
    refused = cli("story", "game.json", "-o", "tiny.gif", "--max-bytes", "1KB", code=1)
    assert "cannot be made within 1,000 bytes" in refused.output and "--max-bytes" in refused.output
    assert not (cli.folder / "tiny.gif").exists(), "nothing half-made is left under the name"


def test_the_chart_as_svg_and_png(cli: Cli) -> None:
    readme_game(cli)
    cli("story", "game.json", "--chart", "centres.svg")
    out = cli("story", "game.json", "--chart", "centres.png").stdout
    assert "<svg" in (cli.folder / "centres.svg").read_text(encoding="utf-8")
    with Image.open(io.BytesIO((cli.folder / "centres.png").read_bytes())) as image:
        assert image.format == "PNG"
    assert out == "centres.png: the centres at the start (no year has ended yet)\n"


@pytest.mark.parametrize(
    ("fmt", "shown"),
    [
        ("plain", "  Oda: 2 centres (peak 2 at the start); orders in 1 of 1 phases, 0 missed (NMR); 2 DP bid, 2 won"),
        ("bbcode", "[b]The powers[/b]\n[code]"),
        ("markdown", "| Oda | 2 | 2 at the start |  | 1 of 1 | 0 | 2 (2) |"),
        ("html", '<article class="game-summary">'),
        ("json", '"dp_won": 2'),
    ],
)
def test_the_summary_post_in_each_markup(cli: Cli, fmt: str, shown: str) -> None:
    readme_game(cli)
    assert shown in cli("story", "game.json", "--post", "--format", fmt).stdout


def test_without_a_file_it_prints_the_summary(cli: Cli) -> None:
    readme_game(cli)
    out = cli("story", "game.json").stdout
    assert out.startswith("Kyoto 1570, Sengoku Jidai (6DP): the story so far, at Fall 1570 movement\n")
    assert "Asakura: 2 centres (peak 2 at the start); orders in 0 of 1 phases, 1 missed (NMR)" in out


def test_a_range_of_phases(cli: Cli) -> None:
    readme_game(cli)
    out = cli("story", "game.json", "-o", "one.gif", "--from", "1", "--to", "spring 1570", "--width", "320").stdout
    assert out.startswith("one.gif: 1 frames (Spring 1570 movement to Spring 1570 movement)")
    assert frames_in(cli.folder / "one.gif") == 1


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (["-o", "game.mp4"], 2, "name the file game.gif, game.webp or game.png"),
        (["--chart", "chart.jpg"], 2, "name the file chart.svg or chart.png"),
        (["--from", "spring 1570"], 2, "give -o FILE too"),
        (["-o", "g.gif", "--max-bytes", "lots"], 2, "'lots' is not a size"),
        (["-o", "g.gif", "--width", "100"], 2, "100 is not in the range 320<=x<=1600"),
        (["-o", "g.gif", "--from", "fall 1583"], 1, "Fall 1583 movement has not been adjudicated in this game"),
    ],
)
def test_a_wrong_command_line_is_one_line(cli: Cli, args: list[str], code: int, said: str) -> None:
    readme_game(cli)
    result = cli("story", "game.json", *args, code=code)
    assert said in result.output and "Traceback" not in result.output


def test_a_game_with_no_phase_has_nothing_to_animate(cli: Cli) -> None:
    cli("new", "game.json")
    result = cli("story", "game.json", "-o", "game.gif", code=1)
    assert "no phase has been adjudicated yet" in result.output
    assert "the story so far, at Spring 1570 movement" in cli("story", "game.json").stdout


def test_the_files_written_are_readable_as_any_new_file(cli: Cli) -> None:
    readme_game(cli)
    cli("story", "game.json", "-o", "game.gif", "--width", "320", "--chart", "centres.svg")
    (cli.folder / "plain.txt").write_text("x")
    usual = (cli.folder / "plain.txt").stat().st_mode & 0o777
    assert {(cli.folder / name).stat().st_mode & 0o777 for name in ("game.gif", "centres.svg")} == {usual}
    left = [p.name for p in cli.folder.iterdir() if p.name.startswith(".") and not p.name.endswith(".journal")]
    assert not left, "no temporary file left"  # (the game's journal, .game.json.journal, is the game's undo)
