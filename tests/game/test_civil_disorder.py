"""Civil disorder (docs/rules.md): a power that sends no orders."""

from __future__ import annotations

from adjudicator.adjustments import CivilDisorder
from adjudicator.outcomes import Holds
from game.duty import without_orders
from maps import Board
from tests.game.conftest import Table, custom, units


def test_units_without_orders_hold(table: Table) -> None:
    table.play("")
    outcomes = table.game.state.history[-1].report.outcomes
    assert outcomes and all(o.implicit and type(o.verdict) is Holds for o in outcomes)


def test_a_dislodged_unit_without_a_retreat_order_is_disbanded(sengoku: Board) -> None:
    table = custom(
        sengoku,
        "spring 1571 movement",
        [*units("Oda", "A OWA"), *units("Takeda", "A MIN", "A MIK")],
        {"Oda": ["OWA"], "Takeda": ["MIK", "MIN"]},
    )
    table.play("Takeda:\nA Mino - Owari\nA Mikawa S A Mino - Owari\n")
    assert table.phase == "Spring 1571 retreats"  # A Owari may retreat to Ise
    table.play("")
    assert table.units("Oda") == set() and table.phase == "Fall 1571 movement"


def test_missing_removals_take_the_unit_farthest_from_an_owned_centre(sengoku: Board) -> None:
    """2023 rule: distance to the nearest owned centre, through land and sea; a fleet
    goes before an army at equal distance."""
    table = custom(
        sengoku,
        "winter 1571 adjustments",
        units("Oda", "A OWA", "A MIK", "F TTS", "A KAI"),
        {"Oda": ["OWA", "MIK"]},
    )
    table.play("")
    # A Kai is 3 away (Kai-South Shinano-Mino-Owari); F Totomi Sea and A Mikawa... A Mikawa
    # stands on an owned centre (0); the fleet in Totomi Sea is 1 away.
    assert table.units("Oda") == {"A OWA", "A MIK"}
    verdicts = [o.verdict for o in table.game.state.history[-1].report.outcomes]
    assert verdicts == [CivilDisorder(), CivilDisorder()]


def test_at_equal_distance_a_fleet_is_removed_before_an_army(sengoku: Board) -> None:
    table = custom(
        sengoku,
        "winter 1571 adjustments",
        units("Oda", "A OWA", "A MIN", "F TTS"),
        {"Oda": ["OWA", "MIK"]},
    )
    table.play("")  # A Mino and F Totomi Sea are both 1 from an owned centre
    assert table.units("Oda") == {"A OWA", "A MIN"}


def test_a_power_with_no_centres_loses_all_its_units(sengoku: Board) -> None:
    table = custom(sengoku, "winter 1571 adjustments", units("Oda", "A MIN", "F TTS"), {})
    table.play("")
    assert table.units("Oda") == set()


# --- what no orders will mean, as a reminder tells the player --------------------------


def test_without_orders_in_movement_the_units_hold_and_the_dp_go_unspent(table: Table) -> None:
    assert without_orders(table.board, table.position, table.game.rules, "Oda") == (
        "Without orders your units hold and your Diplomacy Points go unspent."
    )


def test_without_orders_a_single_unit_holds(sengoku: Board) -> None:
    table = custom(sengoku, "fall 1571 movement", units("Oda", "A MIN"), {"Takeda": ["OWA"]})
    assert without_orders(sengoku, table.position, table.game.rules, "Oda") == "Without orders your unit holds."


def test_without_orders_in_retreats_the_dislodged_units_are_disbanded(sengoku: Board) -> None:
    table = custom(
        sengoku,
        "spring 1571 movement",
        [*units("Oda", "A OWA"), *units("Takeda", "A MIN", "A MIK")],
        {"Oda": ["OWA"], "Takeda": ["MIK", "MIN"]},
    )
    table.play("Takeda:\nA Mino - Owari\nA Mikawa S A Mino - Owari\n")
    assert without_orders(sengoku, table.position, table.game.rules, "Oda") == (
        "Without orders your dislodged A Owari is disbanded."
    )


def test_without_orders_in_winter_the_builds_are_waived(sengoku: Board) -> None:
    table = custom(sengoku, "winter 1571 adjustments", units("Oda", "A OWA"), {"Oda": ["OWA", "MIK", "MIN"]})
    assert without_orders(sengoku, table.position, table.game.rules, "Oda") == (
        "Without orders your 2 builds are waived."
    )


def test_without_orders_in_winter_civil_disorder_makes_the_removals_and_names_them(sengoku: Board) -> None:
    table = custom(
        sengoku, "winter 1571 adjustments", units("Oda", "A OWA", "A MIK", "F TTS", "A KAI"), {"Oda": ["OWA", "MIK"]}
    )
    assert without_orders(sengoku, table.position, table.game.rules, "Oda") == (
        "Without orders the civil disorder rule removes A Kai and F Totomi Sea for you "
        "(the units farthest from your supply centres)."
    )
