"""The map's key explains what it draws: a build (the new unit, faint, in a dashed ring) and a removal (a cross),
and a finished game's map names its end under the title."""

from __future__ import annotations

from adjudicator.position import Phase, Position, Unit
from maps import Board, UnitType
from orders.model import Build, Move, Remove, UnitRef
from render import render_svg


def winter(board: Board) -> Position:
    return Position(
        phase=Phase.parse("winter 1570 adjustments"),
        units=(
            Unit(type=UnitType.ARMY, location="OWA", power="Oda"),
            Unit(type=UnitType.ARMY, location="KAI", power="Takeda"),
        ),
        centres={"OWA": "Oda", "MIK": "Oda"},
    )


def test_a_winter_map_with_a_build_and_a_removal_keys_both(sengoku: Board) -> None:
    orders = [
        ("Oda", Build(unit=UnitRef(type=UnitType.FLEET, location="MIK"))),
        ("Takeda", Remove(unit=UnitRef(type=UnitType.ARMY, location="KAI"))),
    ]
    svg = render_svg(sengoku, winter(sengoku), orders=orders)
    assert ">build (the new unit, faint)</text>" in svg and ">removal or disband</text>" in svg


def test_a_map_without_them_has_no_such_key(sengoku: Board) -> None:
    move = ("Oda", Move(unit=UnitRef(type=UnitType.ARMY, location="OWA"), destination="MIN"))
    svg = render_svg(sengoku, winter(sengoku), orders=[move])
    assert "build (the new unit" not in svg and "removal or disband" not in svg


def test_a_finished_games_map_says_who_won_under_the_title(sengoku: Board) -> None:
    svg = render_svg(sengoku, winter(sengoku), title="Kyoto 1570", phase_label="Game over: Oda wins the game")
    assert 'class="phase">Game over: Oda wins the game</text>' in svg
    assert "<title>Kyoto 1570: Game over: Oda wins the game</title>" in svg
