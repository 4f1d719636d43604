"""The map within a byte budget: a forum's attachment limit (phpBB's default is 256 KiB), a mail's size.

The full PNG of the Sengoku map is about 390 KB. Flat colours and a few
hundred of them make it a good case for a palette: the same picture with
256 colours is about 115 KB and looks the same (names and arrows are drawn
in a handful of colours). So a budget is met, in order, by: the PNG as it is;
the PNG with a 256-colour palette; a WebP or JPEG (only the formats asked
for; JPEG blurs thin lines and WebP is not taken everywhere) at falling
quality; then all of that again at a smaller scale, drawn again from the SVG
(sharp names, not a shrunk bitmap): the scale the bytes say should fit (they
go with the area), so a budget is met in two or three drawings. Pillow does the palette and the other
formats; resvg draws (:mod:`raster.png`).
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from dataclasses import dataclass

from raster.png import svg_to_png

__all__ = ["FORMATS", "Picture", "PictureTooLarge", "fit_picture", "parse_size"]

FORMATS = ("png", "webp", "jpeg")
MEDIA_TYPES = {"png": "image/png", "webp": "image/webp", "jpeg": "image/jpeg"}
_SMALLEST = 0.35  # the least scale tried: names under about 5 px are no map
_QUALITIES = (85, 70)
_UNITS = {"": 1, "b": 1, "k": 1000, "kb": 1000, "kib": 1024, "m": 1000**2, "mb": 1000**2, "mib": 1024**2}


@dataclass(frozen=True)
class Picture:
    """The picture's bytes, its format, and the scale it was drawn at (1.0: the map's own size)."""

    data: bytes
    format: str
    scale: float = 1.0
    palette: bool = False

    @property
    def media_type(self) -> str:
        return MEDIA_TYPES[self.format]

    @property
    def suffix(self) -> str:
        return "jpg" if self.format == "jpeg" else self.format

    def describe(self) -> str:
        """``PNG, 256 colours, 115 KB`` or ``JPEG at 72% size, 201 KB``."""
        scale = f" at {round(self.scale * 100)}% size" if self.scale < 1 else ""
        colours = ", 256 colours" if self.palette else ""
        return f"{self.format.upper()}{scale}{colours}, {len(self.data) / 1000:.0f} KB"


class PictureTooLarge(ValueError):
    """No format and scale asked for fits the budget."""


def parse_size(text: str) -> int:
    """``250k`` -> 250000, ``256KiB`` -> 262144, ``1m``, ``300000``: a byte budget as people write it."""
    cleaned = text.strip().lower().replace(" ", "")
    number = cleaned.rstrip("kmibB")
    unit = cleaned[len(number) :]
    if unit not in _UNITS or not number:
        raise ValueError(f"'{text}' is not a size: write it as 250k, 256KiB, 1m or a number of bytes")
    try:
        size = float(number) * _UNITS[unit]
    except ValueError:
        raise ValueError(f"'{text}' is not a size: write it as 250k, 256KiB, 1m or a number of bytes") from None
    if size < 10_000:
        raise ValueError(f"'{text}' is too small for a map (10 KB at least)")
    return int(size)


def fit_picture(svg: str, max_bytes: int | None = None, formats: tuple[str, ...] = ("png", "jpeg")) -> Picture:
    """The map as the first of ``formats`` that fits ``max_bytes`` (None: the PNG as it is), largest scale first.

    Raises :class:`PictureTooLarge` when nothing fits, with the smallest size tried.
    """
    unknown = [f for f in formats if f not in FORMATS]
    if unknown or not formats:
        raise ValueError(f"unknown picture format {unknown[0] if unknown else ''!r}; choose from {', '.join(FORMATS)}")
    if max_bytes is None:
        png = svg_to_png(svg)
        return Picture(png, "png") if formats[0] == "png" else Picture(_encode(png, formats[0], 85), formats[0])
    scale = 1.0
    while True:
        smallest = None
        for candidate in _tries(svg_to_png(svg, zoom=scale), formats, scale):
            if len(candidate.data) <= max_bytes:
                return candidate
            smallest = min(smallest or len(candidate.data), len(candidate.data))
        assert smallest is not None
        if scale <= _SMALLEST:
            break
        # bytes go with the area: the scale that should fit, a little under, and at least a step down
        scale = max(_SMALLEST, min(scale * 0.85, scale * math.sqrt(max_bytes / smallest) * 0.95))
    raise PictureTooLarge(
        f"the map does not fit in {max_bytes:,} bytes in {', '.join(f.upper() for f in formats)} "
        f"(the smallest try was {smallest:,} bytes at {round(_SMALLEST * 100)}% size)"
    )


def _tries(png: bytes, formats: tuple[str, ...], scale: float) -> Iterator[Picture]:
    """Each format's tries at this scale, best first (made one at a time: the first that fits ends the search)."""
    for fmt in formats:
        if fmt == "png":
            yield Picture(png, "png", scale)
            yield Picture(_palette_png(png), "png", scale, palette=True)
        else:
            for quality in _QUALITIES:
                yield Picture(_encode(png, fmt, quality), fmt, scale)


def _palette_png(png: bytes) -> bytes:
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        reduced = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE)
        out = io.BytesIO()
        reduced.save(out, "PNG", optimize=True)
    return out.getvalue()


def _encode(png: bytes, fmt: str, quality: int) -> bytes:
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        out = io.BytesIO()
        image.convert("RGB").save(out, fmt.upper(), quality=quality, optimize=fmt == "jpeg")
    return out.getvalue()
