"""The map as a page shows it: framed to the land, full names where they fit, orders above the pieces."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from shapely.geometry import Point, box
from shapely.ops import polylabel

from adjudicator.position import Position
from maps import Board, UnitType
from orders.model import Move, SupportMove, UnitRef
from render import layout, render_svg
from render.crop import inside
from render.labels import place_labels
from render.picture import orders_layer
from render.textwidth import text_width
from tests.render.conftest import start_position
from tests.render.test_render import SVG, group, parse


@pytest.mark.parametrize(("name", "share"), [("sengoku", 0.18), ("standard", 0.3)])
def test_the_picture_is_framed_to_the_land(name: str, share: float, request: pytest.FixtureRequest) -> None:
    """Open sea is cut to a margin round the land: on Sengoku the land went from 1/7 of the map to about 1/5."""
    plan = layout(request.getfixturevalue(name))
    left, top, right, bottom = plan.land.bounds
    assert left <= 2.5 * plan.spacing and top <= 2.5 * plan.spacing
    assert plan.width - right <= 2.5 * plan.spacing and plan.height - bottom <= 2.5 * plan.spacing
    assert plan.land.area / (plan.width * plan.height) >= share


@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_every_sea_keeps_room_for_a_fleet_and_its_name(name: str, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    plan = layout(board)
    frame = box(0, 0, plan.width, plan.height)
    for sea in (p.id for p in board if p.is_sea):
        region = plan.regions[sea]
        assert frame.buffer(0.5).contains(region), f"{sea} runs out of the picture"
        spot = polylabel(max(getattr(region, "geoms", [region]), key=lambda g: g.area), tolerance=1.0)
        assert spot.distance(region.exterior if region.geom_type == "Polygon" else region.boundary) >= 10, sea
        assert region.buffer(1.0).contains(Point(plan.anchors[sea])), f"{sea}'s fleet stands outside it"


def test_an_ornament_beyond_the_frame_goes_and_the_sea_gets_its_water_back() -> None:
    sea = box(0, 0, 100, 100).difference(box(40, -10, 60, 10))  # a nameplate cut out at the top edge
    plate = box(40, -10, 60, 10)
    regions = {"SEA": sea}
    kept = inside({"Nameplate": plate}, regions, (0, 0, 100, 100))
    assert kept == {} and regions["SEA"].area == pytest.approx(100 * 100)


@pytest.mark.parametrize(("name", "share"), [("sengoku", 0.8), ("standard", 0.8)])
def test_provinces_are_named_in_full_where_they_have_room(
    name: str, share: float, request: pytest.FixtureRequest
) -> None:
    board: Board = request.getfixturevalue(name)
    spots = place_labels(board, layout(board))
    assert set(spots) == set(board.provinces)
    full = [key for key, spot in spots.items() if not spot.short]
    assert len(full) >= share * len(spots), sorted(k for k in spots if spots[k].short)
    for key in full:
        assert " ".join(spots[key].lines) == board.provinces[key].name
    for key, spot in spots.items():
        if spot.short:
            assert spot.lines == (key,)


def test_a_short_code_keeps_the_full_name_as_its_tooltip(sengoku: Board, sengoku_start: Position) -> None:
    labels = [t for t in group(parse(render_svg(sengoku, sengoku_start)), "labels") if t.tag == f"{SVG}text"]
    short = [t for t in labels if "short" in t.get("class", "")]
    assert short, "expected a few codes in crowded Kinai"
    for label in short:
        key = label.get("data-province")
        assert label.findtext(f"{SVG}title") == sengoku.provinces[key].name


def test_a_two_word_name_may_take_two_lines(sengoku: Board) -> None:
    spots = place_labels(sengoku, layout(sengoku))
    assert any(len(spot.lines) == 2 for spot in spots.values())
    assert all(len(spot.lines) <= 2 for spot in spots.values())


def test_text_widths_are_the_fonts() -> None:
    """DejaVu Sans Bold, as Chromium measured it: "South Shinano" at 1000 units is 8,218 wide."""
    assert text_width("South Shinano", 1000, bold=True) == pytest.approx(8218, abs=40)
    assert text_width("Iyo", 10, bold=True) < text_width("Owari", 10, bold=True) / 1.4


def test_the_page_map_leaves_the_legend_to_the_page(sengoku: Board, sengoku_start: Position) -> None:
    root = parse(render_svg(sengoku, sengoku_start, with_legend=False))
    assert root.find(f"{SVG}g[@class='legend']") is None
    plan = layout(sengoku)
    assert root.get("viewBox") == f"0 0 {plan.width:.0f} {plan.height:.0f}"
    standalone = parse(render_svg(sengoku, sengoku_start))
    assert standalone.find(f"{SVG}g[@class='legend']") is not None


def test_orders_are_drawn_above_the_units_and_under_the_names(sengoku: Board, sengoku_start: Position) -> None:
    order = Move(unit=UnitRef(type=UnitType.ARMY, location="OWA"), destination="ISE")
    root = parse(render_svg(sengoku, sengoku_start, orders=[order]))
    layers = [g.get("class") for g in root.findall(f"{SVG}g")]
    assert layers.index("labels") > layers.index("orders") > layers.index("units")
    assert group(root, "orders").get("pointer-events") == "none"  # a tap goes through an arrow


def test_each_name_and_centre_mark_names_its_province(sengoku: Board, sengoku_start: Position) -> None:
    """On a page, a tap on a name (or its centre's mark) counts for its province, wherever the name lies."""
    labels = group(parse(render_svg(sengoku, sengoku_start)), "labels")
    assert labels.get("pointer-events") is None
    named = {t.get("data-province") for t in labels.iter(f"{SVG}text")}
    assert named == set(sengoku.provinces)
    marks = [g for g in labels.iter(f"{SVG}g") if g.get("class") == "centre"]
    assert marks and all(g.get("data-province") in sengoku.supply_centres for g in marks)


def test_the_orders_layer_alone_is_the_pictures_own(sengoku: Board, sengoku_start: Position) -> None:
    orders = [
        ("Oda", Move(unit=UnitRef(type=UnitType.ARMY, location="OWA"), destination="ISE")),
        (
            "Oda",
            SupportMove(
                unit=UnitRef(type=UnitType.FLEET, location="MIK"), supported=UnitRef(location="OWA"), destination="ISE"
            ),
        ),
    ]
    layer = orders_layer(sengoku, sengoku_start, orders)
    picture = render_svg(sengoku, sengoku_start, orders=orders)
    assert layer in picture
    assert ET.fromstring(layer).get("class") == "orders" and len(ET.fromstring(layer)) == 2


def test_units_can_be_found_by_their_place(sengoku: Board) -> None:
    position = start_position(sengoku)
    glyphs = [g for g in group(parse(render_svg(sengoku, position)), "units")]
    assert {g.get("data-location") for g in glyphs} == {u.location for u in position.units}
    assert all(g.get("data-power") for g in glyphs)


def test_small_provinces_get_tap_squares_that_do_not_overlap(sengoku: Board, sengoku_start: Position) -> None:
    """Owari's land, name and unit hold no square a finger can hit at the desktop's scale: it gets an unseen
    square of its own; no two squares overlap (neighbours share the ground between their units)."""
    from render import sheet_of

    hits = sheet_of(sengoku).hits
    assert "OWA" in hits
    boxes = list(hits.values())
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
    drawn = group(parse(render_svg(sengoku, sengoku_start)), "hits")
    rects = {r.get("data-province"): r for r in drawn.iter(f"{SVG}rect")}
    assert set(rects) == set(hits) and all(r.get("pointer-events") == "all" for r in rects.values())


def test_every_small_provinces_target_as_drawn_holds_a_fingers_square(sengoku: Board) -> None:
    """Its land, square, unit and name, less the neighbours' names and units drawn over them (as if every
    neighbour had a unit), hold a square of 24 CSS px on the desktop's whole board (0.76 px a unit, the smallest
    scale a page opens the map at): Owari, between Mino's and Mikawa's squares, and Aki, under Bingo's name."""
    from render import sheet_of
    from render.geometry import layout
    from render.hits import _Drawn, _side

    sheet = sheet_of(sengoku)
    drawn = _Drawn(layout(sengoku), sheet.spots)
    sides = {key: _side(drawn.target(key, sheet.hits)) for key in sheet.hits}
    assert {"OWA", "AKI"} <= set(sides)
    assert min(sides.values()) * 0.76 >= 24, sorted(sides.items(), key=lambda kv: kv[1])[:3]
