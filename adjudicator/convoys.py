"""Convoy geometry by name: which fleets some chain from one coast to another needs (DATC 6.G.19).

A fleet is *necessary* for a convoy when it lies on a route that no shortcut
makes redundant: a convoy order by an unnecessary fleet is illegal (4.E.1,
6.G.19). Whether a route exists at all (6.D.32) and whether one of working
convoys exists now (the path decision, 4.A.1) are :mod:`adjudicator.routes`,
on the board's integer tables.
"""

from __future__ import annotations

from collections.abc import Collection

from maps.board import Board

__all__ = ["necessary_fleets"]


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
