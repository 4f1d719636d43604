"""The drawing of a board without its pieces: regions, coasts, anchors and bridges, computed once.

:func:`layout` turns a :class:`maps.Board` into a :class:`Layout`:

1. project each province's approximate latitude and longitude, and spread
   the points so the dense parts of the board have room
   (:mod:`render.projection`);
2. cut the regions so that they border exactly as the board says
   (:mod:`render.regions`);
3. place each unit where its region has most room, and each land bridge
   across the water it spans.

A board with a real-earth drawing (:mod:`maps.drawing`: Sengoku on Japan)
takes steps 1 and 2 from :mod:`render.realmap` instead: the land of the real
coastline shared among the provinces round their positions, with the Kinai
enlarged as the drawing declares.

A layout depends on the board alone, so it is cached per board: drawing a
position only places units and arrows on it. It takes about a second (the
CLI keeps the result on disk, :mod:`cli.sheetcache`; the web site lays each
board out once at start).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import shapely
import shapely.affinity
import shapely.geometry
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, polylabel

from maps import Board
from maps.drawing import Drawing, drawing_of
from maps.perboard import per_board
from render.crop import crop_frame, cropped, inside
from render.plane import XY, Frame
from render.projection import fit, project, spread
from render.realmap import cut_real
from render.regions import cut_regions, largest

__all__ = ["CONTACT", "Layout", "layout"]

CONTACT = 6.0
"""A shared border shorter than this (in pixels) is too short to see, so it is no border."""

MAP_WIDTH = 1000.0
"""Width of the map part of the picture, in SVG user units (the legend comes beside it)."""
_MARGIN = 40.0
_FRAME = 70.0
_REAL_MARGIN = 1.3  # spacings of water round a real coast's land


@dataclass(frozen=True, eq=False)
class Layout:
    """Where everything of a board goes on the picture, in SVG user units from the top left.

    ``positions`` are the provinces' places in the drawing (their map
    positions, moved a little so that the borders can be drawn);
    ``anchors`` maps each location (province, and ``"SPA/NC"`` for each coast
    of a split-coast province) to where its unit stands; ``bridges`` gives the
    ends of each land bridge's dashed line. ``false_borders`` and
    ``missing_borders`` say where the regions disagree with the board, as
    measured on the final shapes: never, unless the map file asks for
    borders no flat map can have.
    """

    width: float
    height: float
    spacing: float
    positions: dict[str, XY]
    regions: dict[str, BaseGeometry]
    land: BaseGeometry
    impassable: tuple[tuple[str, BaseGeometry], ...]
    anchors: dict[str, XY]
    bridges: tuple[tuple[str, str, XY, XY], ...]
    false_borders: tuple[tuple[str, str], ...]
    missing_borders: tuple[tuple[str, str], ...]
    void: BaseGeometry | None = None  # land of no province (a real coast's Korea), drawn plain


@per_board
def layout(board: Board) -> Layout:
    """The layout of a board (kept per board: boards are immutable)."""
    places = {p.id: p.at for p in board if p.at is not None}
    missing = sorted(set(board.provinces) - set(places))
    if missing:
        raise ValueError(f"{board.name}: no position ('at') for {', '.join(missing)}: cannot draw it")
    drawing = drawing_of(board.drawing)
    if drawing is not None:
        return _real_layout(board, drawing)
    walls = {f"#{i}": at for i, (_, at) in enumerate(board.impassable) if at is not None}
    fitted, _ = fit(project({**places, **walls}), MAP_WIDTH, _MARGIN)
    spacing = _spacing(len(places), fitted)
    spread_out = spread(fitted, spacing)
    frame = _frame(spread_out.values())
    wanted = _wanted(board)
    seas = frozenset(p.id for p in board if p.is_sea)
    named_walls = {name: spread_out[f"#{i}"] for i, (name, at) in enumerate(board.impassable) if at is not None}
    cut = cut_regions({key: spread_out[key] for key in places}, named_walls, wanted, seas, spacing, frame)
    land = shapely.union_all([geom for key, geom in cut.shapes.items() if key not in seas], grid_size=0.01)
    frame = crop_frame(land, {k: g for k, g in cut.shapes.items() if k in seas}, wanted, spacing, frame)
    shapes = cropped(cut.shapes, frame)
    walls = inside(dict(cut.walls), shapes, frame)
    false, missing_borders = _disagreements(shapes, wanted)
    shift = (-frame[0], -frame[1])
    regions = {k: shapely.affinity.translate(g, *shift) for k, g in shapes.items()}
    anchors = _anchors(board, regions, spacing)
    return Layout(
        width=frame[2] - frame[0],
        height=frame[3] - frame[1],
        spacing=spacing,
        positions={k: (x + shift[0], y + shift[1]) for k, (x, y) in cut.positions.items()},
        regions=regions,
        land=shapely.affinity.translate(land, *shift),
        impassable=tuple((n, shapely.affinity.translate(g, *shift)) for n, g in walls.items()),
        anchors=anchors,
        bridges=tuple(_bridge(a, b, regions, anchors, spacing) for a, b in board.bridges),
        false_borders=false,
        missing_borders=missing_borders,
    )


def _real_layout(board: Board, drawing: Drawing) -> Layout:
    """The layout of a board drawn on its real coastline (:mod:`render.realmap`), cut to the land and its waters.

    The frame is cut as the schematic's is (:func:`render.crop.crop_frame`),
    then everything is scaled back to :data:`MAP_WIDTH`, so names and pieces
    keep their size against the map whatever the board's extent.
    """
    cut = cut_real(board, drawing, MAP_WIDTH)
    seas = frozenset(p.id for p in board if p.is_sea)
    spacing = _spacing(len(cut.positions), cut.positions)
    wanted = _wanted(board)
    owned = shapely.union_all([g for k, g in cut.regions.items() if k not in seas], grid_size=0.01)
    outer = (0.0, 0.0, cut.width, cut.height)
    frame = _real_frame(owned, spacing, outer)
    grow = MAP_WIDTH / (frame[2] - frame[0])

    def fitted(geom: BaseGeometry) -> BaseGeometry:
        moved = shapely.affinity.translate(geom, -frame[0], -frame[1])
        return shapely.affinity.scale(moved, grow, grow, origin=(0, 0))

    regions = {k: fitted(g) for k, g in cropped(cut.regions, frame).items()}
    window = shapely.geometry.box(*frame)
    spacing *= grow
    false, missing_borders = _disagreements(regions, wanted)
    anchors = _anchors(board, regions, spacing)
    return Layout(
        width=MAP_WIDTH,
        height=(frame[3] - frame[1]) * grow,
        spacing=spacing,
        positions={k: ((x - frame[0]) * grow, (y - frame[1]) * grow) for k, (x, y) in cut.positions.items()},
        regions=regions,
        land=fitted(shapely.intersection(cut.land, window, grid_size=0.01)),
        impassable=(),
        anchors=anchors,
        bridges=tuple(_bridge(a, b, regions, anchors, spacing) for a, b in board.bridges),
        false_borders=false,
        missing_borders=missing_borders,
        void=fitted(shapely.intersection(cut.void, window, grid_size=0.01)),
    )


def _real_frame(land: BaseGeometry, spacing: float, outer: Frame) -> Frame:
    """The land's bounds and a sea's width round them (a sea far out keeps its coastal water and its name)."""
    left, top, right, bottom = land.bounds
    margin = _REAL_MARGIN * spacing
    return (
        max(outer[0], left - margin),
        max(outer[1], top - margin),
        min(outer[2], right + margin),
        min(outer[3], bottom + margin),
    )


def _wanted(board: Board) -> frozenset[tuple[str, str]]:
    """The pairs of provinces that border (a < b): the board's neighbours, less the land bridges."""
    bridges = {tuple(sorted(pair)) for pair in board.bridges}
    pairs = {(min(a, b), max(a, b)) for a, b in board.province_graph().edges if a != b}
    return frozenset(pair for pair in pairs if pair not in bridges)


def _anchors(board: Board, regions: Mapping[str, BaseGeometry], spacing: float) -> dict[str, XY]:
    """Where units stand: the point of each region furthest inside it; a coast's, towards its waters."""
    anchors: dict[str, XY] = {}
    for key, geom in sorted(regions.items()):
        spot = polylabel(largest(geom), tolerance=0.5)
        anchors[key] = (spot.x, spot.y)
    for province in board:
        for coast in province.coasts:
            location = f"{province.id}/{coast}"
            waters = {loc.split("/")[0] for loc in board.fleet_neighbours(location)}
            shore = regions[province.id].boundary.intersection(
                shapely.union_all([regions[w].buffer(0.5) for w in sorted(waters)])
            )
            centre = anchors[province.id]
            if shore.is_empty:
                anchors[location] = centre
                continue
            anchors[location] = _coast_anchor(regions[province.id], shore, centre, spacing)
    return anchors


def _coast_anchor(region: BaseGeometry, shore: BaseGeometry, centre: XY, spacing: float) -> XY:
    """A little inland from the middle of the shore, towards the centre; in a bent region, where the
    part of it along the shore has most room."""
    edge = shore.interpolate(shore.project(shore.centroid))
    inward = 0.4 * spacing / max(1.0, Point(centre).distance(edge))
    spot = (edge.x + (centre[0] - edge.x) * inward, edge.y + (centre[1] - edge.y) * inward)
    if region.contains(Point(spot)):
        return spot
    inland = polylabel(largest(region.intersection(shore.buffer(0.6 * spacing))), tolerance=0.5)
    return (inland.x, inland.y)


def _bridge(
    a: str, b: str, regions: Mapping[str, BaseGeometry], anchors: Mapping[str, XY], spacing: float
) -> tuple[str, str, XY, XY]:
    """A land bridge's dashed line: across the water where the two provinces come closest, a little into each."""
    near_a, near_b = nearest_points(regions[a], regions[b])
    dx, dy = near_b.x - near_a.x, near_b.y - near_a.y
    size = (dx * dx + dy * dy) ** 0.5
    if size < 1.0:  # they touch: join their anchors instead
        return a, b, anchors[a], anchors[b]
    reach = 0.25 * spacing / size
    return a, b, (near_a.x - dx * reach, near_a.y - dy * reach), (near_b.x + dx * reach, near_b.y + dy * reach)


def _spacing(count: int, points: Mapping[str, XY]) -> float:
    """How far apart positions must stay: a share of the space each province would get if spread evenly.

    The space is the positions' bounding box, made at least a quarter as
    tall as wide (or the other way), so that a tiny board in a row still
    gets room.
    """
    xs = [x for x, _ in points.values()]
    ys = [y for _, y in points.values()]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    area = max(width * height, max(width, height) ** 2 / 4)
    return 0.55 * math.sqrt(area / count)


def _frame(points: Iterable[XY]) -> Frame:
    """The rectangle everything is clipped to: the positions' bounds and a margin."""
    spots = list(points)
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    return (min(xs) - _FRAME, min(ys) - _FRAME, max(xs) + _FRAME, max(ys) + _FRAME)


def _disagreements(
    regions: Mapping[str, BaseGeometry], wanted: frozenset[tuple[str, str]]
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """Pairs that touch but should not, and neighbours that do not touch, on the final shapes.

    Two regions touch when their outlines run together for at least
    :data:`CONTACT` pixels: a shorter stretch is too short to see.
    """
    keys = sorted(regions)
    geoms = [regions[k] for k in keys]
    grown = shapely.buffer(geoms, 0.5)
    left, right = shapely.STRtree(geoms).query(geoms)
    touching = set()
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i < j and shapely.length(shapely.intersection(shapely.boundary(geoms[j]), grown[i])) >= CONTACT:
            touching.add((keys[i], keys[j]))
    return tuple(sorted(touching - wanted)), tuple(sorted(wanted - touching))
