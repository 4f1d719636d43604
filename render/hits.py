"""Tap targets a finger can hit: every province offers a square of :data:`NEED` units somewhere.

A tap counts for a province on its land or sea, on its name or centre mark, and on its unit. Where all of that
together holds no square of :data:`NEED` (Owari, Shima and their neighbours in the crowded middle of the board),
the province also gets an invisible square of :data:`SIDE` round its unit's place, drawn above the provinces and
under the names and units: taken from its neighbours, which get squares of their own if that leaves them too
little. :data:`NEED` is 24 CSS px (WCAG 2.2, 2.5.8) at the smallest scale a page opens the map at (the whole
board on a 1280 x 900 desktop, about 0.76 px a unit).

Two neighbours' squares first share the ground between their units halfway; then, while a province's target
as drawn (its neighbours' names and units lie above its square) holds less than :data:`NEED`, the edge it shares
with a neighbour's square moves into that neighbour, as long as both come out with more than the lesser had.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import msgspec
import numpy as np
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from render.geometry import Layout
from render.glyphs import GLYPH_HALF_HEIGHT, GLYPH_HALF_WIDTH
from render.spots import XY, Box, LabelSpot

__all__ = ["NEED", "SIDE", "tap_squares"]

NEED = 34.0
"""The square every province's target must hold, in units: 24 CSS px at 0.71 px a unit, with room to spare."""
SIDE = 46.0
"""The side of a small province's extra square (it loses some of it to its neighbours' names and units, and to
a neighbouring square, which stops halfway between the two units)."""
_ROUNDS = 3
_FIRST = 0.5  # of the way between two units, the square found first takes this much (halfway: measured best)
_STEP = 2.0  # how far a shared edge moves at a time, in units
_MOVES = 40  # at most this many rounds, a round a move or a province found stuck (the Sengoku map takes 13)
_NEAR = 30.0  # how far round a target another name or unit may lie and still cover it


def tap_squares(plan: Layout, spots: Mapping[str, LabelSpot], side: float = SIDE) -> dict[str, Box]:
    """The extra square of each province whose own target holds no square of :data:`NEED`."""
    needing: dict[str, int] = {}  # each province needing a square, and the round that found it
    squares: dict[str, Box] = {}
    for round_ in range(_ROUNDS):  # a square takes ground from a neighbour, which may then need one of its own
        taken = [box(b.left, b.top, b.right, b.bottom) for b in squares.values()]
        touched = [k for k in plan.regions if k not in needing and (not taken or _meets(plan.regions[k], taken))]
        fresh = {key for key in touched if not _holds(key, plan, spots, taken)}
        if not fresh:
            break
        needing |= dict.fromkeys(fresh, round_)
        squares = _apart({key: _square(plan.anchors[key], side) for key in sorted(needing)}, plan.anchors, needing)
    return _widened(squares, plan, spots)


def _meets(region: BaseGeometry, taken: list[BaseGeometry]) -> bool:
    return any(t.intersects(region) for t in taken)


def _square(at: XY, side: float) -> Box:
    return Box(at[0] - side / 2, at[1] - side / 2, at[0] + side / 2, at[1] + side / 2)


def _holds(key: str, plan: Layout, spots: Mapping[str, LabelSpot], taken: list[BaseGeometry]) -> bool:
    """Whether the province's own target (its land or sea not under a square, its name, its unit) holds a square
    of :data:`NEED`."""
    x, y = plan.anchors[key]
    region = plan.regions[key]
    near = [t for t in taken if t.intersects(region)]
    parts = [region.difference(shapely.union_all(near)) if near else region]
    parts.append(box(x - GLYPH_HALF_WIDTH, y - GLYPH_HALF_HEIGHT, x + GLYPH_HALF_WIDTH, y + GLYPH_HALF_HEIGHT))
    if key in spots:
        name = spots[key].box
        parts.append(box(name.left, name.top, name.right, name.bottom))
    return _holds_square(shapely.union_all(parts), NEED)


def _holds_square(target: BaseGeometry, side: float) -> bool:
    """Whether an upright square of ``side`` fits in ``target``: its centre lies where a disc of half the side
    fits, so only those points (on a grid of 2 units) are tried."""
    if shapely.maximum_inscribed_circle(target, 0.5).length * math.sqrt(2) >= side:
        return True  # the square inside the largest disc fits
    inner = target.buffer(-side / 2)
    if inner.is_empty:
        return False
    left, top, right, bottom = inner.bounds
    grid_x, grid_y = np.meshgrid(np.arange(left, right + 2, 2.0), np.arange(top, bottom + 2, 2.0))
    xs, ys = grid_x.ravel(), grid_y.ravel()
    half = side / 2
    shapely.prepare(target)
    return bool(shapely.contains(target, shapely.box(xs - half, ys - half, xs + half, ys + half)).any())


def _apart(squares: dict[str, Box], anchors: Mapping[str, XY], rounds: Mapping[str, int]) -> dict[str, Box]:
    """Two squares that overlap share the ground between them, across the way their units' places lie apart
    (so neither takes the other's, whichever is drawn later): halfway, or, when one needed its square only
    because of the other's, a third of the way for it."""
    out = dict(squares)
    keys = sorted(out)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            if not out[a].overlaps(out[b]):
                continue
            (xa, ya), (xb, yb) = anchors[a], anchors[b]
            share = 0.5 if rounds[a] == rounds[b] else (_FIRST if rounds[a] < rounds[b] else 1 - _FIRST)  # a's
            if abs(xb - xa) >= abs(yb - ya):
                west, east = (a, b) if xa <= xb else (b, a)
                middle = xa + (xb - xa) * share
                w, e = out[west], out[east]
                out[west] = Box(w.left, w.top, min(w.right, middle), w.bottom)
                out[east] = Box(max(e.left, middle), e.top, e.right, e.bottom)
            else:
                north, south = (a, b) if ya <= yb else (b, a)
                middle = ya + (yb - ya) * share
                n, s = out[north], out[south]
                out[north] = Box(n.left, n.top, n.right, min(n.bottom, middle))
                out[south] = Box(s.left, max(s.top, middle), s.right, s.bottom)
    return out


def _widened(squares: dict[str, Box], plan: Layout, spots: Mapping[str, LabelSpot]) -> dict[str, Box]:
    """The squares, with the edge between two of them moved (a :data:`_STEP` at a time) into the neighbour of the
    province whose target as drawn is smallest, while it holds less than :data:`NEED` and a move leaves both
    provinces with a larger square than the lesser of them had."""
    out = dict(squares)
    drawn = _Drawn(plan, spots)
    sides = {key: _side(drawn.target(key, out)) for key in sorted(out)}
    stuck: set[str] = set()  # no move helps these (a move changes only its two squares: theirs stay as they are)
    for _ in range(_MOVES):
        short = sorted((sides[key], key) for key in sides if sides[key] < NEED and key not in stuck)
        if not short:
            break
        key = short[0][1]
        best: tuple[float, str, Box, Box, float, float] | None = None
        for other in sorted(out):
            edge = _meeting(out[key], out[other]) if other != key else None
            if edge is None:
                continue
            mine, theirs = _moved(out[key], out[other], edge, _STEP)
            trial = {**out, key: mine, other: theirs}
            got, left = _side(drawn.target(key, trial)), _side(drawn.target(other, trial))
            if min(got, left) > min(sides[key], sides[other]) and (best is None or min(got, left) > best[0]):
                best = (min(got, left), other, mine, theirs, got, left)
        if best is None:
            stuck.add(key)
            continue
        _, other, out[key], out[other], sides[key], sides[other] = best
    return out


class _Drawn:
    """Where a tap counts for a province as the page draws it: its land or sea under no other square, its own
    square and unit, less what other provinces' units and names cover (drawn above); and its own name."""

    def __init__(self, plan: Layout, spots: Mapping[str, LabelSpot]) -> None:
        self.regions = {key: region.simplify(0.5) for key, region in plan.regions.items()}
        self.units = {key: _glyph(at) for key, at in plan.anchors.items()}
        self.names = {key: _shape(spot.box) for key, spot in spots.items()}

    def target(self, key: str, squares: Mapping[str, Box]) -> BaseGeometry:
        region = self.regions[key]
        others = [_shape(s) for k, s in squares.items() if k != key]
        covering = [s for s in others if s.intersects(region)]
        under = [region.difference(shapely.union_all(covering)) if covering else region, self.units[key]]
        if key in squares:
            under.append(_shape(squares[key]))
        shape = shapely.union_all(under)
        near = shapely.box(*shape.bounds).buffer(_NEAR)
        above = [g for k, g in self.units.items() if k != key] + [g for k, g in self.names.items() if k != key]
        covering = [g for g in above if g.intersects(near)]
        if covering:
            shape = shape.difference(shapely.union_all(covering))
        return shape.union(self.names[key]) if key in self.names else shape


def _side(target: BaseGeometry) -> float:
    """The side of the largest upright square in ``target`` (to a unit, from 16 up to 48 units)."""
    low, high = 16.0, 48.0
    while high - low > 1.0:
        middle = (low + high) / 2
        low, high = (middle, high) if _holds_square(target, middle) else (low, middle)
    return low


def _shape(square: Box) -> BaseGeometry:
    return box(square.left, square.top, square.right, square.bottom)


def _glyph(at: XY) -> BaseGeometry:
    x, y = at
    return box(x - GLYPH_HALF_WIDTH, y - GLYPH_HALF_HEIGHT, x + GLYPH_HALF_WIDTH, y + GLYPH_HALF_HEIGHT)


def _meeting(mine: Box, theirs: Box) -> str | None:
    """Which edge of ``mine`` a neighbouring square ``theirs`` lies against, if any."""
    across = min(mine.bottom, theirs.bottom) - max(mine.top, theirs.top) > 1
    along = min(mine.right, theirs.right) - max(mine.left, theirs.left) > 1
    edges = {
        "right": across and math.isclose(mine.right, theirs.left),
        "left": across and math.isclose(mine.left, theirs.right),
        "bottom": along and math.isclose(mine.bottom, theirs.top),
        "top": along and math.isclose(mine.top, theirs.bottom),
    }
    return next((edge for edge, meets in edges.items() if meets), None)


def _moved(mine: Box, theirs: Box, edge: str, by: float) -> tuple[Box, Box]:
    """Both squares after their shared edge moves ``by`` into ``theirs``."""
    if edge in ("left", "top"):
        by = -by
    facing = {"right": "left", "left": "right", "bottom": "top", "top": "bottom"}[edge]
    return (
        msgspec.structs.replace(mine, **{edge: getattr(mine, edge) + by}),
        msgspec.structs.replace(theirs, **{facing: getattr(theirs, facing) + by}),
    )
