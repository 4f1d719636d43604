"""The part of the map a phone opens on: the power's corner, never so wide that names cannot be read.

A phone's map is about 370 px wide; a name is 10.5 map units high, so a view
wider than about 38% of the map makes names smaller than 10 px.
"""

from __future__ import annotations

from adjudicator.position import Phase, Position, Unit
from maps import Board, UnitType
from render import layout
from tests.render.conftest import start_position
from web.play import mapview
from web.storage.kept import SharedLRU

READABLE = 0.38  # the widest share of the map a 390 px phone may open on (names at about 10 px)


def frame(focus: str | None) -> tuple[float, float, float, float]:
    assert focus is not None
    left, top, wide, high = (float(n) for n in focus.split())
    return left, top, wide, high


def inside(board: Board, focus: str | None, province: str) -> bool:
    left, top, wide, high = frame(focus)
    x, y = layout(board).anchors[province]
    return left <= x <= left + wide and top <= y <= top + high


def test_a_power_spread_over_the_board_opens_on_the_corner_where_most_of_it_stands(sengoku: Board) -> None:
    army = {p: Unit(type=UnitType.ARMY, location=p, power="Oda") for p in ("OWA", "MIN", "ISE", "SAT", "MUT")}
    position = Position(
        phase=Phase.parse("spring 1575 movement"),
        units=tuple(army.values()),
        centres={p: "Oda" for p in ("OWA", "MIK", "MIN", "ISE", "SAT", "MUT")},
    )
    focus = mapview.focus(sengoku, position, "Oda")
    assert frame(focus)[2] <= READABLE * layout(sengoku).width + 1
    assert frame(focus)[3] <= 1.2 * READABLE * layout(sengoku).width + 1  # so a 5 by 6 phone view opens as wide
    assert all(inside(sengoku, focus, p) for p in ("OWA", "MIK", "MIN", "ISE"))
    assert not inside(sengoku, focus, "SAT") and not inside(sengoku, focus, "MUT")  # pan or zoom out to see them


def test_a_power_at_home_opens_on_all_its_units_and_centres(sengoku: Board) -> None:
    start = start_position(sengoku)
    for power in sengoku.power_names:
        focus = mapview.focus(sengoku, start, power)
        places = [u.province for u in start.units_of(power)] + start.centres_of(power)
        assert all(inside(sengoku, focus, p) for p in places), power
        assert frame(focus)[2] <= READABLE * layout(sengoku).width + 1


def test_the_sandbox_opens_on_the_heart_of_the_board(client, sengoku: Board) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/sandbox").get_data(as_text=True)
    focus = mapview.focus(sengoku, start_position(sengoku))
    assert f'data-focus="{focus}"' in html
    assert frame(focus)[2] <= READABLE * layout(sengoku).width + 1
    assert all(inside(sengoku, focus, p) for p in ("YAS", "SET", "OMI", "HAR"))  # the capital and round it


def test_no_unit_and_no_centre_opens_on_the_whole_map(sengoku: Board) -> None:
    empty = Position(phase=Phase.parse("spring 1575 movement"), units=())
    assert mapview.focus(sengoku, empty, "Oda") is None and mapview.focus(sengoku, empty) is None


def test_a_full_picture_cache_forgets_the_picture_asked_for_longest_ago() -> None:
    kept = SharedLRU[tuple[str, int, str], str](2)
    drawn: list[str] = []

    def ask(name: str) -> None:
        def draw() -> str:
            drawn.append(name)
            return name

        kept.get(("game", 1, name), draw)

    for name in ("a", "b", "a", "c", "a", "b"):  # c pushes out b (a was asked for since); b comes back, c goes
        ask(name)
    assert drawn == ["a", "b", "c", "b"]
