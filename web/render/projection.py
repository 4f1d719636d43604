"""From latitude and longitude to drawing positions, spread so that nothing is cramped.

The map files give each province an approximate real-world position. Drawn
as they are, the provinces around Kyoto (or Belgium and Holland) sit a few
pixels apart, too close for a unit glyph and a label. So the projected points
are pushed apart to a minimum distance while each is pulled back towards its
true place: the picture keeps the shape of the country and gains room where
the board is dense. Everything here is plain arithmetic in a fixed order, so
the same board always gives the same positions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

__all__ = ["Point", "fit", "project", "spread"]

Point = tuple[float, float]


def project(places: Mapping[str, tuple[float, float]]) -> dict[str, Point]:
    """Equirectangular projection about the mean latitude, y pointing down (screen axes).

    At the latitudes of both maps this keeps shapes close enough for a board
    whose positions are only approximate anyway.
    """
    mean_lat = sum(lat for lat, _ in places.values()) / len(places)
    squeeze = math.cos(math.radians(mean_lat))
    return {key: (lon * squeeze, -lat) for key, (lat, lon) in places.items()}


def fit(points: Mapping[str, Point], width: float, margin: float) -> tuple[dict[str, Point], float]:
    """Scale and shift points so they span ``width`` pixels after a margin; returns them and the height."""
    xs = [x for x, _ in points.values()]
    ys = [y for _, y in points.values()]
    scale = (width - 2 * margin) / (max(xs) - min(xs))
    fitted = {k: ((x - min(xs)) * scale + margin, (y - min(ys)) * scale + margin) for k, (x, y) in points.items()}
    return fitted, (max(ys) - min(ys)) * scale + 2 * margin


def spread(
    points: Mapping[str, Point],
    minimum: float,
    *,
    rounds: int = 160,
    tether: float = 0.04,
) -> dict[str, Point]:
    """Push points apart until no two are closer than ``minimum``, tethered to where they started.

    A pair closer than the minimum moves apart by half the shortfall each, then
    every point takes a small step back towards its origin. Keys are visited
    in sorted order so the result does not depend on the mapping's order.
    """
    keys = sorted(points)
    origin = [points[k] for k in keys]
    pos = [list(p) for p in origin]
    for _ in range(rounds):
        if not _push_apart(pos, minimum):
            break
        for i, (ox, oy) in enumerate(origin):
            pos[i][0] += (ox - pos[i][0]) * tether
            pos[i][1] += (oy - pos[i][1]) * tether
    _push_apart(pos, minimum)
    return {k: (p[0], p[1]) for k, p in zip(keys, pos, strict=True)}


def _push_apart(pos: list[list[float]], minimum: float) -> bool:
    """One pass over all pairs, parting those too close; True when there were any."""
    moved = False
    for i in range(len(pos)):
        for j in range(i + 1, len(pos)):
            dx = pos[j][0] - pos[i][0]
            dy = pos[j][1] - pos[i][1]
            dist = math.hypot(dx, dy)
            if dist >= minimum:
                continue
            moved = True
            if dist < 1e-9:  # two places at one spot: part them along a fixed direction
                dx, dy, dist = 1.0, 0.0, 1.0
            push = (minimum - dist) / dist / 2
            pos[i][0] -= dx * push
            pos[i][1] -= dy * push
            pos[j][0] += dx * push
            pos[j][1] += dy * push
    return moved
