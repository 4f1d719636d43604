"""The turn of the seasons (docs/rules.md, "Phases")."""

from __future__ import annotations

from maps import Board
from tests.game.conftest import Table, custom, units


def test_the_first_phase_is_spring_1570_movement(table: Table) -> None:
    assert table.phase == "Spring 1570 movement"


def test_a_spring_without_dislodgements_skips_its_retreat_phase(table: Table) -> None:
    table.play("Oda:\nA Owari - Ise\n")
    assert table.phase == "Fall 1570 movement"


def test_a_dislodged_unit_with_somewhere_to_go_gets_a_retreat_phase(sengoku: Board) -> None:
    table = custom(
        sengoku,
        "spring 1571 movement",
        [*units("Oda", "A OWA"), *units("Takeda", "A MIN", "A MIK")],
        {"Oda": ["OWA"], "Takeda": ["MIK", "MIN"]},
    )
    table.play("Takeda:\nA Mino - Owari\nA Mikawa S A Mino - Owari\n")
    assert table.phase == "Spring 1571 retreats"
    assert table.game.state.history[-1].report.dislodged[0].retreats == ["ISE"]
    table.play("Oda:\nA Owari - Ise\n")
    assert table.units("Oda") == {"A ISE"} and table.phase == "Fall 1571 movement"


def test_a_dislodged_unit_with_no_retreat_is_destroyed_and_the_retreat_phase_skipped(sengoku: Board) -> None:
    table = custom(
        sengoku,
        "spring 1571 movement",
        [*units("Oda", "A OWA"), *units("Takeda", "A MIN", "A MIK", "A ISE")],
        {"Oda": ["OWA"], "Takeda": ["MIK", "MIN"]},
    )
    table.play("Takeda:\nA Mino - Owari\nA Mikawa S A Mino - Owari\n")
    assert table.phase == "Fall 1571 movement"
    assert table.units("Oda") == set()
    assert [str(u) for u in table.game.state.history[-1].report.disbanded] == ["A OWA"]


def test_centres_change_hands_only_after_fall(table: Table) -> None:
    table.play("Oda:\nA Owari - Ise\n")
    assert "ISE" not in table.position.centres
    table.play("")
    assert table.position.centres["ISE"] == "Oda"


def test_a_winter_with_nothing_to_decide_is_skipped_and_the_year_advances(table: Table) -> None:
    table.play("")
    table.play("")
    assert table.phase == "Spring 1571 movement"


def test_the_year_advances_after_winter(table: Table) -> None:
    table.play("Oda:\nA Owari - Ise\n")
    table.play("")
    assert table.phase == "Winter 1570 adjustments"
    table.play("Oda:\nBuild A Owari\n")
    assert table.phase == "Spring 1571 movement"


def test_winter_comes_when_a_power_must_remove(sengoku: Board) -> None:
    table = custom(sengoku, "fall 1571 movement", units("Oda", "A OWA", "A SHM"), {"Oda": ["OWA"]})
    table.play("")
    assert table.phase == "Winter 1571 adjustments"
