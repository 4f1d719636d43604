"""The map picture: what a player must be able to read off it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from adjudicator.outcomes import HOLDS, SUCCEEDS, Bounced, OrderOutcome
from adjudicator.position import DislodgedUnit, Phase, Position, Unit
from maps import Board, UnitType
from orders.model import Convoy, DPOrder, Hold, Move, SupportHold, SupportMove, UnitRef
from render import layout, render_svg
from render.glyphs import DISLODGED_OFFSETS
from render.palette import NEUTRAL, power_colours
from render.svg import num
from tests.render.conftest import start_position

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def group(root: ET.Element, name: str) -> ET.Element:
    found = root.find(f"{SVG}g[@class='{name}']")
    assert found is not None, f"no <g class='{name}'>"
    return found


def unit_glyphs(root: ET.Element) -> list[ET.Element]:
    return [g for g in group(root, "units") if "unit" in g.get("class", "").split()]


def order_marks(root: ET.Element) -> list[ET.Element]:
    return list(group(root, "orders"))


def ref(location: str, kind: UnitType | None = None) -> UnitRef:
    return UnitRef(type=kind, location=location)


@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_the_picture_is_svg_that_scales(name: str, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    root = parse(render_svg(board, start_position(board)))
    assert root.tag == f"{SVG}svg"
    x, y, width, height = (float(v) for v in root.get("viewBox", "").split())
    assert (x, y) == (0, 0) and width > 1000 and height > 800
    assert root.get("width") is None  # the viewBox alone sizes it, so it fills whatever holds it


@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_one_region_per_province(name: str, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    regions = [p for p in group(parse(render_svg(board, start_position(board))), "provinces")]
    assert sorted(p.get("data-province") for p in regions) == sorted(board.provinces)
    seas = {p.get("data-province") for p in regions if "sea" in p.get("class", "")}
    assert seas == {p.id for p in board if p.is_sea}


@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_a_glyph_per_unit_in_its_powers_colour(name: str, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    position = start_position(board)
    colours = power_colours(board.power_names)
    glyphs = {g.get("data-location"): g for g in unit_glyphs(parse(render_svg(board, position)))}
    assert len(glyphs) == len(position.units)
    for unit in position.units:
        glyph = glyphs[unit.location]
        assert glyph.get("data-unit") == unit.type.value
        assert glyph.get("data-colour") == (colours[unit.power] if unit.power else NEUTRAL)


def test_supply_centres_and_neutral_centres_are_marked(sengoku: Board, sengoku_start: Position) -> None:
    labels = group(parse(render_svg(sengoku, sengoku_start)), "labels")
    marks = [g for g in labels if g.get("class") == "centre"]
    assert len(marks) == len(sengoku.supply_centres)
    tips = [g.findtext(f"{SVG}title") or "" for g in marks]
    assert sum("(neutral)" in tip for tip in tips) == len(sengoku_start.neutral_centres) == 7
    assert "OWA: supply centre (Oda)" in tips


def test_land_is_tinted_by_owner(sengoku: Board, sengoku_start: Position) -> None:
    regions = {p.get("data-province"): p for p in group(parse(render_svg(sengoku, sengoku_start)), "provinces")}
    assert regions["OWA"].get("fill") == regions["MIK"].get("fill") != regions["KAI"].get("fill")
    assert regions["ISE"].get("fill") == regions["YAT"].get("fill")  # nobody's
    assert regions["KUS"].get("fill") == "url(#sea)"


def test_six_bridges_are_dashed_lines(sengoku: Board, sengoku_start: Position) -> None:
    bridges = list(group(parse(render_svg(sengoku, sengoku_start)), "bridges"))
    assert len(bridges) == 6
    assert all(b.find(f"{SVG}line[@stroke-dasharray]") is not None for b in bridges)
    assert {b.get("data-bridge") for b in bridges} == {f"{a}-{b}" for a, b in sengoku.bridges}


def test_pending_orders_are_drawn(sengoku: Board, sengoku_start: Position) -> None:
    orders = [
        ("Oda", Move(unit=ref("OWA", UnitType.ARMY), destination="MIN")),
        ("Oda", SupportMove(unit=ref("MIK", UnitType.FLEET), supported=ref("OWA"), destination="MIN")),
        ("Takeda", Hold(unit=ref("KAI", UnitType.ARMY))),
        ("Takeda", SupportHold(unit=ref("SSH", UnitType.ARMY), supported=ref("KAI"))),
        ("Hojo", DPOrder(points=2, order=SupportHold(unit=ref("MUS", UnitType.ARMY), supported=ref("KOZ")))),
    ]
    root = parse(render_svg(sengoku, sengoku_start, orders=orders))
    kinds = [m.get("class", "").split()[1] for m in order_marks(root)]
    assert kinds == ["move", "support_move", "hold", "support_hold", "support_hold"]
    move = order_marks(root)[0]
    assert move.find(f"{SVG}path") is not None  # the arrowhead
    assert all("pending" in m.get("class", "") for m in order_marks(root))
    assert order_marks(root)[1].find(f"{SVG}line[@stroke-dasharray]") is not None  # supports are dashed
    assert "2 DP" in "".join(order_marks(root)[4].itertext())


def test_bare_orders_take_the_colour_of_the_units_owner(sengoku: Board, sengoku_start: Position) -> None:
    root = parse(render_svg(sengoku, sengoku_start, orders=[Move(unit=ref("KAI"), destination="SUR")]))
    mark = order_marks(root)[0]
    strokes = {e.get("stroke") for e in [*mark.iter(f"{SVG}line"), *mark.iter(f"{SVG}path")]}
    assert power_colours(sengoku.power_names)["Takeda"] in strokes


def test_a_move_between_close_neighbours_is_bowed_into_an_arrow_not_a_stub(
    sengoku: Board, sengoku_start: Position
) -> None:
    """Owari and Mino's units stand 28 units apart: a straight arrow would be all head. It bows, with a shaft
    (a curve) and a head of its own, its tip short of Mino's place."""
    root = parse(render_svg(sengoku, sengoku_start, orders=[Move(unit=ref("OWA"), destination="MIN")]))
    mark = order_marks(root)[0]
    curve = [p for p in mark.iter(f"{SVG}path") if p.get("class") == "bowed"]
    assert len(curve) == 1 and "Q" in str(curve[0].get("d"))
    heads = [p for p in mark.iter(f"{SVG}path") if p.get("fill") not in (None, "none")]
    assert len(heads) == 1


def test_convoys_have_their_own_mark(standard: Board) -> None:
    position = Position(
        phase=Phase.parse("spring 1901 movement"),
        units=(
            Unit(type=UnitType.ARMY, location="LON", power="England"),
            Unit(type=UnitType.FLEET, location="NTH", power="England"),
        ),
    )
    orders = [
        ("England", Move(unit=ref("LON"), destination="NWY", via_convoy=True)),
        ("England", Convoy(unit=ref("NTH"), convoyed=ref("LON"), destination="NWY")),
    ]
    marks = order_marks(parse(render_svg(standard, position, orders=orders)))
    convoy = marks[1]
    assert "convoy" in convoy.get("class", "")
    dashes = {line.get("stroke-dasharray") for line in convoy.iter(f"{SVG}line")} - {None}
    support_dash = "5 3"
    assert dashes and support_dash not in dashes


def test_failed_orders_are_drawn_differently(sengoku: Board, sengoku_start: Position) -> None:
    bounce = Move(unit=ref("OWA", UnitType.ARMY), destination="MIN")
    moved = Move(unit=ref("KAI", UnitType.ARMY), destination="SUR")
    outcomes = [
        OrderOutcome("Oda", bounce, Bounced("MIN")),
        OrderOutcome("Takeda", moved, SUCCEEDS),
        OrderOutcome("Hojo", Hold(unit=ref("SAG")), HOLDS, "no order", implicit=True),
    ]
    marks = order_marks(parse(render_svg(sengoku, sengoku_start, outcomes=outcomes)))
    assert len(marks) == 2  # an implicit hold is not drawn
    failed, succeeded = marks
    assert "failed" in failed.get("class", "") and failed.get("opacity") == "0.5"
    assert failed.find(f"{SVG}path[@class='cross']") is not None
    assert "succeeded" in succeeded.get("class", "") and succeeded.get("opacity") is None
    assert succeeded.find(f"{SVG}path[@class='cross']") is None


def test_dislodged_units_are_offset(standard: Board) -> None:
    position = Position(
        phase=Phase.parse("spring 1901 retreats"),
        units=(Unit(type=UnitType.ARMY, location="BUR", power="Germany"),),
        dislodged=(DislodgedUnit(unit=Unit(type=UnitType.ARMY, location="BUR", power="France"), attacker_from="MUN"),),
    )
    glyphs = unit_glyphs(parse(render_svg(standard, position)))
    assert [g.get("class") for g in glyphs] == ["unit", "unit dislodged"]
    x, y = layout(standard).anchors["BUR"]
    beside = [f"translate({num(x + dx)},{num(y + dy)})" for dx, dy in DISLODGED_OFFSETS]
    assert glyphs[1].get("transform", "").split(" ")[0] in beside


def test_split_coast_fleets_stand_on_their_coast(standard: Board, standard_start: Position) -> None:
    anchors = layout(standard).anchors
    assert anchors["STP/NC"] != anchors["STP/SC"]
    glyph = next(
        g for g in unit_glyphs(parse(render_svg(standard, standard_start))) if g.get("data-location") == "STP/SC"
    )
    x, y = anchors["STP/SC"]
    assert glyph.get("transform") == f"translate({num(x)},{num(y)})"


def test_legend_has_each_powers_centres_and_dp(sengoku: Board, sengoku_start: Position) -> None:
    dp = {name: 3 for name in sengoku.power_names}
    rows = [
        g for g in group(parse(render_svg(sengoku, sengoku_start, dp=dp)), "legend") if g.get("class") == "legend-power"
    ]
    assert [r.get("data-power") for r in rows] == [*sengoku.power_names, "Neutral"]
    assert all(r.get("data-centres") == "2" and r.get("data-dp") == "3" for r in rows[:-1])
    assert rows[-1].get("data-centres") == "7" and rows[-1].get("data-units") == "7"


def test_text_is_escaped(sengoku: Board, sengoku_start: Position) -> None:
    root = parse(render_svg(sengoku, sengoku_start, title='Game <"one"> & co'))
    assert root.findtext(f"{SVG}title") == 'Game <"one"> & co: Spring 1570 movement'


def test_the_same_input_gives_the_same_bytes(standard: Board, standard_start: Position) -> None:
    assert render_svg(standard, standard_start) == render_svg(standard, standard_start)


def test_a_support_of_another_powers_move_shows_the_move_it_backs_and_no_arrow_of_its_own(
    sengoku: Board, sengoku_start: Position
) -> None:
    """Oda's Owari backs Takeda's Kai to Suruga with no Takeda arrow on the map: the move is drawn thin and
    dark with an open head, the support meets it with a bar; no dot, no filled head that reads as a move."""
    order = ("Oda", SupportMove(unit=ref("OWA", UnitType.ARMY), supported=ref("KAI"), destination="SUR"))
    (mark,) = order_marks(parse(render_svg(sengoku, sengoku_start, orders=[order])))
    supported = [p for p in mark.iter(f"{SVG}path") if "supported" in p.get("class", "")]
    assert supported and all(p.get("fill") == "none" for p in supported)  # an open head: not an arrow
    assert mark.find(f"{SVG}circle") is None  # the old dot that read as "Owari moves here"
    oda = power_colours(sengoku.power_names)["Oda"]
    assert [line for line in mark.iter(f"{SVG}line") if line.get("stroke") == oda and not line.get("stroke-dasharray")]
