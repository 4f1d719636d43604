"""The deadline job: each game's timed work (its deadline, reminders, press mail), done once, when it is due.

With one process (``sengoku serve``), the job's loop runs in a daemon thread
every ``DEADLINE_CHECK_SECONDS``. With several (``--workers N``) it runs in a
small process of its own beside the workers (:mod:`web.serving.scheduler`), so that
no request waits while its worker adjudicates; the workers still run the loop,
seldom, as a safety net should that process die.

A pass costs what is due, not what exists: it asks the database once for the
games whose stored next due time has come (:mod:`web.storage.due`: the earliest
of their deadline, their next reminder round, their next press mail, kept true
whenever a game changes), and with none due that one indexed statement is the
whole pass. Each game due is then adjudicated if its deadline has passed, sent
its reminder round and its press mail if due, and its next due time stored.

The work runs only where it holds the job's lock: on PostgreSQL an advisory lock
(the database drops it if the process dies, even by kill -9), on SQLite the
database's own write lock, which every adjudication takes. *Exactly once* does
not rest on that lock alone: each game is adjudicated under its row's
exclusive lock and only if its deadline is still passed, and adjudicating
moves the deadline on (or clears it), so a second pass finds nothing to do;
a reminder round and a press mail are marked sent under a lock before they go.

Requests never run the job: a save that comes after the deadline is refused
(:func:`web.storage.saving.submit`) until the job has adjudicated the phase, so no
order is counted late and no page waits for an adjudication.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

from flask import Flask
from sqlalchemy import text

from outbox import SmtpSettings
from web.play import actions
from web.storage import store
from web.storage.db import Database
from web.table import chat, mailer, pressmail, push, reminders

__all__ = ["Timer", "init_app", "run_due", "run_loop", "run_pass", "start_timer"]

log = logging.getLogger(__name__)

T = TypeVar("T")
_LOCK = 0x73656E676F6B76  # the advisory lock key of the deadline job on PostgreSQL


def run_due(db: Database, now: datetime | None = None) -> list[str] | None:
    """Adjudicate the games whose deadline has passed (and store their next due time); their ids, or None if
    another process has the job. A pass does this and the rest of the work due (:func:`run_pass`)."""
    moment = now or store.utcnow()
    due = store.due_now(db, moment)
    if not due:
        return []
    return _holding_the_job(db, lambda: _adjudicate(db, due, moment))


def _adjudicate(db: Database, due: list[store.Due], moment: datetime) -> list[str]:
    passed = [game.id for game in due if game.deadline is not None and game.deadline <= moment]
    done = actions.adjudicate_if_due(db, passed, now=moment)
    for game in due:
        _refresh(db, game.id, moment)
    return done


def _holding_the_job(db: Database, work: Callable[[], T]) -> T | None:
    """``work()`` while this process holds the job (PostgreSQL's advisory lock); None if another one does."""
    if db.dialect != "postgresql":
        return work()
    with db.engine.connect() as connection:
        held = connection.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": _LOCK}).scalar()
        connection.commit()  # a session lock: it outlives this transaction, and the connection's death
        if not held:
            return None
        try:
            return work()
        finally:
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": _LOCK})
            connection.commit()


def _refresh(db: Database, game_id: str, moment: datetime) -> None:
    try:
        store.refresh_due(db, game_id, moment)
    except Exception:  # looked at again at the next pass: its time is still past
        log.exception("game %s: its next due time could not be stored", game_id)


def init_app(app: Flask) -> None:
    """A gunicorn worker's safety net: the job in a thread for as long as the worker process lives.

    (``sengoku serve`` in one process starts and stops its timer round the serving itself, once the
    database is known to be ready: :mod:`web.serving.server`.)
    """
    seconds = float(app.config.get("DEADLINE_CHECK_SECONDS") or 0)
    if seconds > 0:
        app.extensions["sengoku_deadlines"] = start_timer(
            app.extensions["sengoku_db"], seconds, mailer.smtp_settings(app.config)
        )


class Timer:
    """The job's thread: :meth:`stop` ends it and waits for a pass in flight, so none outlives its database."""

    def __init__(self, db: Database, seconds: float, smtp: SmtpSettings | None) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=run_loop, args=(db, seconds, smtp, self._stop), name="sengoku-deadlines", daemon=True
        )

    def start(self) -> Timer:
        self._thread.start()
        return self

    def stop(self, timeout: float = 30) -> None:
        self._stop.set()
        self._thread.join(timeout)


def start_timer(db: Database, seconds: float, smtp: SmtpSettings | None = None) -> Timer:
    """Run a pass every ``seconds`` in a daemon thread, until the timer is stopped."""
    return Timer(db, seconds, smtp).start()


def run_loop(db: Database, seconds: float, smtp: SmtpSettings | None, stop: threading.Event) -> None:
    """A pass every ``seconds`` until ``stop`` is set (in a thread, or as the whole of the scheduler process)."""
    while not stop.wait(seconds):
        try:
            run_pass(db, smtp)
        except Exception:  # a bad moment for the database must not end the job
            log.exception("deadline pass failed")


def run_pass(db: Database, smtp: SmtpSettings | None, now: datetime | None = None) -> list[threading.Thread]:
    """One pass of the job: the games due (one statement; nothing more when none is), each adjudicated if its
    deadline has passed, sent its reminder round and press mail if due, and given its next due time; and the
    threads that send their mail and posts (returned so a test can wait for them).

    The results of each game adjudicated go by mail and to its chat channel (when its GM turned that on), each
    from a thread of its own: a slow mail or chat server must not hold up the next pass.
    """
    moment = now or store.utcnow()
    due = store.due_now(db, moment)
    if not due:
        return []
    return _holding_the_job(db, lambda: _work(db, due, moment, smtp)) or []


def _work(db: Database, due: list[store.Due], moment: datetime, smtp: SmtpSettings | None) -> list[threading.Thread]:
    adjudicated = set(actions.adjudicate_if_due(db, [g.id for g in due if g.deadline and g.deadline <= moment], moment))
    senders: list[threading.Thread] = []
    for game in due:
        senders += filter(
            None, (reminders.remind(db, game.id, moment, smtp), pressmail.mail(db, game.id, moment, smtp))
        )
        _refresh(db, game.id, moment)
        if game.id in adjudicated:
            log.info("deadline passed: game %s adjudicated", game.id)
            push.after_adjudication(db, game.id)
            mailing = mailer.in_background(db, game.id, smtp)
            senders += [mailing] if mailing is not None else []
            senders.append(chat.in_background(db, game.id))
    return senders
