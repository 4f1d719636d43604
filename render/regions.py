"""Province shapes that border exactly as the board says, and the impassable areas among them.

A player reads borders off the picture, so a wrong border is a wrong map.
Cutting regions around approximate positions (a Voronoi partition, say)
and then searching for seed points that mend the wrong borders is slow and
may not end with none. Here the borders come first:

1. the positions move until the board's borders, drawn as straight lines
   between neighbours, cross nowhere (:mod:`render.untangle`);
2. the regions are the dual of that drawing (:mod:`render.dual`): two
   provinces share a border exactly where a line joins them;
3. the provinces on the outer edge of the drawing get the plane beyond it
   (:mod:`render.outskirts`).

Land bridges are no border here: the water between the two provinces is
drawn, and the bridge as a dashed line over it. An impassable area (the
standard board's Switzerland) that lies among provinces becomes a region
of its own, bordering the provinces around it; one beyond the edge of the
drawing (Sengoku's nameplate) is a plate cut out of the open sea.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from render.dual import Embedding, cells, embed
from render.outskirts import outskirts
from render.plane import XY, Floats, Frame, Ints, segment_distance
from render.untangle import untangle

__all__ = ["COAST_REACH", "Regions", "cut_regions", "largest"]

COAST_REACH = 0.55
"""How far, in spacings, a land region reaches from its position towards a sea."""
_PLATE = (1.6, 0.4)  # half the width and height of a nameplate beyond the drawing, in spacings
_GRID = 0.01
_WALL = "#"  # marks a wall's key among the provinces' (which are map ids)
_ASHORE = 0.4  # how far a sea's position moves towards the middle of its coast provinces
Pair = tuple[str, str]


@dataclass(frozen=True)
class Regions:
    """Each province's shape, the positions the shapes were cut around, and the impassable areas."""

    positions: dict[str, XY]
    shapes: dict[str, BaseGeometry]
    walls: tuple[tuple[str, BaseGeometry], ...]


def cut_regions(
    positions: Mapping[str, XY],
    walls: Mapping[str, XY],
    borders: Iterable[Pair],
    seas: frozenset[str],
    spacing: float,
    frame: Frame,
) -> Regions:
    """The shapes of the provinces (keys of ``positions``) bordering along ``borders`` (pairs of keys)."""
    keys = sorted(positions)
    index = {key: i for i, key in enumerate(keys)}
    pairs = {(min(index[a], index[b]), max(index[a], index[b])) for a, b in borders}
    lines = np.array(sorted(pairs), dtype=np.int64).reshape(-1, 2)
    start = _ashore(np.array([positions[k] for k in keys], dtype=np.float64), lines, [k in seas for k in keys])
    points, lines, _ = untangle(start, lines, spacing)
    moved = {key: (float(x), float(y)) for key, (x, y) in zip(keys, points.tolist(), strict=True)}
    if not len(lines):  # no borders at all: nothing to draw but the positions' Voronoi cells
        return Regions(moved, _voronoi(moved, frame), ())
    plan = _Plan(points, lines, list(range(len(keys))))
    names = [*keys, *(_WALL + name for name in sorted(walls))]
    plates = [(name, at) for name, at in sorted(walls.items()) if not plan.add_hub(at, names.index(_WALL + name))]
    plan.fill_faces(pairs, len(keys))
    reach = np.array([np.inf if names[label] in seas else COAST_REACH * spacing for label in plan.labels])
    shapes, inside = _shapes(plan, names, reach, frame)
    shapes = _place_the_lost(shapes, moved, spacing)
    stamps = [(name, shapes.pop(_WALL + name)) for name in sorted(walls) if _WALL + name in shapes]
    for name, spot in plates:
        plate = largest(_plate(spot, spacing).difference(inside.buffer(0.2 * spacing)))
        stamps.append((name, plate))
        shapes = {key: largest(shape.difference(plate)) for key, shape in shapes.items()}
    return Regions(moved, shapes, tuple(stamps))


def _shapes(plan: _Plan, names: list[str], reach: Floats, frame: Frame) -> tuple[dict[str, BaseGeometry], BaseGeometry]:
    """Each region's shape (its vertices' cells, and its share beyond the drawing), and the drawing's area."""
    drawing = plan.drawing()
    inner, bends = cells(drawing, reach)
    inside = shapely.coverage_union_all([cell for cell in inner if cell is not None])
    beyond = outskirts(drawing, inside, bends, frame, reach)
    pieces: dict[int, list[BaseGeometry]] = {}
    for v, label in enumerate(plan.labels):
        for geom in (inner[v], beyond.get(v)):
            if geom is not None and not geom.is_empty:
                pieces.setdefault(label, []).append(geom)
    return {names[label]: largest(_union(geoms)) for label, geoms in pieces.items()}, inside


def _place_the_lost(
    shapes: dict[str, BaseGeometry], positions: Mapping[str, XY], spacing: float
) -> dict[str, BaseGeometry]:
    """Shapes for provinces the drawing left without one: a disc at the position, cut out of the others.

    Only a map whose borders cannot be drawn flat loses a province (one
    left with a single line, say); it is drawn all the same, and the
    borders it lacks are reported.
    """
    for key in sorted(positions):
        if key in shapes and not shapes[key].is_empty and shapes[key].area > 1.0:
            continue
        disc = Point(positions[key]).buffer(0.3 * spacing)
        shapes = {other: largest(shape.difference(disc)) for other, shape in shapes.items() if other != key}
        shapes[key] = disc
    return shapes


def _voronoi(positions: Mapping[str, XY], frame: Frame) -> dict[str, BaseGeometry]:
    clip = box(*frame)
    keys = sorted(positions)
    cells = shapely.voronoi_polygons(MultiPoint([positions[k] for k in keys]), extend_to=clip, ordered=True)
    return {key: cell.intersection(clip) for key, cell in zip(keys, cells.geoms, strict=True)}


def _ashore(points: Floats, lines: Ints, sea: list[bool]) -> Floats:
    """The positions with each sea's moved part of the way towards the land it borders.

    A sea's position is the middle of open water, often far from the coasts;
    the lines from it to the coast provinces would make long thin faces.
    Nearer its coasts, the sea still gets the open water (the plane beyond
    the drawing, :mod:`render.outskirts`).
    """
    moved = points.copy()
    for v in np.flatnonzero(sea).tolist():
        near = np.concatenate([lines[lines[:, 0] == v, 1], lines[lines[:, 1] == v, 0]])
        shore = [u for u in near.tolist() if not sea[u]]
        if shore:
            moved[v] = (1 - _ASHORE) * points[v] + _ASHORE * points[shore].mean(axis=0)
    return moved


class _Plan:
    """A drawing being refined: vertices, lines, and the region each vertex belongs to.

    A region may own several vertices. A vertex added inside a face and
    joined to all its corners leaves the borders right if its region
    borders each of them (or is one of them): every new line joins regions
    that border anyway.
    """

    def __init__(self, points: Floats, lines: Ints, labels: list[int]) -> None:
        self.points, self.lines, self.labels = points, lines, labels
        self._drawing: Embedding | None = None

    def drawing(self) -> Embedding:
        if self._drawing is None:
            self._drawing = embed(self.points, self.lines)
        return self._drawing

    def add_hub(self, at: XY, label: int) -> bool:
        """Add a vertex of region ``label`` in the face at ``at``, if a spot there fits one (see :func:`_hub_spot`)."""
        drawing = self.drawing()
        face = _face_at(drawing, at)
        spot = _hub_spot(drawing, face, at) if face is not None else None
        if face is None or spot is None:
            return False
        self._insert(face, spot, label)
        return True

    def fill_faces(self, pairs: set[tuple[int, int]], provinces: int) -> None:
        """Give each face of four or more provinces a vertex of one of them that borders all the others.

        Else the provinces of such a face all meet at one point, and one
        whose only neighbours are two of them (Portugal) is a sliver. Of
        those that fit, the one whose position is nearest the new vertex
        takes it, as a Voronoi partition would. Labels from ``provinces`` on
        are walls, which take no such vertex.
        """
        for _ in range(len(self.points)):
            drawing = self.drawing()
            for f, walk in enumerate(drawing.faces):
                labels = {self.labels[v] for v in walk}
                if f == drawing.outer or len(labels) < 4 or len(set(walk)) != len(walk):
                    continue
                fits = [v for v in walk if self.labels[v] < provinces and _borders_all(self.labels[v], labels, pairs)]
                spot = _hub_spot(drawing, f, None)
                if fits and spot is not None:
                    owner = min(fits, key=lambda v: (float(((self.points[v] - spot) ** 2).sum()), v))
                    self._insert(f, spot, self.labels[owner])
                    break
            else:
                return

    def _insert(self, face: int, spot: Floats, label: int) -> None:
        """A new vertex at ``spot``, joined to every corner of the face around it."""
        hub = len(self.points)
        spokes = np.array([(v, hub) for v in sorted(set(self.drawing().faces[face]))], dtype=np.int64)
        self.points = np.vstack([self.points, spot[None]])
        self.lines = np.vstack([self.lines, spokes])
        self.labels.append(label)
        self._drawing = None


def _borders_all(label: int, others: set[int], pairs: set[tuple[int, int]]) -> bool:
    return all(other == label or (min(other, label), max(other, label)) in pairs for other in others)


def _face_at(drawing: Embedding, at: XY) -> int | None:
    """The inner face containing a point, if any."""
    for f, walk in enumerate(drawing.faces):
        if f != drawing.outer and Polygon(drawing.points[walk].tolist()).contains(Point(at)):
            return f
    return None


def _hub_spot(drawing: Embedding, face: int, at: XY | None) -> Floats | None:
    """A spot in the face that sees each of its corners, from which the lines to them pass far from the others.

    ``at`` if it is nearly as good as the best of a grid of spots; None if no spot sees every corner.
    """
    corners = drawing.points[drawing.faces[face]]
    outline = Polygon(corners.tolist())
    inmost = polylabel(outline, tolerance=0.5)
    low, high = corners.min(axis=0), corners.max(axis=0)
    grid = [low + (high - low) * (i / 8, j / 8) for i in range(1, 8) for j in range(1, 8)]
    spots: list[Floats] = [np.array([inmost.x, inmost.y]), *grid]
    scores = [_hub_score(outline, corners, spot) for spot in spots]
    best = int(np.argmax(scores))
    if scores[best] <= 0:
        return None
    if at is not None and _hub_score(outline, corners, np.array(at)) >= 0.6 * scores[best]:
        return np.array(at)
    return spots[best]


def _hub_score(outline: Polygon, corners: Floats, spot: Floats) -> float:
    """How far the lines from ``spot`` to the corners pass from the other corners (0 if one leaves the face)."""
    x, y = float(spot[0]), float(spot[1])
    if not outline.contains(Point(x, y)):
        return 0.0
    if not all(outline.covers(LineString([(x, y), (cx, cy)])) for cx, cy in corners.tolist()):
        return 0.0
    gaps = segment_distance(corners[:, None], spot[None, None], corners[None, :])
    np.fill_diagonal(gaps, np.inf)
    return float(min(gaps.min(), outline.exterior.distance(Point(x, y))))


def _union(geoms: list[BaseGeometry]) -> BaseGeometry:
    """The union of a region's pieces, snapped to a fine grid so that pieces meeting along a line join."""
    return geoms[0] if len(geoms) == 1 else shapely.union_all(geoms, grid_size=_GRID)


def _plate(at: XY, spacing: float) -> Polygon:
    x, y = at
    half_width, half_height = _PLATE[0] * spacing, _PLATE[1] * spacing
    return box(x - half_width, y - half_height, x + half_width, y + half_height)


def largest(geom: BaseGeometry) -> BaseGeometry:
    """The biggest piece of a geometry (cutting can leave slivers)."""
    if geom.geom_type in ("MultiPolygon", "GeometryCollection"):
        pieces = [g for g in geom.geoms if g.geom_type == "Polygon"]
        return max(pieces, key=lambda g: g.area) if pieces else geom
    return geom
