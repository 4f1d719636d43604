"""Unit glyphs and supply-centre marks.

An army is a round token with a chevron, a fleet a boat: the two differ in
outline, so the type reads without colour. Every glyph is filled with its
power's colour and outlined dark, so even a yellow or white piece stands out
on a pale tint. A dislodged unit is drawn smaller, beside its province's
place, on a red dashed ring.
"""

from __future__ import annotations

import math

from maps import UnitType
from render.palette import FAILED, INK, is_light
from render.svg import element, num, tooltip

__all__ = [
    "DISLODGED_HALF",
    "DISLODGED_OFFSET",
    "DISLODGED_OFFSETS",
    "GLYPH_HALF_HEIGHT",
    "GLYPH_HALF_WIDTH",
    "centre_mark",
    "unit_glyph",
]

GLYPH_HALF_WIDTH = 11.0
GLYPH_HALF_HEIGHT = 9.0
DISLODGED_OFFSET = (15.0, -13.0)
"""Where a dislodged unit is drawn, from its province's place: up and to the right, clear of the attacker."""
DISLODGED_OFFSETS = (DISLODGED_OFFSET, (-15.0, -13.0), (15.0, 13.0), (-15.0, 13.0)) + tuple(
    (round(r * math.cos(a * math.pi / 6), 1), round(-r * math.sin(a * math.pi / 6), 1))
    for r in (22.0, 30.0, 38.0)
    for a in (1, 5, 7, 11, 3, 9, 0, 6, 2, 4, 8, 10)
)
"""Where else it may go, in turn, when a name lies at the first place (a dislodged unit never covers a name)."""
DISLODGED_HALF = 10.5  # half the width of a dislodged unit's ring (drawn at 0.8 scale)

_ARMY = (
    '<circle r="8.5"/>'
    '<path d="M-4.5,2.5L0,-2L4.5,2.5" fill="none" stroke="{chevron}" stroke-width="2.2" stroke-linejoin="round"/>'
)
_FLEET = (
    '<path d="M-11,1.5L11,1.5L7,7.5L-7,7.5Z"/><path d="M-1,-9L-1,0.5L7,0.5Z"/><path d="M-2.5,-6L-2.5,0.5L-7.5,0.5Z"/>'
)


def unit_glyph(
    kind: UnitType,
    x: float,
    y: float,
    colour: str,
    *,
    label: str,
    power: str,
    dislodged: bool = False,
    ghost: bool = False,
) -> str:
    """A unit at (x, y). ``label`` and ``power`` go into data attributes and the tooltip.

    ``ghost`` draws it faint (a build not yet made).
    """
    scale = 0.8 if dislodged else 1.0
    shape = _ARMY.format(chevron=INK if is_light(colour) else "#FFFFFF") if kind is UnitType.ARMY else _FLEET
    parts = [tooltip(label)]
    if dislodged:
        parts.append(
            element(
                "circle",
                {
                    "r": 12.5,
                    "fill": "#FFFFFF",
                    "fill-opacity": 0.7,
                    "stroke": FAILED,
                    "stroke-width": 1.5,
                    "stroke-dasharray": "3 2",
                },
            )
        )
    parts.append(
        element(
            "g",
            {
                "fill": colour,
                "stroke": INK,
                "stroke-width": 1.2,
                "stroke-linejoin": "round",
                "opacity": 0.55 if ghost else None,
            },
            [shape],
        )
    )
    transform = f"translate({num(x)},{num(y)})" + (f" scale({scale})" if scale != 1.0 else "")
    return element(
        "g",
        {
            "class": "unit dislodged" if dislodged else "unit",
            "data-unit": kind.value,
            "data-power": power,
            "data-location": label.split(" ", 2)[1] if " " in label else label,
            "data-colour": colour,
            "transform": transform,
        },
        parts,
    )


def centre_mark(x: float, y: float, fill: str, *, neutral: bool, label: str, province: str | None = None) -> str:
    """A supply centre: a dot in its owner's colour; a neutral one is white with a dark centre."""
    parts = [tooltip(label), element("circle", {"r": 4.5, "fill": fill, "stroke": INK, "stroke-width": 1.2})]
    if neutral:
        parts.append(element("circle", {"r": 1.6, "fill": INK}))
    attrs = {"class": "centre", "data-province": province, "transform": f"translate({num(x)},{num(y)})"}
    return element("g", attrs, parts)
