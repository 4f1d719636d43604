"""Sengoku drawn on Japan as it lies: the real coast, provinces on their land, bridges over real water.

The regions follow the land, not the border list, so a few of the board's borders cannot be seen on the
real map (the board joins provinces that history kept apart). Those are named here, one by one: a change
that loses another border, or draws a new one, fails the test and says which.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import LineString

from maps import Board, MapFileError, loader, parse_board
from maps import drawing as drawings
from render import layout


def sengoku_file() -> Path:
    return Path(loader.__file__).with_name("data") / "sengoku.yaml"


KNOWN_FALSE = {
    ("ARB", "SAT"),  # Ariake Bay reaches Kagoshima Bay's Satsuma shore
    ("KOZ", "NSH"),  # Kozuke meets Shinano at the Usui pass, as it really does
    ("OSU", "SHU"),  # Osumi's islands lie in the Shuri Straits
    ("SAB", "SHS"),  # Edo Bay is Sagami Bay's and washes Shimosa too
}
KNOWN_MISSING = {
    ("ECG", "MUS"),  # the board lets Echigo reach Musashi past Kozuke
    ("ECS", "OSU"),  # the East China Sea stops short of Osumi's islands
    ("KAZ", "SAG"),  # Kazusa and Sagami face each other across Edo Bay
}


def test_the_coast_is_natural_earths_cut_once_and_kept_beside_the_map() -> None:
    drawing = drawings.drawing_of("sengoku")
    assert drawing is not None
    assert "Natural Earth" in drawing.source
    assert len(drawing.land) >= 10  # the four islands' neighbours: Sado, Awaji, Tsushima, the Goto...


def test_the_standard_map_has_no_real_drawing_and_stays_a_schematic(standard: Board) -> None:
    assert standard.drawing is None and drawings.drawing_of(standard.drawing) is None
    assert layout(standard).void is None


def test_the_map_file_names_the_drawing_not_the_maps_name(sengoku: Board) -> None:
    """A copy of the Sengoku map saved under another name is drawn on Japan as the shipped one is."""
    text = Path(sengoku_file()).read_text(encoding="utf-8").replace("\nname: sengoku\n", "\nname: kyoto-house\n")
    renamed = parse_board(text, "kyoto-house.yaml")
    assert renamed.name == "kyoto-house" and renamed.drawing == "sengoku"
    plan, shipped = layout(renamed), layout(sengoku)
    assert plan.void is not None and (plan.width, plan.height) == (shipped.width, shipped.height)
    assert set(plan.false_borders) == KNOWN_FALSE and set(plan.missing_borders) == KNOWN_MISSING


def test_only_the_known_borders_differ_from_the_board(sengoku: Board) -> None:
    plan = layout(sengoku)
    assert set(plan.false_borders) == KNOWN_FALSE
    assert set(plan.missing_borders) == KNOWN_MISSING


def test_land_provinces_lie_on_the_land_and_seas_on_the_water(sengoku: Board) -> None:
    plan = layout(sengoku)
    for key, region in plan.regions.items():
        on_land = region.intersection(plan.land).area / region.area
        assert on_land > 0.99 if not sengoku.provinces[key].is_sea else on_land < 0.01, key


@pytest.mark.parametrize(
    ("a", "b"), [("BIZ", "SAN"), ("NAG", "CHZ"), ("IYO", "BUN"), ("IYO", "SUO"), ("MIK", "SHM"), ("AWA", "KII")]
)
def test_each_land_bridge_is_drawn_across_the_water_it_crosses(sengoku: Board, a: str, b: str) -> None:
    plan = layout(sengoku)
    ((_, _, start, end),) = [bridge for bridge in plan.bridges if {bridge[0], bridge[1]} == {a, b}]
    line = LineString([start, end])
    assert plan.regions[a].distance(plan.regions[b]) > 1.0, "they touch: the bridge would not show"
    assert line.difference(plan.land).length > 0.2 * line.length, "the bridge crosses no water"
    assert line.distance(plan.regions[a]) < 1.0 and line.distance(plan.regions[b]) < 1.0


def test_the_kinai_is_drawn_larger_on_purpose(sengoku: Board) -> None:
    """Yamashiro to Yamato is drawn more than twice as long, for its degrees, as Satsuma to Osumi."""
    plan = layout(sengoku)

    def per_degree(a: str, b: str) -> float:
        (xa, ya), (xb, yb) = plan.positions[a], plan.positions[b]
        (lat_a, lon_a), (lat_b, lon_b) = sengoku.provinces[a].at, sengoku.provinces[b].at  # type: ignore[misc]
        return float(((xa - xb) ** 2 + (ya - yb) ** 2) ** 0.5 / ((lat_a - lat_b) ** 2 + (lon_a - lon_b) ** 2) ** 0.5)

    assert per_degree("YAS", "YAT") > 2 * per_degree("SAT", "OSU")


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("zoom: {at: [34, 135], radius: 1, factor: 2}\n", "needs 'coastline'"),
        ("coastline: c.json\nzoom: {at: [34, 135], radius: 1, factor: 5}\n", "from 1 to 3"),
        ("coastline: c.json\nzoom: {at: [34], radius: 1, factor: 2}\n", r"'zoom' needs at: \[lat, lon\]"),
        ("coastline: c.json\nseeds: {AKI: [[34]]}\n", "'seeds' maps a province id"),
    ],
)
def test_a_bad_drawing_file_says_what_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str, problem: str
) -> None:
    (tmp_path / "c.json").write_text('{"polygons": []}', encoding="utf-8")
    (tmp_path / "bad.yaml").write_text(spec, encoding="utf-8")
    monkeypatch.setattr(drawings, "_FOLDER", tmp_path)
    drawings.drawing_of.cache_clear()
    try:
        with pytest.raises(MapFileError, match=problem) as caught:
            drawings.drawing_of("bad")
    finally:
        drawings.drawing_of.cache_clear()
    assert "maps/data/drawing/bad.yaml" in str(caught.value)
