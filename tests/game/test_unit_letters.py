"""A wrong unit letter does not make an order invalid (DATC 4.C.2), and the order is kept with the unit's own."""

from __future__ import annotations

from game.game import Game
from maps.board import Board
from orders import parse_orders


def test_a_fleet_order_for_an_army_is_kept_as_the_armys_order(sengoku: Board) -> None:
    game = Game.new(sengoku)
    parsed = parse_orders("Takeda:\nF Kai - Suruga\nA South Shinano H", sengoku)
    orders = [v.order for v in parsed.verdicts if v.order is not None]
    verdicts = game.submit("Takeda", orders)
    assert all(v.accepted for v in verdicts)
    assert [str(o.unit.type.value) + " " + o.unit.location for o in game.state.orders["Takeda"]] == ["A KAI", "A SSH"]
