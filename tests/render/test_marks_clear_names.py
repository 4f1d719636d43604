"""No mark of a position hides a name: a dislodged unit, or a DP tag, finds a free place beside its unit.

Measured on the SVG itself: every name's box (from the kept layout) against every dislodged unit's ring
and every DP tag drawn, with a unit and a dislodged unit in every province and a DP bid for each. In the
crowded middle of a board a mark may have no free place within reach of its unit, and then takes the place
that hides least of any name: never more than a sliver of its edge.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from adjudicator.position import DislodgedUnit, Phase, Position, Unit
from maps import Board, UnitType
from orders.model import DPOrder, Hold, UnitRef
from render import render_svg, sheet_of
from render.glyphs import DISLODGED_HALF
from render.spots import Box

SVG = "{http://www.w3.org/2000/svg}"


def crowded(board: Board, phase: str) -> Position:
    """A unit in every province (a fleet at sea, an army ashore), and in a retreat phase a dislodged one too."""
    kind = {p.id: UnitType.FLEET if p.is_sea else UnitType.ARMY for p in board}
    units = tuple(Unit(type=kind[key], location=key) for key in sorted(board.provinces))
    dislodged = tuple(DislodgedUnit(unit=u, attacker_from=None) for u in units) if "retreats" in phase else ()
    return Position(phase=Phase.parse(phase), units=units, dislodged=dislodged)


def names(board: Board) -> list[tuple[str, Box]]:
    return sorted((key, spot.box) for key, spot in sheet_of(board).spots.items())


@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_no_dislodged_unit_hides_a_name(name: str, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    root = ET.fromstring(render_svg(board, crowded(board, "spring 1901 retreats"), with_legend=False))
    rings = [g for g in root.iter(f"{SVG}g") if g.get("class") == "unit dislodged"]
    assert len(rings) == len(board.provinces)
    for ring in rings:
        match = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", ring.get("transform", ""))
        assert match, ring.get("transform")
        x, y = float(match[1]), float(match[2])
        box = Box(x - DISLODGED_HALF, y - DISLODGED_HALF, x + DISLODGED_HALF, y + DISLODGED_HALF)
        for key, label in names(board):
            hidden = box.shared(label) / ((label.right - label.left) * (label.bottom - label.top))
            assert hidden < 0.08, f"the dislodged unit of {ring.get('data-location')} hides {hidden:.0%} of {key}"


@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_no_dp_tag_hides_a_name(name: str, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    position = crowded(board, "spring 1901 movement")
    bids = [
        (None, DPOrder(points=1, order=Hold(unit=UnitRef(type=u.type, location=u.location)))) for u in position.units
    ]
    root = ET.fromstring(render_svg(board, position, orders=bids, with_legend=False))
    tags = [t for t in root.iter(f"{SVG}text") if t.get("class") == "dp"]
    assert len(tags) == len(board.provinces)
    for tag in tags:
        x, y = float(tag.get("x", "0")), float(tag.get("y", "0"))
        box = Box(x - 15, y - 9, x + 15, y + 2)  # "1 DP" at 10 units: about 24 wide, 9 above the baseline
        for key, label in names(board):
            hidden = box.shared(label) / ((label.right - label.left) * (label.bottom - label.top))
            assert hidden < 0.08, f"a DP tag at {x:.0f},{y:.0f} hides {hidden:.0%} of {key}"
