"""Province regions as the dual of a plane drawing: they border exactly where the drawing has a line.

Given positions where the board's borders, drawn as straight lines, cross
nowhere (:mod:`render.untangle`), the lines cut the plane into faces,
mostly triangles of three provinces that meet at a corner. Each face gets
a *corner point* inside it, and the border between two neighbours runs
from the corner of the face on one side of their line to the corner of the
face on the other side. So neighbours share a border, and provinces that
are not neighbours meet at most at a corner point: exactly the board's
borders, by construction, with no search.

Where the corners go decides the look:

* a triangle of three land provinces, or of three seas, takes its
  circumcentre, which makes these the borders of a Voronoi partition; if
  that lies outside the triangle (an obtuse one), the nearest point well
  inside it serves;
* a triangle of land and sea takes a point about a land province's
  *reach* from the land, so the coast runs there and the sea, whose one
  position stands for a wide water, gets the rest.

Every corner keeps :data:`_MARGIN` from the sides of its face, so every
border is at least twice that long: visible. A border that would not
cross its line near where it should (the middle, or a land province's
reach) bends at a point of the line, so each region stays around its own
position. Faces of more than three provinces get an inner point as their
corner. The unbounded face has none: the regions of the provinces on it
end at their positions, and :mod:`render.outskirts` extends them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from shapely.geometry import Point, Polygon
from shapely.ops import polylabel

from render.plane import XY, Floats, Ints, length, orientation, pseudo_angle

__all__ = ["Embedding", "cells", "embed"]

_SHRINK = 0.85  # a corner stays inside its triangle shrunk to this share about its centroid
_BEND = (0.3, 0.7)  # where along the line between two positions their border may cross it
_MARGIN = 5.0  # how far a corner stays from the sides of its face, in pixels


@dataclass(frozen=True)
class Embedding:
    """A plane straight-line drawing of the board.

    ``around[v]`` lists v's neighbours by angle; ``faces`` lists each face's
    vertices in walking order, and ``face_of[(u, v)]`` the face walked
    along the half-edge u->v, which lies between v's neighbours u and the
    one before u. ``outer`` is the unbounded face.
    """

    points: Floats
    around: list[list[int]]
    faces: list[list[int]]
    face_of: dict[tuple[int, int], int]
    outer: int

    def outer_walk(self) -> list[int]:
        return self.faces[self.outer]


def embed(points: Floats, edges: Ints) -> Embedding:
    """The faces of the drawing of ``edges`` between ``points`` (which must not cross)."""
    around: list[list[int]] = [[] for _ in range(len(points))]
    for a, b in edges.tolist():
        around[a].append(b)
        around[b].append(a)
    for v, near in enumerate(around):
        near.sort(key=lambda u: pseudo_angle(points[u, 0] - points[v, 0], points[u, 1] - points[v, 1]))
    index = [{u: i for i, u in enumerate(near)} for near in around]
    faces: list[list[int]] = []
    face_of: dict[tuple[int, int], int] = {}
    for a, b in [(a, b) for a, b in edges.tolist()] + [(b, a) for a, b in edges.tolist()]:
        if (a, b) in face_of:
            continue
        walk, u, v = [], a, b
        while (u, v) not in face_of:
            face_of[(u, v)] = len(faces)
            walk.append(u)
            u, v = v, around[v][(index[v][u] - 1) % len(around[v])]
        faces.append(walk)
    areas = [_area(points[walk]) for walk in faces]
    return Embedding(points, around, faces, face_of, int(np.argmin(areas)))


def cells(embedding: Embedding, reach: Floats) -> tuple[list[Polygon | None], dict[tuple[int, int], XY]]:
    """Each vertex's region inside the drawing (None for a vertex on no line), and where borders bend.

    A bend is keyed by its line (u, v), u < v; every line on the unbounded
    face has one: there the border leaves the drawing.

    ``reach[v]`` is how far a land region reaches towards a sea from its
    position (infinite for a sea): the coast runs there, so that the seas,
    whose positions are few and far out, get the water.
    """
    corners = [_corner(embedding, f, reach) for f in range(len(embedding.faces))]
    bends = _bends(embedding, corners, reach)
    regions: list[Polygon | None] = []
    for v, near in enumerate(embedding.around):
        if not near:
            regions.append(None)
            continue
        faces = [embedding.face_of[(v, u)] for u in near]
        start = faces.index(embedding.outer) + 1 if embedding.outer in faces else 0
        ring: list[XY] = [] if start == 0 else [_xy(embedding.points[v])]
        for step in range(len(near)):
            i = (start + step) % len(near)
            bend = bends.get((min(v, near[i]), max(v, near[i])))
            if bend is not None:
                ring.append(bend)
            if faces[i] != embedding.outer:
                ring.append(corners[faces[i]])
        regions.append(Polygon(ring) if len(ring) >= 3 else None)
    return regions, bends


def _corner(embedding: Embedding, face: int, reach: Floats) -> XY:
    """A face's corner point (the unbounded face's is never used)."""
    walk = embedding.faces[face]
    spots = embedding.points[walk]
    if face == embedding.outer:
        return _xy(spots.mean(axis=0))
    if len(walk) != 3:
        return _junction(embedding, walk, reach)
    land = [k for k in range(3) if np.isfinite(reach[walk[k]])]
    if len(land) == 2:
        ideal = _coast_between(spots[land[0]], spots[land[1]], spots[3 - sum(land)], reach[walk[land[0]]])
    elif len(land) == 1:
        seas = [k for k in range(3) if k != land[0]]
        towards = spots[seas].mean(axis=0) - spots[land[0]]
        ideal = spots[land[0]] + towards / max(length(towards), 1e-9) * reach[walk[land[0]]]
    else:
        ideal = _circumcentre(spots)
    return _inside(spots, ideal)


def _junction(embedding: Embedding, walk: list[int], reach: Floats) -> XY:
    """The corner of a face of four or more provinces, where they all meet at one point.

    Two that are not neighbours must not seem to touch there, so the point
    is the spot (of the inmost point and a grid) from which the borders
    leave at the widest angles: no province's tip between two others is thin.
    """
    outline = Polygon(embedding.points[walk].tolist())
    ends = []
    for i, v in enumerate(walk):
        w = walk[(i + 1) % len(walk)]
        low, high = _crossing_range(embedding.points[v], embedding.points[w], reach[v], reach[w])
        ends.append(embedding.points[v] + (low + high) / 2 * (embedding.points[w] - embedding.points[v]))
    inmost = polylabel(outline, tolerance=0.5)
    low_corner, high_corner = embedding.points[walk].min(axis=0), embedding.points[walk].max(axis=0)
    grid = [low_corner + (high_corner - low_corner) * (i / 8, j / 8) for i in range(1, 8) for j in range(1, 8)]
    best, best_angle = (inmost.x, inmost.y), -1.0
    for spot in [np.array([inmost.x, inmost.y]), *grid]:
        if not outline.contains(Point(*spot)) or outline.exterior.distance(Point(*spot)) < _MARGIN:
            continue
        turns = sorted(pseudo_angle(end[0] - spot[0], end[1] - spot[1]) for end in ends)
        gaps = [b - a for a, b in zip(turns, turns[1:], strict=False)] + [turns[0] + 4 - turns[-1]]
        if min(gaps) > best_angle + 1e-9:
            best, best_angle = _xy(spot), min(gaps)
    return best


def _coast_between(a: Floats, b: Floats, sea: Floats, reach: float) -> Floats:
    """Where the coast of two land neighbours meets their border: as far from both, about ``reach`` out."""
    middle = (a + b) / 2
    normal = np.array([a[1] - b[1], b[0] - a[0]])
    normal /= max(length(normal), 1e-9)
    if float(np.dot(sea - middle, normal)) < 0:
        normal = -normal
    half = length(b - a) / 2
    out = math.sqrt(max(reach * reach - half * half, 0.0)) + 0.25 * reach
    result: Floats = middle + normal * out
    return result


def _circumcentre(spots: Floats) -> Floats:
    (px, py), (qx, qy), (rx, ry) = spots.tolist()
    d = 2 * (px * (qy - ry) + qx * (ry - py) + rx * (py - qy))
    if abs(d) < 1e-12:
        result: Floats = spots.mean(axis=0)
        return result
    p2, q2, r2 = px * px + py * py, qx * qx + qy * qy, rx * rx + ry * ry
    x = (p2 * (qy - ry) + q2 * (ry - py) + r2 * (py - qy)) / d
    y = (p2 * (rx - qx) + q2 * (px - rx) + r2 * (qx - px)) / d
    return np.array([x, y])


def _inside(spots: Floats, ideal: Floats) -> XY:
    """``ideal`` if well inside the triangle, else the nearest point that is.

    Well inside: :data:`_MARGIN` from each side, so that every border through
    this corner, crossing a side, is at least twice that long; and inside
    the triangle shrunk about its centroid, so that thin triangles do not
    put corners near their far ends.
    """
    triangle = Polygon(spots.tolist())
    centroid = spots.mean(axis=0)
    room = triangle.buffer(-_MARGIN, join_style="mitre").intersection(
        Polygon((centroid + _SHRINK * (spots - centroid)).tolist())
    )
    if room.is_empty or room.geom_type != "Polygon":
        spot = polylabel(triangle, tolerance=0.1)
        return (spot.x, spot.y)
    spot = Point(float(ideal[0]), float(ideal[1]))
    if room.contains(spot):
        return (spot.x, spot.y)
    edge = room.exterior.interpolate(room.exterior.project(spot))
    return (edge.x, edge.y)


def _bends(embedding: Embedding, corners: list[XY], reach: Floats) -> dict[tuple[int, int], XY]:
    """Where a border bends on its line (u < v): where a straight border would not cross it well.

    A land-sea border crosses about ``reach`` out from the land; others
    anywhere in the middle. Lines on the unbounded face or a bigger face
    always bend (at that point), as they have no corner beyond.
    """
    bends: dict[tuple[int, int], XY] = {}
    points = embedding.points
    for (u, v), left in embedding.face_of.items():
        if u > v:
            continue
        right = embedding.face_of[(v, u)]
        low, high = _crossing_range(points[u], points[v], reach[u], reach[v])
        plain = all(f != embedding.outer and len(embedding.faces[f]) == 3 for f in (left, right))
        t = (low + high) / 2
        if plain:
            c1, c2 = np.array(corners[left]), np.array(corners[right])
            a, b = points[u], points[v]
            if orientation(a, b, c1) * orientation(a, b, c2) < 0:
                t = float(orientation(c1, c2, a) / (orientation(c1, c2, a) - orientation(c1, c2, b)))
                if low <= t <= high:
                    continue
                t = min(max(t, low), high)
        bends[(u, v)] = _xy(points[u] + t * (points[v] - points[u]))
    return bends


def _crossing_range(a: Floats, b: Floats, reach_a: float, reach_b: float) -> tuple[float, float]:
    """Where along a->b (0 to 1) their border may cross: the middle, or about a land's reach from it."""
    span = max(length(b - a), 1e-9)
    if np.isfinite(reach_a) == np.isfinite(reach_b):
        return _BEND
    if np.isfinite(reach_a):
        t = min(reach_a / span, 0.6)
        return (max(t - 0.1, 0.15), t + 0.1)
    t = 1 - min(reach_b / span, 0.6)
    return (t - 0.1, min(t + 0.1, 0.85))


def _area(spots: Floats) -> float:
    """The signed area of a closed walk (the unbounded face's has the other sign)."""
    x, y = spots[:, 0], spots[:, 1]
    return float((x * np.roll(y, -1) - np.roll(x, -1) * y).sum() / 2)


def _xy(spot: Floats) -> XY:
    return (float(spot[0]), float(spot[1]))
