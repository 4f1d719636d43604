"""Province shapes: a Voronoi partition of the province positions, repaired to follow the board.

A plain Voronoi partition of approximate positions gets most borders right
but not all: two provinces across a strait may touch, two neighbours may
meet at a point or not at all. A player reads borders off the picture, so a
wrong border is a wrong map. The repair gives provinces extra seed points,
a few at a time, and keeps them only if the picture then disagrees with the
board in fewer places:

* where two provinces touch that the board keeps apart, a seed of a province
  bordering both (a sea, usually) goes on their shared edge and parts them;
* where two neighbours do not touch, a line of seeds from one to the other
  (each owning its half) opens a border between them.

Land bridges count as "kept apart": the water between them is drawn, and the
bridge as a dashed line over it. Everything is clipped to a frame, so the
cells at the edge do not run off to infinity. The search is greedy and in a
fixed order, so a board always gets the same shapes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import shapely
from shapely.geometry import MultiPoint, Polygon, box
from shapely.ops import nearest_points

from web.render.voronoi import XY, Frame, length, ridges

__all__ = ["CONTACT", "VOID", "Judge", "Verdict", "polygons", "repair"]

CONTACT = 6.0
"""A shared border shorter than this (in pixels) is too short to see, so it is no border."""

VOID = "~"
"""The key of open water beyond the board's edge, which is no province."""

_ROUNDS = 12
_OPEN_SEA = 5.0  # how many reaches away open water may be from its sea
_CORRIDOR_STEP = 7.0
_REACH = 90.0
Pair = tuple[str, str]


@dataclass(frozen=True)
class Verdict:
    """Where a partition disagrees with the board; ``shared`` has the longest border piece of each touching pair."""

    score: int
    false: list[Pair]
    missing: list[Pair]
    shared: dict[Pair, tuple[XY, XY]]


class Judge:
    """What the regions should look like (which pairs touch), and the open water that bounds the land.

    Without open water, a coast province at the edge of the board would
    stretch to the frame and cut the seas around it apart. So every
    partition gets a ring of extra sea seeds at ``reach`` beyond the land's
    hull, each belonging to the nearest sea.
    """

    def __init__(
        self, keys: Iterable[str], borders: Iterable[Pair], apart: Iterable[Pair], seas: Iterable[str], reach: float
    ) -> None:
        self.wanted = {_pair(*p) for p in borders} - {_pair(*p) for p in apart}
        self.seas = frozenset(seas)
        self.reach = reach
        self.neighbours: dict[str, set[str]] = {key: set() for key in keys}
        for a, b in self.wanted:
            self.neighbours[a].add(b)
            self.neighbours[b].add(a)

    def with_open_water(self, seeds: list[tuple[str, XY]]) -> list[tuple[str, XY]]:
        """The seeds and the ring of open water around their land.

        A ring point belongs to the nearest sea, if one is near; else it is
        :data:`VOID`, drawn as nothing (beyond land at the edge of the board,
        like the Sahara south of North Africa). :meth:`complete` voids the
        ones that end up cut off from their sea as well.
        """
        land = [xy for key, xy in seeds if key not in self.seas]
        water = [(key, xy) for key, xy in seeds if key in self.seas]
        if not land or not water:
            return seeds
        ring = shapely.multipoints(land).convex_hull.buffer(self.reach, quad_segs=8).exterior
        count = max(8, math.ceil(ring.length / (0.5 * self.reach)))
        spots = shapely.get_coordinates(
            shapely.line_interpolate_point(ring, [k / count for k in range(count)], normalized=True)
        ).tolist()
        extra = []
        for x, y in spots:
            xy = (round(x, 6), round(y, 6))
            extra.append((self._nearest_sea(xy, water), xy))
        return seeds + extra

    def _nearest_sea(self, xy: XY, water: list[tuple[str, XY]]) -> str:
        key, sea = min(water, key=lambda seed: (length((xy, seed[1])), seed[0]))
        return key if length((xy, sea)) <= _OPEN_SEA * self.reach else VOID

    def parters(self, a: str, b: str) -> list[str]:
        """The provinces that could come between a and b: those bordering both, else either."""
        return sorted(self.neighbours[a] & self.neighbours[b]) or sorted(self.neighbours[a] | self.neighbours[b])

    def complete(
        self, seeds: list[tuple[str, XY]], frame: Frame
    ) -> tuple[list[tuple[str, XY]], dict[tuple[int, int], tuple[XY, XY]]]:
        """The seeds with their open water, and the partition's borders.

        Open water cut off from its sea (a stretch of coast between two land
        provinces, say) would draw the sea in two pieces; it becomes VOID.
        """
        full = self.with_open_water(seeds)
        borders = ridges([xy for _, xy in full], frame)
        parent = list(range(len(full)))
        for (i, j), segment in borders.items():
            if full[i][0] == full[j][0] and length(segment) >= 1.0:
                parent[_root(parent, i)] = _root(parent, j)
        anchored = {_root(parent, i) for i in range(len(seeds))}
        for i in range(len(seeds), len(full)):
            if _root(parent, i) not in anchored:
                full[i] = (VOID, full[i][1])
        return full, borders

    def judge(self, seeds: list[tuple[str, XY]], frame: Frame) -> Verdict:
        """Where these seeds' partition (with open water) disagrees with the board, scored (lower is better)."""
        full, borders = self.complete(seeds, frame)
        contact: dict[Pair, float] = {}
        shared: dict[Pair, tuple[XY, XY]] = {}
        parent = list(range(len(full)))
        for (i, j), segment in borders.items():
            a, b = full[i][0], full[j][0]
            size = length(segment)
            if VOID in (a, b):
                continue
            if a == b:
                if size >= 1.0:
                    parent[_root(parent, i)] = _root(parent, j)
                continue
            pair = _pair(a, b)
            contact[pair] = contact.get(pair, 0.0) + size
            if pair not in shared or size > length(shared[pair]):
                shared[pair] = segment
        pieces = len({(key, _root(parent, i)) for i, (key, _) in enumerate(seeds)}) - len({key for key, _ in seeds})
        touching = {pair for pair, size in contact.items() if size >= CONTACT}
        false = sorted(touching - self.wanted)
        missing = sorted(self.wanted - touching)
        return Verdict(len(false) + len(missing) + 10 * pieces, false, missing, shared)


def repair(positions: Mapping[str, XY], frame: Frame, judge: Judge) -> tuple[list[tuple[str, XY]], Verdict]:
    """Seeds (the positions and what the repair added) and how far their partition still disagrees."""
    seeds = [(key, positions[key]) for key in sorted(positions)]
    verdict = judge.judge(seeds, frame)
    for _ in range(_ROUNDS):
        improved = False
        shapes = polygons(judge.complete(seeds, frame)[0], frame)
        for pair in verdict.false + verdict.missing:
            if pair not in verdict.false and pair not in verdict.missing:
                continue  # mended on the way by an earlier fix
            best: tuple[Verdict, list[tuple[str, XY]]] | None = None
            for extra in _fixes(pair, seeds, verdict, judge, shapes):
                trial = judge.judge(seeds + extra, frame)
                if trial.score < (best[0].score if best else verdict.score):
                    best = (trial, extra)
            if best is not None:
                verdict, seeds, improved = best[0], seeds + best[1], True
                shapes = polygons(judge.complete(seeds, frame)[0], frame)
        if not improved:
            break
    return seeds, verdict


def _fixes(
    pair: Pair, seeds: list[tuple[str, XY]], verdict: Verdict, judge: Judge, shapes: Mapping[str, Polygon]
) -> list[list[tuple[str, XY]]]:
    """Seed sets that might mend the border between the pair, best guesses first."""
    a, b = pair
    if pair in verdict.false:
        start, end = verdict.shared[pair]
        spots = [_along(start, end, t) for t in (0.5, 0.25, 0.75)]
        parters = judge.parters(a, b)
        fixes = [[(c, spot)] for c in parters for spot in spots]
        fixes += [[(c, spots[1]), (c, spots[0]), (c, spots[2])] for c in parters]
        return fixes
    fixes = []
    # where the two come closest: a short pair of seeds across the gap
    near_a, near_b = nearest_points(shapes[a], shapes[b])
    middle = ((near_a.x + near_b.x) / 2, (near_a.y + near_b.y) / 2)
    home_a, home_b = _nearest_seed(seeds, a, middle), _nearest_seed(seeds, b, middle)
    across = (home_b[0] - home_a[0], home_b[1] - home_a[1])
    size = math.hypot(*across) or 1.0
    for gap in (4.0, 8.0, 14.0):
        shift = (across[0] / size * gap, across[1] / size * gap)
        fixes.append(
            [(a, (middle[0] - shift[0], middle[1] - shift[1])), (b, (middle[0] + shift[0], middle[1] + shift[1]))]
        )
    for low, high in ((0.45, 0.55), (0.3, 0.7)):
        fixes.append(
            [
                (a, _along(near_a.coords[0], near_b.coords[0], low)),
                (b, _along(near_a.coords[0], near_b.coords[0], high)),
            ]
        )
    if length((home_a, home_b)) <= _REACH:
        fixes.append(_corridor(a, b, home_a, home_b, 0.0, 1.0))
    return fixes


def _nearest_seed(seeds: list[tuple[str, XY]], key: str, spot: XY) -> XY:
    return min((xy for k, xy in seeds if k == key), key=lambda xy: length((xy, spot)))


def _corridor(a: str, b: str, start: XY, end: XY, low: float, high: float) -> list[tuple[str, XY]]:
    """Seeds along a line between low and high, the first half a's and the second b's."""
    steps = max(2, int(length((start, end)) * (high - low) / _CORRIDOR_STEP))
    seeds = []
    for k in range(1, steps):
        t = low + (high - low) * k / steps
        seeds.append((a if k < steps / 2 else b, _along(start, end, t)))
    return seeds


def polygons(seeds: list[tuple[str, XY]], frame: Frame) -> dict[str, Polygon]:
    """The union of each key's Voronoi cells, clipped to the frame."""
    clip = box(*frame)
    cells = shapely.voronoi_polygons(MultiPoint([xy for _, xy in seeds]), extend_to=clip, ordered=True)
    parts: dict[str, list[Polygon]] = {}
    for (key, _), cell in zip(seeds, cells.geoms, strict=True):
        parts.setdefault(key, []).append(cell.intersection(clip))
    return {key: shapely.union_all(geoms, grid_size=0.01) for key, geoms in sorted(parts.items())}


def _along(start: XY, end: XY, t: float) -> XY:
    return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)


def _pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


def _root(parent: list[int], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i
