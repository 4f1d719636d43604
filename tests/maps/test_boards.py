"""The two shipped boards, as the rules describe them.

Sengoku: the 6DP rules text and ``rules-decisions.md`` (8 powers, 37 supply
centres, 7 neutral armies, 6 land bridges, Spring 1570, 21 to win). Standard:
the classic board the DATC cases are written for.
"""

from __future__ import annotations

import random

import pytest

from maps import Board, Season, UnitType, load_board
from maps.terms import province_of

ARMY, FLEET = UnitType.ARMY, UnitType.FLEET


def pid(board: Board, name: str) -> str:
    """A province id from its full name, so the tables below read like the map."""
    province = board.names.lookup(name).province
    assert province is not None, name
    return province.id


def borders(board: Board, unit_type: UnitType) -> set[frozenset[str]]:
    """Every undirected border this unit type can cross, between provinces."""
    found: set[frozenset[str]] = set()
    for province in board:
        if unit_type is ARMY:
            found |= {frozenset((province.id, other)) for other in board.army_neighbours(province.id)}
        else:
            for location in board.fleet_locations(province.id):
                found |= {frozenset((province.id, board.province(o).id)) for o in board.fleet_neighbours(location)}
    return found


def start_units(board: Board) -> dict[str, set[str]]:
    return {p.name: {f"{u.type.value} {u.location}" for u in p.units} for p in board.powers}


def test_boards_are_loaded_once_and_shared() -> None:
    assert load_board("sengoku") is load_board("sengoku")


# --- Sengoku ------------------------------------------------------------------------


def test_sengoku_has_81_provinces_11_land_44_coastal_26_sea(sengoku: Board) -> None:
    kinds = [p.type.value for p in sengoku]
    assert (len(kinds), kinds.count("land"), kinds.count("coast"), kinds.count("sea")) == (81, 11, 44, 26)


def test_sengoku_has_37_supply_centres(sengoku: Board) -> None:
    assert len(sengoku.supply_centres) == 37


def test_sengoku_has_16_home_centres_two_per_power(sengoku: Board) -> None:
    homes = [centre for power in sengoku.powers for centre in power.home_centres]
    assert len(set(homes)) == len(homes) == 16
    assert {len(power.home_centres) for power in sengoku.powers} == {2}


def test_a_sengoku_home_centre_knows_its_power(sengoku: Board) -> None:
    assert {p.name: p.home for p in sengoku if p.home} == {
        "Echizen": "Asakura", "Omi": "Asakura", "Iyo": "Chosokabe", "Tosa": "Chosokabe",
        "Izu": "Hojo", "Sagami": "Hojo", "Iwami": "Mori", "Nagato": "Mori",
        "Mikawa": "Oda", "Owari": "Oda", "Osumi": "Shimazu", "Satsuma": "Shimazu",
        "Kai": "Takeda", "South Shinano": "Takeda", "Echigo": "Uesugi", "Kozuke": "Uesugi",
    }  # fmt: skip


def test_sengoku_powers_start_with_the_units_of_the_rules(sengoku: Board) -> None:
    assert start_units(sengoku) == {
        "Asakura": {"A OMI", "F ECZ"},
        "Chosokabe": {"F IYO", "F TOS"},
        "Hojo": {"A SAG", "F IZU"},
        "Mori": {"A IWA", "F NAG"},
        "Oda": {"A OWA", "F MIK"},
        "Shimazu": {"A SAT", "F OSU"},
        "Takeda": {"A KAI", "A SSH"},
        "Uesugi": {"A KOZ", "F ECG"},
    }


def test_every_start_unit_stands_on_its_own_home_centre(sengoku: Board) -> None:
    for power in sengoku.powers:
        assert {u.location for u in power.units} == set(power.home_centres)


def test_seven_neutral_armies_start_in_the_neutral_centres(sengoku: Board) -> None:
    names = ["Bizen", "Bungo", "Hizen", "Izumo", "Mino", "Musashi", "Yamashiro"]
    assert {(u.type, u.location) for u in sengoku.neutral_units} == {(ARMY, pid(sengoku, n)) for n in names}
    assert {u.location for u in sengoku.neutral_units} <= sengoku.supply_centres


def test_the_game_starts_in_spring_1570_and_21_centres_win(sengoku: Board) -> None:
    assert (sengoku.start_season, sengoku.start_year, sengoku.victory_centres) == (Season.SPRING, 1570, 21)


BRIDGES = [
    ("Bizen", "Sanuki"),
    ("Nagato", "Chikuzen"),
    ("Iyo", "Bungo"),
    ("Iyo", "Suo"),
    ("Mikawa", "Shima"),
    ("Awa", "Kii"),
]


def test_sengoku_has_exactly_the_six_bridges_of_the_rules(sengoku: Board) -> None:
    expected = {tuple(sorted((pid(sengoku, a), pid(sengoku, b)))) for a, b in BRIDGES}
    assert set(sengoku.bridges) == expected
    assert len(sengoku.bridges) == 6


@pytest.mark.parametrize(("a", "b"), BRIDGES, ids=[f"{a}-{b}" for a, b in BRIDGES])
@pytest.mark.parametrize("unit_type", [ARMY, FLEET], ids=["army", "fleet"])
def test_armies_and_fleets_cross_a_bridge_both_ways(sengoku: Board, unit_type: UnitType, a: str, b: str) -> None:
    one, other = pid(sengoku, a), pid(sengoku, b)
    assert (min(one, other), max(one, other)) in sengoku.bridges
    assert _can_move(sengoku, unit_type, one, other)
    assert _can_move(sengoku, unit_type, other, one)


@pytest.mark.parametrize("unit_type", [ARMY, FLEET], ids=["army", "fleet"])
def test_bitchu_and_sanuki_are_not_adjacent(sengoku: Board, unit_type: UnitType) -> None:
    """The public map data had a Bitchu-Sanuki crossing; the 6DP rules name Bizen-Sanuki instead."""
    assert not _can_move(sengoku, unit_type, "BIT", "SAN")
    assert not _can_move(sengoku, unit_type, "SAN", "BIT")


def test_sengoku_has_236_borders_50_for_both_68_army_only_118_fleet_only(sengoku: Board) -> None:
    army, fleet = borders(sengoku, ARMY), borders(sengoku, FLEET)
    assert (len(army | fleet), len(army & fleet), len(army - fleet), len(fleet - army)) == (236, 50, 68, 118)


# (province, province, who can cross): a sample of borders checked by hand against the reference board.
SENGOKU_BORDERS = [
    ("Owari", "Mino", "army"),
    ("Owari", "Mikawa", "both"),
    ("Owari", "Totomi Sea", "fleet"),
    ("Kai", "Suruga", "army"),
    ("Suruga", "Izu", "both"),
    ("Echigo", "Etchu", "both"),
    ("Hida", "Mino", "army"),
    ("Iyo", "Awa", "army"),
    ("Iyo", "Tosa", "both"),
    ("Aki", "Iwami", "army"),
    ("Izumo", "Iwami", "both"),
    ("Yamashiro", "Yamato", "army"),
    ("Kawachi", "Settsu", "both"),
    ("Satsuma", "Osumi", "both"),
    ("Dewa", "Mutsu", "both"),
    ("Kanmon Strait", "Nagato", "fleet"),
    ("Tosa", "Tosa Bay", "fleet"),
    ("Sagami", "Sagami Bay", "fleet"),
    ("Tsugaru Straits", "Mutsu", "fleet"),
    ("Hizen", "Tsushima Straits", "fleet"),
    ("Sea of Japan", "North Sea of Japan", "fleet"),
    ("Inland Sea", "Osaka Bay", "fleet"),
    ("Echigo", "Echizen", "none"),
    ("Izu", "Izumo", "none"),
    ("Yamashiro", "Settsu", "army"),
]


@pytest.mark.parametrize(("a", "b", "crossing"), SENGOKU_BORDERS, ids=[f"{a}-{b}" for a, b, _ in SENGOKU_BORDERS])
def test_a_sengoku_border_is_crossed_by_the_right_units(sengoku: Board, a: str, b: str, crossing: str) -> None:
    one, other = pid(sengoku, a), pid(sengoku, b)
    assert _can_move(sengoku, ARMY, one, other) == (crossing in ("army", "both"))
    assert _can_move(sengoku, FLEET, one, other) == (crossing in ("fleet", "both"))


def test_sengoku_has_no_split_coasts(sengoku: Board) -> None:
    assert [p.id for p in sengoku if p.coasts] == []


def test_the_sengoku_nameplate_is_drawn_but_is_no_province(sengoku: Board) -> None:
    assert [name for name, _ in sengoku.impassable] == ["Nameplate (impassable)"]
    assert not sengoku.names.lookup("Nameplate").found


@pytest.mark.parametrize("board_name", ["sengoku", "standard"])
def test_every_border_can_be_crossed_both_ways(board_name: str) -> None:
    board = load_board(board_name)
    for province in board:
        for other in board.army_neighbours(province.id):
            assert province.id in board.army_neighbours(other)
        for location in board.fleet_locations(province.id):
            for other in board.fleet_neighbours(location):
                assert location in board.fleet_neighbours(other)


# --- Standard -----------------------------------------------------------------------


def test_standard_has_75_provinces_and_34_supply_centres(standard: Board) -> None:
    assert (len(standard.provinces), len(standard.supply_centres)) == (75, 34)


def test_standard_has_7_powers_with_22_home_centres(standard: Board) -> None:
    homes = [centre for power in standard.powers for centre in power.home_centres]
    assert standard.power_names == ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
    assert len(set(homes)) == len(homes) == 22


def test_standard_starts_in_spring_1901_and_18_centres_win(standard: Board) -> None:
    assert (standard.start_season, standard.start_year, standard.victory_centres) == (Season.SPRING, 1901, 18)


def test_russia_starts_with_a_fleet_on_the_south_coast_of_st_petersburg(standard: Board) -> None:
    assert start_units(standard)["Russia"] == {"A WAR", "A MOS", "F SEV", "F STP/SC"}


# (coast, the fleet locations it touches)
SPLIT_COASTS = [
    ("STP/NC", {"BAR", "NWY"}),
    ("STP/SC", {"BOT", "FIN", "LVN"}),
    ("SPA/NC", {"GAS", "MAO", "POR"}),
    ("SPA/SC", {"LYO", "MAO", "MAR", "POR", "WES"}),
    ("BUL/EC", {"BLA", "CON", "RUM"}),
    ("BUL/SC", {"AEG", "CON", "GRE"}),
]


@pytest.mark.parametrize(("coast", "neighbours"), SPLIT_COASTS, ids=[c for c, _ in SPLIT_COASTS])
def test_a_fleet_on_a_split_coast_reaches_only_that_coasts_neighbours(
    standard: Board, coast: str, neighbours: set[str]
) -> None:
    assert standard.fleet_neighbours(coast) == neighbours


@pytest.mark.parametrize("province", ["STP", "SPA", "BUL"])
def test_a_fleet_stands_on_a_coast_of_a_split_coast_province_never_on_the_whole(standard: Board, province: str) -> None:
    assert not standard.can_stand(FLEET, province)
    assert all(standard.can_stand(FLEET, coast) for coast in standard.fleet_locations(province))
    assert standard.can_stand(ARMY, province)


def test_a_fleet_in_the_mid_atlantic_reaches_both_coasts_of_spain(standard: Board) -> None:
    coasts = standard.fleet_locations("SPA")
    assert [loc for loc in coasts if loc in standard.fleet_neighbours("MAO")] == ["SPA/NC", "SPA/SC"]
    assert [loc for loc in coasts if loc in standard.fleet_neighbours("GAS")] == ["SPA/NC"]


def test_switzerland_is_impassable_and_no_province(standard: Board) -> None:
    assert [name for name, _ in standard.impassable] == ["Switzerland"]
    assert not standard.names.lookup("Switzerland").found
    assert all("Switzerland" not in (p.name, *p.aliases) for p in standard)


STANDARD_BORDERS = [
    ("Tuscany", "Venice", "army"),
    ("Rome", "Venice", "army"),
    ("Apulia", "Rome", "army"),
    ("Paris", "Brest", "army"),
    ("Munich", "Tyrolia", "army"),
    ("North Sea", "English Channel", "fleet"),
    ("London", "North Sea", "fleet"),
    ("Denmark", "Sweden", "both"),
    ("Constantinople", "Ankara", "both"),
    ("Marseilles", "Piedmont", "both"),
    ("Munich", "Venice", "none"),
    ("Tyrolia", "Piedmont", "army"),
]


@pytest.mark.parametrize(("a", "b", "crossing"), STANDARD_BORDERS, ids=[f"{a}-{b}" for a, b, _ in STANDARD_BORDERS])
def test_a_standard_border_is_crossed_by_the_right_units(standard: Board, a: str, b: str, crossing: str) -> None:
    one, other = pid(standard, a), pid(standard, b)
    assert _can_move(standard, ARMY, one, other) == (crossing in ("army", "both"))
    assert _can_move(standard, FLEET, one, other) == (crossing in ("fleet", "both"))


@pytest.mark.parametrize("variant", ["standard", "sengoku"])
def test_distances_are_the_province_graphs_shortest_paths(variant: str) -> None:
    """The walk the rules use (no networkx) gives networkx's own multi-source shortest paths."""
    import networkx as nx

    board = load_board(variant)
    graph, chooser, provinces = board.province_graph(), random.Random(7), sorted(board.provinces)
    for sources in [[], *(chooser.sample(provinces, chooser.randint(1, 5)) for _ in range(100))]:
        expected = nx.multi_source_dijkstra_path_length(graph, sources) if sources else {}
        assert board.distances(sources) == expected


def _can_move(board: Board, unit_type: UnitType, origin: str, destination: str) -> bool:
    """Whether the unit can move in one step to exactly this location, by the board's neighbours."""
    if unit_type is ARMY:
        return province_of(destination) in board.army_neighbours(province_of(origin))
    return destination in board.fleet_neighbours(origin)
