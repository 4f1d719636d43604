"""A board laid out on the real coastline: land provinces are the land round their positions, seas the water.

A board with a drawing (:mod:`maps.drawing`: Sengoku on Japan) is not a
schematic: a player should see Kyushu, Shikoku, the Inland Sea and the bays
as they are. So:

1. the coastline and every position are projected the same way (about the
   mean latitude, as :mod:`render.projection`), with the declared local zoom
   (the Kinai drawn larger on purpose, fading to true scale);
2. each land mass is shared among the land provinces whose positions lie on
   it (a position just off the coast counts for the nearest land): each
   point goes to the nearest position (a Voronoi partition cut to the
   land), so borders meet the coast where the land does;
3. each piece cut off from its own position (a peninsula across a bay)
   goes to the neighbour it borders most; a small island with no position
   goes to the nearest province; big land with none (Korea, Hokkaido) is
   drawn as land of no province;
4. the water is shared among the seas the same way.

The regions follow the land, not the board's border list, so a pair of
neighbours may not touch in the picture: :class:`~render.geometry.Layout`
reports such pairs (``missing_borders``, ``false_borders``) and the map's
drawing may add seeds to mend them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import shapely
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from maps import Board
from maps.drawing import Drawing, Zoom
from render.plane import XY

__all__ = ["RealCut", "cut_real"]

_MARGIN = 0.55  # degrees of water round the outermost positions
_ISLAND_REACH = 0.32  # degrees: an island without a position this near a province joins it
_ISLAND_SIZE = 0.25  # square degrees: an island without a position bigger than this is no province's
_GRID = 0.01


class RealCut:
    """The cut: regions, the unowned land, all land, the positions and the frame (pixels, from the top left)."""

    def __init__(
        self,
        regions: dict[str, BaseGeometry],
        void: BaseGeometry,
        land: BaseGeometry,
        positions: dict[str, XY],
        width: float,
        height: float,
        scale: float,
    ) -> None:
        self.regions, self.void, self.land, self.positions = regions, void, land, positions
        self.width, self.height, self.scale = width, height, scale


def cut_real(board: Board, drawing: Drawing, width: float) -> RealCut:
    """Lay the board's provinces on the drawing's land, ``width`` pixels wide."""
    places = {p.id: p.at for p in board if p.at is not None}
    mean_lat = sum(lat for lat, _ in places.values()) / len(places)
    squeeze = math.cos(math.radians(mean_lat))
    project = _projection(squeeze, drawing.zoom)
    points = {key: project(lon, lat) for key, (lat, lon) in places.items()}
    xs, ys = [x for x, _ in points.values()], [y for _, y in points.values()]
    frame = (min(xs) - _MARGIN, min(ys) - _MARGIN, max(xs) + _MARGIN, max(ys) + _MARGIN)
    scale = width / (frame[2] - frame[0])

    def to_px(x: float, y: float) -> XY:
        return ((x - frame[0]) * scale, (y - frame[1]) * scale)

    window = box(0, 0, width, (frame[3] - frame[1]) * scale)
    polygons = [
        Polygon([to_px(*project(*p)) for p in poly[0]], [[to_px(*project(*p)) for p in hole] for hole in poly[1:]])
        for poly in drawing.land
    ]
    land = shapely.intersection(shapely.union_all([shapely.make_valid(p) for p in polygons]), window, grid_size=_GRID)
    pixels = {key: to_px(*xy) for key, xy in points.items()}
    seeds: dict[str, list[XY]] = {key: [xy] for key, xy in pixels.items()}
    for key, extra in drawing.seeds.items():
        seeds.setdefault(key, []).extend(to_px(*project(lon, lat)) for lat, lon in extra)
    seas = {p.id for p in board if p.is_sea}
    reach, size = _ISLAND_REACH * scale, _ISLAND_SIZE * scale * scale
    owned, void = _share_land(land, {k: v for k, v in seeds.items() if k not in seas}, reach, size)
    water = shapely.difference(window, land, grid_size=_GRID)
    sea_regions = _share(water, {k: v for k, v in seeds.items() if k in seas}, window)
    regions = {**owned, **sea_regions}
    return RealCut(regions, void, land, pixels, width, float(window.bounds[3]), scale)


def _projection(squeeze: float, zoom: Zoom | None) -> Callable[[float, float], XY]:
    """(longitude, latitude) to plane degrees, y down, with the zoom's enlargement."""
    if zoom is None:

        def plain(lon: float, lat: float) -> XY:
            return (lon * squeeze, -lat)

        return plain
    cx, cy = zoom.at[1] * squeeze, -zoom.at[0]
    grow, radius = zoom.factor - 1.0, zoom.radius

    def zoomed(lon: float, lat: float) -> XY:
        dx, dy = lon * squeeze - cx, -lat - cy
        gain = 1.0 + grow * math.exp(-(dx * dx + dy * dy) / (radius * radius))
        return (cx + dx * gain, cy + dy * gain)

    return zoomed


def _share_land(
    land: BaseGeometry, seeds: Mapping[str, list[XY]], reach: float, size: float
) -> tuple[dict[str, BaseGeometry], BaseGeometry]:
    """Each land mass among the positions on it; islands without one to the nearest province, or to no one."""
    masses = sorted(_polygons(land), key=lambda p: -p.area)
    on: dict[int, dict[str, list[XY]]] = {}
    for key, points in sorted(seeds.items()):
        for xy in points:
            spot = Point(xy)
            index = min(range(len(masses)), key=lambda i: masses[i].distance(spot))
            on.setdefault(index, {}).setdefault(key, []).append(xy)
    regions: dict[str, list[BaseGeometry]] = {key: [] for key in seeds}
    for index, here in on.items():
        for key, geom in _share(masses[index], here, masses[index].envelope.buffer(10)).items():
            regions[key].append(geom)
    merged = {key: shapely.union_all(parts, grid_size=_GRID) for key, parts in regions.items()}
    void: list[BaseGeometry] = []
    for index, mass in enumerate(masses):
        if index in on:
            continue
        nearest = min(merged, key=lambda k: merged[k].distance(mass))
        if mass.area <= size and merged[nearest].distance(mass) <= reach:
            merged[nearest] = shapely.union(merged[nearest], mass, grid_size=_GRID)
        else:
            void.append(mass)
    return merged, shapely.union_all(void) if void else Polygon()


def _share(area: BaseGeometry, seeds: Mapping[str, list[XY]], extent: BaseGeometry) -> dict[str, BaseGeometry]:
    """``area`` cut among the keys by nearest seed; a piece cut off from its key's seeds joins its main neighbour."""
    keys = sorted(seeds)
    if len(keys) == 1:
        return {keys[0]: area}
    flat = [(key, xy) for key in keys for xy in seeds[key]]
    cells = shapely.voronoi_polygons(MultiPoint([xy for _, xy in flat]), extend_to=extent, ordered=True)
    parts: dict[str, list[BaseGeometry]] = {key: [] for key in keys}
    for (key, _), cell in zip(flat, cells.geoms, strict=True):
        parts[key].append(shapely.intersection(cell, area, grid_size=_GRID))
    regions = {key: shapely.union_all(parts[key], grid_size=_GRID) for key in keys}
    return _mend(regions, seeds)


def _mend(regions: dict[str, BaseGeometry], seeds: Mapping[str, list[XY]]) -> dict[str, BaseGeometry]:
    """Pieces holding none of their key's seeds go, largest first, to the region they share most border with."""
    strays: list[tuple[str, BaseGeometry]] = []
    for key, geom in regions.items():
        pieces = _polygons(geom)
        if len(pieces) < 2:
            continue
        near = [Point(xy) for xy in seeds[key]]
        kept = [p for p in pieces if any(p.distance(spot) < 1.0 for spot in near)]
        kept = kept or [max(pieces, key=lambda p: p.area)]
        strays += [(key, p) for p in pieces if not any(p is k for k in kept)]
        regions[key] = shapely.union_all(kept, grid_size=_GRID)
    for key, piece in sorted(strays, key=lambda item: -item[1].area):
        grown = piece.buffer(0.5)
        shared = {other: geom.boundary.intersection(grown).length for other, geom in regions.items() if other != key}
        best = max(sorted(shared), key=lambda other: shared[other]) if shared else key
        if shared.get(best, 0.0) <= 0.0:
            best = min(sorted(regions), key=lambda other: regions[other].distance(piece))
        regions[best] = shapely.union(regions[best], piece, grid_size=_GRID)
    return regions


def _polygons(geom: BaseGeometry) -> list[Polygon]:
    pieces = getattr(geom, "geoms", [geom])
    return [p for p in pieces if p.geom_type == "Polygon" and not p.is_empty and p.area > 0.5]
