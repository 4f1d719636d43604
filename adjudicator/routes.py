"""Convoy chains on the integer board: whether fleets chain one coast to another.

Provinces are ids and sets of them bitmasks (:mod:`maps.tables`). A sea's
convoy links are exactly the provinces it shares a shore with (sea borders
go both ways), so a chain of fleets steps along ``links``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from maps.tables import BoardTables

__all__ = ["could_chain", "route_through"]


def could_chain(tables: BoardTables, fleets: int, origin: int, destination: int) -> bool:
    """Whether the fleets at sea in the bitmask ``fleets`` chain ``origin`` to ``destination``.

    A flood through the fleets, a frontier at a time: each step is a few
    integer operations, however many fleets there are.
    """
    links = tables.links
    fleets &= tables.seas
    reached = frontier = links[origin] & fleets
    goal = links[destination]
    while frontier:
        if frontier & goal:
            return True
        near = 0
        while frontier:
            low = frontier & -frontier
            near |= links[low.bit_length() - 1]
            frontier ^= low
        frontier = near & fleets & ~reached
        reached |= frontier
    return False


def route_through(
    tables: BoardTables, fleets: Sequence[int], origin: int, destination: int, works: Callable[[int], bool]
) -> bool:
    """Whether fleets (sea province ids), each passing ``works``, chain ``origin`` to ``destination``.

    ``works`` is asked in breadth-first order, fleets in the order given:
    when it resolves convoy decisions, that order is part of how a paradox is
    met (DATC.md, "Departures from the 5.B decision graph").
    """
    links = tables.links
    seen: set[int] = set()
    queue = deque(sea for sea in fleets if links[sea] >> origin & 1)
    while queue:
        sea = queue.popleft()
        if sea in seen:
            continue
        seen.add(sea)
        if not works(sea):
            continue
        near = links[sea]
        if near >> destination & 1:
            return True
        queue.extend(other for other in fleets if near >> other & 1 and other not in seen)
    return False
