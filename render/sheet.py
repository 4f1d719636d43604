"""A board's drawing without pieces, as plain text and numbers: all a picture of a position needs.

Laying out a board (its regions, the coastline, where each name goes) takes
a geometry library and most of a second; drawing a position on it takes a
few milliseconds. A :class:`Sheet` is the layout's result with the geometry
already written as SVG path data, so it holds no shapely object: a shell
can keep it (the command line keeps it on disk beside the board cache) and
draw from it without loading shapely or numpy at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from maps import Board
from maps.perboard import per_board
from render.spots import XY, Box, LabelSpot

__all__ = ["Sheet", "keep_sheet", "sheet_of"]


@dataclass(frozen=True, eq=False)
class Sheet:
    """What :mod:`render.painter` draws a position on (see the module docstring)."""

    width: float
    height: float
    spacing: float
    anchors: Mapping[str, XY]
    outlines: Mapping[str, str]  # each province's path data, in the order of their ids
    coastline: str
    walls: tuple[tuple[str, str, XY], ...]  # an impassable area's name, path data and centre
    bridges: tuple[tuple[str, str, XY, XY], ...]
    spots: Mapping[str, LabelSpot]
    void_land: str = ""  # land of no province (Korea beside a real Japan), drawn plain under the coastline
    hits: Mapping[str, Box] = field(default_factory=dict)  # small provinces' extra tap squares (render.hits)


_TOLERANCE = 0.7
"""How far (in SVG units, about a CSS pixel on a phone) a drawn outline may stray from the layout's: a real
coast has far more points than a screen shows, and every point is bytes on the player's page. A stray
between a province and its sea hides under the coastline's stroke (1.6 wide)."""


def keep_sheet(board: Board, sheet: Sheet) -> None:
    """Use ``sheet`` for ``board`` from now on (a shell read it from its own store)."""
    sheet_of.keep(board, sheet)


def lay_out(board: Board) -> Sheet:
    """Lay the board out afresh (imports the geometry library)."""
    from render.geometry import layout
    from render.hits import tap_squares
    from render.labels import place_labels
    from render.svg import path_data

    plan = layout(board)
    spots = dict(place_labels(board, plan))
    return Sheet(
        width=plan.width,
        height=plan.height,
        spacing=plan.spacing,
        anchors=dict(plan.anchors),
        outlines={key: path_data(plan.regions[key].simplify(_TOLERANCE)) for key in sorted(plan.regions)},
        coastline=path_data(plan.land.simplify(_TOLERANCE)),
        walls=tuple((name, path_data(geom), (geom.centroid.x, geom.centroid.y)) for name, geom in plan.impassable),
        bridges=plan.bridges,
        spots=spots,
        void_land=path_data(plan.void.simplify(_TOLERANCE)) if plan.void is not None and not plan.void.is_empty else "",
        hits=tap_squares(plan, spots),
    )


sheet_of = per_board(lay_out)
"""The board's sheet: kept per board, laid out on first use (when no shell handed one in, :func:`keep_sheet`)."""
