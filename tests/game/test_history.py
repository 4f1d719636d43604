"""The stored phases: split when a game is read, each decoded when first read, written back unchanged."""

from __future__ import annotations

import json

import msgspec
import pytest

from game.history import History, HistoryError
from game.state import GameState, state_from_json, state_json
from maps import load_board
from tests.game.conftest import Table


@pytest.fixture
def stored(table: Table) -> bytes:
    """A game three phases on, as its file holds it (indented, as the CLI writes it)."""
    table.play("Oda:\nA Owari - Ise\n1 : A Mino S A Owari - Ise\n")
    table.play("")
    table.play("")
    return state_json(table.game.state, rules=table.game.rules, indent=2)


def test_a_read_game_holds_its_phases_unread_until_one_is_asked_for(stored: bytes) -> None:
    state = state_from_json(stored)
    assert len(state.history) == 3 and state.history.held() == []
    assert [str(p) for p in state.history.phases()] == [
        "Spring 1570 movement",
        "Fall 1570 movement",
        "Winter 1570 adjustments",
    ]
    assert state.history.held() == []  # the names alone were read
    assert state.history[-1].report.phase == state.history.phases()[-1]
    assert state.history.held() == [2]


def test_a_game_written_again_is_the_same_text_whatever_was_read(stored: bytes) -> None:
    unread = state_from_json(stored)
    rules = load_board(unread.variant).rules
    assert state_json(unread, rules=rules, indent=2) == stored
    read = state_from_json(stored)
    assert [entry.report.phase for entry in read.history]  # every phase decoded
    assert state_json(read, rules=rules, indent=2) == stored
    assert stored == msgspec.json.format(state_json(read, rules=rules), indent=2)
    assert read == unread


def test_the_history_is_a_value(stored: bytes) -> None:
    history = state_from_json(stored).history
    assert history[:-1] == [history[0], history[1]] and isinstance(history[:-1], History)
    longer = history[:-1].appended(history[-1])
    assert longer == history and len(history[:-1]) == 2  # appending made a new history
    assert list(reversed(history)) == [history[2], history[1], history[0]]


def test_a_state_built_with_a_list_of_phases_holds_a_history(stored: bytes) -> None:
    state = state_from_json(stored)
    rebuilt = GameState(variant=state.variant, position=state.position, history=list(state.history))
    assert isinstance(rebuilt.history, History) and rebuilt.history == state.history


def test_a_phase_that_is_not_a_phase_record_is_refused_when_read(stored: bytes) -> None:
    data = json.loads(stored)
    data["history"][1]["orders"] = ["A Owari - Ise"]
    state = state_from_json(json.dumps(data))  # the game still reads: that phase is not decoded
    assert state.history[0].report.phase.year == 1570
    with pytest.raises(HistoryError, match=r"^history phase 2: orders: Expected `object`, got `array`$"):
        state.history[1]


def test_a_history_that_is_not_a_list_is_refused_where_it_is(stored: bytes) -> None:
    data = json.loads(stored)
    data["history"] = {"1": data["history"][0]}
    with pytest.raises(msgspec.ValidationError, match=r"Expected `array`, got `object` - at `\$.history`"):
        state_from_json(json.dumps(data))
