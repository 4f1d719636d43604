"""The map pictures: SVG from :mod:`render`, kept in a small cache per game version.

A game's pictures only change when its version does, so the cache key is
(game, version, which picture) and a stale entry is simply never asked for.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence

from adjudicator.position import Position
from adjudicator.records import OutcomeRecord
from maps.board import Board
from orders.model import Order

__all__ = ["cached", "position_svg", "warm_up"]

_CACHE: OrderedDict[tuple[str, int, str], str] = OrderedDict()
_LOCK = threading.Lock()
_SIZE = 256


def position_svg(
    board: Board,
    position: Position,
    *,
    orders: Sequence[tuple[str | None, Order]] = (),
    outcomes: Sequence[OutcomeRecord] = (),
    dp: Mapping[str, int] | None = None,
    title: str | None = None,
) -> str:
    """The position as SVG: with a power's pending orders, or with a past phase's outcomes."""
    from render import render_svg  # the renderer is heavy (shapely): load it when a picture is first asked for

    return render_svg(board, position, orders=orders, outcomes=outcomes, dp=dp, title=title)


def warm_up(variants: Sequence[str], background: bool = True) -> None:
    """Lay out the boards at start, so even the first picture asked for is quick.

    In a background thread by default; ``background=False`` does it now, as
    the master process of several workers does before it forks them, so that
    every worker (and every worker started again) has the layouts already.
    """

    def run() -> None:
        from maps import load_board
        from render import layout

        for variant in variants:
            layout(load_board(variant))

    if not background:
        run()
        return
    threading.Thread(target=run, name="sengoku-map-layout", daemon=True).start()


def cached(key: tuple[str, int, str], draw: Callable[[], str]) -> str:
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    svg = draw()
    with _LOCK:
        _CACHE[key] = svg
        while len(_CACHE) > _SIZE:
            _CACHE.popitem(last=False)
    return svg
