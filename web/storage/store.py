"""Games in the database, one transaction per action.

Every change runs inside one transaction, so it is all or nothing: a crash
half-way leaves the game as it was. Locks keep changes from crossing:

* a player's save takes a *shared* lock on the game row (``FOR SHARE``):
  eight players can save at once, each writing only its own submission row;
* anything that changes the game itself (adjudication, rollback, votes,
  deadlines) takes an *exclusive* lock (``FOR UPDATE``), so it waits for the
  saves in flight and sees every one of them.

On SQLite the database lock does the same (every write transaction starts
with ``BEGIN IMMEDIATE``; see :mod:`web.storage.db`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TypeVar

import msgspec
from sqlalchemy import bindparam, delete, inspect, or_, select, update
from sqlalchemy.orm import Session, defer, object_session

from adjudicator.position import Phase
from game.game import Game
from game.state import GameState, state_from_json, state_json
from maps import Board, load_board
from orders.model import Order
from web.storage import discordrows, due, readyrows, tokens
from web.storage.db import Database
from web.storage.kept import SharedLRU
from web.storage.models import GameRow, RefusalRow, SubmissionRow, TokenRow

__all__ = [
    "Conflict",
    "DeadlinePassed",
    "Due",
    "Handle",
    "NotFound",
    "PhaseClosed",
    "Snapshot",
    "board_of",
    "bring_forward",
    "change",
    "create_game",
    "due_now",
    "kept_state",
    "links_of",
    "load",
    "recent_games",
    "peek",
    "refresh_due",
    "reset_token",
    "set_ready",
    "state_at",
    "role_of",
    "utcnow",
]

T = TypeVar("T")
_ORDERS = msgspec.json.Decoder(list[Order])
"""A submission's orders, as stored (JSON, checked as it is read)."""


class NotFound(LookupError):
    """No game with that id."""


class Conflict(RuntimeError):
    """The game changed since the page was shown (another adjudication, a rollback...)."""


class DeadlinePassed(Conflict):
    """The phase's deadline has passed: the deadline job is about to adjudicate it, so orders wait for the next."""

    def __init__(self, deadline: datetime) -> None:
        super().__init__(
            f"the deadline ({deadline:%Y-%m-%d %H:%M:%S} UTC) has passed and the phase is being adjudicated: "
            "reload in a few seconds to see the results and give orders for the next phase"
        )


class PhaseClosed(Conflict):
    """A save named a phase that is not the one open: it is refused, never stored for another phase.

    ``named`` is the phase the save was written for, ``open`` the phase open now and ``adjudicated_at`` when
    ``named`` was adjudicated (None if it never was: a rollback took the game back before it, or no time kept).
    """

    def __init__(self, named: Phase, open_: Phase, adjudicated_at: datetime | None, over: bool = False) -> None:
        self.named, self.open, self.adjudicated_at, self.over = named, open_, adjudicated_at, over
        super().__init__(self.describe())

    def describe(self, new_phase: str = "the open phase is") -> str:
        """In words: what happened to the phase, that nothing was saved, and which phase is open."""
        if self.adjudicated_at is not None:
            what = f"{self.named} was adjudicated at {self.adjudicated_at:%H:%M} UTC on {self.adjudicated_at:%Y-%m-%d}"
        elif self.over:
            what = f"{self.named} is not open"
        else:
            what = f"{self.named} is not open (it was adjudicated, or the game was rolled back before it)"
        now = "the game is over" if self.over else f"{new_phase} {self.open}"
        return f"{what}; your orders were not saved; {now}"


@functools.cache
def board_of(variant: str) -> Board:
    """The board of a game's variant (a shipped map's name): looked up once a process, not once a use
    (:func:`maps.load_board` looks for a file of that name first, a system call each time)."""
    return load_board(variant)


def utcnow() -> datetime:
    """Now in UTC, without a time zone (how the tables keep times)."""
    return datetime.now(UTC).replace(tzinfo=None)


@dataclass(frozen=True)
class Snapshot:
    """A game as read: its state with this phase's saved orders in it, and its settings."""

    id: str
    name: str
    version: int
    state: GameState
    submitted: dict[str, datetime]
    deadline: datetime | None
    movement_hours: int | None
    other_hours: int | None
    listed: bool = False
    ready: frozenset[str] = frozenset()  # the powers that said they are done with the open phase

    @property
    def board(self) -> Board:
        return board_of(self.state.variant)

    def game(self) -> Game:
        return Game(self.board, self.state)


@dataclass
class Handle:
    """What an action may change under the exclusive lock: the game, and the row's deadline settings."""

    game: Game
    row: GameRow
    ready: frozenset[str] = frozenset()  # the powers ready for the open phase (read under the same lock)


def create_game(
    db: Database, board: Board, name: str, hours: tuple[int | None, int | None], listed: bool = False
) -> tuple[str, dict[str, str]]:
    """A new game; returns its id and a fresh token per role (the GM and each power).

    ``hours`` is the deadline rule (movement phases, other phases); the first phase's deadline follows from it.
    ``listed`` puts it on the front page (otherwise only its links lead to it).
    """
    game = Game.new(board, name)
    game.record("started the game", by="web site", at=datetime.now(UTC))
    deadline = utcnow() + timedelta(hours=hours[0]) if hours[0] else None
    game_id = tokens.new_game_id()
    issued = {role: tokens.new_token() for role in (tokens.GM, *board.power_names)}
    with db.write() as session:
        row = GameRow(
            id=game_id,
            name=name,
            variant=board.name,
            state=state_json(game.state, rules=board.rules).decode(),
            version=1,
            created=utcnow(),
            deadline=deadline,
            movement_hours=hours[0],
            other_hours=hours[1],
            listed=listed,
        )
        row.next_due = due.next_due(due.DueGame(session, game_id, deadline, game.state))
        session.add(row)
        session.flush()
        session.add_all(TokenRow(game_id=game_id, role=role, digest=tokens.digest(t)) for role, t in issued.items())
    return game_id, issued


def load(db: Database, game_id: str) -> Snapshot:
    """The game as stored, with the open phase's orders and marks.

    Its state text (a long game's whole history: megabytes) is read only when this process has not decoded
    that version yet (:func:`_state_of`).
    """
    return _reading(db, game_id, _snapshot)


def peek(db: Database, game_id: str) -> tuple[int, GameState]:
    """The game's version and state alone (no orders, no marks): what a page's pulse needs, cheaply."""
    return _reading(db, game_id, lambda _session, row: (row.version, _state_of(row)))


def _reading(db: Database, game_id: str, read: Callable[[Session, GameRow], T]) -> T:
    """``read`` of the game's row without its state text; once more with it if the game moved on in between."""
    for light in (True, False):
        with db.read() as session:
            try:
                return read(session, _row(session, game_id, light=light))
            except _Moved:
                continue
    raise AssertionError("unreachable: a row read whole has its state")


def recent_games(db: Database, limit: int = 20) -> list[Snapshot]:
    """The newest games their GM has listed (an unlisted game is reached by its links only)."""
    with db.read() as session:
        query = select(GameRow).where(GameRow.listed.is_(True)).order_by(GameRow.created.desc()).limit(limit)
        rows = session.scalars(query).all()
        return [_snapshot(session, row) for row in rows]


def role_of(db: Database, game_id: str, token: str) -> str | None:
    """The role of a link's token in this game (``gm`` or a power), or None."""
    return tokens.match(token, links_of(db, game_id))


def links_of(db: Database, game_id: str) -> list[tuple[str, str]]:
    """Every link of the game as stored: (role, the token's digest)."""
    stored = db.rows(_TOKENS, {"game_id": game_id})  # every game has its tokens: none means no such game
    if not stored:
        raise NotFound(f"no game '{game_id}'")
    return [(row.role, row.digest) for row in stored]


_TOKENS = select(TokenRow.role, TokenRow.digest).where(TokenRow.game_id == bindparam("game_id"))


def reset_token(db: Database, game_id: str, role: str, token: str | None = None) -> str:
    """A new link for a role (``token``, or a fresh one); the old one stops working, and so does the Discord
    user who gave it (a new player joins, a new GM links the channel, with the new link)."""
    token = token or tokens.new_token()
    with db.write() as session:
        _row(session, game_id, lock=True)
        row = session.scalars(select(TokenRow).where(TokenRow.game_id == game_id, TokenRow.role == role)).one()
        row.digest = tokens.digest(token)
        discordrows.forget_role(session, game_id, role)
    return token


def set_ready(db: Database, game_id: str, power: str, ready: bool) -> tuple[GameState, frozenset[str]]:
    """Set or clear the power's ready mark for the open phase, written alone (like a save); the game as it is
    and the powers ready now. Refused once the deadline has passed, as a save is."""
    with db.write() as session:
        row = _row(session, game_id, lock=True, shared=True)
        if row.deadline is not None and row.deadline <= utcnow():
            raise DeadlinePassed(row.deadline)
        state = _state_of(row)
        phase_index = len(state.history)
        readyrows.mark(session, game_id, phase_index, power, ready, utcnow())
        return state, readyrows.ready_powers(session, game_id, phase_index)


def change(db: Database, game_id: str, act: Callable[[Handle], T], expected_version: int | None = None) -> T:
    """Run ``act`` under the exclusive lock and keep the game it leaves (a new version)."""
    with db.write() as session:
        row = _row(session, game_id, lock=True)
        if expected_version is not None and expected_version != row.version:
            raise Conflict("the game has changed since this page was shown: reload it and try again")
        snapshot = _snapshot(session, row)
        handle = Handle(Game(snapshot.board, snapshot.state), row, snapshot.ready)
        result = act(handle)
        state = handle.game.state
        row.state = state_json(state.replace(orders={}, all_refused=[]), rules=snapshot.board.rules).decode()
        row.version += 1
        _replace_submissions(session, game_id, len(state.history), snapshot, state.orders)
        _replace_refusals(session, game_id, len(state.history), state.all_refused)
        if len(state.history) != len(snapshot.state.history):
            readyrows.clear_game(session, game_id)
        row.next_due = due.next_due(due.DueGame(session, game_id, row.deadline, state))
    return result


def refresh_due(db: Database, game_id: str, now: datetime) -> datetime | None:
    """Store when the game is next due, after the deadline job handled it (the time stored; see web/storage/due.py).

    A time still not after ``now`` is work the job could not do: it is looked at again :data:`due.RETRY` later.
    """
    with db.write() as session:
        row = session.scalars(select(GameRow).where(GameRow.id == game_id).with_for_update()).one_or_none()
        if row is None:  # deleted meanwhile: nothing is due
            return None
        when = due.next_due(due.DueGame(session, game_id, row.deadline, _state_of(row)))
        row.next_due = when if when is None or when > now else now + due.RETRY
        return row.next_due


@dataclass(frozen=True)
class Due:
    """A game whose next due time has come, and its deadline (adjudication is due when that has passed too)."""

    id: str
    deadline: datetime | None


def due_now(db: Database, now: datetime) -> list[Due]:
    """The games whose next due time has come (web/storage/due.py): one indexed statement, outside any
    transaction, and nothing else read."""
    return [Due(row.id, row.deadline) for row in db.glance(_DUE, {"now": now})]


_DUE = select(GameRow.id, GameRow.deadline).where(GameRow.next_due <= bindparam("now")).order_by(GameRow.next_due)


def bring_forward(session: Session, game_id: str, when: datetime) -> None:
    """Make the game due by ``when`` at the latest (an event that makes some work due without changing the game)."""
    later = or_(GameRow.next_due.is_(None), GameRow.next_due > when)
    session.execute(update(GameRow).where(GameRow.id == game_id, later).values(next_due=when))


# --- rows ----------------------------------------------------------------------------


def _row(session: Session, game_id: str, lock: bool = False, shared: bool = False, light: bool = False) -> GameRow:
    """The game's row (``light``: without its state text, read by :func:`_state_of` if needed)."""
    query = select(GameRow).where(GameRow.id == game_id)
    if light:
        query = query.options(defer(GameRow.state))
    if lock:
        query = query.with_for_update(read=shared)
    row = session.scalars(query).one_or_none()
    if row is None:
        raise NotFound(f"no game '{game_id}'")
    return row


def _snapshot(session: Session, row: GameRow, only: str | None = None) -> Snapshot:
    """The game as stored, with the orders of the phase open (``only``: that power's alone, all a save reads)."""
    state = _state_of(row)
    phase_index = len(state.history)
    query = select(SubmissionRow).where(SubmissionRow.game_id == row.id, SubmissionRow.phase_index == phase_index)
    if only is not None:
        query = query.where(SubmissionRow.power == only)
    rows = session.scalars(query).all()
    orders = {r.power: _ORDERS.decode(r.orders) for r in rows}
    refused = set(
        session.scalars(
            select(RefusalRow.power).where(RefusalRow.game_id == row.id, RefusalRow.phase_index == phase_index)
        )
    )
    marks = [power for power in board_of(state.variant).power_names if power in refused]
    ready = readyrows.ready_powers(session, row.id, phase_index) if only is None else frozenset()
    return Snapshot(
        id=row.id,
        name=row.name,
        version=row.version,
        state=state.replace(orders=orders, all_refused=marks),
        submitted={r.power: r.updated for r in rows},
        deadline=row.deadline,
        movement_hours=row.movement_hours,
        other_hours=row.other_hours,
        listed=row.listed,
        ready=ready,
    )


# The game states this process has read, by game and version (see state_at): a save reads the game's
# state (its whole history) to check orders against, and the state changes only with a new version, so most
# saves read it again unchanged. States are immutable; a game's orders live in rows of their own, read every time.
_STATES = SharedLRU[tuple[str, int, datetime], GameState](64)


def _state_of(row: GameRow) -> GameState:
    return state_at((row.id, row.version, row.created), lambda: _text_of(row))


class _Moved(Exception):
    """The game changed between the read of its row and the read of its state text."""


def _text_of(row: GameRow) -> str:
    """The row's state text: read with it, or now for the version the row was read at (:class:`_Moved` if gone)."""
    if "state" not in inspect(row).unloaded:
        return row.state
    session = object_session(row)
    assert session is not None
    query = select(GameRow.state).where(GameRow.id == row.id, GameRow.version == row.version)
    text = session.scalars(query).one_or_none()
    if text is None:
        raise _Moved
    return text


def state_at(key: tuple[str, int, datetime], text: Callable[[], str]) -> GameState:
    """The state of the game version ``key`` names (game, version, creation time), decoded once.

    ``text`` is asked only when this process has not decoded that version yet: a save reads no state text
    at all most times. A state changes only with a new version (:func:`change`); the creation time tells
    apart two games given the same id (in two databases). So a database restored from a backup, or changed
    by hand, needs the site restarted (README, "Running the site").
    """
    return _STATES.get(key, lambda: state_from_json(text()))


def kept_state(key: tuple[str, int, datetime]) -> GameState | None:
    """The state of the game version ``key`` names if this process has it decoded, else None (nothing read)."""
    return _STATES.peek(key)


def _replace_submissions(
    session: Session, game_id: str, phase_index: int, before: Snapshot, orders: dict[str, list[Order]]
) -> None:
    """Make the rows say ``orders`` for the phase now open; unchanged rows keep their time."""
    kept = before.state.orders if phase_index == len(before.state.history) else {}
    session.execute(delete(SubmissionRow).where(SubmissionRow.game_id == game_id))
    for power, given in orders.items():
        updated = before.submitted[power] if kept.get(power) == given else utcnow()
        session.add(
            SubmissionRow(
                game_id=game_id,
                phase_index=phase_index,
                power=power,
                orders=msgspec.json.encode(given).decode(),
                updated=updated,
            )
        )


def _replace_refusals(session: Session, game_id: str, phase_index: int, powers: list[str]) -> None:
    """Make the refusal marks say ``powers`` for the phase now open (none after an adjudication)."""
    session.execute(delete(RefusalRow).where(RefusalRow.game_id == game_id))
    session.add_all(RefusalRow(game_id=game_id, phase_index=phase_index, power=p, updated=utcnow()) for p in powers)
