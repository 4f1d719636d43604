"""Tap targets a finger can hit: every province offers a square of :data:`NEED` units somewhere.

A tap counts for a province on its land or sea, on its name or centre mark, and on its unit. Where all of that
together holds no square of :data:`NEED` (Owari, Shima and their neighbours in the crowded middle of the board),
the province also gets an invisible square of :data:`SIDE` round its unit's place, drawn above the provinces and
under the names and units: taken from its neighbours, which get squares of their own if that leaves them too
little. :data:`NEED` is 24 CSS px (WCAG 2.2, 2.5.8) at the smallest scale a page opens the map at (the whole
board on a 1280 x 900 desktop, about 0.76 px a unit).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

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
    return squares


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
