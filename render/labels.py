"""Placing province labels so that none overlaps another label or a unit.

Each province reserves the spot where its unit stands (whether or not one
is there, so that labels do not jump about from turn to turn), then its
label (the abbreviation, with the supply-centre mark before it) takes the
first free spot from a fixed list around that place: below, above, beside,
and a little further out. Small provinces choose first, since they have the
fewest spots. Text widths are estimated from the font size; the estimate is
generous, so an estimated box that is free is free on screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from render.glyphs import GLYPH_HALF_HEIGHT, GLYPH_HALF_WIDTH
from render.plane import XY

__all__ = ["FONT_SIZE", "Box", "LabelSpot", "place_labels"]

FONT_SIZE = 11.0
_CHAR_WIDTH = 0.68 * FONT_SIZE  # wide enough for the widest capitals in a sans-serif font
_MARK = 11.0  # room for the supply-centre mark before the text
_OFFSETS = [
    (0, 19), (0, -20), (26, 0), (-26, 0), (22, 16), (-22, 16), (22, -16), (-22, -16),
    (0, 30), (0, -31), (38, 0), (-38, 0), (32, 26), (-32, 26), (32, -26), (-32, -26),
]  # fmt: skip


@dataclass(frozen=True)
class Box:
    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box) -> bool:
        return (
            self.left < other.right and other.left < self.right and self.top < other.bottom and other.top < self.bottom
        )


@dataclass(frozen=True)
class LabelSpot:
    """Where a label goes: ``x``/``y`` is the text's centre and baseline; ``mark`` the centre mark's centre."""

    x: float
    y: float
    box: Box
    mark: XY | None


def place_labels(
    anchors: Mapping[str, XY],
    regions: Mapping[str, BaseGeometry],
    centres: frozenset[str],
) -> dict[str, LabelSpot]:
    """A spot for each province's label; ``anchors`` has every place a unit may stand (coasts too)."""
    taken = [_glyph_box(xy) for _, xy in sorted(anchors.items())]
    spots: dict[str, LabelSpot] = {}
    for key in sorted(regions, key=lambda k: (regions[k].area, k)):
        best: tuple[float, LabelSpot] | None = None
        for dx, dy in _OFFSETS:
            spot = _spot(key, anchors[key], dx, dy, key in centres)
            cost = _cost(spot.box, regions[key], taken)
            if best is None or cost < best[0]:
                best = (cost, spot)
            if cost == 0:
                break
        assert best is not None
        spots[key] = best[1]
        taken.append(best[1].box)
    return spots


def _spot(key: str, anchor: XY, dx: float, dy: float, centre: bool) -> LabelSpot:
    width = len(key) * _CHAR_WIDTH + (_MARK if centre else 0.0)
    cx, cy = anchor[0] + dx, anchor[1] + dy
    box = Box(cx - width / 2 - 1, cy - FONT_SIZE / 2 - 1, cx + width / 2 + 1, cy + FONT_SIZE / 2 + 1)
    text_x = cx + (_MARK / 2 if centre else 0.0)
    mark = (box.left + 1 + 4.5, cy) if centre else None
    return LabelSpot(text_x, cy + 0.36 * FONT_SIZE, box, mark)


def _cost(box: Box, region: BaseGeometry, taken: list[Box]) -> float:
    """0 for a free spot inside the province; more for each overlap and for corners outside it."""
    clashes = sum(1 for other in taken if box.overlaps(other))
    corners = [(box.left, box.top), (box.right, box.top), (box.left, box.bottom), (box.right, box.bottom)]
    outside = sum(1 for corner in corners if not region.contains(Point(corner)))
    return 10.0 * clashes + outside


def _glyph_box(anchor: XY) -> Box:
    x, y = anchor
    return Box(x - GLYPH_HALF_WIDTH, y - GLYPH_HALF_HEIGHT, x + GLYPH_HALF_WIDTH, y + GLYPH_HALF_HEIGHT)
