"""The map as a PNG, for a forum post: forums take pictures, not SVG.

:mod:`render` draws SVG text and stays pure; this turns that text into PNG
bytes for the two shells (``sengoku map -o board.png`` and the web site's
``map.png``). The rasterizer is resvg (``resvg-py``: a Rust library in a
wheel, no system library such as cairo needed), with a white background so
that a dark forum theme never shows through.

Text needs a font, and a bare server may have none: resvg then draws the map
without a single name, silently. So the fonts are checked once per process
(a probe letter drawn and compared with a blank) and a map that would lose
its names is refused with :class:`NoFontError`, which says what to install.
The picture asks for DejaVu Sans first (the font whose widths the layout
uses: ``render/textwidth.py``); Debian and Ubuntu have it in
``fonts-dejavu-core``, and ``SENGOKU_FONT_DIR`` names a folder of extra font
files for a machine where nothing can be installed.
"""

from __future__ import annotations

import os
from functools import cache

import resvg_py

__all__ = ["FONT_HELP", "NoFontError", "svg_to_png"]

_FAMILY = "DejaVu Sans"
FONT_HELP = (
    "no font to write the map's names with: install DejaVu Sans (Debian or Ubuntu: "
    "apt-get install fonts-dejavu-core), or put its .ttf files in a folder named by SENGOKU_FONT_DIR"
)
_PROBE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#fff"/>{}</svg>'
)
_LETTER = '<text x="4" y="26" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="28">M</text>'
_SKIP_SYSTEM_FONTS = False  # only for the tests, which pretend to be a machine without fonts


class NoFontError(RuntimeError):
    """No font can draw the map's names: a PNG would be a map without words."""

    def __init__(self) -> None:
        super().__init__(FONT_HELP)


def svg_to_png(svg: str, width: int | None = None, zoom: float = 1.0) -> bytes:
    """The SVG picture as PNG bytes, at the picture's own size (one pixel per SVG unit), or ``width`` pixels wide,
    or its own size times ``zoom``."""
    if not _fonts_draw_text(_SKIP_SYSTEM_FONTS, _font_dir()):
        raise NoFontError()
    return _rasterize(svg, _SKIP_SYSTEM_FONTS, _font_dir(), width, zoom)


def _font_dir() -> str | None:
    return os.environ.get("SENGOKU_FONT_DIR") or None


@cache
def _fonts_draw_text(skip_system_fonts: bool, font_dir: str | None) -> bool:
    """Whether a letter comes out as anything but the blank it is drawn on (once per process and setting)."""
    blank = _rasterize(_PROBE.format(""), skip_system_fonts, font_dir)
    return _rasterize(_PROBE.format(_LETTER), skip_system_fonts, font_dir) != blank


def _rasterize(
    svg: str, skip_system_fonts: bool, font_dir: str | None, width: int | None = None, zoom: float = 1.0
) -> bytes:
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            width=width,
            zoom=zoom if zoom != 1.0 else None,
            background="#ffffff",
            skip_system_fonts=skip_system_fonts,
            font_dirs=[font_dir] if font_dir else None,
            font_family=_FAMILY,
            sans_serif_family=_FAMILY,
        )
    )
