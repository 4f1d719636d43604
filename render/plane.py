"""Plane geometry on arrays of points: the few tests the layout repeats thousands of times.

Each function takes numpy arrays that broadcast against each other, so one
call tests a point against every segment of a board at once. Only the four
basic operations and square roots are used, which IEEE 754 rounds the same
way on every machine, so a layout does not depend on where it is computed.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from render.spots import XY

__all__ = [
    "XY",
    "Bools",
    "Floats",
    "Frame",
    "Ints",
    "compass",
    "crossing",
    "length",
    "orientation",
    "pseudo_angle",
    "segment_distance",
]

Frame = tuple[float, float, float, float]
"""A clipping rectangle: min x, min y, max x, max y."""

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


def orientation(p: Floats, q: Floats, r: Floats) -> Floats:
    """Twice the signed area of triangles p, q, r: its sign says on which side of p-q each r lies."""
    result: Floats = (q[..., 0] - p[..., 0]) * (r[..., 1] - p[..., 1]) - (q[..., 1] - p[..., 1]) * (
        r[..., 0] - p[..., 0]
    )
    return result


def crossing(a: Floats, b: Floats, c: Floats, d: Floats) -> Bools:
    """Whether segments a-b and c-d cross at a point inside both (touching at an end does not count)."""
    result: Bools = (orientation(a, b, c) * orientation(a, b, d) < 0) & (
        orientation(c, d, a) * orientation(c, d, b) < 0
    )
    return result


def segment_distance(p: Floats, a: Floats, b: Floats) -> Floats:
    """The distance from points p to segments a-b."""
    ab, ap = b - a, p - a
    t = np.clip((ap * ab).sum(axis=-1) / np.maximum((ab * ab).sum(axis=-1), 1e-12), 0.0, 1.0)
    gap = ap - t[..., None] * ab
    result: Floats = np.sqrt((gap * gap).sum(axis=-1))
    return result


def length(vector: Floats) -> float:
    """The length of one vector (a square root, not ``hypot``, whose last bit varies between C libraries)."""
    return float(np.sqrt((vector * vector).sum()))


def pseudo_angle(dx: float, dy: float) -> float:
    """A number from 0 to 4 that grows with the direction's angle, as ``atan2`` does, without trigonometry.

    Sorting by it orders directions around a point exactly alike on every machine.
    """
    if dx == 0 and dy == 0:
        return 0.0
    if dy >= 0:
        return dy / (dx + dy) if dx >= 0 else 1 - dx / (dy - dx)
    return 2 - dy / (-dx - dy) if dx < 0 else 3 + dx / (dx - dy)


_ROTATIONS = {
    8: (np.sqrt(0.5), np.sqrt(0.5)),
    12: (np.sqrt(3.0) / 2, 0.5),
    16: (np.sqrt(2 + np.sqrt(2.0)) / 2, np.sqrt(2 - np.sqrt(2.0)) / 2),
    24: ((np.sqrt(6.0) + np.sqrt(2.0)) / 4, (np.sqrt(6.0) - np.sqrt(2.0)) / 4),
}


def compass(count: int) -> Floats:
    """``count`` unit vectors evenly round the circle from (1, 0) (count 8, 12, 16 or 24), by square roots only."""
    cos, sin = _ROTATIONS[count]
    turns = [(1.0, 0.0)]
    for _ in range(count - 1):
        x, y = turns[-1]
        turns.append((x * cos - y * sin, x * sin + y * cos))
    return np.array(turns)
