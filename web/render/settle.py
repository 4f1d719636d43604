"""Nudging province positions until their Voronoi cells border as the board says.

Real-world positions put a province's centre where it is, but a game board
is drawn for play: Sengoku's Kozuke reaches north to Dewa, which it does not
on a real map. Before the regions are cut, each position moves a little at
a time: neighbours whose cells do not touch are drawn together, and where
two cells touch that should not, the provinces bordering both are drawn
into the gap. Steps shrink as the search goes on, positions stay a minimum
distance apart, and the best arrangement seen is kept.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from web.render.projection import spread
from web.render.regions import Judge, Verdict
from web.render.voronoi import XY, Frame

__all__ = ["STYLES", "settle"]

_PUSH = 0.04  # share of their distance two wrongly touching provinces move apart
_TETHER = 0.01

STYLES = ((160, 0.12, 0.1), (240, 0.08, 0.2))
"""Search settings worth trying (rounds, pull, part): the search is greedy, so a
second try from the same start often lands somewhere better."""


def settle(
    positions: Mapping[str, XY],
    frame: Frame,
    judge: Judge,
    minimum: float,
    *,
    rounds: int = 240,
    pull: float = 0.08,
    part: float = 0.1,
) -> dict[str, XY]:
    """Positions whose plain Voronoi partition disagrees with the board as little as this search can make it.

    Per step, neighbours that do not touch close ``pull`` of their distance,
    and a province that could part two wrongly touching ones moves ``part``
    of the way to their border.
    """
    origin = dict(positions)
    pos = dict(positions)
    best_score, best = judge.judge(_seeds(pos), frame).score, dict(pos)
    for step in range(rounds):
        verdict = judge.judge(_seeds(pos), frame)
        if verdict.score < best_score:
            best_score, best = verdict.score, dict(pos)
        if verdict.score == 0:
            break
        limit = 8.0 * (1 - step / rounds) + 1.0
        moves = _moves(pos, verdict, judge, pull, part)
        for key, (dx, dy) in moves.items():
            size = math.hypot(dx, dy)
            if size > limit:
                dx, dy = dx * limit / size, dy * limit / size
            x, y = pos[key]
            pos[key] = (x + dx + (origin[key][0] - x) * _TETHER, y + dy + (origin[key][1] - y) * _TETHER)
        pos = spread(pos, minimum, rounds=3, tether=0.0)
    return best


def _moves(
    pos: Mapping[str, XY], verdict: Verdict, judge: Judge, pull: float, part: float
) -> dict[str, tuple[float, float]]:
    moves = {key: (0.0, 0.0) for key in sorted(pos)}

    def add(key: str, dx: float, dy: float) -> None:
        mx, my = moves[key]
        moves[key] = (mx + dx, my + dy)

    for a, b in verdict.missing:
        dx, dy = pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]
        add(a, dx * pull, dy * pull)
        add(b, -dx * pull, -dy * pull)
    for a, b in verdict.false:
        (x0, y0), (x1, y1) = verdict.shared[(a, b)]
        mid = ((x0 + x1) / 2, (y0 + y1) / 2)
        for key in judge.parters(a, b):
            add(key, (mid[0] - pos[key][0]) * part, (mid[1] - pos[key][1]) * part)
        dx, dy = pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]
        add(a, -dx * _PUSH, -dy * _PUSH)
        add(b, dx * _PUSH, dy * _PUSH)
    return moves


def _seeds(pos: Mapping[str, XY]) -> list[tuple[str, XY]]:
    return [(key, pos[key]) for key in sorted(pos)]
