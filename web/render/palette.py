"""Colours: one per power, told apart by colour-blind players too.

The power colours are the Okabe-Ito palette (Okabe and Ito, "Color Universal
Design", 2008), chosen so that the common forms of colour blindness still
tell them apart; it has eight colours, enough for Sengoku's eight powers. A
board with more powers repeats them (never the case with the shipped maps).
Land is tinted with a pale mix of its owner's colour so that labels stay
readable on it. Two power colours are blue, so seas are not told by colour
alone: they are a greyed blue with a pattern of waves.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "BRIDGE",
    "COAST",
    "FAILED",
    "INK",
    "LAND",
    "NEUTRAL",
    "SEA",
    "VOID",
    "WALL",
    "WAVES",
    "is_light",
    "power_colours",
    "tint",
]

OKABE_ITO = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#F0E442",  # yellow
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#000000",  # black
)

NEUTRAL = "#FFFFFF"  # neutral units: white pieces with a dark outline
LAND = "#F3ECD8"
SEA = "#BFD0DC"
WAVES = "#93AFC3"
VOID = "#E6E6E6"
WALL = "#B5B0A5"
COAST = "#3A3A3A"
INK = "#1E1E1E"
BRIDGE = "#7A4A1E"
FAILED = "#B00020"


def power_colours(powers: Sequence[str]) -> dict[str, str]:
    """Each power's colour, in the board's order of powers."""
    return {power: OKABE_ITO[i % len(OKABE_ITO)] for i, power in enumerate(powers)}


def tint(colour: str, share: float) -> str:
    """``colour`` mixed with white: ``share`` of the colour, the rest white."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mixed = (round(255 - (255 - c) * share) for c in (red, green, blue))
    return "#" + "".join(f"{c:02X}" for c in mixed)


def is_light(colour: str) -> bool:
    """Whether dark marks read better than white ones on this colour (relative luminance above ~0.5)."""
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5
