"""Sengoku 6DP: neutral units (docs/rules.md, "Neutral units").

The stage: Oda attacks the neutral army in Mino from Owari with Takeda's
support from South Shinano (2 against 1).
"""

from __future__ import annotations

from tests.game.conftest import Table

TAKE_MINO = """
Oda:
A Owari - Mino
Takeda:
A South Shinano S A Owari - Mino
"""


def test_a_neutral_never_moves_and_holds_without_a_winning_bid(table: Table) -> None:
    table.play("Oda:\nA Owari - Mino\n")
    assert "A MIN" in table.units(None) and "A OWA" in table.units("Oda")


def test_a_dislodged_neutral_is_disbanded_at_once_without_a_retreat_phase(table: Table) -> None:
    table.play(TAKE_MINO)
    assert table.phase == "Fall 1570 movement"
    assert "A MIN" in table.units("Oda")
    assert "A MIN" not in table.units(None)
    report = table.game.state.history[-1].report
    assert [d.retreats for d in report.dislodged] == [[]]


def test_attacked_in_spring_and_left_in_fall_the_neutral_army_is_rebuilt_in_winter(table: Table) -> None:
    table.play(TAKE_MINO)
    table.play("Oda:\nA Mino - Ise\n")  # Mino is empty at the Fall update: still neutral
    assert "MIN" in table.position.neutral_centres and "MIN" not in table.position.centres
    assert table.phase == "Winter 1570 adjustments"  # Oda took Ise: one build
    assert "A MIN" not in table.units(None)
    table.play("Oda:\nBuild A Owari\n")
    assert table.phase == "Spring 1571 movement"
    assert "A MIN" in table.units(None)
    assert table.game.state.history[-1].report.rebuilt == ["MIN"]


def test_a_neutral_centre_captured_in_fall_is_the_captors_for_ever(table: Table) -> None:
    table.play(TAKE_MINO)
    table.play("")  # Oda stays in Mino through the Fall ownership update
    assert table.position.centres["MIN"] == "Oda"
    assert "MIN" not in table.position.neutral_centres
    table.play("Oda:\nBuild F Owari\n")  # winter; Oda's A Mino sits on Mino
    table.play("Oda:\nA Mino - Ise\n")  # spring 1571: Mino left empty
    table.play("")  # fall 1571: Oda takes Ise too
    assert table.phase == "Winter 1571 adjustments"
    table.play("Oda:\nWaive\n")
    assert table.phase == "Spring 1572 movement"
    assert table.game.state.history[-1].report.rebuilt == []
    assert "A MIN" not in table.units(None)
    assert table.position.centres["MIN"] == "Oda"


def test_a_neutral_can_be_supported_to_hold_by_another_neutral(table: Table) -> None:
    table.play("Mori:\nF Nagato - Chikuzen\nShimazu:\nA Satsuma - Higo\n")
    table.play("Mori:\nF Chikuzen - Hizen\nShimazu:\nA Higo S F Chikuzen - Hizen\nOda:\n1 : A Bungo S A Hizen\n")
    assert "A HIZ" in table.units(None) and "F CHZ" in table.units("Mori")


def test_each_neutral_is_its_own_power_for_the_no_self_dislodgement_rule(table: Table) -> None:
    """Bungo's support counts against Hizen: the two neutrals are not "the same power"."""
    table.play("Mori:\nF Nagato - Chikuzen\n")
    table.play("Mori:\nF Chikuzen - Hizen\n2 : A Bungo S F Chikuzen - Hizen\n")
    assert "F HIZ" in table.units("Mori")


def test_a_players_unit_can_support_a_neutral_unit_to_hold(table: Table) -> None:
    """Asakura's army in Omi supports neutral Mino to hold: 2 against 2, and the neutral stays."""
    table.play(TAKE_MINO + "Asakura:\nA Omi S A Mino\n")
    assert "A MIN" in table.units(None) and "A OWA" in table.units("Oda")
    assert table.last_outcome("A OMI S A MIN") == "succeeds"
    assert table.last_outcome("A OWA - MIN") == "fails"
