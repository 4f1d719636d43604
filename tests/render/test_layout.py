"""The drawing of the boards themselves: borders as the map says, labels clear of each other."""

from __future__ import annotations

import pytest

from maps import Board, parse_board
from web.render import layout
from web.render.labels import place_labels

# Borders the drawing still gets wrong (a picture of approximate positions
# cannot always follow a game board exactly). Lower these when the layout
# improves; never raise them without looking at the picture.
MOST_WRONG_BORDERS = {"sengoku": 2, "standard": 3}


@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_regions_border_as_the_board_says(name: str, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    plan = layout(board)
    wrong = [*plan.false_borders, *plan.missing_borders]
    assert len(wrong) <= MOST_WRONG_BORDERS[name], f"false {plan.false_borders}, missing {plan.missing_borders}"


@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_each_region_is_one_piece_holding_its_units(name: str, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    plan = layout(board)
    from shapely.geometry import Point

    for key, region in plan.regions.items():
        assert region.geom_type == "Polygon", key
        assert region.buffer(1.0).contains(Point(plan.anchors[key])), key
    for location, spot in plan.anchors.items():
        assert plan.regions[location.split("/")[0]].buffer(1.0).contains(Point(spot)), location


def test_land_bridges_cross_water(sengoku: Board) -> None:
    plan = layout(sengoku)
    for a, b in sengoku.bridges:
        assert (a, b) not in plan.false_borders
        assert plan.regions[a].distance(plan.regions[b]) > 1.0, f"{a} and {b} touch: the bridge would not show"


@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_labels_do_not_overlap_labels_or_units(name: str, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    plan = layout(board)
    spots = place_labels(plan.anchors, plan.regions, board.supply_centres)
    boxes = [(spots[key].box, key) for key in sorted(spots)]
    for i, (box, key) in enumerate(boxes):
        for other, other_key in boxes[i + 1 :]:
            assert not box.overlaps(other), f"labels {key} and {other_key} overlap"
    from web.render.labels import _glyph_box

    for key, spot in spots.items():
        for location, anchor in plan.anchors.items():
            assert not spot.box.overlaps(_glyph_box(anchor)), f"label {key} covers the unit place of {location}"


def test_a_board_without_positions_cannot_be_drawn() -> None:
    text = """
format: 1
name: bare
title: Bare
start: {season: spring, year: 1901}
victory_centres: 1
powers:
  - {name: Red, home_centres: [AAA], units: [A AAA]}
provinces:
  - {id: AAA, name: Aaa, type: land, supply_centre: true, army: [BBB]}
  - {id: BBB, name: Bbb, type: land, at: [1.0, 1.0], army: [AAA]}
"""
    with pytest.raises(ValueError, match="no position .* AAA"):
        layout(parse_board(text, "bare.yaml"))
