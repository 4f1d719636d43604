"""Placing province names so that none overlaps another name or a unit.

A player reads the map by its names, so each province gets its full name
where there is room: on one line, or on two for a name of several words
("South / Shinano"). Only where neither fits, in the crowded middle of a
board, does the name give way to the province's short code (its id: the
code the judges write), and the picture's tooltip and the web page's tap
still give the full name.

Each province reserves the spot where its unit stands (whether or not one
is there, so that names do not jump about from turn to turn); its name then
takes the first free spot from a fixed list around that place: below,
above, beside, and a little further out. Small provinces choose first, since
they have the fewest spots. Text widths are the font's own
(:mod:`render.textwidth`) with a margin, so a box that is free is free on
screen. The
placement depends on the board alone: it is computed once per board's sheet.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import numpy as np
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from maps import Board
from render.geometry import Layout
from render.glyphs import GLYPH_HALF_HEIGHT, GLYPH_HALF_WIDTH
from render.spots import XY, Box, LabelSpot
from render.textwidth import text_width

__all__ = ["LAND_SIZE", "SEA_SIZE", "Box", "LabelSpot", "place_labels"]

LAND_SIZE = 14.5
SEA_SIZE = 14.5
_SPARE = 1.06  # a margin on the font's widths, for viewers that fall back to a wider font
_LINE = 1.1  # line height, in ems
_MARK = 11.0  # room for the supply-centre mark before the text
_OUTSIDE = {True: 0.75, False: 0.35}  # share of a full name's box that may stray out of its land (or sea)
_SIDES = [
    (0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1), (0.5, 1), (-0.5, 1), (0.5, -1), (-0.5, -1),
]  # fmt: skip
_GAPS = (1.5, 8.0, 16.0, 26.0)  # how far a name stands off its unit's spot: touching first, then further out
_STEP = 6.0  # the grid of further places a name may take inside its province
_FURTHER = 80  # of which the nearest so many are tried


def place_labels(board: Board, plan: Layout) -> Mapping[str, LabelSpot]:
    """A spot for each province's name (worked out once per board, for its sheet: :func:`render.sheet.sheet_of`)."""
    taken = [_glyph_box(xy) for _, xy in sorted(plan.anchors.items())]
    spots: dict[str, LabelSpot] = {}
    regions = plan.regions
    for key in sorted(regions, key=lambda k: (regions[k].area, k)):
        spot = _choose(board, key, plan, taken)
        spots[key] = spot
        taken.append(spot.box)
    return spots


def _choose(board: Board, key: str, plan: Layout, taken: list[Box]) -> LabelSpot:
    """The full name where it fits, free of others and mostly inside its province; else the code, anywhere best."""
    province = board.provinces[key]
    land, centre = not province.is_sea, province.supply_centre
    anchor, region, frame = plan.anchors[key], plan.regions[key], Box(0.0, 0.0, plan.width, plan.height)
    for lines in _wordings(province.name):
        found = _best(lines, anchor, region, frame, taken, land, centre, short=False)
        if found is not None and found[0] <= _OUTSIDE[land]:
            return found[1]
    found = _best((key,), anchor, region, frame, taken, land, centre, short=True, any_spot=True)
    assert found is not None  # any spot will do, and there are spots
    return found[1]


def _wordings(name: str) -> list[tuple[str, ...]]:
    """The name on one line, then (for several words) on two, split where the lines come out most even."""
    words = name.split()
    options: list[tuple[str, ...]] = [(name,)]
    if len(words) > 1:
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        options.append(min(splits, key=lambda pair: max(len(pair[0]), len(pair[1]))))
    return options


def _best(
    lines: tuple[str, ...],
    anchor: XY,
    region: BaseGeometry,
    frame: Box,
    taken: list[Box],
    land: bool,
    centre: bool,
    *,
    short: bool,
    any_spot: bool = False,
) -> tuple[float, LabelSpot] | None:
    """The spot with the least share outside the province among those that overlap nothing (any spot, if asked)."""
    best: tuple[float, LabelSpot] | None = None
    width, height = _size(lines, land, centre)
    for cx, cy in _centres(anchor, width, height, region):
        spot = _spot_at(lines, cx, cy, width, height, land, centre, short)
        clashes = sum(1 for other in taken if spot.box.overlaps(other)) + _off_frame(spot.box, frame)
        if clashes and not any_spot:
            continue
        cost = 10.0 * clashes + _outside(spot.box, region)
        if best is None or cost < best[0]:
            best = (cost, spot)
        if cost == 0:
            break
    return best


def _size(lines: tuple[str, ...], land: bool, centre: bool) -> tuple[float, float]:
    """The name's drawn width (with its centre mark) and height."""
    size = LAND_SIZE if land else SEA_SIZE
    width = max(text_width(line, size, bold=land) for line in lines) * _SPARE + (_MARK if centre else 0.0)
    return width, size * (1 + _LINE * (len(lines) - 1))


def _centres(anchor: XY, width: float, height: float, region: BaseGeometry) -> Iterator[XY]:
    """Where the name's centre may go: round the unit's spot, nearest first; then anywhere in the province.

    The second list (points of a grid inside the region, nearest the unit
    first) lets a long name find the roomy part of a bent province instead
    of giving way to its code.
    """
    for gap, (sx, sy) in ((gap, side) for gap in _GAPS for side in _SIDES):
        dx = sx * (GLYPH_HALF_WIDTH + width / 2 + gap) if sx in (-1, 1) else sx * width / 2
        yield anchor[0] + dx, anchor[1] + sy * (GLYPH_HALF_HEIGHT + height / 2 + gap)
    left, top, right, bottom = region.bounds
    grid_x, grid_y = np.meshgrid(np.arange(left, right, _STEP), np.arange(top, bottom, _STEP))
    flat_x, flat_y = grid_x.ravel(), grid_y.ravel()
    inside = shapely.contains_xy(region, flat_x, flat_y)
    xs, ys = flat_x[inside], flat_y[inside]
    order = np.argsort((xs - anchor[0]) ** 2 + (ys - anchor[1]) ** 2, kind="stable")[:_FURTHER]
    yield from zip(xs[order].tolist(), ys[order].tolist(), strict=True)


def _spot_at(
    lines: tuple[str, ...], cx: float, cy: float, width: float, height: float, land: bool, centre: bool, short: bool
) -> LabelSpot:
    """The name's spot with its box centred at (cx, cy)."""
    size = LAND_SIZE if land else SEA_SIZE
    mark = _MARK if centre else 0.0
    frame = Box(cx - width / 2 - 1, cy - height / 2 - 1, cx + width / 2 + 1, cy + height / 2 + 1)
    first_line = cy - height / 2 + 0.86 * size
    spot_of_mark = (frame.left + 1 + 4.5, first_line - 0.36 * size) if centre else None
    return LabelSpot(cx + mark / 2, first_line, frame, spot_of_mark, lines, size, short)


def _outside(frame: Box, region: BaseGeometry) -> float:
    """The share of the box that lies outside the province."""
    rectangle = box(frame.left, frame.top, frame.right, frame.bottom)
    return 1.0 - float(region.intersection(rectangle).area) / float(rectangle.area)


def _off_frame(box: Box, frame: Box) -> int:
    """1 when the box is not wholly inside the picture's frame (a name cut at the edge), else 0."""
    inside = frame.left + 2 <= box.left and box.right <= frame.right - 2 and frame.top + 2 <= box.top
    return 0 if inside and box.bottom <= frame.bottom - 2 else 1


def _glyph_box(anchor: XY) -> Box:
    x, y = anchor
    return Box(x - GLYPH_HALF_WIDTH, y - GLYPH_HALF_HEIGHT, x + GLYPH_HALF_WIDTH, y + GLYPH_HALF_HEIGHT)
