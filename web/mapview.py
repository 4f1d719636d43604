"""The map pictures: SVG from :mod:`render` (and PNG from it, :mod:`shellkit.png`), kept in a small cache.

A game's pictures only change when its version does, so the cache key is
(game, version, which picture) and a stale entry is simply never asked for.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

from adjudicator.position import Position
from adjudicator.records import OutcomeRecord
from maps.board import Board
from maps.terms import province_of
from orders.model import Order

__all__ = ["cached", "cached_png", "clear_cache", "focus", "orders_layer", "page_svg", "png", "position_svg", "warm_up"]

T = TypeVar("T", str, bytes)
Key = tuple[str, int, str]


class _Kept(Generic[T]):
    """The last ``size`` pictures drawn, by key; drawing happens outside the lock."""

    def __init__(self, size: int) -> None:
        self.size, self.lock = size, threading.Lock()
        self.items: OrderedDict[Key, T] = OrderedDict()

    def get(self, key: Key, draw: Callable[[], T]) -> T:
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return self.items[key]
        picture = draw()
        with self.lock:
            self.items[key] = picture
            while len(self.items) > self.size:
                self.items.popitem(last=False)
        return picture

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


_SVGS = _Kept[str](256)  # about 60 KB each
_PNGS = _Kept[bytes](32)  # about 300 KB each: fewer kept, the forum fetches one phase's picture over and over

_CLOSEST = 0.3  # the least share of the map's width a phone opens on: names at about 14 px on a 390 px screen


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


def page_svg(
    board: Board,
    position: Position,
    *,
    orders: Sequence[tuple[str | None, Order]] = (),
    outcomes: Sequence[OutcomeRecord] = (),
) -> str:
    """The map a page holds inline: the same picture without its legend (the page says who is who)."""
    from render import render_svg

    return render_svg(board, position, orders=orders, outcomes=outcomes, with_legend=False)


def orders_layer(board: Board, position: Position, orders: Sequence[tuple[str | None, Order]]) -> str:
    """Only the orders' layer of :func:`page_svg`'s picture, for a page to swap in as the player types."""
    from render import orders_layer as layer

    return layer(board, position, orders)


def focus(board: Board, position: Position, power: str) -> str | None:
    """The part of the map a phone opens on ("x y width height"): the power's units and centres, with room round."""
    from render import layout

    plan = layout(board)
    places = [u.location for u in position.units_of(power)]
    places += [d.unit.location for d in position.dislodged if d.unit.power == power]
    places += position.centres_of(power)
    spots = [plan.anchors.get(place) or plan.anchors[province_of(place)] for place in places]
    if not spots:
        return None
    pad = 2.2 * plan.spacing
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    half = max(max(xs) - min(xs) + 2 * pad, _CLOSEST * plan.width) / 2  # never closer than names need
    middle = (min(xs) + max(xs)) / 2
    left, right = max(middle - half, 0.0), min(middle + half, plan.width)
    top, bottom = max(min(ys) - pad, 0.0), min(max(ys) + pad, plan.height)
    return f"{left:.0f} {top:.0f} {right - left:.0f} {bottom - top:.0f}"


def warm_up(variants: Sequence[str], background: bool = True) -> None:
    """Lay out the boards and their names at start, so even the first picture is quick.

    In a background thread by default; ``background=False`` does it now, as
    the master process of several workers does before it forks them, so that
    every worker (and every worker started again) has the layouts already.
    """

    def run() -> None:
        from maps import load_board
        from render import layout
        from render.labels import place_labels

        for variant in variants:
            board = load_board(variant)
            place_labels(board, layout(board))

    if not background:
        run()
        return
    threading.Thread(target=run, name="sengoku-map-layout", daemon=True).start()


def png(svg: str) -> bytes:
    """The SVG picture as PNG, for a forum post (raises :class:`shellkit.png.NoFontError` on a server without fonts)."""
    from shellkit.png import svg_to_png  # the rasterizer loads when a PNG is first asked for

    return svg_to_png(svg)


def clear_cache() -> None:
    """Forget every picture kept, so the next request draws its own (bench/bench_pages.py times the worst case)."""
    _SVGS.clear()
    _PNGS.clear()


def cached(key: Key, draw: Callable[[], str]) -> str:
    """The SVG picture under ``key``, drawn only if it is not kept already."""
    return _SVGS.get(key, draw)


def cached_png(key: Key, draw: Callable[[], bytes]) -> bytes:
    """The PNG picture under ``key``, drawn only if it is not kept already."""
    return _PNGS.get(key, draw)
