"""Drawing the pieces of one picture: provinces, coasts, walls, bridges, names, centres, units and orders.

:mod:`render.picture` puts them together. What depends on the board alone
(the province outlines, where the names go) is computed once per layout;
what depends on the position (tints, units, orders) is drawn each time.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.position import Position
from maps import Board, UnitType, province_of
from maps.perboard import per_board
from orders.model import DPOrder, Order, Waive
from render.arrows import Status, order_mark
from render.glyphs import DISLODGED_HALF, DISLODGED_OFFSETS, centre_mark, unit_glyph
from render.legend import PowerLine
from render.palette import BRIDGE, COAST, INK, LAND, NEUTRAL, SEA_INK, WALL, tint
from render.sheet import sheet_of
from render.spots import XY, Box, LabelSpot
from render.svg import element, text, tooltip

__all__ = ["Painter"]

_UNKNOWN = "#777777"  # a power the board does not know (a hand-made position)


class Painter:
    """Draws the pieces of one picture; holds what the pieces share."""

    def __init__(self, board: Board, position: Position, colours: Mapping[str, str]) -> None:
        self.board, self.position, self.sheet, self.colours = board, position, sheet_of(board), colours

    def colour(self, power: str | None) -> str:
        return NEUTRAL if power is None else self.colours.get(power, _UNKNOWN)

    def where(self, location: str) -> XY:
        """Where a unit at this location is drawn (an order naming a split-coast province means its unit's coast)."""
        anchors = self.sheet.anchors
        province = province_of(location)
        if location == province and self.board.provinces.get(province) and self.board.provinces[province].coasts:
            unit = self.position.unit_at.get(province)
            if unit is not None and unit.location in anchors:
                return anchors[unit.location]
        return anchors.get(location) or anchors[province]

    def retreat_from(self, location: str) -> XY:
        """Where a dislodged unit is drawn: beside its province's place, where it covers no name (or least of one)."""
        x, y = self.sheet.anchors[province_of(location)]
        names, h = _name_boxes(self.board), DISLODGED_HALF

        def covered(offset: XY) -> float:
            ring = Box(x + offset[0] - h, y + offset[1] - h, x + offset[0] + h, y + offset[1] + h)
            return sum(ring.shared(name) for name in names)

        dx, dy = min(DISLODGED_OFFSETS, key=covered)  # the first free place, or the one covering least of any name
        return (x + dx, y + dy)

    def provinces(self) -> list[str]:
        out = []
        for key, outline in self.sheet.outlines.items():
            info = self.board.provinces[key]
            about = f"{info.name} ({key})"
            centre = None
            if info.supply_centre:
                owner = self.position.centres.get(key)
                centre = owner or ("neutral" if key in self.position.neutral_centres else "unowned")
                about += f", supply centre ({centre})"
            out.append(
                element(
                    "path",
                    {
                        "class": f"province {info.type.value}",
                        "data-province": key,
                        "data-name": info.name,
                        "data-centre": centre,
                        "d": outline,
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
        for name, outline, (x, y) in self.sheet.walls:
            out.append(
                element(
                    "path",
                    {"class": "wall", "d": outline, "fill": WALL, "stroke": COAST, "stroke-width": 1.2},
                    [tooltip(name)],
                )
            )
            if "nameplate" in name.lower():
                out.append(
                    text(
                        self.board.title,
                        {
                            "x": x,
                            "y": y + 5,
                            "font-size": 14,
                            "font-weight": "bold",
                            "text-anchor": "middle",
                            "fill": INK,
                        },
                    )
                )
        return out

    def bridges(self) -> list[str]:
        """Each land bridge: a broad dashed band over the water, light-cased so it shows on any sea."""
        out = []
        for a, b, s, e in self.sheet.bridges:
            ends: dict[str, str | float] = {"x1": s[0], "y1": s[1], "x2": e[0], "y2": e[1], "stroke-linecap": "round"}
            about = f"land bridge {self.board.display(a)} - {self.board.display(b)}"
            casing = element("line", {**ends, "stroke": "#FFFFFF", "stroke-width": 7.0, "stroke-opacity": 0.7})
            band = element("line", {**ends, "stroke": BRIDGE, "stroke-width": 4.5, "stroke-dasharray": "7 4"})
            out.append(element("g", {"class": "bridge", "data-bridge": f"{a}-{b}"}, [tooltip(about), casing, band]))
        return out

    def hits(self) -> list[str]:
        """The small provinces' extra tap squares (:mod:`render.hits`): unseen, but a tap there counts."""
        attrs = {"class": "hit", "fill": "none", "pointer-events": "all"}
        return [
            element(
                "rect",
                {
                    **attrs,
                    "data-province": key,
                    "x": square.left,
                    "y": square.top,
                    "width": square.right - square.left,
                    "height": square.bottom - square.top,
                },
            )
            for key, square in sorted(self.sheet.hits.items())
        ]

    def labels(self) -> list[str]:
        spots = self.sheet.spots
        names = _names(self.board)
        out = []
        for key in sorted(spots):
            out.append(names[key])
            spot = spots[key]
            if spot.mark is not None:
                owner = self.position.centres.get(key)
                neutral = owner is None and key in self.position.neutral_centres
                fill = self.colour(owner) if owner is not None else NEUTRAL
                state = owner or ("neutral" if neutral else "unowned")
                label = f"{key}: supply centre ({state})"
                out.append(centre_mark(*spot.mark, fill, neutral=neutral, label=label, province=key))
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
        return order_mark(
            order, self.colour(power), status, self.where, self.retreat_from, label=label, avoid=_name_boxes(self.board)
        )

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
            "bridges": bool(self.sheet.bridges),
            "neutral centres": bool(self.position.neutral_centres),
            "unowned centres": bool(self.board.supply_centres - owned - set(self.position.neutral_centres)),
            "dislodged": bool(self.position.dislodged),
        }


def _label(key: str, name: str, spot: LabelSpot, sea: bool) -> str:
    """A province's name (or, where space forced it, its code, with the full name as its tooltip)."""
    attrs = {
        "class": "label short" if spot.short else "label",
        "data-province": key,
        "x": spot.x,
        "y": spot.y,
        "font-size": spot.size,
        "font-weight": None if sea else "bold",
        "font-style": "italic" if sea else None,
        "text-anchor": "middle",
        "fill": SEA_INK if sea else INK,
        "stroke": "#FFFFFF",
        "stroke-width": 2.6,
        "stroke-opacity": 0.85,
        "paint-order": "stroke",
    }
    if len(spot.lines) == 1:
        return text(spot.lines[0], attrs) if not spot.short else element("text", attrs, [tooltip(name), _escaped(key)])
    lines = [
        element("tspan", {"x": spot.x, "dy": None if i == 0 else f"{1.1:.1f}em"}, [_escaped(line)])
        for i, line in enumerate(spot.lines)
    ]
    return element("text", attrs, lines)


def _escaped(words: str) -> str:
    return text(words, {})[len("<text>") : -len("</text>")]


@per_board
def _name_boxes(board: Board) -> tuple[Box, ...]:
    """Where the names are: an arrowhead keeps off them."""
    return tuple(spot.box for spot in sheet_of(board).spots.values())


@per_board
def _names(board: Board) -> Mapping[str, str]:
    """Each province's name as drawn (the same for every position of a board: written once)."""
    return {
        key: _label(key, board.provinces[key].name, spot, board.provinces[key].is_sea)
        for key, spot in sheet_of(board).spots.items()
    }
