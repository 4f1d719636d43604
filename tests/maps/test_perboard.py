"""One value per board: built once, its own for each board, dropped with the board, built once under threads."""

from __future__ import annotations

import gc
import pickle
import threading
import time
import weakref
from pathlib import Path

import pytest

from maps import Board, parse_board
from maps.perboard import per_board

TINY = Path(__file__).parent / "tiny.yaml"


class Counted:
    """A value worked out from a board (it refers back to it, as a grammar does), counting how often it was built."""

    built = 0

    def __init__(self, board: Board) -> None:
        type(self).built += 1
        self.board = board


@pytest.fixture
def board() -> Board:
    return parse_board(TINY.read_text(encoding="utf-8"), "tiny.yaml")


def counter() -> type[Counted]:
    return type("Fresh", (Counted,), {"built": 0})


def test_a_board_s_value_is_built_once(board: Board) -> None:
    kind = counter()
    value_of = per_board(kind)
    assert value_of(board) is value_of(board)
    assert kind.built == 1


def test_each_board_has_its_own_value(board: Board) -> None:
    other = parse_board(TINY.read_text(encoding="utf-8"), "tiny.yaml")
    value_of = per_board(counter())
    assert (value_of(board).board, value_of(other).board) == (board, other)


def test_the_value_goes_with_the_board_even_when_it_refers_to_the_board() -> None:
    board = parse_board(TINY.read_text(encoding="utf-8"), "tiny.yaml")  # held by this test alone
    value_of = per_board(counter())
    gone = weakref.ref(value_of(board))
    del board
    gc.collect()
    assert gone() is None


def test_a_value_a_shell_kept_is_used_from_then_on(board: Board) -> None:
    kind = counter()
    value_of = per_board(kind)
    kept = Counted(board)
    value_of.keep(board, kept)
    assert value_of(board) is kept
    assert kind.built == 0


def test_a_pickled_board_carries_none_of_its_values(board: Board) -> None:
    per_board(counter())(board)
    assert pickle.loads(pickle.dumps(board)).derived == {}


def test_threads_asking_at_once_build_the_value_once(board: Board) -> None:
    class Slow(Counted):
        built = 0

        def __init__(self, board: Board) -> None:
            time.sleep(0.02)  # widens the race a missing lock would lose; no time is asserted
            super().__init__(board)

    value_of = per_board(Slow)
    start = threading.Barrier(8)
    seen: list[Counted] = []

    def ask() -> None:
        start.wait()
        seen.append(value_of(board))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Slow.built == 1
    assert len({id(value) for value in seen}) == 1
