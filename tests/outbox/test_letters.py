"""The reminder says what missing orders mean for this power in this phase, not a list of every phase's rule."""

from __future__ import annotations

from maps import Board
from outbox import reminder_letters
from tests.game.conftest import Table, custom, units


def reminder_for(table: Table, power: str) -> str:
    state = table.game.state.replace(addresses={power: [f"{power.lower()}@example.org"]})
    (letter,) = reminder_letters(table.board, state).letters
    return letter.plain


def test_a_retreat_reminder_says_the_dislodged_unit_is_disbanded(sengoku: Board) -> None:
    table = custom(
        sengoku,
        "spring 1571 movement",
        [*units("Oda", "A OWA"), *units("Takeda", "A MIN", "A MIK")],
        {"Oda": ["OWA"], "Takeda": ["MIK", "MIN"]},
    )
    table.play("Takeda:\nA Mino - Owari\nA Mikawa S A Mino - Owari\n")
    text = reminder_for(table, "Oda")
    assert "The GM has no orders from Oda for Spring 1571 retreats yet (no order for A Owari)." in text
    assert "\nWithout orders your dislodged A Owari is disbanded.\n" in text
    assert "hold" not in text and "waived" not in text


def test_a_winter_reminder_to_a_power_owing_removals_names_what_civil_disorder_removes(sengoku: Board) -> None:
    table = custom(
        sengoku, "winter 1571 adjustments", units("Oda", "A OWA", "A MIK", "F TTS", "A KAI"), {"Oda": ["OWA", "MIK"]}
    )
    text = reminder_for(table, "Oda")
    assert (
        "\nWithout orders the civil disorder rule removes A Kai and F Totomi Sea for you "
        "(the units farthest from your supply centres).\n"
    ) in text
    assert "waived" not in text and "hold" not in text


def test_a_winter_reminder_to_a_power_owing_builds_says_they_are_waived(sengoku: Board) -> None:
    table = custom(sengoku, "winter 1571 adjustments", units("Oda", "A OWA"), {"Oda": ["OWA", "MIK"]})
    text = reminder_for(table, "Oda")
    assert "\nWithout orders your build is waived.\n" in text and "hold" not in text


def test_a_movement_reminder_says_the_units_hold(sengoku: Board) -> None:
    table = custom(sengoku, "spring 1571 movement", units("Oda", "A OWA", "A MIK"), {"Oda": ["OWA", "MIK"]})
    text = reminder_for(table, "Oda")
    assert "\nWithout orders your units hold and your Diplomacy Points go unspent.\n" in text
