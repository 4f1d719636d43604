"""The PNG map (:mod:`raster.png`): the SVG's picture with its names, or a clear refusal without fonts."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cycle import start_position
from maps import load_board
from raster import png
from render import render_svg
from tests.pictures import check_map_png

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")  # Debian's fonts-dejavu-core (./run test installs it)


@pytest.fixture(scope="module")
def svg() -> str:
    board = load_board("sengoku")
    return render_svg(board, start_position(board), title="Kyoto 1570")


@pytest.fixture
def no_system_fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A machine without a font (a bare server): resvg is told not to look for the system's fonts."""
    monkeypatch.setattr(png, "_SKIP_SYSTEM_FONTS", True)
    monkeypatch.delenv("SENGOKU_FONT_DIR", raising=False)
    png._fonts_draw_text.cache_clear()
    yield
    png._fonts_draw_text.cache_clear()


def test_the_png_is_the_svgs_picture_with_its_names(svg: str) -> None:
    check_map_png(png.svg_to_png(svg), svg)


def test_without_a_font_the_png_is_refused_not_drawn_without_names(svg: str, no_system_fonts: None) -> None:
    with pytest.raises(png.NoFontError, match="apt-get install fonts-dejavu-core"):
        png.svg_to_png(svg)


def test_a_font_folder_named_by_the_environment_is_used(
    svg: str, no_system_fonts: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        shutil.copy(DEJAVU / name, tmp_path / name)
    monkeypatch.setenv("SENGOKU_FONT_DIR", str(tmp_path))
    check_map_png(png.svg_to_png(svg), svg)
