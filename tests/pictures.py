"""Checks on a PNG map: a real PNG (decoded by Pillow), the SVG's size, its colours, and its names drawn."""

from __future__ import annotations

import io
import re

from PIL import Image

from raster import png
from render.palette import LAND, POWERS, SEA

__all__ = ["check_map_png", "ink"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def ink(image: Image.Image) -> int:
    """How many pixels are near-black: the names (and outlines) drawn."""
    return sum(image.convert("L").histogram()[:60])


def check_map_png(data: bytes, svg: str) -> Image.Image:
    """``data`` is the PNG of ``svg``: decodes as PNG, the SVG's size, the map's colours, and the names in it."""
    assert data.startswith(SIGNATURE)
    image = Image.open(io.BytesIO(data))
    image.load()  # decodes every pixel: a truncated or corrupt file fails here
    assert image.format == "PNG"
    match = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    assert match, "the SVG has no viewBox"
    assert image.size == (round(float(match.group(1))), round(float(match.group(2))))
    counted = image.convert("RGB").getcolors(maxcolors=1 << 24) or []
    colours = {colour for _, colour in counted}
    used = {colour for colour in POWERS if f'fill="{colour}"' in svg}
    assert used, "no power colour in the SVG"
    for colour in sorted(used | {LAND, SEA}):
        assert _rgb(colour) in colours, f"{colour} is missing from the PNG"
    nameless = Image.open(io.BytesIO(png._rasterize(svg, True, None)))  # the same picture without any font
    assert ink(image) > ink(nameless) + 2000, "the names are not drawn"
    return image
