"""The borders of a Voronoi partition, computed from its Delaunay triangulation.

Repairing a partition (see :mod:`web.render.regions`) tries hundreds of seed
sets; building and comparing polygons for each would take seconds. The
borders alone are cheap: two seeds' cells share the edge joining the
circumcentres of the two Delaunay triangles on either side of the seeds'
edge (or a ray, on the hull), clipped to the frame. This module computes just
those edges and their lengths.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import shapely

__all__ = ["Frame", "length", "ridges"]

XY = tuple[float, float]
Frame = tuple[float, float, float, float]
"""A clipping rectangle: min x, min y, max x, max y."""


def ridges(points: Sequence[XY], frame: Frame) -> dict[tuple[int, int], tuple[XY, XY]]:
    """For each pair of points (i < j) whose cells share a border inside the frame, that border's ends."""
    index = {point: i for i, point in enumerate(points)}
    triangles = shapely.delaunay_triangles(shapely.multipoints(list(points)))
    corners_of = shapely.get_coordinates(triangles).tolist()  # four corners per triangle, the first repeated last
    edges: dict[tuple[int, int], list[tuple[XY, int]]] = {}
    for start in range(0, len(corners_of), 4):
        corners = [index[(x, y)] for x, y in corners_of[start : start + 3]]
        centre = _circumcentre(*(points[c] for c in corners))
        if centre is None:
            continue
        for k in range(3):
            a, b, other = corners[k], corners[(k + 1) % 3], corners[(k + 2) % 3]
            edges.setdefault((min(a, b), max(a, b)), []).append((centre, other))
    found: dict[tuple[int, int], tuple[XY, XY]] = {}
    for (a, b), sides in edges.items():
        if len(sides) == 2:
            segment = (sides[0][0], sides[1][0])
        else:
            segment = (sides[0][0], _ray_end(points[a], points[b], points[sides[0][1]], sides[0][0], frame))
        clipped = _clip(segment[0], segment[1], frame)
        if clipped is not None:
            found[(a, b)] = clipped
    return found


def _circumcentre(p: XY, q: XY, r: XY) -> XY | None:
    d = 2 * (p[0] * (q[1] - r[1]) + q[0] * (r[1] - p[1]) + r[0] * (p[1] - q[1]))
    if abs(d) < 1e-12:
        return None
    p2, q2, r2 = p[0] ** 2 + p[1] ** 2, q[0] ** 2 + q[1] ** 2, r[0] ** 2 + r[1] ** 2
    x = (p2 * (q[1] - r[1]) + q2 * (r[1] - p[1]) + r2 * (p[1] - q[1])) / d
    y = (p2 * (r[0] - q[0]) + q2 * (p[0] - r[0]) + r2 * (q[0] - p[0])) / d
    return (x, y)


def _ray_end(a: XY, b: XY, inside: XY, start: XY, frame: Frame) -> XY:
    """A far point on the hull edge's ray: perpendicular to a-b, away from the triangle's third corner."""
    nx, ny = b[1] - a[1], a[0] - b[0]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    if (inside[0] - mid[0]) * nx + (inside[1] - mid[1]) * ny > 0:
        nx, ny = -nx, -ny
    norm = math.hypot(nx, ny) or 1.0
    reach = 4 * (frame[2] - frame[0] + frame[3] - frame[1])
    return (start[0] + nx / norm * reach, start[1] + ny / norm * reach)


def _clip(p: XY, q: XY, frame: Frame) -> tuple[XY, XY] | None:
    """The part of segment p-q inside the frame, if any (Liang-Barsky)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    low, high = 0.0, 1.0
    for step, gap in ((-dx, p[0] - frame[0]), (dx, frame[2] - p[0]), (-dy, p[1] - frame[1]), (dy, frame[3] - p[1])):
        if step == 0:
            if gap < 0:
                return None
            continue
        t = gap / step
        if step < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low >= high:
            return None
    return (p[0] + dx * low, p[1] + dy * low), (p[0] + dx * high, p[1] + dy * high)


def length(segment: tuple[XY, XY]) -> float:
    return math.hypot(segment[1][0] - segment[0][0], segment[1][1] - segment[0][1])
