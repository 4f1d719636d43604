"""The GM's clock: pause a game (its deadline waits, with what was left of it kept) and resume it, or give the
open phase more time.

A paused game has no deadline in its row, so the deadline job, the reminders and an early end when all are
ready all leave it alone; the players may still save orders and say they are ready. Resuming gives back the time
that was left, or, when the GM ends phases as soon as everyone is ready and everyone with orders to give is,
ends the phase now (the deadline job adjudicates it within seconds, as for any passed deadline).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from game.game import GameError
from web.play.actions import GM_PAGE, log_action
from web.schemas.table import ExtendIn, PauseIn
from web.storage import store
from web.storage.db import Database
from web.storage.store import Handle
from web.table.readiness import waiting_for

__all__ = ["extend", "set_paused"]


def set_paused(db: Database, game_id: str, request: PauseIn, by: str = GM_PAGE) -> datetime | None:
    """Pause or resume; the deadline now (None while paused, or with no deadline)."""

    def act(handle: Handle) -> datetime | None:
        state, row = handle.game.state, handle.row
        if state.result.over:
            raise GameError(f"the game is over: {state.result.describe()}")
        if request.paused == state.paused:
            return row.deadline
        now = store.utcnow()
        if request.paused:
            left = (row.deadline - now).total_seconds() if row.deadline is not None else None
            handle.game.state = state.replace(paused=True, paused_left_seconds=left)
            row.deadline = None
            log_action(handle, by, "paused the game")
        else:
            left = state.paused_left_seconds
            row.deadline = now + timedelta(seconds=max(left, 0.0)) if left is not None else None
            handle.game.state = state.replace(paused=False, paused_left_seconds=None)
            if state.early_when_ready and not waiting_for(state, handle.ready):
                row.deadline = now  # everyone was ready while it was paused: the phase ends as it resumes
                log_action(handle, by, "resumed the game; everyone is ready, so the phase ends now")
            else:
                said = f"{row.deadline:%Y-%m-%d %H:%M} UTC" if row.deadline else "none"
                log_action(handle, by, f"resumed the game (deadline: {said})")
        return row.deadline

    return store.change(db, game_id, act)


def extend(db: Database, game_id: str, request: ExtendIn, by: str = GM_PAGE) -> datetime | None:
    """More time for the open phase: on the deadline, or on what a paused game has left."""

    def act(handle: Handle) -> datetime | None:
        state, row = handle.game.state, handle.row
        more = timedelta(hours=request.hours)
        if state.paused:
            if state.paused_left_seconds is None:
                raise GameError("the game has no deadline to extend: set one")
            left = state.paused_left_seconds + more.total_seconds()
            handle.game.state = state.replace(paused_left_seconds=left)
            log_action(handle, by, f"gave the paused phase {request.hours:g} more hours")
            return None
        if row.deadline is None:
            raise GameError("the phase has no deadline to extend: set one")
        row.deadline = max(row.deadline, store.utcnow()) + more
        to = f"{row.deadline:%Y-%m-%d %H:%M} UTC"
        log_action(handle, by, f"extended the deadline by {request.hours:g} hours, to {to}")
        return row.deadline

    return store.change(db, game_id, act)
