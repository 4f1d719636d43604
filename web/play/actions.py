"""Everything a GM or player can do, as transactions; shared by the pages and the JSON API."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from adjudicator.position import Phase
from game.game import Game, GameError
from game.records import GameResult
from game.resend import SendMode
from maps import known_variants, load_board
from maps.terms import PhaseType
from orders import DPOrder
from web.play.intake import read_inbox_text
from web.play.ordering import bid_order, check_text, order_texts, without_bid
from web.schemas.bodies import DeadlineIn, NewGameIn
from web.schemas.orders import BidIn, BidOut, InboxIn, InboxOut, OrdersOut
from web.schemas.table import RemindersIn
from web.storage import saving, store
from web.storage.db import Database
from web.storage.store import Handle, utcnow

__all__ = [
    "GM_PAGE",
    "adjudicate",
    "adjudicate_if_due",
    "check_orders",
    "clear_orders",
    "concede",
    "create_game",
    "place_bid",
    "read_inbox",
    "rollback",
    "save_orders",
    "set_deadline",
    "set_listed",
    "set_reminders",
    "log_action",
    "vote_draw",
    "withdraw_bid",
    "withdraw_concession",
]

GM_PAGE = "GM page"
"""Who did it, in the game's log: the GM's web page (the JSON API says "API"; the command line its own)."""
DEADLINE_JOB = "the deadline (automatic)"


log = logging.getLogger(__name__)


class _NotDue(Exception):
    pass


def create_game(db: Database, request: NewGameIn) -> tuple[str, dict[str, str]]:
    if request.variant not in known_variants():
        raise GameError(f"unknown variant '{request.variant}'; choose one of {', '.join(known_variants())}")
    board = load_board(request.variant)
    hours = (request.movement_hours, request.other_hours)
    return store.create_game(db, board, request.name, hours, listed=request.listed)


def check_orders(db: Database, game_id: str, power: str, text: str) -> OrdersOut:
    """The verdicts on a text, without saving anything."""
    snapshot = store.load(db, game_id)
    out, _ = check_text(snapshot.game(), power, text)
    return out


def save_orders(
    db: Database,
    game_id: str,
    power: str,
    text: str,
    merge: bool = False,
    phase: Phase | None = None,
    confirm: str | None = None,
) -> OrdersOut:
    """Store the text's accepted lines as the power's orders for this phase (replacing, or merging by unit).

    A text whose every line is refused stores nothing: the earlier orders stand. ``phase``: the phase the
    text was written for; if another phase is open, nothing is stored (:class:`store.PhaseClosed`).
    ``confirm``: the link's digest to check in the save's own read (:func:`web.storage.saving.submit`).
    """
    mode = SendMode.MERGE if merge else SendMode.REPLACE

    def act(game: Game) -> OrdersOut:
        out, saved = check_text(game, power, text, mode)
        return out.model_copy(update={"saved": order_texts(game.board, saved)})

    return saving.submit(db, game_id, power, act, phase, confirm, replaces=mode is SendMode.REPLACE)


def read_inbox(db: Database, game_id: str, request: InboxIn, by: str = GM_PAGE) -> InboxOut:
    """The GM's paste of orders sent by email, read into the game as ``sengoku orders`` reads it."""

    def act(handle: Handle) -> InboxOut:
        before = handle.game.state.orders
        out = read_inbox_text(handle.game, request)
        if handle.game.state.orders != before:
            counts = [f"{p} {len(o)}" for p, o in handle.game.state.orders.items() if o]
            _log(handle, by, "read orders; orders stored: " + (", ".join(counts) or "none"))
        return out

    return store.change(db, game_id, act)


def clear_orders(db: Database, game_id: str, power: str, by: str = GM_PAGE) -> int:
    """Forget the orders ``power`` has stored for the open phase; how many there were."""

    def act(handle: Handle) -> int:
        count = handle.game.clear_orders(power)
        if count:
            _log(handle, by, f"cleared {power}'s {count} stored order{'' if count == 1 else 's'}")
        return count

    return store.change(db, game_id, act)


def withdraw_concession(db: Database, game_id: str, power: str, by: str = GM_PAGE) -> GameResult:
    """``power`` takes back its concession (a game that concessions ended goes on)."""

    def act(handle: Handle) -> GameResult:
        was = handle.game.state.concessions.get(power)
        result = handle.game.withdraw_concession(power)
        _log(handle, by, f"{power} withdrew its concession to {was}")
        return result

    return store.change(db, game_id, act)


def place_bid(db: Database, game_id: str, power: str, bid: BidIn | DPOrder, phase: Phase | None = None) -> BidOut:
    """Add a DP order (replacing the power's earlier bid on the same neutral unit): one the API's body names, read
    with the order parser, or one already typed (the DP panel's choice)."""

    def act(game: Game) -> BidOut:
        order = bid if isinstance(bid, DPOrder) else bid_order(game.board, game, bid)
        current = list(game.state.orders.get(power, []))
        if isinstance(order, str):
            game.submit(power, current)
            return BidOut(problem=order, saved=order_texts(game.board, current))
        verdicts = game.submit(power, [*without_bid(current, order.unit.province), order])
        verdict = verdicts[-1]
        if not verdict.accepted:
            game.submit(power, current)  # keep what was there, the earlier bid included
        saved = order_texts(game.board, game.state.orders.get(power, []))
        order_text = order_texts(game.board, [verdict.order])[0]
        return BidOut(order=order_text, problem=verdict.problem, refusal=verdict.refusal, saved=saved)

    return saving.submit(db, game_id, power, act, phase)


def withdraw_bid(db: Database, game_id: str, power: str, province: str, phase: Phase | None = None) -> list[str] | None:
    """The power's orders left after withdrawing its bid on a neutral unit; None if it had no such bid."""

    def act(game: Game) -> list[str] | None:
        current = list(game.state.orders.get(power, []))
        kept = without_bid(current, province.split("/")[0])
        game.submit(power, current if kept == current else kept)
        return order_texts(game.board, kept) if kept != current else None

    return saving.submit(db, game_id, power, act, phase)


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


def adjudicate(db: Database, game_id: str, version: int | None = None, by: str = GM_PAGE) -> int:
    """Adjudicate the open phase; returns the new history entry's index."""

    def act(handle: Handle) -> int:
        _log(handle, by, f"adjudicated {handle.game.phase}")
        _keep_deadline(handle)
        handle.game.adjudicate(at=utcnow())  # the time a save for the phase, come too late, is told
        _set_next_deadline(handle)
        return len(handle.game.state.history) - 1

    return store.change(db, game_id, act, version)


def rollback(db: Database, game_id: str, version: int | None = None, by: str = GM_PAGE) -> str:
    """Undo the last adjudication; returns the phase that is open again."""

    def act(handle: Handle) -> str:
        undone = handle.game.rollback()
        _log(handle, by, f"rolled back {undone.phase}")
        _restore_deadline(handle)
        return str(handle.game.state.position.phase)

    return store.change(db, game_id, act, version)


def set_reminders(db: Database, game_id: str, request: RemindersIn, by: str = GM_PAGE) -> list[int]:
    """The hours before each deadline at which the site reminds the powers that still owe orders (latest first)."""
    hours = sorted(set(request.hours), reverse=True)

    def act(handle: Handle) -> None:
        handle.game.state = handle.game.state.replace(reminder_hours=hours)
        said = ", ".join(str(h) for h in hours)
        log_action(handle, by, f"reminders {said} hours before each deadline" if hours else "no automatic reminders")

    store.change(db, game_id, act)
    return hours


def set_deadline(db: Database, game_id: str, request: DeadlineIn, by: str = GM_PAGE) -> datetime | None:
    def act(handle: Handle) -> datetime | None:
        row = handle.row
        if handle.game.state.paused and (request.at is not None or request.hours_from_now is not None):
            raise GameError("the game is paused: resume it first (its deadline waits until then)")
        row.movement_hours, row.other_hours = request.movement_hours, request.other_hours
        if request.at is not None:
            at = request.at
            row.deadline = at if at.tzinfo is None else at.astimezone(UTC).replace(tzinfo=None)
        elif request.hours_from_now is not None:
            row.deadline = utcnow() + timedelta(hours=request.hours_from_now)
        else:
            row.deadline = None
        _clear_if_over(handle)
        due = row.deadline
        _log(handle, by, f"set the deadline: {due:%Y-%m-%d %H:%M} UTC" if due else "cleared the deadline")
        return row.deadline

    return store.change(db, game_id, act)


def set_listed(db: Database, game_id: str, listed: bool) -> bool:
    """List the game on the front page, or take it off (the GM's choice)."""

    def act(handle: Handle) -> bool:
        handle.row.listed = listed
        return listed

    return store.change(db, game_id, act)


def adjudicate_if_due(db: Database, games: Iterable[str], now: datetime | None = None) -> list[str]:
    """Adjudicate those of ``games`` whose deadline has passed; returns their ids.

    A game that cannot be adjudicated (a bug, a bad moment for the database)
    is left as it was, logged, and tried again (web/storage/due.py); the others go on.
    """
    moment = now or utcnow()
    done = []
    for due in games:
        try:
            store.change(db, due, lambda h: _adjudicate_due(h, moment))
        except (_NotDue, store.NotFound):
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
    _log(handle, DEADLINE_JOB, f"adjudicated {handle.game.phase}")
    _keep_deadline(handle)
    handle.game.adjudicate(at=utcnow())
    _set_next_deadline(handle)


def _set_next_deadline(handle: Handle) -> None:
    """The deadline the rule gives the phase now open: none without a rule or once the game is over."""
    state, row = handle.game.state, handle.row
    hours = row.movement_hours if state.position.phase.type is PhaseType.MOVEMENT else row.other_hours
    row.deadline = utcnow() + timedelta(hours=hours) if hours and not state.result.over else None


def _keep_deadline(handle: Handle) -> None:
    """The phase's own deadline goes into its history entry, so a rollback can give it back."""
    due = handle.row.deadline
    handle.game.state = handle.game.state.replace(deadline=due.replace(tzinfo=UTC) if due else None)


def _restore_deadline(handle: Handle) -> None:
    """After a rollback: the phase's own deadline if it is still ahead, else one by the rule from now.

    A deadline already past would have the deadline job adjudicate the phase
    again at once, before the GM could correct a thing.
    """
    own = handle.game.state.deadline
    handle.game.state = handle.game.state.replace(deadline=None)  # the row keeps the web's deadline
    if own is not None and own.astimezone(UTC).replace(tzinfo=None) > utcnow():
        handle.row.deadline = own.astimezone(UTC).replace(tzinfo=None)
    else:
        _set_next_deadline(handle)


def log_action(handle: Handle, by: str, action: str) -> None:
    """Note a GM's change in the game's log (``sengoku history --log`` shows the same log)."""
    handle.game.record(action, by=by, at=utcnow().replace(tzinfo=UTC))


_log = log_action


def _clear_if_over(handle: Handle) -> None:
    if handle.game.state.result.over:
        handle.row.deadline = None
