"""The map within a byte budget: a forum's attachment limit (phpBB's default is 256 KiB), reached by palette,
scale and format; the sizes read as people write them."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from game.cycle import start_position
from maps import Board
from raster.fit import PictureTooLarge, fit_picture, parse_size
from render import render_svg
from tests.cli.conftest import Cli, cli, game  # noqa: F401  (the CLI fixtures, used here too)


@pytest.fixture
def svg(sengoku: Board) -> str:
    return render_svg(sengoku, start_position(sengoku))


@pytest.mark.parametrize(
    ("text", "size"),
    [("250k", 250_000), ("256KiB", 262_144), ("1m", 1_000_000), ("300000", 300_000), ("0.5 MB", 500_000)],
)
def test_sizes_as_people_write_them(text: str, size: int) -> None:
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["big", "250x", "5k", ""])
def test_a_size_that_is_none_or_too_small_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_size(text)


def test_without_a_budget_the_png_is_the_maps_own_size(svg: str) -> None:
    picture = fit_picture(svg)
    assert picture.format == "png" and picture.scale == 1.0 and not picture.palette


def test_phpbbs_256_kib_is_met_by_a_palette_png_at_full_size(svg: str) -> None:
    full = fit_picture(svg)
    picture = fit_picture(svg, 256 * 1024)
    assert len(full.data) > 256 * 1024 or picture.data == full.data
    assert len(picture.data) <= 256 * 1024 and picture.format == "png" and picture.scale == 1.0
    with Image.open(io.BytesIO(picture.data)) as image:
        assert image.size == Image.open(io.BytesIO(full.data)).size


@pytest.mark.slow  # drawn three or four times over: seconds
@pytest.mark.parametrize(("formats", "kind"), [(("jpeg",), "JPEG"), (("webp",), "WEBP"), (("png",), "PNG")])
def test_a_tight_budget_is_met_by_scale_and_format(svg: str, formats: tuple[str, ...], kind: str) -> None:
    picture = fit_picture(svg, 40_000, formats)
    assert len(picture.data) <= 40_000 and picture.scale < 1.0
    with Image.open(io.BytesIO(picture.data)) as image:
        assert image.format == kind


@pytest.mark.slow
def test_a_budget_nothing_meets_is_said_with_the_smallest_try(svg: str) -> None:
    with pytest.raises(PictureTooLarge, match=r"does not fit in 10,000 bytes in PNG \(the smallest try was"):
        fit_picture(svg, 10_000, ("png",))


def test_the_map_command_writes_within_the_budget(cli: Cli, game: object) -> None:  # noqa: F811
    out = cli("map", "game.json", "-o", "forum.png", "--max-bytes", "250k").stdout
    assert out.startswith("forum.png: Spring 1570 movement (PNG, 256 colours, ")
    assert (cli.folder / "forum.png").stat().st_size <= 250_000
    assert "is for a picture file" in cli("map", "game.json", "-o", "b.svg", "--max-bytes", "250k", code=2).stderr
