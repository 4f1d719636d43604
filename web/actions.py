"""Everything a GM or player can do, as transactions; shared by the pages and the JSON API."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from adjudicator.game import Game, GameError
from adjudicator.position import Phase
from adjudicator.records import GameResult
from adjudicator.resend import SendMode
from maps import available_maps, load_board
from maps.terms import PhaseType
from web import store
from web.db import Database
from web.intake import read_inbox_text
from web.ordering import bid_order, check_text, order_texts, without_bid
from web.schemas import BidIn, BidOut, DeadlineIn, InboxIn, InboxOut, NewGameIn, OrdersOut
from web.store import Handle, utcnow

__all__ = [
    "adjudicate",
    "adjudicate_if_due",
    "check_orders",
    "concede",
    "create_game",
    "place_bid",
    "read_inbox",
    "rollback",
    "save_orders",
    "set_deadline",
    "set_listed",
    "vote_draw",
    "withdraw_bid",
]


log = logging.getLogger(__name__)


class _NotDue(Exception):
    pass


def create_game(db: Database, request: NewGameIn) -> tuple[str, dict[str, str]]:
    if request.variant not in available_maps():
        raise GameError(f"unknown variant '{request.variant}'; choose one of {', '.join(available_maps())}")
    board = load_board(request.variant)
    hours = (request.movement_hours, request.other_hours)
    return store.create_game(db, board, request.name, hours, listed=request.listed)


def check_orders(db: Database, game_id: str, power: str, text: str) -> OrdersOut:
    """The verdicts on a text, without saving anything."""
    snapshot = store.load(db, game_id)
    out, _ = check_text(snapshot.game(), power, text)
    return out


def save_orders(
    db: Database, game_id: str, power: str, text: str, merge: bool = False, phase: Phase | None = None
) -> OrdersOut:
    """Store the text's accepted lines as the power's orders for this phase (replacing, or merging by unit).

    A text whose every line is refused stores nothing: the earlier orders stand. ``phase``: the phase the
    text was written for; if another phase is open, nothing is stored (:class:`store.PhaseClosed`).
    """
    mode = SendMode.MERGE if merge else SendMode.REPLACE

    def act(game: Game) -> OrdersOut:
        out, saved = check_text(game, power, text, mode)
        return out.model_copy(update={"saved": order_texts(game.board, saved)})

    return store.submit(db, game_id, power, act, phase)


def read_inbox(db: Database, game_id: str, request: InboxIn) -> InboxOut:
    """The GM's paste of orders sent by email, read into the game as ``sengoku orders`` reads it."""
    return store.change(db, game_id, lambda handle: read_inbox_text(handle.game, request))


def place_bid(db: Database, game_id: str, power: str, bid: BidIn, phase: Phase | None = None) -> BidOut:
    """Add a DP order (replacing the power's earlier bid on the same neutral unit)."""

    def act(game: Game) -> BidOut:
        order = bid_order(game.board, game, bid)
        current = list(game.state.orders.get(power, []))
        if isinstance(order, str):
            game.submit(power, current)
            return BidOut(problem=order, saved=order_texts(game.board, current))
        verdicts = game.submit(power, [*without_bid(current, order.unit.province), order])
        verdict = verdicts[-1]
        if not verdict.accepted:
            game.submit(power, current)  # keep what was there, the earlier bid included
        saved = order_texts(game.board, game.state.orders.get(power, []))
        return BidOut(order=order_texts(game.board, [verdict.order])[0], problem=verdict.problem, saved=saved)

    return store.submit(db, game_id, power, act, phase)


def withdraw_bid(db: Database, game_id: str, power: str, province: str, phase: Phase | None = None) -> list[str] | None:
    """The power's orders left after withdrawing its bid on a neutral unit; None if it had no such bid."""

    def act(game: Game) -> list[str] | None:
        current = list(game.state.orders.get(power, []))
        kept = without_bid(current, province.split("/")[0])
        game.submit(power, current if kept == current else kept)
        return order_texts(game.board, kept) if kept != current else None

    return store.submit(db, game_id, power, act, phase)


def vote_draw(db: Database, game_id: str, power: str, powers: list[str] | None) -> GameResult:
    def act(handle: Handle) -> GameResult:
        result = handle.game.vote_draw(power, powers)
        _clear_if_over(handle)
        return result

    return store.change(db, game_id, act)


def concede(db: Database, game_id: str, power: str, to: str) -> GameResult:
    def act(handle: Handle) -> GameResult:
        if to == power:
            raise GameError("a power concedes to another power, not to itself")
        result = handle.game.concede(power, to)
        _clear_if_over(handle)
        return result

    return store.change(db, game_id, act)


def adjudicate(db: Database, game_id: str, version: int | None = None) -> int:
    """Adjudicate the open phase; returns the new history entry's index."""

    def act(handle: Handle) -> int:
        handle.game.adjudicate(at=utcnow())  # the time a save for the phase, come too late, is told
        _set_next_deadline(handle)
        return len(handle.game.state.history) - 1

    return store.change(db, game_id, act, version)


def rollback(db: Database, game_id: str, version: int | None = None) -> str:
    """Undo the last adjudication; returns the phase that is open again."""

    def act(handle: Handle) -> str:
        handle.game.rollback()
        _set_next_deadline(handle)
        return str(handle.game.state.position.phase)

    return store.change(db, game_id, act, version)


def set_deadline(db: Database, game_id: str, request: DeadlineIn) -> datetime | None:
    def act(handle: Handle) -> datetime | None:
        row = handle.row
        row.movement_hours, row.other_hours = request.movement_hours, request.other_hours
        if request.at is not None:
            at = request.at
            row.deadline = at if at.tzinfo is None else at.astimezone(UTC).replace(tzinfo=None)
        elif request.hours_from_now is not None:
            row.deadline = utcnow() + timedelta(hours=request.hours_from_now)
        else:
            row.deadline = None
        _clear_if_over(handle)
        return row.deadline

    return store.change(db, game_id, act)


def set_listed(db: Database, game_id: str, listed: bool) -> bool:
    """List the game on the front page, or take it off (the GM's choice)."""

    def act(handle: Handle) -> bool:
        handle.row.listed = listed
        return listed

    return store.change(db, game_id, act)


def adjudicate_if_due(db: Database, game_id: str | None = None, now: datetime | None = None) -> list[str]:
    """Adjudicate the games (or the one game) whose deadline has passed; returns their ids.

    A game that cannot be adjudicated (a bug, a bad moment for the database)
    is left as it was, logged, and tried again next time; the others go on.
    """
    moment = now or utcnow()
    done = []
    for due in store.due_games(db, moment, game_id):
        try:
            store.change(db, due, lambda h: _adjudicate_due(h, moment))
        except _NotDue:
            continue
        except Exception:
            log.exception("game %s: its deadline has passed but it could not be adjudicated", due)
            continue
        done.append(due)
    return done


def _adjudicate_due(handle: Handle, moment: datetime) -> None:
    deadline = handle.row.deadline
    if deadline is None or deadline > moment:
        raise _NotDue  # another request got there first: nothing to do
    if handle.game.state.result.over:
        handle.row.deadline = None
        return
    handle.game.adjudicate(at=utcnow())
    _set_next_deadline(handle)


def _set_next_deadline(handle: Handle) -> None:
    """The deadline the rule gives the phase now open: none without a rule or once the game is over."""
    state, row = handle.game.state, handle.row
    hours = row.movement_hours if state.position.phase.type is PhaseType.MOVEMENT else row.other_hours
    row.deadline = utcnow() + timedelta(hours=hours) if hours and not state.result.over else None


def _clear_if_over(handle: Handle) -> None:
    if handle.game.state.result.over:
        handle.row.deadline = None
