"""When each game next needs the deadline job: one stored time per game, so a pass reads the games due, not all.

The deadline job does a game's timed work: adjudicate at its deadline, send a reminder round at the hours the
GM chose, mail a batch of press, and whatever comes next (push notices, a press-mail bound). Each kind of work
is a *due source*: a function that, given a game as it now stands, says when that work is next due (``None``:
never, as things stand). A game's ``next_due`` column is the earliest of them all, indexed, so a pass is one
query for the games whose time has come (``next_due <= now``, nothing read when none has) and then work in
proportion to what is due (:func:`web.table.deadlines.run_pass`), however many games exist.

The time is kept true in three ways, and a new source needs nothing else:

* **recomputed whenever a game changes**: :func:`web.storage.store.change` (every action that changes a game,
  under its exclusive lock) and :func:`~web.storage.store.create_game` store :func:`next_due` of the game they
  leave; the deadline job does the same for each game it handled (:func:`~web.storage.store.refresh_due`);
* **brought forward by events that do not change the game**: a press message (a row of its own) makes the
  press mail due a few minutes later; such an event calls :func:`~web.storage.store.bring_forward` with the time
  it makes some work due (never later than the stored time: the job looks, finds what is really due, and
  stores the next time);
* **never left in the past**: after the job handled a game, a time still due means work it could not do
  (no mail server, an error): it is tried again :data:`RETRY` later, not at every pass.

So a source must be exact or early, never late: a time too early costs one look at the game; a time too late
is work not done. To add one: ``@due.source("push")`` on a function of :class:`DueGame` (in the module of
its job, imported by the app factory with the rest of the site), make the job do that work when its game
is due, and call ``bring_forward`` from the events that make it due without changing the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from game.state import GameState

__all__ = ["RETRY", "DueGame", "Source", "next_due", "source", "sources"]

RETRY = timedelta(minutes=1)
"""How soon the job looks again at a game whose work it could not do (a time still past after its pass)."""


@dataclass(frozen=True)
class DueGame:
    """A game as a source sees it: its id, deadline (UTC, naive) and state (orders left out), and the session
    of the transaction that holds the game's lock, for sources that read rows of their own (press)."""

    session: Session
    game_id: str
    deadline: datetime | None
    state: GameState


Source = Callable[[DueGame], datetime | None]
_SOURCES: dict[str, Source] = {}


def source(name: str) -> Callable[[Source], Source]:
    """Register a due source under ``name`` (registering the name again replaces it)."""

    def register(function: Source) -> Source:
        _SOURCES[name] = function
        return function

    return register


def sources() -> list[str]:
    """The names of the sources registered, in order."""
    return list(_SOURCES)


def next_due(game: DueGame) -> datetime | None:
    """The earliest time any source gives for the game, or None when no work is ever due as things stand."""
    return min((when for when in (due(game) for due in _SOURCES.values()) if when is not None), default=None)


@source("deadline")
def _deadline(game: DueGame) -> datetime | None:
    """Adjudication (or, for a game that is over, clearing its deadline) at the deadline."""
    return game.deadline
