"""Putting the picture together: board, position and orders in, one standalone SVG out.

Layers, bottom to top: the provinces (tinted by owner), the coastline,
impassable areas, land bridges, labels and centre marks, units, then orders,
and the legend beside the map. Nothing here does I/O; the same input gives
the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from adjudicator.position import Position
from maps import Board, UnitType, province_of
from orders.model import DPOrder, Order, Waive
from render.arrows import Status, order_mark
from render.geometry import Layout, layout
from render.glyphs import DISLODGED_OFFSET, centre_mark, unit_glyph
from render.labels import FONT_SIZE, place_labels
from render.legend import LEGEND_WIDTH, PowerLine, legend
from render.palette import BRIDGE, COAST, INK, LAND, NEUTRAL, SEA, VOID, WALL, WAVES, power_colours, tint
from render.plane import XY
from render.svg import element, path_data, text, tooltip

__all__ = ["Judged", "render_svg"]

_UNKNOWN = "#777777"  # a power the board does not know (a hand-made position)
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


def render_svg(
    board: Board,
    position: Position,
    *,
    orders: Sequence[Order | tuple[str | None, Order]] = (),
    outcomes: Sequence[Judged] = (),
    dp: Mapping[str, int] | None = None,
    title: str | None = None,
) -> str:
    """The board in this position as a standalone SVG document.

    ``orders`` are orders not yet adjudicated (each an order, or a (power,
    order) pair; without a power, the unit's owner in the position is taken);
    ``outcomes`` are adjudicated orders, drawn as succeeded or failed by their
    ``result``. ``dp`` adds each power's Diplomacy Points to the legend.
    """
    plan = layout(board)
    colours = power_colours(board.power_names)
    painter = _Painter(board, position, plan, colours)
    marks = [painter.order(power, order, Status.PENDING) for power, order in _with_powers(orders, position)]
    for outcome in outcomes:
        if getattr(outcome, "implicit", False):
            continue
        status = Status.SUCCEEDED if str(outcome.result) == "succeeds" else Status.FAILED
        marks.append(painter.order(outcome.power, outcome.order, status))
    width = plan.width + LEGEND_WIDTH
    heading = title or board.title
    body = [
        tooltip(f"{heading}: {position.phase}"),
        _SEA_PATTERN,
        element("rect", {"x": 0, "y": 0, "width": plan.width, "height": plan.height, "fill": VOID}),
        element("g", {"class": "provinces", "stroke-linejoin": "round"}, painter.provinces(), lines=True),
        element(
            "path",
            {
                "class": "coastline",
                "d": path_data(plan.land),
                "fill": "none",
                "stroke": COAST,
                "stroke-width": 1.6,
                "stroke-linejoin": "round",
            },
        ),
        element("g", {"class": "impassable"}, painter.walls(), lines=True),
        element("g", {"class": "bridges"}, painter.bridges(), lines=True),
        element("g", {"class": "labels"}, painter.labels(), lines=True),
        element("g", {"class": "units"}, painter.units(), lines=True),
        element("g", {"class": "orders"}, [m for m in marks if m], lines=True),
        legend(
            plan.width, heading, str(position.phase), painter.legend_rows(dp), painter.key(bool(orders or outcomes))
        ),
    ]
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


def _with_powers(
    orders: Sequence[Order | tuple[str | None, Order]], position: Position
) -> list[tuple[str | None, Order]]:
    paired = []
    for item in orders:
        if isinstance(item, tuple):
            paired.append(item)
            continue
        unit = getattr(item, "unit", None)
        holder = position.unit_at.get(province_of(unit.location)) if unit is not None else None
        paired.append((holder.power if holder is not None else None, item))
    return paired


class _Painter:
    """Draws the pieces of one picture; holds what the pieces share."""

    def __init__(self, board: Board, position: Position, plan: Layout, colours: Mapping[str, str]) -> None:
        self.board, self.position, self.plan, self.colours = board, position, plan, colours

    def colour(self, power: str | None) -> str:
        return NEUTRAL if power is None else self.colours.get(power, _UNKNOWN)

    def where(self, location: str) -> XY:
        """Where a unit at this location is drawn (an order naming a split-coast province means its unit's coast)."""
        anchors = self.plan.anchors
        province = province_of(location)
        if location == province and self.board.provinces.get(province) and self.board.provinces[province].coasts:
            unit = self.position.unit_at.get(province)
            if unit is not None and unit.location in anchors:
                return anchors[unit.location]
        return anchors.get(location) or anchors[province]

    def retreat_from(self, location: str) -> XY:
        x, y = self.plan.anchors[province_of(location)]
        return (x + DISLODGED_OFFSET[0], y + DISLODGED_OFFSET[1])

    def provinces(self) -> list[str]:
        out = []
        for key, geom in sorted(self.plan.regions.items()):
            info = self.board.provinces[key]
            about = f"{info.name} ({key})"
            if info.supply_centre:
                owner = self.position.centres.get(key)
                about += (
                    f", supply centre ({owner or ('neutral' if key in self.position.neutral_centres else 'unowned')})"
                )
            out.append(
                element(
                    "path",
                    {
                        "class": f"province {info.type.value}",
                        "data-province": key,
                        "d": path_data(geom),
                        "fill": self._fill(key),
                        "stroke": "#5F7F96" if info.is_sea else "#8A7F6A",
                        "stroke-width": 0.8,
                    },
                    [tooltip(about)],
                )
            )
        return out

    def _fill(self, key: str) -> str:
        info = self.board.provinces[key]
        if info.is_sea:
            return "url(#sea)"
        owner = self.position.centres.get(key)
        if info.supply_centre and owner is not None:
            return tint(self.colour(owner), 0.55)
        holder = self.position.unit_at.get(key)
        if not info.supply_centre and holder is not None and holder.power is not None:
            return tint(self.colour(holder.power), 0.25)
        return LAND

    def walls(self) -> list[str]:
        """Impassable areas; a nameplate carries the board's title, as on the printed boards."""
        out = []
        for name, geom in self.plan.impassable:
            out.append(
                element(
                    "path",
                    {"class": "wall", "d": path_data(geom), "fill": WALL, "stroke": COAST, "stroke-width": 1.2},
                    [tooltip(name)],
                )
            )
            if "nameplate" in name.lower():
                spot = geom.centroid
                out.append(
                    text(
                        self.board.title,
                        {
                            "x": spot.x,
                            "y": spot.y + 5,
                            "font-size": 14,
                            "font-weight": "bold",
                            "text-anchor": "middle",
                            "fill": INK,
                        },
                    )
                )
        return out

    def bridges(self) -> list[str]:
        return [
            element(
                "line",
                {
                    "class": "bridge",
                    "data-bridge": f"{a}-{b}",
                    "x1": s[0],
                    "y1": s[1],
                    "x2": e[0],
                    "y2": e[1],
                    "stroke": BRIDGE,
                    "stroke-width": 3.0,
                    "stroke-dasharray": "6 4",
                    "stroke-linecap": "round",
                },
                [tooltip(f"land bridge {a}-{b}")],
            )
            for a, b, s, e in self.plan.bridges
        ]

    def labels(self) -> list[str]:
        spots = place_labels(self.plan.anchors, self.plan.regions, self.board.supply_centres)
        out = []
        for key in sorted(spots):
            spot = spots[key]
            out.append(
                text(
                    key,
                    {
                        "class": "label",
                        "x": spot.x,
                        "y": spot.y,
                        "font-size": FONT_SIZE,
                        "font-weight": "bold",
                        "text-anchor": "middle",
                        "fill": INK,
                        "stroke": "#FFFFFF",
                        "stroke-width": 2.6,
                        "stroke-opacity": 0.85,
                        "paint-order": "stroke",
                    },
                )
            )
            if spot.mark is not None:
                owner = self.position.centres.get(key)
                neutral = owner is None and key in self.position.neutral_centres
                fill = self.colour(owner) if owner is not None else NEUTRAL
                state = owner or ("neutral" if neutral else "unowned")
                out.append(centre_mark(*spot.mark, fill, neutral=neutral, label=f"{key}: supply centre ({state})"))
        return out

    def units(self) -> list[str]:
        out = []
        for unit in sorted(self.position.units, key=lambda u: u.location):
            x, y = self.where(unit.location)
            out.append(self._glyph(unit.type, unit.location, unit.power, x, y, dislodged=False))
        for gone in sorted(self.position.dislodged, key=lambda d: d.unit.location):
            x, y = self.retreat_from(gone.unit.location)
            out.append(self._glyph(gone.unit.type, gone.unit.location, gone.unit.power, x, y, dislodged=True))
        return out

    def _glyph(self, kind: UnitType, location: str, power: str | None, x: float, y: float, *, dislodged: bool) -> str:
        who = power or "neutral"
        label = f"{who} {kind.word} {location}" + (" (dislodged)" if dislodged else "")
        return unit_glyph(
            kind, x, y, self.colour(power), label=f"{kind.value} {location} ({label})", power=who, dislodged=dislodged
        )

    def order(self, power: str | None, order: Order, status: Status) -> str:
        if isinstance(order, Waive):
            return ""
        inner = order.order if isinstance(order, DPOrder) else order
        if power is None:
            holder = self.position.unit_at.get(province_of(inner.unit.location))
            power = holder.power if holder is not None else None
        label = f"{power or 'neutral'}: {order.kind} {inner.unit.location} ({status.value})"
        return order_mark(order, self.colour(power), status, self.where, self.retreat_from, label=label)

    def legend_rows(self, dp: Mapping[str, int] | None) -> list[PowerLine]:
        rows = [
            PowerLine(
                name,
                self.colour(name),
                len(self.position.centres_of(name)),
                len(self.position.units_of(name)),
                dp.get(name, 0) if dp is not None else None,
            )
            for name in self.board.power_names
        ]
        neutral_units = sum(1 for unit in self.position.units if unit.power is None)
        if neutral_units or self.position.neutral_centres:
            rows.append(PowerLine(None, NEUTRAL, len(self.position.neutral_centres), neutral_units))
        return rows

    def key(self, with_orders: bool) -> dict[str, bool]:
        owned = set(self.position.centres)
        return {
            "orders": with_orders,
            "bridges": bool(self.plan.bridges),
            "neutral centres": bool(self.position.neutral_centres),
            "unowned centres": bool(self.board.supply_centres - owned - set(self.position.neutral_centres)),
            "dislodged": bool(self.position.dislodged),
        }
