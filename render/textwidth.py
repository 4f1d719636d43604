"""How wide a name is drawn: the advance widths of DejaVu Sans, the picture's first font.

The layout places names without a browser, so it needs their widths ahead
of time. A flat guess per character is either too tight for "Owari" (wide
capitals) or too loose for "Iyo" (narrow letters), which wastes the little
room a crowded board has. These are the font's own advance widths, in
thousandths of an em, as Chromium measures them (bold for land, oblique
for seas); a character not listed counts as an "M". Viewers that fall back
to Verdana draw a little wider, so callers keep a margin.
"""

from __future__ import annotations

__all__ = ["text_width"]

_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -'.()/&,"
_BOLD = (
    774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774,
    1103, 771, 724, 725, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493,
    595, 478, 712, 652, 924, 645, 652, 582, 696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 348, 415, 306, 380,
    457, 457, 365, 872, 380,
)  # fmt: skip
_OBLIQUE = (
    684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684,
    989, 685, 611, 685, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411,
    521, 392, 634, 592, 818, 592, 592, 525, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 318, 361, 275, 318,
    390, 390, 337, 780, 318,
)  # fmt: skip
_WIDTHS = {True: dict(zip(_CHARS, _BOLD, strict=True)), False: dict(zip(_CHARS, _OBLIQUE, strict=True))}


def text_width(words: str, size: float, *, bold: bool) -> float:
    """The drawn width of ``words`` at font ``size`` (bold, or the seas' oblique)."""
    table = _WIDTHS[bold]
    wide = table["M"]
    return sum(table.get(char, wide) for char in words) * size / 1000
