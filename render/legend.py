"""The legend beside the map: the phase, each power's colour, centres, units and DP, and a key.

It sits to the right of the map, never over it, so it hides no province.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import msgspec

from maps import UnitType
from render.arrows import build_sample, removal_sample
from render.glyphs import centre_mark, unit_glyph
from render.palette import BRIDGE, FAILED, INK, LAND, NEUTRAL
from render.svg import element, text

__all__ = ["LEGEND_WIDTH", "PowerLine", "legend"]

LEGEND_WIDTH = 270.0
_ROW = 36.0
_KEY_ROW = 22.0


class PowerLine(msgspec.Struct, frozen=True):
    """One row of the legend. ``power`` None is the neutral row."""

    power: str | None
    colour: str
    centres: int
    units: int
    dp: int | None = None


def legend(left: float, title: str, phase: str, rows: Sequence[PowerLine], key: Mapping[str, bool]) -> str:
    """The legend, its left edge at ``left``. ``key`` says which optional entries to explain
    (``"orders"``, ``"bridges"``, ``"neutral centres"``, ``"unowned centres"``, ``"dislodged"``, ``"builds"``,
    ``"removals"``)."""
    x = left + 16
    parts = [
        element(
            "rect",
            {
                "x": left,
                "y": 0,
                "width": LEGEND_WIDTH,
                "height": "100%",
                "fill": LAND,
                "stroke": INK,
                "stroke-width": 1,
            },
        ),
        text(title, {"x": x, "y": 30, "font-size": _title_size(title), "font-weight": "bold", "fill": INK}),
        text(phase, {"x": x, "y": 52, "font-size": 14, "fill": INK, "class": "phase"}),
    ]
    y = 84.0
    for row in rows:
        parts.append(_row(x, y, row))
        y += _ROW
    y += 10
    parts.append(text("Key", {"x": x, "y": y, "font-size": 13, "font-weight": "bold", "fill": INK}))
    y += _KEY_ROW
    for entry in _key_entries(x, key):
        parts.append(entry(y))
        y += _KEY_ROW
    return element("g", {"class": "legend"}, parts)


def _title_size(title: str) -> float:
    """17 units, or smaller for a long title (a game's name after the board's), so it stays in the legend."""
    room = LEGEND_WIDTH - 28  # the margins
    return round(min(17.0, max(10.0, room / (0.66 * max(len(title), 1)))), 1)


def _row(x: float, y: float, row: PowerLine) -> str:
    name = row.power if row.power is not None else "Neutral"
    figures = f"{row.centres} centre{'s' if row.centres != 1 else ''}, {row.units} unit{'s' if row.units != 1 else ''}"
    if row.dp is not None:
        figures += f", {row.dp} DP"
    return element(
        "g",
        {
            "class": "legend-power",
            "data-power": name,
            "data-centres": row.centres,
            "data-units": row.units,
            "data-dp": row.dp,
        },
        [
            element(
                "rect",
                {
                    "x": x,
                    "y": y - 12,
                    "width": 26,
                    "height": 26,
                    "rx": 4,
                    "fill": row.colour,
                    "stroke": INK,
                    "stroke-width": 1.2,
                },
            ),
            text(name, {"x": x + 36, "y": y, "font-size": 14, "font-weight": "bold", "fill": INK}),
            text(figures, {"x": x + 36, "y": y + 15, "font-size": 11.5, "fill": INK}),
        ],
    )


Entry = Callable[[float], str]
"""A key entry, drawn at a given height."""


def _key_entries(x: float, key: Mapping[str, bool]) -> list[Entry]:
    glyph_x, label_x = x + 14, x + 36

    def with_mark(mark: Entry, words: str) -> Entry:
        return lambda y: mark(y) + text(words, {"x": label_x, "y": y + 4, "font-size": 12, "fill": INK})

    entries = [
        with_mark(lambda y: unit_glyph(UnitType.ARMY, glyph_x, y, NEUTRAL, label="army", power=""), "army"),
        with_mark(lambda y: unit_glyph(UnitType.FLEET, glyph_x, y, NEUTRAL, label="fleet", power=""), "fleet"),
        with_mark(
            lambda y: centre_mark(glyph_x, y, "#888888", neutral=False, label="owned centre"),
            "supply centre (owner's colour)",
        ),
    ]
    if key.get("neutral centres"):
        entries.append(
            with_mark(
                lambda y: centre_mark(glyph_x, y, NEUTRAL, neutral=True, label="neutral centre"),
                "neutral supply centre",
            )
        )
    if key.get("unowned centres"):
        entries.append(
            with_mark(
                lambda y: centre_mark(glyph_x, y, NEUTRAL, neutral=False, label="unowned centre"),
                "unowned supply centre",
            )
        )
    if key.get("dislodged"):
        entries.append(
            with_mark(
                lambda y: unit_glyph(UnitType.ARMY, glyph_x, y, NEUTRAL, label="dislodged", power="", dislodged=True),
                "dislodged unit",
            )
        )
    if key.get("bridges"):
        entries.append(with_mark(lambda y: _sample_line(x, y, BRIDGE, "6 4", 3.0), "land bridge"))
    if key.get("builds"):
        entries.append(
            with_mark(lambda y: build_sample((glyph_x, y), INK), "build (the new unit, faint)")
        )
    if key.get("removals"):
        entries.append(
            with_mark(
                lambda y: unit_glyph(UnitType.ARMY, glyph_x, y, NEUTRAL, label="unit", power="")
                + removal_sample((glyph_x, y), INK),
                "removal or disband",
            )
        )
    if key.get("orders"):
        entries += [
            with_mark(lambda y: _sample_line(x, y, INK, None, 2.6, arrow=True), "move"),
            with_mark(lambda y: _sample_line(x, y, INK, "5 3", 2.6), "support (a bar on the move)"),
            with_mark(lambda y: _sample_line(x, y, INK, "0.1 5", 3.2, cap="round"), "convoy"),
            with_mark(lambda y: _sample_line(x, y, INK, None, 2.6, arrow=True, failed=True), "failed order"),
        ]
    return entries


def _sample_line(
    x: float,
    y: float,
    colour: str,
    dash: str | None,
    width: float,
    *,
    cap: str = "butt",
    arrow: bool = False,
    failed: bool = False,
) -> str:
    parts = [
        element(
            "line",
            {
                "x1": x,
                "y1": y,
                "x2": x + 26,
                "y2": y,
                "stroke": colour,
                "stroke-width": width,
                "stroke-dasharray": dash,
                "stroke-linecap": cap,
            },
        )
    ]
    if arrow:
        parts.append(element("path", {"d": f"M{x + 30:.1f},{y:.1f}l-8,-5v10z", "fill": colour}))
    if failed:
        parts.append(
            element("path", {"d": f"M{x + 24:.1f},{y - 4:.1f}l8,8m0,-8l-8,8", "stroke": FAILED, "stroke-width": 2.2})
        )
    return element("g", {"opacity": 0.5 if failed else None}, parts)
