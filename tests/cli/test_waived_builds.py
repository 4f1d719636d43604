"""The winter post says what became of builds nobody ordered (civil disorder: waived)."""

from __future__ import annotations

from game.game import Game
from maps import Board
from orders import parse_orders
from post import build_post, render


def submit(game: Game, text: str) -> None:
    for power, orders in parse_orders(text, game.board).by_power().items():
        assert power is not None
        game.submit(power, orders)


def test_the_winter_post_says_which_builds_were_waived(sengoku: Board) -> None:
    game = Game.new(sengoku)
    game.adjudicate()  # Spring 1570: everybody holds
    submit(game, "Oda:\nF Mikawa - Totomi\nHojo:\nA Sagami - Kazusa\n")
    game.adjudicate()  # Fall 1570: Oda takes Totomi, Hojo takes Kazusa: one build each
    assert str(game.state.position.phase) == "Winter 1570 adjustments"
    submit(game, "Oda:\nBuild F Mikawa\n")
    game.adjudicate()  # Hojo sent nothing: its build is waived (civil disorder)
    post = render(build_post(sengoku, game.state, -1))
    assert "Oda:\n  Build F Mikawa: built\n" in post
    assert "Hojo:\n  Waive: waived (not ordered)\n" in post, post
    assert "No orders received (civil disorder):\n  Hojo: its builds were waived\n" in post
