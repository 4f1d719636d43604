"""From latitude and longitude to drawing positions, spread so that nothing is cramped.

The map files give each province an approximate real-world position. Drawn
as they are, the provinces around Kyoto (or Belgium and Holland) sit a few
pixels apart, too close for a unit glyph and a label. So the projected points
are pushed apart to a minimum distance while each is pulled back towards its
true place: the picture keeps the shape of the country and gains room where
the board is dense. The pushing is array arithmetic over all pairs at once
(a board has under a hundred provinces), in a fixed order, so the same board
always gives the same positions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from render.plane import Floats

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
    rounds: int = 40,
    tether: float = 0.04,
) -> dict[str, Point]:
    """Points pushed apart until no two are closer than ``minimum`` (or the rounds run out).

    First each round also pulls every point a little back towards where it
    started, so the picture keeps its shape; then a few untethered rounds
    finish the parting. Keys are taken in sorted order so the result does
    not depend on the mapping's order.
    """
    keys = sorted(points)
    origin = np.array([points[k] for k in keys], dtype=np.float64)
    pos = origin.copy()
    for _ in range(rounds):
        if not _push_apart(pos, minimum):
            break
        pos += (origin - pos) * tether
    for _ in range(rounds):  # untethered, so the minimum holds at the end
        if not _push_apart(pos, minimum):
            break
    return {k: (x, y) for k, (x, y) in zip(keys, pos.tolist(), strict=True)}


def _push_apart(pos: Floats, minimum: float) -> bool:
    """Part every pair closer than ``minimum`` by half the shortfall each, in place; True when there were any.

    All pairs move at once, so a point in a crowd takes the sum of its
    pushes; a few rounds settle a crowd. Two points at one spot part along a
    fixed direction.
    """
    gaps = pos[None, :, :] - pos[:, None, :]  # gaps[i, j] points from i to j
    dist = np.sqrt((gaps * gaps).sum(axis=2))
    close = dist < minimum
    np.fill_diagonal(close, False)
    if not close.any():
        return False
    same = close & (dist < 1e-9)
    if same.any():
        upper = np.triu(same)
        gaps[upper] = (1.0, 0.0)
        gaps[upper.T] = (-1.0, 0.0)
        dist = np.where(same, 1.0, dist)
    push = np.where(close, (minimum - dist) / np.where(close, dist, 1.0) / 2, 0.0)
    pos -= (gaps * push[:, :, None]).sum(axis=1)
    return True
