"""A wrong unit letter does not make an order invalid (DATC 4.C.2), and the order is kept with the unit's own."""

from __future__ import annotations

from game.game import Game
from maps.board import Board
from maps.terms import PhaseType
from orders import order_text, parse_orders
from tests.game.conftest import custom, units


def test_a_fleet_order_for_an_army_is_kept_as_the_armys_order(sengoku: Board) -> None:
    game = Game.new(sengoku)
    parsed = parse_orders("Takeda:\nF Kai - Suruga\nA South Shinano H", sengoku)
    orders = [v.order for v in parsed.verdicts if v.order is not None]
    verdicts = game.submit("Takeda", orders)
    assert all(v.accepted for v in verdicts)
    assert [str(o.unit.type.value) + " " + o.unit.location for o in game.state.orders["Takeda"]] == ["A KAI", "A SSH"]


def test_a_retreat_without_its_letter_is_kept_with_the_dislodged_units_own(sengoku: Board) -> None:
    """``Retreat Owari to Ise`` names no letter: the order stored and posted is the army's (``A Owari R Ise``)."""
    table = custom(
        sengoku,
        "spring 1571 movement",
        [*units("Oda", "A OWA"), *units("Takeda", "A MIN", "A MIK")],
        {"Oda": ["OWA"], "Takeda": ["MIK", "MIN"]},
    )
    table.play("Takeda:\nA Mino - Owari\nA Mikawa S A Mino - Owari\n")
    assert table.phase == "Spring 1571 retreats"
    parsed = parse_orders("Oda:\nRetreat Owari to Ise", sengoku, phase=PhaseType.RETREATS)
    verdicts = table.game.submit("Oda", [v.order for v in parsed.verdicts if v.order is not None])
    assert all(v.accepted for v in verdicts)
    assert [order_text(o, sengoku) for o in table.game.state.orders["Oda"]] == ["A Owari R Ise"]


def test_a_removal_without_its_letter_is_kept_with_the_units_own(sengoku: Board) -> None:
    table = custom(sengoku, "winter 1571 adjustments", units("Oda", "A OWA", "F MIK"), {"Oda": ["OWA"]})
    parsed = parse_orders("Oda:\nRemove Mikawa", sengoku, phase=PhaseType.ADJUSTMENTS)
    table.game.submit("Oda", [v.order for v in parsed.verdicts if v.order is not None])
    assert [order_text(o, sengoku) for o in table.game.state.orders["Oda"]] == ["Remove F Mikawa"]
