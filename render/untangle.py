"""Moving province positions until the board's borders, drawn as straight lines, cross nowhere.

Draw a line from each province's position to each neighbour's: if no two
lines cross, the drawing is a plane graph, and its dual (see
:mod:`render.dual`) gives regions that border exactly as the board
says. Real-world positions come close: a handful of lines cross where a
game board bends geography (Sengoku's Kozuke reaches Dewa; a sea's centre
sits behind a cape). So each position in trouble tries a few small steps
and takes the one that most lowers a cost:

* every crossing costs most;
* a position closer than a clearance to a line it is not on, or to another
  position, costs by how much (its region would be a sliver);
* moving away from where the province really is costs a little, beyond a
  small distance that is free.

Every accepted step lowers the cost, so the search ends; it visits the
positions in a fixed order, so a board always gets the same drawing. On a
board whose borders cannot be drawn flat at all (a mistaken map file), the
lines that still cross are left out and reported.
"""

from __future__ import annotations

import numpy as np

from render.plane import Bools, Floats, Ints, compass, crossing, segment_distance

__all__ = ["crossings", "untangle"]

_CLEARANCE = 0.5  # of the spacing: how near a position may come to a line it is not on
_LONE_CLEARANCE = 0.9  # the same for a province with only two neighbours (its region is a lens between two faces)
_ROOM = 0.6  # of the spacing: how near two positions may come
_SWEEPS = 40
_FREE = 0.2  # spacings a position may move from home at no cost
_STIR = 2.0  # spacings: a move may change the cost of positions this near
_WORTH = 0.05  # the least drop in cost worth a move (smaller ones would only stir the neighbours)
_CROSSING, _CROWDING, _MOVING = 100.0, 5.0, 0.5  # weights of the costs
_STEPS = np.concatenate(
    [np.zeros((1, 2)), 0.1 * compass(8), 0.25 * compass(16)[1::2], 0.5 * compass(12), 0.9 * compass(16)]
)
"""Candidate steps, in spacings: staying put first, then rings of growing radius."""

_LEAPS = 4  # rounds of long leaps for positions still on a crossing
_LEAP_STEPS = np.concatenate([np.zeros((1, 2)), 1.4 * compass(24), 2.2 * compass(24), 3.2 * compass(24)])


def untangle(points: Floats, edges: Ints, spacing: float) -> tuple[Floats, Ints, Ints]:
    """Positions near ``points`` where no two edges cross; the edges kept, and those left out (normally none).

    Small steps first; if lines still cross (positions far off, as in a
    hastily edited map), the positions on them try long leaps, and the
    small steps tidy up after each.
    """
    search = _Search(points, edges, spacing)
    search.run(_STEPS, search.restless())
    for _ in range(_LEAPS):
        crossed = search.crossed()
        if not crossed:
            break
        search.run(_LEAP_STEPS, crossed, sweeps=1)
        search.run(_STEPS, search.restless())
    kept, dropped = _drop_crossing(search.pos, edges)
    return search.pos, kept, dropped


class _Search:
    """The positions being moved, and what their cost depends on.

    A position is tried again only when it is in trouble (or away from home)
    and something near it moved, since its cost depends on nothing else.
    """

    def __init__(self, points: Floats, edges: Ints, spacing: float) -> None:
        self.origin, self.pos, self.edges, self.spacing = points, points.copy(), edges, spacing
        self.touching = [np.flatnonzero((edges[:, 0] == v) | (edges[:, 1] == v)) for v in range(len(points))]
        lone = [len(mine) <= 2 for mine in self.touching]
        self.clear = np.where(lone, _LONE_CLEARANCE, _CLEARANCE) * spacing

    def restless(self) -> set[int]:
        return set(np.flatnonzero(_restless(self.pos, self.origin, self.edges, self.clear, self.spacing)).tolist())

    def crossed(self) -> set[int]:
        return set(self.edges[crossings(self.pos, self.edges).any(axis=1)].reshape(-1).tolist())

    def run(self, steps: Floats, restless: set[int], sweeps: int = _SWEEPS) -> None:
        """Sweeps in which each restless position takes its best step, if worth it."""
        for _ in range(sweeps):
            if not restless:
                return
            stirred: set[int] = set()
            for v in sorted(restless):
                candidates = self.pos[v] + steps * self.spacing
                cost = _cost(
                    v, candidates, self.pos, self.origin, self.edges, self.touching[v], self.clear, self.spacing
                )
                best = int(cost.argmin())
                if cost[best] < cost[0] - _WORTH:
                    self.pos[v] = candidates[best]
                    near = ((self.pos - self.pos[v]) ** 2).sum(axis=1) < (_STIR * self.spacing) ** 2
                    stirred |= set(np.flatnonzero(near).tolist()) | set(
                        self.edges[self.touching[v]].reshape(-1).tolist()
                    )
            restless = stirred & self.restless()


def crossings(pos: Floats, edges: Ints) -> Bools:
    """Which pairs of edges cross (a square matrix); edges sharing an end never do."""
    a, b = pos[edges[:, 0]], pos[edges[:, 1]]
    found = crossing(a[:, None], b[:, None], a[None], b[None])
    first, second = edges[:, 0], edges[:, 1]
    shared = (first[:, None] == first[None]) | (first[:, None] == second[None])
    shared |= (second[:, None] == first[None]) | (second[:, None] == second[None])
    result: Bools = found & ~shared
    return result


def _restless(pos: Floats, origin: Floats, edges: Ints, clear: Floats, spacing: float) -> Bools:
    """The positions worth trying to move: those on a crossing, too near something, or away from home."""
    restless = np.zeros(len(pos), dtype=bool)
    crossed = crossings(pos, edges).any(axis=1)
    restless[edges[crossed].reshape(-1)] = True
    near = segment_distance(pos[:, None], pos[edges[:, 0]][None], pos[edges[:, 1]][None]) < clear[:, None]
    near[edges[:, 0], np.arange(len(edges))] = False
    near[edges[:, 1], np.arange(len(edges))] = False
    restless |= near.any(axis=1)
    restless[edges[near.any(axis=0)].reshape(-1)] = True
    gaps = np.sqrt(((pos[:, None] - pos[None]) ** 2).sum(axis=2))
    np.fill_diagonal(gaps, np.inf)
    restless |= (gaps < _ROOM * spacing).any(axis=1)
    restless |= ((pos - origin) ** 2).sum(axis=1) > (_FREE * spacing) ** 2
    return restless


def _cost(
    v: int, candidates: Floats, pos: Floats, origin: Floats, edges: Ints, mine: Ints, clear: Floats, spacing: float
) -> Floats:
    """The cost of each candidate spot for position v, counting only what involves v.

    Only lines and positions near the candidates and v's neighbours can
    cross or crowd v's lines, so the rest are left out before the sums.
    """
    room = _ROOM * spacing
    others = np.where(edges[mine, 0] == v, edges[mine, 1], edges[mine, 0])
    spots = np.concatenate([candidates, pos[others]])
    margin = max(room, float(clear.max()))
    low, high = spots.min(axis=0) - margin, spots.max(axis=0) + margin
    a, b = pos[edges[:, 0]], pos[edges[:, 1]]
    nearby = (np.maximum(a, b) >= low).all(axis=1) & (np.minimum(a, b) <= high).all(axis=1)
    nearby[mine] = False
    lines = edges[nearby]
    far = pos[others][None, :, None]
    shares = (lines[None, :, 0] == others[:, None]) | (lines[None, :, 1] == others[:, None])
    crossed = crossing(candidates[:, None, None], far, pos[lines[:, 0]][None, None], pos[lines[:, 1]][None, None])
    count = (crossed & ~shares[None]).sum(axis=(1, 2))
    to_lines = segment_distance(candidates[:, None], pos[lines[:, 0]][None], pos[lines[:, 1]][None])
    crowding = np.clip(1 - to_lines / clear[v], 0.0, None).sum(axis=1)
    near = np.flatnonzero(((pos >= low) & (pos <= high)).all(axis=1))
    near = near[near != v]
    bystanders = pos[near]
    from_lines = segment_distance(bystanders[None, None], candidates[:, None, None], far)
    ends = near[None, :] == others[:, None]
    crowding += (np.clip(1 - from_lines / clear[near][None, None], 0.0, None) * ~ends[None]).sum(axis=(1, 2))
    gaps = np.sqrt(((candidates[:, None] - bystanders[None]) ** 2).sum(axis=2))
    crowding += np.clip(1 - gaps / room, 0.0, None).sum(axis=1)
    away = np.sqrt(((candidates - origin[v]) ** 2).sum(axis=1)) / spacing
    moving = np.maximum(away - _FREE, 0.0) ** 2
    result: Floats = _CROSSING * count + _CROWDING * crowding + _MOVING * moving
    return result


def _drop_crossing(pos: Floats, edges: Ints) -> tuple[Ints, Ints]:
    """The edges without the fewest that must go for none to cross (greedy: the most crossed first)."""
    crossed = crossings(pos, edges)
    keep = np.ones(len(edges), dtype=bool)
    while True:
        counts = (crossed & keep[None, :] & keep[:, None]).sum(axis=1)
        if not counts.any():
            return edges[keep], edges[~keep]
        keep[int(counts.argmax())] = False
