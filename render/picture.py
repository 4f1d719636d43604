"""Putting the picture together: board, position and orders in, one SVG out.

Layers, bottom to top: the provinces (tinted by owner), the coastline,
impassable areas, land bridges, units, orders (above the units, so an arrow
is never hidden under a piece), then names and centre marks (above the
arrows, on their white halo, so a name stays readable over any arrow; the
names keep clear of the units' places), and the legend beside the map. A
name or centre mark carries its province (``data-province``): on a web page
a tap on it counts for the province. Nothing here does I/O; the same input gives the same bytes.

Two uses, one drawing: a standalone picture with its legend, for a GM's post
or the command line (:func:`render_svg`), and the same map without the
legend for a web page to hold inline (``legend=False``), where the page
itself says who is who. :func:`orders_layer` draws only the orders, for a
page that redraws them as a player types.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from adjudicator.position import Position
from maps import Board, province_of
from orders.model import Build, Disband, Order, Remove
from render.arrows import Status
from render.legend import LEGEND_WIDTH, legend
from render.painter import Painter
from render.palette import COAST, SEA, VOID, VOID_LAND, WAVES, power_colours
from render.svg import element, tooltip

__all__ = ["Judged", "orders_layer", "render_svg"]

_SEA_PATTERN = (
    f'<defs><pattern id="sea" width="16" height="10" patternUnits="userSpaceOnUse">'
    f'<rect width="16" height="10" fill="{SEA}"/>'
    f'<path d="M0,6q2,-2.5 4,0t4,0t4,0t4,0" fill="none" stroke="{WAVES}" stroke-width="0.7"/>'
    f"</pattern></defs>"
)


class Judged(Protocol):
    """An adjudicated order: :class:`adjudicator.outcomes.OrderOutcome` or anything shaped like it."""

    @property
    def power(self) -> str | None: ...
    @property
    def order(self) -> Order: ...
    @property
    def result(self) -> object: ...


Orders = Sequence[Order | tuple[str | None, Order]]


def render_svg(
    board: Board,
    position: Position,
    *,
    orders: Orders = (),
    outcomes: Sequence[Judged] = (),
    dp: Mapping[str, int] | None = None,
    title: str | None = None,
    with_legend: bool = True,
    phase_label: str | None = None,
) -> str:
    """The board in this position as an SVG document.

    ``orders`` are orders not yet adjudicated (each an order, or a (power,
    order) pair; without a power, the unit's owner in the position is taken);
    ``outcomes`` are adjudicated orders, drawn as succeeded or failed by their
    ``result``. ``dp`` adds each power's Diplomacy Points to the legend;
    ``with_legend`` False leaves the legend out (a page that says it itself).
    ``phase_label`` replaces the phase under the title (a finished game: who won).
    """
    painter = Painter(board, position, power_colours(board.power_names))
    plan = painter.sheet
    heading = title or board.title
    shown_phase = phase_label or str(position.phase)
    body = [
        tooltip(f"{heading}: {shown_phase}"),
        _SEA_PATTERN,
        element("rect", {"x": 0, "y": 0, "width": plan.width, "height": plan.height, "fill": VOID}),
        _void_land(plan.void_land),
        element("g", {"class": "provinces", "stroke-linejoin": "round"}, painter.provinces(), lines=True),
        element(
            "path",
            {
                "class": "coastline",
                "d": plan.coastline,
                "fill": "none",
                "stroke": COAST,
                "stroke-width": 1.6,
                "stroke-linejoin": "round",
                "pointer-events": "none",
            },
        ),
        element("g", {"class": "impassable"}, painter.walls(), lines=True),
        element("g", {"class": "bridges", "pointer-events": "none"}, painter.bridges(), lines=True),
        element("g", {"class": "hits"}, painter.hits(), lines=True),
        element("g", {"class": "units"}, painter.units(), lines=True),
        _orders(painter, orders, outcomes, position),
        element("g", {"class": "labels"}, painter.labels(), lines=True),
    ]
    width = plan.width
    if with_legend:
        rows, key = painter.legend_rows(dp), painter.key(bool(orders or outcomes))
        key |= _adjustment_keys([*(o for _, o in _with_powers(orders, position)), *(j.order for j in outcomes)])
        body.append(legend(plan.width, heading, shown_phase, rows, key))
        width += LEGEND_WIDTH
    return (
        element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "viewBox": f"0 0 {width:.0f} {plan.height:.0f}",
                "font-family": "DejaVu Sans, Verdana, Arial, sans-serif",
                "role": "img",
            },
            body,
            lines=True,
        )
        + "\n"
    )


def _adjustment_keys(drawn: Sequence[Order]) -> dict[str, bool]:
    """The key explains a build or a removal where the picture draws one."""
    return {
        "builds": any(isinstance(order, Build) for order in drawn),
        "removals": any(isinstance(order, Remove | Disband) for order in drawn),
    }


def _void_land(outline: str) -> str:
    """Land of no province (a real coast's neighbours): plain, under the coastline, not a place to click."""
    if not outline:
        return ""
    return element("path", {"class": "void-land", "d": outline, "fill": VOID_LAND, "pointer-events": "none"})


def orders_layer(board: Board, position: Position, orders: Orders = (), outcomes: Sequence[Judged] = ()) -> str:
    """Only the orders' group of :func:`render_svg`'s picture (the same ``<g class="orders">``), to swap in."""
    painter = Painter(board, position, power_colours(board.power_names))
    return _orders(painter, orders, outcomes, position)


def _orders(painter: Painter, orders: Orders, outcomes: Sequence[Judged], position: Position) -> str:
    marks = [painter.order(power, order, Status.PENDING) for power, order in _with_powers(orders, position)]
    for outcome in outcomes:
        if getattr(outcome, "implicit", False):
            continue
        status = Status.SUCCEEDED if str(outcome.result) == "succeeds" else Status.FAILED
        marks.append(painter.order(outcome.power, outcome.order, status))
    return element("g", {"class": "orders", "pointer-events": "none"}, [m for m in marks if m], lines=True)


def _with_powers(orders: Orders, position: Position) -> list[tuple[str | None, Order]]:
    paired = []
    for item in orders:
        if isinstance(item, tuple):
            paired.append(item)
            continue
        unit = getattr(item, "unit", None)
        holder = position.unit_at.get(province_of(unit.location)) if unit is not None else None
        paired.append((holder.power if holder is not None else None, item))
    return paired
