"""The chart of the centres year by year, as SVG (the web) and PNG (posts): matplotlib.

It takes plain values (years, and for each power its name, colour and
counts), so it imports none of the project. Each power's line has its own
dash pattern and marker as well as its colour, and the legend shows all
three; the lines' ends carry the powers' names (powers that end level share
one label), so no reader needs to tell colours apart. The victory line is
drawn and named. A second panel shows the Diplomacy Points bid each year
when the variant has them.

matplotlib draws without a display (its Agg canvas, in memory) and writes
the SVG with its text as text, in DejaVu Sans (the map's font), with no
date in it: the same game gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["Line", "chart_png", "chart_svg"]

_DASHES: tuple[str | tuple[float, tuple[float, ...]], ...] = (
    "solid",
    (0, (6, 2)),
    (0, (1, 1.5)),
    (0, (6, 2, 1, 2)),
    (0, (3, 2)),
    (0, (8, 2, 1, 2, 1, 2)),
    (0, (2, 3)),
    (0, (10, 3)),
)
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
_INK = "#1E1E1E"
_VICTORY = "#B00020"


@dataclass(frozen=True)
class Line:
    """One power's line: centres at each year's end (and DP bid in each year)."""

    name: str
    colour: str
    centres: Sequence[int]
    dp: Sequence[int] = ()


def chart_svg(title: str, years: Sequence[int], lines: Sequence[Line], victory: int, with_dp: bool = False) -> str:
    """The chart as SVG text (its size in points; it scales to any width)."""
    out = io.StringIO()
    _figure(title, years, lines, victory, with_dp).savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def chart_png(
    title: str, years: Sequence[int], lines: Sequence[Line], victory: int, with_dp: bool = False, width: int = 1000
) -> bytes:
    """The chart as PNG bytes, ``width`` pixels wide."""
    out = io.BytesIO()
    figure = _figure(title, years, lines, victory, with_dp)
    figure.savefig(out, format="png", dpi=width / figure.get_figwidth(), metadata={"Software": None})
    return out.getvalue()


def _figure(title: str, years: Sequence[int], lines: Sequence[Line], victory: int, with_dp: bool) -> Figure:
    from matplotlib import rcParams
    from matplotlib.figure import Figure

    rcParams["svg.fonttype"] = "none"  # text stays text: smaller, searchable, read by screen readers
    rcParams["svg.hashsalt"] = "sengoku"  # ids from a fixed salt: the same chart, the same bytes
    rcParams["font.family"] = "DejaVu Sans"
    rcParams["text.parse_math"] = False  # a game named "$\\frac{" is words, never TeX to parse (or fail on)
    high = 6.8 if with_dp else 5.4
    figure = Figure(figsize=(10, high), layout="constrained")
    if with_dp:
        centres, dp = figure.subplots(2, 1, sharex=True, height_ratios=(3, 1))
    else:
        centres, dp = figure.subplots(), None
    figure.suptitle(title, fontsize=13, color=_INK)
    _centres(centres, years, lines, victory)
    if dp is not None:
        _dp(dp, years, lines)
    (dp or centres).set_xlabel("Year (the first point: the start)", color=_INK)
    figure.legend(loc="outside lower center", ncols=min(len(lines), 8), fontsize=9, frameon=False, handlelength=3.4)
    return figure


def _centres(axes: Axes, years: Sequence[int], lines: Sequence[Line], victory: int) -> None:
    every = max(1, len(years) // 8)
    for i, line in enumerate(lines):
        axes.plot(
            years,
            line.centres,
            label=line.name,
            color=line.colour,
            linestyle=_DASHES[i % len(_DASHES)],
            marker=_MARKERS[i % len(_MARKERS)],
            markevery=every,
            markersize=6,
            markeredgecolor=_INK,
            markeredgewidth=0.6,
            linewidth=2.2,
        )
    axes.axhline(victory, color=_VICTORY, linewidth=1.4)
    axes.annotate(
        f"{victory} centres: victory",
        (years[0], victory),
        xytext=(2, 3),
        textcoords="offset points",
        color=_VICTORY,
        fontsize=9,
    )
    _end_labels(axes, years, lines)
    top = max([victory, *(max(line.centres) for line in lines)]) + 1
    axes.set_ylim(0, top)
    axes.set_xlim(years[0], years[-1] + max(1, (years[-1] - years[0]) * 0.18))
    axes.set_ylabel("Supply centres at the year's end", color=_INK)
    axes.grid(True, color="#DDDDDD", linewidth=0.6)
    _whole_numbers(axes)


def _end_labels(axes: Axes, years: Sequence[int], lines: Sequence[Line]) -> None:
    """The powers' names at their lines' ends; powers that end level share a label, spread so none overlap."""
    ends: dict[int, list[str]] = {}
    for line in lines:
        ends.setdefault(line.centres[-1], []).append(line.name)
    placed: list[float] = []
    gap = (max([*ends, 1]) + 1) / 22  # about one line of text, in centres
    for value in sorted(ends):
        y = max([value, *(p + gap for p in placed[-1:])])
        placed.append(y)
        axes.annotate(
            ", ".join(ends[value]) + f" ({value})",
            (years[-1], value),
            xytext=(years[-1] + 0.4, y),
            textcoords="data",
            va="center",
            fontsize=8.5,
            color=_INK,
            arrowprops={"arrowstyle": "-", "color": "#999999", "linewidth": 0.6} if y != value else None,
        )


def _dp(axes: Axes, years: Sequence[int], lines: Sequence[Line]) -> None:
    for i, line in enumerate(lines):
        axes.plot(
            years,
            line.dp,
            color=line.colour,
            linestyle=_DASHES[i % len(_DASHES)],
            linewidth=1.6,
            marker=_MARKERS[i % len(_MARKERS)],
            markevery=max(1, len(years) // 8),
            markersize=4,
            markeredgecolor=_INK,
            markeredgewidth=0.5,
        )
    axes.set_ylabel("DP bid in the year", color=_INK)
    axes.set_ylim(bottom=0)
    axes.grid(True, color="#DDDDDD", linewidth=0.6)
    _whole_numbers(axes)


def _whole_numbers(axes: Axes) -> None:
    """Ticks on whole years and whole counts only."""
    from matplotlib.ticker import MaxNLocator

    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
