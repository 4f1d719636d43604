"""Framing the picture tight to the land: the open seas cut down to what matters.

The regions are cut with the seas running out to a wide frame, since a
sea's one position stands for a whole stretch of water. Drawn so, on a
diagonal country like Japan the empty water takes more of the picture than
the land, and on a phone the land shrinks to a strip. What a player needs of
a sea is the water along its coasts: room there for a fleet and the sea's
name, and the borders between seas, which all start at a coast. So the
picture is cut to the land's bounds and a margin, and every region to that
rectangle; the margin grows where a sea would keep too little of itself
for a fleet and its name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from render.plane import Frame

__all__ = ["crop_frame", "cropped", "inside"]

_MARGIN = 0.95  # spacings of water kept beyond the land's bounds
_ROOM = 0.45  # spacings: the least depth a sea must keep somewhere inside the frame (its fleet and name)
_SEEN = 12.0  # pixels of a border between two seas that must stay inside the frame
_STEP = 0.25  # spacings the frame grows by, on each side, until every sea has its room


def crop_frame(
    land: BaseGeometry,
    seas: Mapping[str, BaseGeometry],
    borders: Iterable[tuple[str, str]],
    spacing: float,
    outer: Frame,
) -> Frame:
    """The rectangle to draw: the land's bounds and a margin, grown until each sea has room, within ``outer``.

    A sea's room is the depth of the roundest spot it keeps inside the frame; a small inner sea has all
    it ever had, so it asks no more than that. Each border between two seas (``borders``, pairs of
    keys) must keep a stretch inside too, or the picture would lose it.
    """
    left, top, right, bottom = land.bounds
    margin = _MARGIN * spacing
    frame = _within((left - margin, top - margin, right + margin, bottom + margin), outer)
    wanted = {key: min(_ROOM * spacing, 0.9 * _depth(sea, outer)) for key, sea in seas.items()}
    lines = [seas[a].boundary.intersection(seas[b].buffer(0.5)) for a, b in borders if a in seas and b in seas]
    for _ in range(40):
        roomy = all(_depth(sea, frame) >= wanted[key] for key, sea in seas.items())
        if (roomy and all(_kept(line, frame) for line in lines)) or frame == outer:
            return frame
        grow = _STEP * spacing
        frame = _within((frame[0] - grow, frame[1] - grow, frame[2] + grow, frame[3] + grow), outer)
    return frame


def _kept(line: BaseGeometry, frame: Frame) -> bool:
    """Whether enough of a border lies inside the frame to be seen (or the border was never long enough)."""
    return bool(shapely.intersection(line, box(*frame)).length >= min(_SEEN, 0.9 * line.length))


def cropped(shapes: Mapping[str, BaseGeometry], frame: Frame) -> dict[str, BaseGeometry]:
    """Each shape cut to the frame (a shape that the frame misses whole is kept: it cannot vanish)."""
    window = box(*frame)
    out = {}
    for key, shape in shapes.items():
        cut = shapely.intersection(shape, window, grid_size=0.01)
        out[key] = cut if not cut.is_empty and cut.area > 0 else shape
    return out


def _depth(shape: BaseGeometry, frame: Frame) -> float:
    """How deep the biggest round spot of the shape inside the frame is (0 if none of it is inside)."""
    cut = shapely.intersection(shape, box(*frame))
    if cut.is_empty or cut.area <= 0:
        return 0.0
    pieces = getattr(cut, "geoms", [cut])
    polygons = [p for p in pieces if p.geom_type == "Polygon"]
    return max(polylabel(p, tolerance=1.0).distance(p.exterior) for p in polygons) if polygons else 0.0


def _within(frame: Frame, outer: Frame) -> Frame:
    return (max(frame[0], outer[0]), max(frame[1], outer[1]), min(frame[2], outer[2]), min(frame[3], outer[3]))


def inside(
    walls: Mapping[str, BaseGeometry], regions: dict[str, BaseGeometry], frame: Frame
) -> dict[str, BaseGeometry]:
    """The walls mostly inside the frame, cut to it.

    An ornament out in the open sea (Sengoku's nameplate) goes, and the sea it
    was cut out of gets its water back (``regions`` is changed).
    """
    window = box(*frame)
    kept = {}
    for key, shape in walls.items():
        cut = shapely.intersection(shape, window, grid_size=0.01)
        if cut.area >= 0.6 * shape.area:
            kept[key] = cut
            continue
        grown = shape.buffer(0.5)
        around = max(regions, key=lambda k: regions[k].boundary.intersection(grown).length)
        regions[around] = shapely.union(regions[around], cut, grid_size=0.01)
    return kept
