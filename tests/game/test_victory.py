"""Sengoku 6DP: the end of the game (docs/rules.md, "Victory, draws, concession").

Oda owns 20 centres and has an army next to Tosa, a 21st.
"""

from __future__ import annotations

import pytest

from game.game import GameError
from game.records import ResultKind
from maps import Board
from tests.game.conftest import Table, custom, units

TWENTY = [
    "OWA", "MIK", "ISE", "MIN", "OMI", "YAS", "YAT", "KII", "SET", "TOT",
    "SSH", "KAI", "ECZ", "NSH", "BIZ", "SAN", "IYO", "INA", "BIN", "IZM",
]  # fmt: skip


def _near_victory(board: Board, phase: str) -> Table:
    return custom(
        board,
        phase,
        [*units("Oda", "A IYO", "F OWA"), *units("Chosokabe", "F HYC"), *units("Takeda", "A SUR")],
        {"Oda": TWENTY, "Takeda": ["SAG"]},
    )


def test_twenty_one_centres_after_the_fall_update_win_at_once(sengoku: Board) -> None:
    table = _near_victory(sengoku, "fall 1575 movement")
    table.play("Oda:\nA Iyo - Tosa\n")
    result = table.game.state.result
    assert result.kind is ResultKind.WON and result.powers == ["Oda"]
    assert table.game.state.history[-1].report.next_phase is None


def test_twenty_one_centres_after_spring_do_not_win(sengoku: Board) -> None:
    table = _near_victory(sengoku, "spring 1575 movement")
    table.play("Oda:\nA Iyo - Tosa\n")
    assert table.game.state.result.kind is ResultKind.ONGOING
    assert table.phase == "Fall 1575 movement"
    assert len(table.position.centres_of("Oda")) == 20  # centres change hands only after Fall
    table.play("")
    assert table.game.state.result.powers == ["Oda"]


def test_twenty_centres_do_not_win(sengoku: Board) -> None:
    table = _near_victory(sengoku, "fall 1575 movement")
    table.play("")
    assert table.game.state.result.kind is ResultKind.ONGOING


def test_a_finished_game_takes_no_more_orders(sengoku: Board) -> None:
    table = _near_victory(sengoku, "fall 1575 movement")
    table.play("Oda:\nA Iyo - Tosa\n")
    with pytest.raises(GameError, match="the game is over"):
        table.game.adjudicate()


def test_a_unanimous_draw_of_the_survivors_ends_the_game(table: Table) -> None:
    powers = list(table.game.powers())
    for power in powers:
        result = table.game.vote_draw(power, powers)
    assert result.kind is ResultKind.DRAWN and result.powers == sorted(powers)


def test_a_draw_missing_one_survivors_vote_does_not_end_the_game(table: Table) -> None:
    powers = list(table.game.powers())
    for power in powers[:-1]:
        result = table.game.vote_draw(power, powers)
    assert result.kind is ResultKind.ONGOING


def test_a_draw_of_fewer_powers_needs_every_survivor_to_accept_the_same_proposal(table: Table) -> None:
    powers = list(table.game.powers())
    for power in powers:
        table.game.vote_draw(power, ["Oda", "Takeda"])
    assert table.game.state.result.powers == ["Oda", "Takeda"]


def test_different_draw_proposals_do_not_end_the_game(table: Table) -> None:
    powers = list(table.game.powers())
    for power in powers[:-1]:
        table.game.vote_draw(power, ["Oda", "Takeda"])
    result = table.game.vote_draw(powers[-1], powers)
    assert result.kind is ResultKind.ONGOING


def test_a_withdrawn_vote_no_longer_counts(table: Table) -> None:
    powers = list(table.game.powers())
    table.game.vote_draw(powers[0], powers)
    table.game.vote_draw(powers[0], None)
    for power in powers[1:]:
        result = table.game.vote_draw(power, powers)
    assert result.kind is ResultKind.ONGOING


def test_eliminated_powers_do_not_vote(sengoku: Board) -> None:
    table = _near_victory(sengoku, "spring 1575 movement")  # only Oda, Takeda and Chosokabe survive
    assert table.game.survivors() == ["Chosokabe", "Oda", "Takeda"]
    for power in ("Chosokabe", "Oda", "Takeda"):
        result = table.game.vote_draw(power, ["Oda", "Takeda"])
    assert result.kind is ResultKind.DRAWN


def test_when_every_other_survivor_concedes_the_game_is_won(sengoku: Board) -> None:
    table = _near_victory(sengoku, "spring 1575 movement")
    assert table.game.concede("Takeda", "Oda").kind is ResultKind.ONGOING
    result = table.game.concede("Chosokabe", "Oda")
    assert result.kind is ResultKind.CONCEDED and result.powers == ["Oda"]


def test_a_concession_must_go_to_a_surviving_power(sengoku: Board) -> None:
    table = _near_victory(sengoku, "spring 1575 movement")  # Hojo is out: no centre, no unit
    for power in ("Chosokabe", "Oda", "Takeda"):  # every survivor tries to concede to Hojo
        with pytest.raises(GameError, match="a concession goes to a surviving power; Hojo has no centres"):
            table.game.concede(power, "Hojo")
    assert table.game.state.result.kind is ResultKind.ONGOING and table.game.state.concessions == {}


def test_an_eliminated_power_neither_concedes_nor_votes(sengoku: Board) -> None:
    table = _near_victory(sengoku, "spring 1575 movement")  # Hojo is out: no centre, no unit
    with pytest.raises(GameError, match="Hojo is out of the game"):
        table.game.concede("Hojo", "Oda")
    with pytest.raises(GameError, match="Hojo is out of the game"):
        table.game.vote_draw("Hojo", ["Oda", "Takeda"])
    assert table.game.state.concessions == {} and table.game.state.draw_votes == {}


def test_a_concession_is_complete_when_the_last_holdout_falls(sengoku: Board) -> None:
    """Takeda and Chosokabe concede to Oda; Uesugi, the holdout, loses its last unit and centre."""
    table = custom(
        sengoku,
        "fall 1575 movement",
        [*units("Oda", "A IYO", "A NSH", "A MIN"), *units("Chosokabe", "F HYC"), *units("Takeda", "A SUR"),
         *units("Uesugi", "A HID")],
        {"Oda": TWENTY[:-1], "Takeda": ["SAG"]},  # Uesugi: one army, no centre
    )  # fmt: skip
    for power in ("Takeda", "Chosokabe"):
        assert table.game.concede(power, "Oda").kind is ResultKind.ONGOING
    table.play("Oda:\nA North Shinano - Hida\nA Mino S A North Shinano - Hida\n")
    assert table.game.state.result.kind is ResultKind.ONGOING  # Uesugi's army is dislodged, not yet gone
    table.play("")  # no retreat ordered: disbanded, and Uesugi has nothing left
    assert "Uesugi" not in table.game.survivors()
    result = table.game.state.result
    assert result.kind is ResultKind.CONCEDED and result.powers == ["Oda"]
