"""Convoy geometry: which chains of fleets can carry an army from one coast to another.

Three questions, all about chains of fleets at sea (DATC 4.A.1, 4.E.1, 6.G.19):

* could a route exist at all, given where fleets stand (an army's convoyed
  move is illegal if not, 6.D.32);
* is a given fleet *necessary* for some route, i.e. does it lie on a route
  that no shortcut makes redundant (a convoy order by an unnecessary fleet is
  illegal, 6.G.19);
* does a route of working convoys exist now (the PATH decision; a convoy
  with several routes is disrupted only when all are, 4.A.1).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterator

from maps.board import Board

__all__ = ["has_route", "necessary_fleets"]


def has_route(
    board: Board, fleets: Collection[str], origin: str, destination: str, works: Callable[[str], bool] | None = None
) -> bool:
    """Whether fleets at sea (each passing ``works``, if given) chain ``origin`` to ``destination``."""
    seen: set[str] = set()
    queue = deque(sea for sea in fleets if origin in board.shores(sea))
    while queue:
        sea = queue.popleft()
        if sea in seen:
            continue
        seen.add(sea)
        if works is not None and not works(sea):
            continue
        shores = board.shores(sea)
        if destination in shores:
            return True
        queue.extend(other for other in fleets if other in shores and other not in seen)
    return False


def necessary_fleets(board: Board, fleets: Collection[str], origin: str, destination: str) -> set[str]:
    """The fleets that lie on some chordless route from origin to destination.

    A fleet on a route with a shortcut (a later link reachable from an
    earlier one) is not needed for that route; if it is needed for no route
    its convoy order is illegal (DATC 6.G.19).
    """
    needed: set[str] = set()
    for route in _induced_routes(board, list(fleets), origin, destination):
        needed.update(route)
    return needed


def _touches(board: Board, a: str, b: str) -> bool:
    """Whether two links of a chain are adjacent (a fleet's sea touches the other)."""
    return (a in board.provinces and board.provinces[a].is_sea and b in board.shores(a)) or (
        b in board.provinces and board.provinces[b].is_sea and a in board.shores(b)
    )


def _induced_routes(board: Board, fleets: list[str], origin: str, destination: str) -> Iterator[list[str]]:
    """Every chain origin -> fleets -> destination in which only consecutive links touch."""

    def extend(path: list[str]) -> Iterator[list[str]]:
        last = path[-1]
        earlier = path[:-1]
        if len(path) > 1 and destination in board.shores(last):
            if not any(_touches(board, node, destination) for node in earlier):
                yield path[1:]
        for sea in fleets:
            if sea in path or not _touches(board, last, sea):
                continue
            if any(_touches(board, node, sea) for node in earlier):
                continue
            yield from extend([*path, sea])

    yield from extend([origin])
