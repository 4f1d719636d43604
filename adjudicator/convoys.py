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
from collections.abc import Callable, Collection
from collections.abc import Set as AbstractSet

from maps.board import Board

__all__ = ["has_route", "necessary_fleets"]


def has_route(
    board: Board, fleets: Collection[str], origin: str, destination: str, works: Callable[[str], bool] | None = None
) -> bool:
    """Whether fleets at sea (each passing ``works``, if given) chain ``origin`` to ``destination``.

    ``works`` is asked in breadth-first order, fleets in the order given: when
    it resolves convoy decisions, that order is part of how a paradox is met.
    """
    if works is None:
        return _could_chain(board, fleets, origin, destination)
    seen: set[str] = set()
    shores = board.shores
    queue = deque(sea for sea in fleets if origin in shores(sea))
    while queue:
        sea = queue.popleft()
        if sea in seen:
            continue
        seen.add(sea)
        if not works(sea):
            continue
        near = shores(sea)
        if destination in near:
            return True
        queue.extend(other for other in fleets if other in near and other not in seen)
    return False


def _could_chain(board: Board, fleets: Collection[str], origin: str, destination: str) -> bool:
    """:func:`has_route` with every fleet working: a flood through the fleets, a set at a time.

    A sea's convoy links are exactly the provinces it shares a shore with
    (sea borders go both ways), so the flood may step along them.
    """
    links = board.convoy_links
    fleets = board.seas.intersection(fleets)
    reached: AbstractSet[str] = links(origin) & fleets
    frontier = reached
    while frontier:
        if not frontier.isdisjoint(links(destination)):
            return True
        near: set[str] = set()
        for sea in frontier:
            near |= links(sea)
        frontier = (near & fleets) - reached
        reached = reached | frontier
    return False


def necessary_fleets(board: Board, fleets: Collection[str], origin: str, destination: str) -> set[str]:
    """The fleets that lie on some chordless route from origin to destination.

    A fleet on a route with a shortcut (a later link reachable from an
    earlier one) is not needed for that route; if it is needed for no route
    its convoy order is illegal (DATC 6.G.19).
    """
    needed: set[str] = set()
    _extend_routes(board, frozenset(fleets), destination, [origin], frozenset(), needed)
    return needed


def _extend_routes(
    board: Board, fleets: frozenset[str], destination: str, path: list[str], shortcuts: frozenset[str], needed: set[str]
) -> None:
    """Grow chordless chains from ``path``, adding every completed one's fleets to ``needed``.

    ``shortcuts`` holds every province an earlier link (all but the last)
    touches: a chain may not step there, since it would then have a chord.
    A chain stops as soon as it touches the destination: any longer chain
    through it would have the destination as a chord.
    """
    last = path[-1]
    links = board.convoy_links(last)
    if len(path) > 1 and destination in links:
        needed.update(path[1:])
        return
    further = shortcuts | links
    for sea in links & fleets:
        if sea not in shortcuts and sea not in path:
            path.append(sea)
            _extend_routes(board, fleets, destination, path, further, needed)
            path.pop()
