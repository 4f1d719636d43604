"""The drawing of the boards themselves: borders exactly as the map says, labels clear of each other.

How long a layout takes is measured, not asserted: bench/bench_pages.py (the first request lays the board out).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import yaml
from shapely.geometry import Point, Polygon

from maps import Board, parse_board
from render import layout
from render.geometry import CONTACT
from render.labels import _glyph_box, place_labels
from render.regions import _place_the_lost
from render.untangle import crossings, untangle

MAPS = Path(__file__).resolve().parents[2] / "maps" / "data"


def test_regions_border_as_the_board_says(standard: Board) -> None:
    plan = layout(standard)
    assert (plan.false_borders, plan.missing_borders) == ((), ())


def test_a_schematic_sengoku_borders_as_the_board_says(sengoku: Board) -> None:
    plan = layout(schematic(sengoku))  # the board without its real-earth drawing (a GM's copy that names none)
    assert (plan.false_borders, plan.missing_borders) == ((), ())


@pytest.mark.parametrize(
    ("name", "a", "b", "border"),
    [
        ("sengoku", "TOT", "TTS", True),  # Totomi is on its sea, not landlocked
        ("standard", "BUR", "MUN", True),
        ("standard", "BUR", "PIE", False),  # Switzerland comes between
    ],
)
def test_borders_once_drawn_wrong(name: str, a: str, b: str, border: bool, request: pytest.FixtureRequest) -> None:
    regions = layout(request.getfixturevalue(name)).regions
    shared = regions[a].boundary.intersection(regions[b].buffer(0.5)).length
    assert (shared >= CONTACT) is border, f"{a}-{b} share {shared:.1f} pixels"


@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_each_region_is_one_piece_holding_its_units(name: str, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    plan = layout(board)
    for key, region in plan.regions.items():
        assert region.geom_type == "Polygon" or name == "sengoku", key  # a real province may have islands
        assert region.buffer(1.0).contains(Point(plan.anchors[key])), key
    for location, spot in plan.anchors.items():
        assert plan.regions[location.split("/")[0]].buffer(1.0).contains(Point(spot)), location


def test_land_bridges_cross_water(sengoku: Board) -> None:
    plan = layout(sengoku)
    for a, b in sengoku.bridges:
        assert (a, b) not in plan.false_borders
        assert plan.regions[a].distance(plan.regions[b]) > 1.0, f"{a} and {b} touch: the bridge would not show"


def test_switzerland_is_an_impassable_region_among_its_neighbours(standard: Board) -> None:
    ((name, wall),) = layout(standard).impassable
    regions = layout(standard).regions
    assert name == "Switzerland"
    around = {key for key, region in regions.items() if region.boundary.intersection(wall.buffer(0.5)).length > 5}
    assert around == {"BUR", "MAR", "MUN", "PIE", "TYR"}


@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_labels_do_not_overlap_labels_or_units(name: str, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    plan = layout(board)
    spots = place_labels(board, plan)
    boxes = [(spots[key].box, key) for key in sorted(spots)]
    for i, (box, key) in enumerate(boxes):
        for other, other_key in boxes[i + 1 :]:
            assert not box.overlaps(other), f"labels {key} and {other_key} overlap"
    for key, spot in spots.items():
        for location, anchor in plan.anchors.items():
            assert not spot.box.overlaps(_glyph_box(anchor)), f"label {key} covers the unit place of {location}"


def schematic(board: Board) -> Board:
    """A copy of a shipped map that names no real-earth drawing, so it is drawn as a schematic."""
    data = yaml.safe_load((MAPS / f"{board.name}.yaml").read_text(encoding="utf-8"))
    data["name"] = f"{board.name}-copy"
    data.pop("drawing", None)
    return parse_board(yaml.safe_dump(data), "copy.yaml")


def without_border(name: str, a: str, b: str) -> Board:
    """A shipped map (a schematic: a copy naming no drawing) in which a GM has decided that a and b no longer border."""
    data = yaml.safe_load((MAPS / f"{name}.yaml").read_text(encoding="utf-8"))
    data["name"] = f"{name}-edited"
    data.pop("drawing", None)
    for province in data["provinces"]:
        if province["id"] in (a, b):
            for kind in ("army", "fleet"):
                kept = [p for p in province.get(kind, []) if p.split("/")[0] not in (a, b)]
                province[kind] = kept
    return parse_board(yaml.safe_dump(data), "edited.yaml")


@pytest.mark.parametrize(
    ("name", "a", "b"),
    [
        ("standard", "BUR", "MUN"),
        ("sengoku", "OWA", "MIN"),
        ("sengoku", "ECS", "SHU"),  # two seas at the board's edge: the bay between them runs out to the frame
    ],
)
def test_an_edited_map_is_drawn_as_edited(name: str, a: str, b: str) -> None:
    plan = layout(without_border(name, a, b))
    assert (plan.false_borders, plan.missing_borders) == ((), ())
    assert plan.regions[a].boundary.intersection(plan.regions[b].buffer(0.5)).length < CONTACT


def test_borders_that_cannot_be_drawn_flat_are_reported() -> None:
    names = ["AAA", "BBB", "CCC", "DDD", "EEE"]  # five provinces all bordering each other: no flat map has that
    spots = {"AAA": (1.0, 1.0), "BBB": (1.0, 2.0), "CCC": (2.0, 2.5), "DDD": (3.0, 2.0), "EEE": (3.0, 1.0)}
    provinces = "\n".join(
        f"  - {{id: {key}, name: {key.title()}, type: land, supply_centre: {str(key == 'AAA').lower()}, "
        f"at: [{spots[key][0]}, {spots[key][1]}], "
        f"army: [{', '.join(n for n in names if n != key)}]}}"
        for key in names
    )
    text = (
        "format: 1\nname: five\ntitle: Five\nrules: standard\nstart: {season: spring, year: 1901}\nvictory_centres: 1\n"
        "powers:\n  - {name: Red, home_centres: [AAA], units: [A AAA]}\nprovinces:\n" + provinces + "\n"
    )
    plan = layout(parse_board(text, "five.yaml"))
    assert plan.false_borders == ()
    assert plan.missing_borders  # drawn all the same, with what it could not draw said


def test_a_province_the_drawing_lost_gets_a_place() -> None:
    square = Polygon([(0, 0), (100, 0), (100, 100), (0, 100)])
    shapes = _place_the_lost({"AAA": square}, {"AAA": (20.0, 20.0), "BBB": (50.0, 50.0)}, spacing=60.0)
    assert shapes["BBB"].contains(Point(50, 50)) and not shapes["AAA"].contains(Point(50, 50))
    assert shapes["AAA"].intersection(shapes["BBB"]).area < 1e-6


def test_untangling_uncrosses_lines_and_moves_little() -> None:
    points = np.array([[0.0, 0.0], [100.0, 0.0], [0.0, 100.0], [100.0, 100.0], [50.0, 160.0]])
    lines = np.array([[0, 3], [1, 2], [2, 4], [3, 4]])  # the first two cross
    assert crossings(points, lines).any()
    moved, kept, dropped = untangle(points, lines, spacing=100.0)
    assert not crossings(moved, kept).any() and len(dropped) == 0
    assert np.hypot(*(moved - points).T).max() <= 100.0


def test_a_board_without_positions_cannot_be_drawn() -> None:
    text = """
format: 1
name: bare
title: Bare
rules: standard
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


def test_a_tiny_board_is_drawn() -> None:
    text = """
format: 1
name: pair
title: Pair
rules: standard
start: {season: spring, year: 1901}
victory_centres: 1
powers:
  - {name: Red, home_centres: [AAA], units: [A AAA]}
provinces:
  - {id: AAA, name: Aaa, type: land, supply_centre: true, at: [1.0, 1.0], army: [BBB]}
  - {id: BBB, name: Bbb, type: land, at: [1.0, 2.0], army: [AAA]}
"""
    plan = layout(parse_board(text, "pair.yaml"))
    assert sorted(plan.regions) == ["AAA", "BBB"]
    assert (plan.false_borders, plan.missing_borders) == ((), ())
