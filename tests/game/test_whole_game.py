"""A whole game through the engine API, from Spring 1570 to a 21-centre victory.

Oda is played by a simple conqueror (tests/game/conqueror.py); the other
seven powers never send an order (civil disorder), so their units hold.
"""

from __future__ import annotations

from game.records import ResultKind
from maps import Board, Season
from tests.game.conqueror import play_until_over


def test_oda_plays_from_spring_1570_to_a_21_centre_victory(sengoku: Board) -> None:
    game = play_until_over(sengoku, "Oda")
    result = game.state.result
    assert result.kind is ResultKind.WON and result.powers == ["Oda"]
    last = game.state.history[-1].report
    assert last.phase.season is Season.FALL  # victory comes with the Fall ownership update
    assert last.centres["Oda"] >= 21
    assert len(game.state.position.centres_of("Oda")) == last.centres["Oda"]
    assert game.state.history[0].report.phase.year == 1570
