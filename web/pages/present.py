"""What each page and API answer shows, built from a :class:`~web.storage.store.Snapshot`.

A player's view holds that power's orders only; the public view holds no
orders of the open phase at all; the GM's holds everyone's.
"""

from __future__ import annotations

from adjudicator.position import Position, Unit
from game.duty import powers_to_order
from game.owed import owed
from game.records import GameResult
from maps.board import Board
from orders import DPOrder, location_text
from web.play.ordering import order_texts
from web.play.posting import phase_post
from web.schemas.bodies import (
    GameOut,
    GmLogOut,
    GmOut,
    HistoryItem,
    PhaseOut,
    PlayerOut,
    PowerRow,
    ResultOut,
    SubmissionOut,
    UnitOut,
    VotesOut,
)
from web.schemas.table import PulseOut
from web.storage import store
from web.storage.db import Database
from web.storage.store import Snapshot
from web.table.readiness import waiting_for

__all__ = ["game_out", "gm_out", "phase_out", "player_out", "result_out", "unit_text"]


def unit_text(board: Board, unit: Unit) -> str:
    return f"{unit.type.value} {location_text(unit.location, board)}"


def result_out(result: GameResult) -> ResultOut:
    return ResultOut(kind=result.kind, powers=list(result.powers), text=result.describe())


def game_out(snapshot: Snapshot) -> GameOut:
    board, state = snapshot.board, snapshot.state
    position = state.position
    return GameOut(
        id=snapshot.id,
        name=snapshot.name,
        variant=state.variant,
        phase=str(position.phase),
        version=snapshot.version,
        deadline=snapshot.deadline if not state.result.over else None,
        result=result_out(state.result),
        powers=[_power_row(board, position, power) for power in board.power_names],
        neutral_units=[unit_text(board, u) for u in position.units if u.is_neutral],
        # each phase's name alone: a stored phase is not decoded for it (game/history.py)
        history=[HistoryItem(number=i + 1, index=i, phase=str(p)) for i, p in enumerate(state.history.phases())],
        paused=state.paused,
    )


def _power_row(board: Board, position: Position, power: str) -> PowerRow:
    centres = position.centres_of(power)
    return PowerRow(
        power=power,
        centres=len(centres),
        centre_names=[location_text(c, board) for c in centres],
        units=[unit_text(board, u) for u in position.units_of(power)],
    )


def player_out(snapshot: Snapshot, power: str) -> PlayerOut:
    board, state = snapshot.board, snapshot.state
    game = snapshot.game()
    position = state.position
    orders = state.orders.get(power, [])
    dp, spent = game.dp(power), game.dp_spent(power)
    vote = state.draw_votes.get(power)
    return PlayerOut(
        game_id=snapshot.id,
        power=power,
        phase=str(position.phase),
        phase_type=position.phase.type.value,
        version=snapshot.version,
        deadline=snapshot.deadline if not state.result.over else None,
        result=result_out(state.result),
        units=[UnitOut(location=u.location, text=unit_text(board, u)) for u in position.units_of(power)],
        centres=[location_text(c, board) for c in position.centres_of(power)],
        dp=dp,
        dp_spent=spent,
        dp_left=max(dp - spent, 0),
        orders=order_texts(board, orders),
        bids=[
            UnitOut(location=o.unit.location, text=order_texts(board, [o])[0]) for o in orders if isinstance(o, DPOrder)
        ],
        neutral_units=[UnitOut(location=u.location, text=unit_text(board, u)) for u in position.units if u.is_neutral],
        survivors=game.survivors(),
        draw_vote=list(vote) if vote is not None else None,
        conceded_to=state.concessions.get(power),
        ready=power in snapshot.ready,
        ready_powers=sorted(snapshot.ready),
        waiting_for=waiting_for(state, snapshot.ready),
        early_when_ready=state.early_when_ready,
        paused=state.paused,
    )


def gm_out(snapshot: Snapshot, mail_ready: bool = False) -> GmOut:
    board, state = snapshot.board, snapshot.state
    rules = board.rules
    due = set(powers_to_order(board, state.position, rules))
    owing = {o.power: o for o in owed(board, state.position, rules, state.orders)}
    submissions = [
        SubmissionOut(
            power=p,
            submitted=snapshot.submitted.get(p),
            orders=order_texts(board, state.orders.get(p, [])),
            all_refused=p in state.all_refused,
            ready=p in snapshot.ready,
            due=p in due,
            still=owing[p].describe() if p in owing and owing[p].owes else "",
            refused=[f"'{line.text}': {line.problem}" for line in state.refused if line.power == p],
        )
        for p in board.power_names
    ]
    last = phase_post(snapshot, -1) if state.history else None
    return GmOut(
        game=game_out(snapshot),
        submissions=submissions,
        votes=VotesOut(draw_votes=dict(state.draw_votes), concessions=dict(state.concessions)),
        movement_hours=snapshot.movement_hours,
        other_hours=snapshot.other_hours,
        listed=snapshot.listed,
        last_report=last,
        mail_results=state.mail_results,
        addresses=dict(state.addresses),
        mail_ready=mail_ready,
        reminder_hours=list(state.reminder_hours),
        early_when_ready=state.early_when_ready,
        channel=state.channel.shown() if state.channel else None,
        channel_post_results=bool(state.channel and state.channel.post_results),
        log=[GmLogOut(at=e.at, by=e.by, phase=e.phase, action=e.action) for e in reversed(state.log)],
    )


def phase_out(snapshot: Snapshot, index: int, fmt: str = "plain") -> PhaseOut:
    """One adjudicated phase; ``index`` counts from 0, its number (shown) from 1 (IndexError if there is none)."""
    history = snapshot.state.history
    if not 0 <= index < len(history):
        raise IndexError(f"no adjudicated phase number {index + 1}; this game has {len(history)}, numbered from 1")
    entry = history[index]
    text = phase_post(snapshot, index, fmt)
    phase = str(entry.report.phase)
    return PhaseOut(number=index + 1, index=index, phase=phase, format=fmt, text=text, report=entry.report)


def pulse_out(db: Database, game_id: str, reader: str) -> PulseOut:
    """What a page asks every few seconds: has the game moved, and is there press to read."""
    from web.table import pressread  # the press module loads with the first pulse, not with every page

    version, state = store.peek(db, game_id)
    unread, newest = pressread.newest(db, game_id, reader, state.press)
    return PulseOut(
        version=version, phase=str(state.position.phase), adjudicated=len(state.history), unread=unread, press_id=newest
    )
