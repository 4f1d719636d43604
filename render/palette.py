"""Colours: one per power, told apart by colour-blind players too.

The power colours start from the Okabe-Ito palette (Okabe and Ito, "Color
Universal Design", 2008), built so that the common colour-vision
deficiencies still tell its colours apart, in hue and in lightness. Its two
blues (sky blue and blue) were the weakest pair for naming a power at the
table ("the blue one"), so the sky blue gives way to indigo (CSS ``indigo``,
a deep violet). A wine (Tol's muted scheme) stood there before, but a map is
mostly land tinted with its owner's colour, and the wine's tint and the
reddish purple's were the same mauve a step apart in lightness: players
took Chosokabe's land for Takeda's. The indigo's tint is a lavender. The
tests pin, for the pieces, that no two of the eight colours come closer than
the original palette's closest pair when simulated for protanopia,
deuteranopia and tritanopia (Machado et al. 2009); and for the land, that
every two owners' tints differ in colour, not in lightness alone, and stay
apart under each simulation.

There are eight colours, enough for Sengoku's eight powers; the standard
board's seven take the first seven. A board with more powers repeats them
(never the case with the shipped maps). Land is tinted with a pale mix of
its owner's colour so that labels stay readable on it; the plain land is a
neutral cream, so that even the yellow's tint stands out from it. Seas are
a greyed blue with a pattern of waves, so they are not told by colour alone.
Neutral units are white with a dark outline.
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
    "POWERS",
    "SEA",
    "SEA_INK",
    "VOID",
    "WALL",
    "WAVES",
    "is_light",
    "power_colours",
    "tint",
]

POWERS = (
    "#E69F00",  # orange (Okabe-Ito)
    "#4B0082",  # indigo (CSS)
    "#009E73",  # bluish green (Okabe-Ito)
    "#F0E442",  # yellow (Okabe-Ito)
    "#0072B2",  # blue (Okabe-Ito)
    "#D55E00",  # vermillion (Okabe-Ito)
    "#CC79A7",  # reddish purple (Okabe-Ito)
    "#000000",  # black (Okabe-Ito)
)

NEUTRAL = "#FFFFFF"  # neutral units: white pieces with a dark outline
LAND = "#F4F1EA"
SEA = "#BFD0DC"
WAVES = "#93AFC3"
SEA_INK = "#1F3F58"  # sea names: a dark blue (about 7:1 contrast on the sea)
VOID = "#E6E6E6"
VOID_LAND = "#DAD6CC"  # land of no province (Korea beside a real Japan): greyer than any province
WALL = "#B5B0A5"
COAST = "#3A3A3A"
INK = "#1E1E1E"
BRIDGE = "#7A4A1E"
FAILED = "#B00020"


def power_colours(powers: Sequence[str]) -> dict[str, str]:
    """Each power's colour, in the board's order of powers."""
    return {power: POWERS[i % len(POWERS)] for i, power in enumerate(powers)}


def tint(colour: str, share: float) -> str:
    """``colour`` mixed with white: ``share`` of the colour, the rest white."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mixed = (round(255 - (255 - c) * share) for c in (red, green, blue))
    return "#" + "".join(f"{c:02X}" for c in mixed)


def is_light(colour: str) -> bool:
    """Whether dark marks read better than white ones on this colour (relative luminance above ~0.5)."""
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5
