"""Saying "ready": a power tells the GM and the others it is done with the phase, and a phase everyone is done
with may end early.

A mark is cleared when the power's orders change (:func:`web.storage.saving.submit`) and when the phase moves. When the
GM chose it (``early_when_ready``), the mark that makes every power with something to order ready moves the
deadline to now, under the game's lock; the deadline job then adjudicates within seconds, as for any passed
deadline, so a request never adjudicates and a save that comes after is refused as after a deadline.
"""

from __future__ import annotations

from game.duty import powers_to_order
from game.game import GameError
from game.state import GameState
from web.play.actions import GM_PAGE, log_action
from web.schemas.table import EarlyIn, ReadyIn, ReadyOut
from web.storage import store
from web.storage.db import Database
from web.storage.store import Conflict, Handle

__all__ = ["set_early", "set_ready", "waiting_for"]


def waiting_for(state: GameState, ready: frozenset[str]) -> list[str]:
    """The powers with something to order this phase that are not ready, in the board's order."""
    board = store.board_of(state.variant)
    return [p for p in powers_to_order(board, state.position, board.rules) if p not in ready]


def set_ready(db: Database, game_id: str, power: str, request: ReadyIn) -> ReadyOut:
    snapshot = store.load(db, game_id)
    phase = str(snapshot.state.position.phase)
    if request.phase is not None and request.phase.strip().casefold() != phase.casefold():
        raise Conflict(f"{request.phase} is no longer open (the game is at {phase}): nothing was changed")
    if snapshot.state.result.over:
        raise GameError(f"the game is over: {snapshot.state.result.describe()}")
    state, ready = store.set_ready(db, game_id, power, request.ready)
    waiting = waiting_for(state, ready)
    adjudicating = request.ready and state.early_when_ready and not waiting and _end_early(db, game_id)
    return ReadyOut(
        phase=str(state.position.phase),
        ready=request.ready,
        ready_powers=sorted(ready),
        waiting_for=waiting,
        early=state.early_when_ready,
        adjudicating=adjudicating,
        paused=state.paused,
    )


def _end_early(db: Database, game_id: str) -> bool:
    """Everyone is ready: the deadline moves to now (looked at again under the lock: a mark may have gone)."""

    def act(handle: Handle) -> bool:
        state = handle.game.state
        if waiting_for(state, handle.ready) or not state.early_when_ready or state.paused:
            return False
        handle.row.deadline = store.utcnow()
        return True

    return store.change(db, game_id, act)


def set_early(db: Database, game_id: str, request: EarlyIn, by: str = GM_PAGE) -> bool:
    """Whether the phase ends as soon as every power with something to order is ready (the GM's choice); True
    when everyone is ready already, so the phase is being adjudicated now."""

    def act(handle: Handle) -> bool:
        state = handle.game.state
        handle.game.state = state.replace(early_when_ready=request.when_all_ready)
        rule = "as soon as every power is ready" if request.when_all_ready else "at their deadline only"
        log_action(handle, by, f"phases end {rule}")
        if (
            request.when_all_ready
            and not state.result.over
            and not state.paused
            and not waiting_for(state, handle.ready)
        ):
            handle.row.deadline = store.utcnow()
            return True
        return False

    return store.change(db, game_id, act)
