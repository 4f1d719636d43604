"""The game as a value: submitting, replacing, rolling back and saving."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from game.game import Game, GameError
from game.state import SCHEMA_VERSION, StateError, name_problem, state_from_json, state_json
from maps import Board
from post import build_post, render
from tests.game.conftest import Table


def test_a_new_submission_replaces_the_powers_earlier_orders(table: Table) -> None:
    table.orders("Oda:\nA Owari - Ise\n")
    table.orders("Oda:\nA Owari - Mino\n")
    assert [o.kind for o in table.game.state.orders["Oda"]] == ["move"]
    table.game.adjudicate()
    assert "A OWA" in table.units("Oda")  # bounced off the neutral in Mino, never went to Ise


def test_orders_of_one_power_do_not_touch_another_powers(table: Table) -> None:
    table.orders("Oda:\nA Owari - Ise\nTakeda:\nA Kai - Suruga\n")
    table.orders("Oda:\nA Owari H\n")
    assert len(table.game.state.orders["Takeda"]) == 1


def test_an_order_for_another_powers_unit_is_refused(table: Table) -> None:
    verdict = table.orders("Oda:\nA Kai - Suruga\n")["Oda"][0]
    assert verdict.problem == "the unit in Kai belongs to Takeda"


def test_an_unknown_power_is_an_error(table: Table) -> None:
    with pytest.raises(GameError, match="unknown power 'Ashikaga'"):
        table.game.submit("Ashikaga", [])


def test_rollback_restores_the_board_and_the_orders(table: Table) -> None:
    table.orders("Oda:\nA Owari - Ise\n")
    before = table.game.state
    table.game.adjudicate()
    table.game.rollback()
    assert table.game.state.position == before.position
    assert table.game.state.orders == before.orders
    assert table.game.state.history == []


def test_rollback_with_no_history_is_an_error(table: Table) -> None:
    with pytest.raises(GameError, match="nothing to roll back"):
        table.game.rollback()


def test_the_state_survives_a_json_round_trip(table: Table, sengoku: Board) -> None:
    table.play("Oda:\nA Owari - Ise\n1 : A Mino S A Owari - Ise\n")
    table.orders("Takeda:\nA Kai - Suruga\n")
    text = state_json(table.game.state, rules=table.game.rules)
    again = state_from_json(text)
    assert again == table.game.state
    assert json.loads(text)["schema_version"] == SCHEMA_VERSION
    assert Game(sengoku, again).phase == "Fall 1570 movement"


def test_a_file_of_another_schema_version_is_refused(table: Table) -> None:
    data = json.loads(state_json(table.game.state, rules=table.game.rules))
    data["schema_version"] = 99
    with pytest.raises(StateError):
        state_from_json(json.dumps(data))


def test_fields_of_a_newer_version_are_kept_when_the_state_is_written_again(table: Table) -> None:
    data = json.loads(state_json(table.game.state, rules=table.game.rules))
    data["secret_ballot"] = {"Oda": ["Takeda"], "note": "from a newer sengoku"}
    table.game.state = state_from_json(json.dumps(data))
    table.play("Oda:\nA Owari - Ise\n")
    assert json.loads(state_json(table.game.state, rules=table.game.rules))["secret_ballot"] == data["secret_ballot"]


def test_every_past_phase_can_be_reported_again(table: Table, sengoku: Board) -> None:
    table.play("Oda:\nA Owari - Ise\n1 : A Mino S A Owari - Ise\nAsakura:\nA Omi - Ise\n")
    table.play("")
    first = render(build_post(sengoku, table.game.state, 0))
    assert first.startswith("Sengoku Jidai (6DP): Spring 1570 movement results")
    assert "A Owari - Ise: moved" in first
    assert "A Omi - Ise: bounced, 1 against 2 from A Owari" in first
    assert "Mino: A Mino S A Owari - Ise carried out (1 DP from Oda)\n    Oda: 1 DP for A Mino S A Owari - Ise" in first
    assert "Next phase: Fall 1570 movement" in first


def test_the_saved_state_shows_each_powers_dp_for_the_phase(table: Table) -> None:
    data = json.loads(state_json(table.game.state, rules=table.game.rules))
    assert data["dp"] == {power: 2 for power in table.game.powers()}
    table.play("")
    table.play("")  # winter is skipped; a new spring
    assert json.loads(state_json(table.game.state, rules=table.game.rules))["dp"]["Oda"] == 2


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Kyoto 1570", None),
        ("Kyōto 京都 1570", None),
        ("x" * 80, None),
        ("x" * 81, "a game's name is at most 80 characters (this one has 81)"),
        (
            "Kyoto\nBcc: victim@example.com",
            "a game's name is one line of printable text; this one holds a line break ('\\n', U+000A)",
        ),
        ("Kyoto\r", "a game's name is one line of printable text; this one holds a line break ('\\r', U+000D)"),
        ("a\u2028b", "a game's name is one line of printable text; this one holds a line break ('\\u2028', U+2028)"),
        (
            "tab\there",
            "a game's name is one line of printable text; this one holds a control character ('\\t', U+0009)",
        ),
        (
            "bell\x07",
            "a game's name is one line of printable text; this one holds a control character ('\\x07', U+0007)",
        ),
    ],
)
def test_a_games_name_is_one_line_of_printable_text(name: str, problem: str | None) -> None:
    """The name is a mail's Subject: a line break would let it add headers (Bcc) of its own."""
    assert name_problem(name) == problem


def test_a_new_game_refuses_a_name_with_a_line_break(sengoku: Board) -> None:
    with pytest.raises(GameError, match="one line of printable text"):
        Game.new(sengoku, name="Kyoto\nBcc: victim@example.com")


def test_an_adjudication_records_when_the_next_phase_opened_and_a_rollback_forgets_it(table: Table) -> None:
    first, second = datetime(2026, 3, 4, 20, 0, tzinfo=UTC), datetime(2026, 3, 6, 20, 0, tzinfo=UTC)
    assert table.game.state.phase_opened is None  # the first phase: no adjudication opened it
    table.game.adjudicate(at=first)
    table.game.adjudicate(at=second)
    assert table.game.state.phase_opened == second
    assert state_from_json(state_json(table.game.state, rules=table.game.rules)).phase_opened == second
    table.game.rollback()
    assert table.game.state.phase_opened == first
