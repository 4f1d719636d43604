"""Reminders the web site sends by itself: at the hours before the deadline the GM chose, to the powers that
still owe orders (a unit without one, a build or removal not ordered: game/owed.py, as the mail's own words,
the results post and the GM page count), by mail (to their addresses) and to the game's chat channel.

Each round (a phase and an hour, e.g. "Fall 1571, 2 hours before") goes once: the deadline job marks it in
the game's state under the game's lock before anything is sent, so two passes never send it twice, and a
round found late (the site was down) is sent once, not once per hour missed. The job looks at a game when
its next round is due (the ``reminders`` due source, :mod:`web.storage.due`), never in between. Mail goes through
:mod:`web.table.mailer` (each message recorded once the server took it), the channel's notice through
:mod:`web.table.chat`; neither can fail the deadline job.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta

from game.owed import owing
from outbox import SmtpSettings, reminder_letters
from post.chat import Flavour, reminder_notice
from web.storage import due, store
from web.storage.db import Database
from web.storage.store import Handle, Snapshot
from web.table import push

__all__ = ["MAX_HOURS", "Round", "next_round", "remind", "round_due", "send_round"]

log = logging.getLogger(__name__)

MAX_HOURS = 7 * 24
"""The earliest reminder a GM can ask for: a week before the deadline."""


class Round:
    """One reminder round of one game: which phase (by number), how many hours before, and to whom."""

    def __init__(self, game_id: str, phase_number: int, hours: int, missing: list[str], hours_left: int) -> None:
        self.game_id, self.phase_number, self.hours, self.missing = game_id, phase_number, hours, missing
        self.hours_left = hours_left  # how far off the deadline was when the round was found, rounded

    @property
    def mark(self) -> str:
        return f"{self.phase_number}:{self.hours}"


def round_due(snapshot: Snapshot, now: datetime) -> Round | None:
    """The reminder round to send now, if any: the nearest hour already reached and not yet sent."""
    state = snapshot.state
    if snapshot.deadline is None or not state.reminder_hours or state.result.over or now >= snapshot.deadline:
        return None
    number = len(state.history) + 1
    reached = [h for h in state.reminder_hours if now >= snapshot.deadline - timedelta(hours=h)]
    if not reached or all(f"{number}:{h}" in state.reminded for h in reached):
        return None
    board = snapshot.board
    missing = owing(board, state.position, board.rules, state.orders)
    hours_left = round((snapshot.deadline - now).total_seconds() / 3600)
    return Round(snapshot.id, number, min(reached), missing, hours_left)


@due.source("reminders")
def next_round(game: due.DueGame) -> datetime | None:
    """When the game's next reminder round is due: the earliest hour not sent yet for the open phase."""
    state = game.state
    if game.deadline is None or not state.reminder_hours or state.result.over:
        return None
    number = len(state.history) + 1
    unsent = [hours for hours in state.reminder_hours if f"{number}:{hours}" not in state.reminded]
    return min((game.deadline - timedelta(hours=hours) for hours in unsent), default=None)


def remind(db: Database, game_id: str, now: datetime, smtp: SmtpSettings | None) -> threading.Thread | None:
    """Mark and send the game's reminder round if one is due; the thread that sends it."""
    try:
        if round_due(store.load(db, game_id), now) is None:  # due for other work, or a round claimed already
            return None
        claimed = _claim(db, game_id, now)
    except Exception:  # one game's trouble must not hold up the others' reminders
        log.exception("reminders for game %s failed", game_id)
        return None
    if claimed is None or not claimed.missing:
        return None
    push.after_reminder(db, game_id, claimed.phase_number, claimed.hours, claimed.missing)
    thread = threading.Thread(target=send_round, args=(db, claimed, smtp), name=f"sengoku-remind-{game_id}")
    thread.daemon = True
    thread.start()
    return thread


def _claim(db: Database, game_id: str, now: datetime) -> Round | None:
    """The round due, marked as sent (with every earlier hour already reached) under the game's lock: looked at
    again there, since another process may have claimed it since it was read."""

    def act(handle: Handle) -> Round | None:
        snapshot = store.Snapshot(
            id=game_id,
            name=handle.row.name,
            version=handle.row.version,
            state=handle.game.state,
            submitted={},
            deadline=handle.row.deadline,
            movement_hours=handle.row.movement_hours,
            other_hours=handle.row.other_hours,
        )
        due = round_due(snapshot, now)
        if due is None:
            return None
        state = handle.game.state
        reached = [f"{due.phase_number}:{h}" for h in state.reminder_hours if h >= due.hours]
        handle.game.state = state.replace(reminded=sorted({*state.reminded, *reached}))
        return due

    return store.change(db, game_id, act)


def send_round(db: Database, due: Round, smtp: SmtpSettings | None) -> None:
    """Mail the round's reminder to the powers that owe orders and post it to the channel. Never raises."""
    try:
        snapshot = store.load(db, due.game_id)
        if smtp is not None:
            _mail(db, snapshot, due, smtp)
        _post(db, snapshot, due, _mentions(db, snapshot))
    except Exception:
        log.exception("sending the reminder of game %s failed", due.game_id)


def _mail(db: Database, snapshot: Snapshot, due: Round, smtp: SmtpSettings) -> None:
    from web.table.mailer import send

    key = f"reminder {snapshot.state.position.phase} {due.hours}h before"
    plan = reminder_letters(snapshot.board, snapshot.state, deadline=snapshot.deadline, key=key)
    _, failed = send(db, due.game_id, plan.letters, smtp, history=snapshot.state.sent)
    for letter, reason in failed:
        log.warning("reminder of game %s to %s not sent: %s", due.game_id, letter.power, reason)


def _mentions(db: Database, snapshot: Snapshot) -> dict[str, str]:
    """The Discord users of the powers bound in Discord, when the GM turned mentions on (else none)."""
    chosen = snapshot.state.channel
    if chosen is None or chosen.flavour != "discord":
        return {}
    from web.table.discordtable import mentions_for

    return mentions_for(db, snapshot.id)


def _post(db: Database, snapshot: Snapshot, due: Round, mentions: dict[str, str]) -> None:
    from outbox.webhook import ChannelPost
    from web.table import chat

    chosen = snapshot.state.channel
    if chosen is None or snapshot.deadline is None:
        return
    name = snapshot.name or snapshot.board.title
    phase = str(snapshot.state.position.phase)
    flavour = Flavour(chosen.flavour)
    zone = snapshot.state.zone
    text = reminder_notice(name, phase, snapshot.deadline, due.hours_left, due.missing, flavour, mentions, zone)
    pinged = [mentions[p] for p in due.missing if p in mentions]
    posted = chat.posted_counted(db, snapshot.id, chosen, ChannelPost([text], mentions=pinged))
    if posted.failure:
        log.warning("reminder of game %s not posted to its channel: %s", due.game_id, posted.failure)
