"""One value per board, built on first use and dropped with the board: every "per board" cache uses this.

A board is immutable, so anything worked out from it alone (its order
grammar, its place names as text, its layout) can be kept beside it. Each
such cache is a :func:`per_board` function: ``grammar_of = per_board(Grammar)``
gives ``grammar_of(board)``, built the first time that board asks and kept
on the board itself (:attr:`Board.derived <maps.board.Board>`, never pickled), so the value goes when the
board goes, even a value that refers back to its board (a grammar does; a
weak dictionary keyed by the board would keep such a board for ever), and
reading it is one dictionary lookup.

Threads (the web site runs gunicorn's threaded workers): a value is read
without a lock; a board whose value is missing takes this cache's lock, looks
again, and only then builds, so each board's value is built once even when
two requests ask at the same moment (a layout takes most of a second: two
at once would be wasted work, not a wrong answer). The lock is re-entrant
and each cache has its own, so one value's build may ask another cache (the
grammar asks for the board's places, the sheet for the layout); such asks go
one way only, never back, so no two builds wait on each other. The values are shared by every thread,
so each must be immutable, or change only through its own thread-safe caches
(:func:`functools.lru_cache`, as the grammar's memo of lines read does).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar, cast

if TYPE_CHECKING:  # the helper itself imports nothing of the board: a module may keep values without loading it
    from maps.board import Board

__all__ = ["PerBoard", "per_board"]

T = TypeVar("T")


class PerBoard(Protocol[T]):
    """What :func:`per_board` gives: call it with a board for the value; ``keep`` hands one in."""

    def __call__(self, board: Board) -> T: ...

    def keep(self, board: Board, value: T) -> None:
        """Use ``value`` for ``board`` from now on: what ``build(board)`` would give, read from a shell's own store."""


def per_board(build: Callable[[Board], T]) -> PerBoard[T]:
    """``build`` kept once per board, dropped with the board (see the module docstring): usable as a decorator.

    A plain function, not an object with ``__call__``: a results post asks for a board's
    place names hundreds of times, and a function call costs half as much.
    """
    lock = threading.RLock()

    def value_of(board: Board) -> T:
        value: T  # board.derived holds Any: typed by this annotation, without a call to typing.cast each read
        try:
            value = board.derived[value_of]
        except KeyError:
            with lock:
                if value_of not in board.derived:
                    board.derived[value_of] = build(board)
                value = board.derived[value_of]
        return value

    def keep(board: Board, value: T) -> None:
        board.derived[value_of] = value

    kept = cast(PerBoard[T], functools.wraps(build)(value_of))
    kept.keep = keep  # type: ignore[method-assign]
    return kept
