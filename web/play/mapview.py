"""The map pictures: SVG from :mod:`render` (and PNG from it, :mod:`raster.png`), kept in a small cache.

A game's pictures only change when its version does, so the cache key is
(game, version, which picture) and a stale entry is simply never asked for.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from adjudicator.position import Position
from game.records import OutcomeRecord
from maps.board import Board
from maps.terms import province_of
from orders.model import Order
from web.storage.kept import SharedLRU

__all__ = [
    "cached",
    "cached_png",
    "clear_cache",
    "focus",
    "focus_on_orders",
    "orders_layer",
    "page_svg",
    "png",
    "position_svg",
    "warm_up",
]

T = TypeVar("T", str, bytes)
Key = tuple[str, int, str]


_SVGS = SharedLRU[Key, str](256)  # 50-130 KB each (Sengoku on the real coast is the larger): at most about 33 MB
_PNGS = SharedLRU[Key, bytes](32)  # about 300 KB each: fewer kept, the forum fetches one phase's picture over and over

# The share of the map's width a phone opens on (its map is about 370 px wide, 5 wide by 6 high): at least
# _CLOSEST (names at about 13 px on a 390 px screen, with room round), at most _FARTHEST (names at 10 px, the
# least that reads); the height at most _TALL widths, so that a view that high still opens that wide.
_CLOSEST = 0.3
_FARTHEST = 0.38
_TALL = 1.2


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


def with_last_results(
    svg: str, board: Board, before: Position, outcomes: Sequence[OutcomeRecord], number: int = 0, shown: bool = True
) -> str:
    """The page's map with a past phase's results drawn over it in a group of their own (``g.results``, with
    ``data-phase`` its number), which the page shows or hides ("Now"): moves that went or failed, supports
    given or cut, from where each unit stood before the phase. Under the names, as the orders are. A few
    kilobytes, not a second map."""
    from render import orders_layer as layer

    drawn = layer(board, before, outcomes=outcomes)
    hidden = "" if shown else ' display="none"'
    drawn = drawn.replace('<g class="orders"', f'<g class="results" data-phase="{number}"{hidden}', 1)
    head, names, tail = svg.partition('<g class="labels"')
    if names:
        return f"{head}{drawn}\n{names}{tail}"
    head, closing, tail = svg.rpartition("</svg>")
    return f"{head}{drawn}{closing}{tail}" if closing else svg


def focus(board: Board, position: Position, power: str | None = None) -> str | None:
    """The part of the map a phone opens on ("x y width height"): the power's units and centres, with room round.

    Never so wide that names are too small to read on a phone: a power spread
    over the board opens on the corner where most of its units and centres
    stand (pan and zoom show the rest). With no power (the sandbox), the
    widest readable frame round the middle of all the units: the heart of
    the board, where most of them meet.
    """
    from render import sheet_of

    plan = sheet_of(board)
    spots = [plan.anchors.get(place) or plan.anchors[province_of(place)] for place in _places(position, power)]
    if not spots:
        return None
    if power is None:
        most_wide = _FARTHEST * plan.width
        middle = (sum(x for x, _ in spots) / len(spots), sum(y for _, y in spots) / len(spots))
        return _frame(middle, most_wide, _TALL * most_wide, plan.width, plan.height)
    return _round(spots, plan.width, plan.height, plan.spacing)


def focus_on_orders(board: Board, position: Position, outcomes: Sequence[OutcomeRecord] = ()) -> str | None:
    """The part of the map a phone opens a past phase (or the public page) on: where its orders were, the
    busiest corner if they spread over the board; with no orders, the heart of the board (:func:`focus`)."""
    from render import sheet_of

    plan = sheet_of(board)
    places: list[str] = []
    for outcome in outcomes:
        if getattr(outcome, "implicit", False):
            continue
        order = getattr(outcome.order, "order", outcome.order)  # a DP order: the order it buys
        places += [loc for loc in (_where(order, "unit"), getattr(order, "destination", None)) if loc]
    spots = [plan.anchors.get(p) or plan.anchors[province_of(p)] for p in places if province_of(p) in plan.anchors]
    if not spots:
        return focus(board, position)
    return _round(spots, plan.width, plan.height, plan.spacing)


def _where(order: object, field: str) -> str | None:
    unit = getattr(order, field, None)
    return getattr(unit, "location", None)


def _round(spots: Sequence[tuple[float, float]], width: float, height: float, spacing: float) -> str:
    """A frame round the busiest corner of ``spots``, with room round, as wide as names stay readable."""
    most_wide, pad = _FARTHEST * width, 2.2 * spacing
    most_high = _TALL * most_wide
    kept = _busiest(spots, most_wide - 2 * spacing, most_high - 2 * spacing)
    xs, ys = [x for x, _ in kept], [y for _, y in kept]
    wide = min(max(max(xs) - min(xs) + 2 * pad, _CLOSEST * width), most_wide)
    high = min(max(ys) - min(ys) + 2 * pad, most_high)
    return _frame(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), wide, high, width, height)


def _frame(middle: tuple[float, float], wide: float, high: float, width: float, height: float) -> str:
    """A frame round ``middle``, moved (not cut) to stay on the map, as a viewBox."""
    wide, high = min(wide, width), min(high, height)
    left = min(max(middle[0] - wide / 2, 0.0), width - wide)
    top = min(max(middle[1] - high / 2, 0.0), height - high)
    return f"{left:.0f} {top:.0f} {wide:.0f} {high:.0f}"


def _places(position: Position, power: str | None) -> list[str]:
    """Where the power's units (dislodged too) and centres are; with no power, where every unit is."""
    if power is None:
        return [u.location for u in position.units]
    places = [u.location for u in position.units_of(power)]
    places += [d.unit.location for d in position.dislodged if d.unit.power == power]
    return places + list(position.centres_of(power))


def _busiest(spots: Sequence[tuple[float, float]], wide: float, high: float) -> list[tuple[float, float]]:
    """The most spots a ``wide`` x ``high`` frame centred on one of them holds (the first such, on a tie)."""
    best: list[tuple[float, float]] = []
    for cx, cy in spots:
        held = [(x, y) for x, y in spots if abs(x - cx) <= wide / 2 and abs(y - cy) <= high / 2]
        if len(held) > len(best):
            best = held
    return best


def warm_up(variants: Sequence[str], background: bool = True) -> None:
    """Lay out the boards and their names at start, so even the first picture is quick.

    In a background thread by default; ``background=False`` does it now, as
    the master process of several workers does before it forks them, so that
    every worker (and every worker started again) has the layouts already.
    """

    def run() -> None:
        from localfiles.boardcache import keep_boards_on_disk
        from maps import load_board
        from render import sheet_of

        keep_boards_on_disk()  # the master process may warm up before any app is made

        for variant in variants:
            sheet_of(load_board(variant))

    if not background:
        run()
        return
    threading.Thread(target=run, name="sengoku-map-layout", daemon=True).start()


def png(svg: str) -> bytes:
    """The SVG picture as PNG, for a forum post (raises :class:`raster.png.NoFontError` on a server without fonts)."""
    from raster.png import svg_to_png  # the rasterizer loads when a PNG is first asked for

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
