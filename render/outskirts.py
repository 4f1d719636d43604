"""The plane beyond the drawing: the open sea to the frame, and a strip of land at the board's edge.

The dual of a drawing (:mod:`render.dual`) covers only the inside of
its outer cycle: the provinces whose positions lie on it are cut at their
positions. Beyond that line each point goes to the province whose stretch
of the line is nearest, so the stretches part exactly where the border
lines leave the drawing, and neighbours along the edge stay neighbours.
A sea takes its share out to the frame; a land province only a strip, like
Syria or Moscow at the edge of the standard board, and the rest is void,
drawn as no province.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, box
from shapely.geometry.base import BaseGeometry

from render.dual import Embedding
from render.plane import XY, Floats, Frame

__all__ = ["outskirts"]

_SAMPLE = 5.0  # pixels between points sampled along the outer line
_STRIP = 0.9  # a land province's strip beyond the edge, in reaches
_CHANNEL = 15.0  # pixels: half the width of a channel parting two seas, on a board with no land


def outskirts(
    embedding: Embedding,
    inside: BaseGeometry,
    bends: dict[tuple[int, int], XY],
    frame: Frame,
    reach: Floats,
) -> dict[int, BaseGeometry]:
    """Each outer vertex's share of the frame beyond ``inside`` (the union of the drawing's regions)."""
    walk = embedding.outer_walk()
    chains: dict[int, LineString] = {}
    for i, v in enumerate(walk):
        before, after = walk[i - 1], walk[(i + 1) % len(walk)]
        start = bends[(min(before, v), max(before, v))]
        end = bends[(min(v, after), max(v, after))]
        here = (float(embedding.points[v, 0]), float(embedding.points[v, 1]))
        chains[v] = LineString([start, here, end])
    owners, spots = _samples(chains)
    clip = box(*frame)
    cells = shapely.voronoi_polygons(MultiPoint(spots), extend_to=clip, ordered=True).geoms
    beyond = clip.difference(inside)
    shares: dict[int, BaseGeometry] = {}
    for v in sorted(chains):
        mine = [cell for owner, cell in zip(owners, cells, strict=True) if owner == v and cell.geom_type == "Polygon"]
        share = shapely.coverage_union_all(mine).intersection(beyond)
        if math.isfinite(reach[v]):
            share = share.intersection(chains[v].buffer(_STRIP * reach[v]))
        shares[v] = share
    return _part_strangers(shares, embedding, reach)


def _part_strangers(shares: dict[int, BaseGeometry], embedding: Embedding, reach: Floats) -> dict[int, BaseGeometry]:
    """Shares of two provinces that are no neighbours, meeting beyond a bay, parted by a channel.

    Beyond a deep bay, the seas on either side of it can be nearer each
    other than the bay. If one province lies between them on the edge and
    is a sea, the channel is its (it borders both); else nobody's.
    """
    walk = embedding.outer_walk()
    land = reach[np.isfinite(reach)]
    width = 0.5 * float(land.min()) if len(land) else _CHANNEL
    for v, w in itertools.combinations(sorted(shares), 2):
        if w in embedding.around[v]:
            continue
        meeting = shares[v].boundary.intersection(shares[w].buffer(0.5))
        if meeting.length < 1.0:
            continue
        channel = meeting.buffer(width)
        between = _between(walk, v, w)
        if len(between) == 1 and not math.isfinite(reach[between[0]]):
            shares[between[0]] = shares[between[0]].union(channel.intersection(shares[v].union(shares[w])))
        shares[v], shares[w] = shares[v].difference(channel), shares[w].difference(channel)
    return shares


def _between(walk: list[int], v: int, w: int) -> list[int]:
    """The vertices strictly between v and w along the outer walk, the shorter way round."""
    i, j = sorted((walk.index(v), walk.index(w)))
    inner, outer = walk[i + 1 : j], walk[j + 1 :] + walk[:i]
    return inner if len(inner) <= len(outer) else outer


def _samples(chains: dict[int, LineString]) -> tuple[list[int], list[XY]]:
    """Points along each chain, every few pixels, short of its ends (which two chains share).

    On a tiny board a chain can run out and back along one line; a point met
    twice is kept once.
    """
    owners: list[int] = []
    spots: list[XY] = []
    seen: set[XY] = set()
    for v, chain in sorted(chains.items()):
        count = max(2, math.ceil(chain.length / _SAMPLE))
        for k in range(count):
            spot = chain.interpolate((k + 0.5) / count, normalized=True)
            key = (round(spot.x, 6), round(spot.y, 6))
            if key not in seen:
                seen.add(key)
                owners.append(v)
                spots.append((spot.x, spot.y))
    return owners, spots
