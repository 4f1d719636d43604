"""Deadlines: a game is adjudicated once its deadline passes.

Checked on every request for the game, and, when ``DEADLINE_CHECK_SECONDS``
is set (``sengoku serve`` sets it), by a background thread over all games, so
a game moves on even if nobody looks at it.
"""

from __future__ import annotations

import logging
import threading

from flask import Flask, current_app

from outbox import SmtpSettings
from web import actions, mailer
from web.db import Database, database

__all__ = ["adjudicate_if_due", "init_app", "start_timer"]

log = logging.getLogger(__name__)


def adjudicate_if_due(game_id: str) -> None:
    db = database()
    for done in actions.adjudicate_if_due(db, game_id):
        mailer.in_background(db, done, mailer.smtp_settings(current_app.config))


def init_app(app: Flask) -> None:
    seconds = float(app.config.get("DEADLINE_CHECK_SECONDS") or 0)
    if seconds > 0:
        start_timer(app.extensions["sengoku_db"], seconds, mailer.smtp_settings(app.config))


def start_timer(db: Database, seconds: float, smtp: SmtpSettings | None = None) -> threading.Event:
    """Check every game each ``seconds`` in a daemon thread; set the returned event to stop it."""
    stop = threading.Event()

    def run() -> None:
        while not stop.wait(seconds):
            try:
                for game_id in actions.adjudicate_if_due(db):
                    log.info("deadline passed: game %s adjudicated", game_id)
                    mailer.after_adjudication(db, game_id, smtp)
            except Exception:  # a bad moment for the database must not end the timer
                log.exception("deadline check failed")

    threading.Thread(target=run, name="sengoku-deadlines", daemon=True).start()
    return stop
