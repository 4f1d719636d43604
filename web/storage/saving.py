"""A power's save: its orders checked against the game as read, and written alone, in as few round trips as the
lock needs (the statements: :mod:`web.storage.saverows`).

The busiest path of the site: every player's every save comes here. Its lock, its rows and why they are its
own are the storage's (:mod:`web.storage.store`); what the save reads and writes, and how, is here.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

import msgspec
from sqlalchemy import Connection

from adjudicator.position import Phase
from game.game import Game
from game.state import GameState
from orders.model import Order
from web.storage import saverows, store
from web.storage.db import Database
from web.storage.kept import SharedLRU

__all__ = ["WrongLink", "submit"]

T = TypeVar("T")
_ORDERS = msgspec.json.Decoder(list[Order])


def submit(
    db: Database,
    game_id: str,
    power: str,
    act: Callable[[Game], T],
    phase: Phase | None = None,
    confirm: str | None = None,
    replaces: bool = False,
) -> T:
    """Run ``act`` on the game and keep the power's orders it leaves: its own rows, written alone.

    A power left with no orders (its message refused, nothing stored before)
    gets no submission row; its refusal mark is a row of its own. Refused once
    the deadline has passed: the phase belongs to the deadline job then (web/table/deadlines.py).
    ``act`` sees this power's orders only: a power's orders are checked alone.

    ``phase``: the phase the orders were written for. When another phase is open the save is refused
    (:class:`~web.storage.store.PhaseClosed`). The write happens under a shared lock on the game's row,
    which an adjudication's exclusive lock waits for (and which waits for an adjudication under way), and
    only if the game is still at the version the check read (web/storage/saverows.py), so no adjudication
    can come between the check and the write: an acknowledged save is always in the phase it named. A game
    that moved on in between (on PostgreSQL, where the read and the write are two statements) has the save
    made again from a new read.

    ``confirm``: the digest of the link's token, when the caller's role came from this process's memory of it
    (web/access/callers.py): the save's own read checks it against the power's link (:class:`WrongLink`).

    ``replaces``: ``act`` replaces the power's orders, so that what it stores and answers does not depend on the
    orders stored before whenever it stores any (a replacing save: not a merge, not a bid). On PostgreSQL such a
    save, of a link this process remembers, for a game it has seen, is one statement (:func:`_at_once`).
    """
    if db.dialect != "postgresql":
        with db.transaction() as connection:  # SQLite: its write lock covers the read and the write
            return _submit(_Rows(saverows.core(connection), connection), game_id, power, (act, phase, confirm))
    known = _SEEN.peek(game_id) if replaces and confirm is not None else None
    if known is not None and confirm is not None:
        with db.driver() as raw:
            done = _at_once(saverows.driver(raw), (game_id, power, confirm), act, phase, known)
        if done:
            return done[0]
    for _ in range(_TRIES):
        with db.driver() as raw:  # each statement on its own: no BEGIN, no COMMIT
            try:
                return _submit(_Rows(saverows.driver(raw), None), game_id, power, (act, phase, confirm))
            except _Moved:
                continue
    raise store.Conflict("the game changed while your orders were being saved, again and again: try again")


_TRIES = 5

_SEEN = SharedLRU[str, tuple[int, datetime]](4096)
"""Game -> (version, creation time) as this process's last save read it: the version a replacing save of that
game assumes (:func:`_at_once`). A GM's change or an adjudication gives a new version: the next save finds its
condition failed and reads (and remembers) the new one."""


def _at_once(
    run: saverows.Run,
    who: tuple[str, str, str],
    act: Callable[[Game], T],
    phase: Phase | None,
    known: tuple[int, datetime],
) -> list[T]:
    """A replacing save in one statement, nothing read before it: ``act`` run on the state of the version this
    process saw last, its orders written on condition that the game is still at that version, before its
    deadline, and the link still the power's (:func:`web.storage.saverows.replace_at`). ``[result]``, or ``[]``
    when that could not be (the state not kept, another phase named, ``act`` stored nothing or failed, a condition
    of the write not met), and nothing was written: the save is then made the long way, whose read says why."""
    game_id, power, confirm = who
    version, created = known
    state = store.kept_state((game_id, version, created))
    if state is None or (phase is not None and phase != state.position.phase):
        return []
    game = Game(store.board_of(state.variant), state.replace(orders={}, all_refused=[]))
    try:
        result = act(game)
    except Exception:  # found on a version that may be old: the long way tells (or finds it right)
        return []
    orders = game.state.orders.get(power)
    if orders is None or power in game.state.all_refused:  # nothing stored: the earlier orders stand, and matter
        return []
    where, stored = (game_id, len(state.history), power), msgspec.json.encode(orders).decode()
    if not saverows.replace_at(run, where, store.utcnow(), stored, (version, created, confirm)):
        return []
    return [result]


class WrongLink(PermissionError):
    """The link's token is not (or no longer: the GM gave the power a new link) that power's."""


class _Moved(Exception):
    """The game changed between a save's read and its write: nothing was written."""


class _Rows:
    """How a save reaches its rows: its statements, and the Core connection of a transaction (SQLite: writes
    made one by one in it) or None (PostgreSQL: one guarded write)."""

    def __init__(self, run: saverows.Run, transaction: Connection | None) -> None:
        self.run, self.transaction = run, transaction


def _submit(
    rows: _Rows,
    game_id: str,
    power: str,
    asked: tuple[Callable[[Game], T], Phase | None, str | None],
) -> T:
    act, phase, confirm = asked
    seen = saverows.read(rows.run, game_id, power)
    if seen is None:
        raise store.NotFound(f"no game '{game_id}'")
    _SEEN.put(game_id, (seen.version, seen.created))
    if confirm is not None and (seen.digest is None or not hmac.compare_digest(seen.digest, confirm)):
        raise WrongLink(f"not {power}'s link in game '{game_id}'")
    state = store.state_at((game_id, seen.version, seen.created), lambda: _text_at(rows.run, game_id, seen.version))
    if phase is not None:
        _require_phase(state, phase)
    if seen.deadline is not None and seen.deadline <= store.utcnow():
        raise store.DeadlinePassed(seen.deadline)
    phase_index = len(state.history)
    before = _ORDERS.decode(seen.orders[phase_index]) if phase_index in seen.orders else None
    refused_before = phase_index in seen.refused
    mine = state.replace(orders={power: before} if before is not None else {}, all_refused=[power] * refused_before)
    game = Game(store.board_of(state.variant), mine)
    result = act(game)
    orders = game.state.orders.get(power)
    refused = power in game.state.all_refused
    where, now = (game_id, phase_index, power), store.utcnow()
    stored = None if orders is None else msgspec.json.encode(orders).decode()
    clear_ready = orders != before and phase_index in seen.ready  # new orders: not "ready" with them yet
    refusal = True if refused else (False if refused_before else None)
    if rows.transaction is not None:
        saverows.write(rows.transaction, where, now, stored, clear_ready, refusal)
    elif not saverows.write_guarded(rows.run, where, now, stored, (clear_ready, refusal), seen.version):
        raise _Moved
    return result


def _text_at(run: saverows.Run, game_id: str, version: int) -> str:
    text = saverows.state_text(run, game_id, version)
    if text is None:  # changed since the read: never kept under the version read
        raise _Moved
    return text


def _require_phase(state: GameState, named: Phase) -> None:
    """Refuse (:class:`~web.storage.store.PhaseClosed`) a save written for a phase other than the one open."""
    if named == state.position.phase:
        return  # the open phase (a game that is over refuses the save itself, saying why)
    at = next((e.adjudicated_at for e in reversed(state.history) if e.report.phase == named), None)
    raise store.PhaseClosed(named, state.position.phase, at, over=state.result.over)
