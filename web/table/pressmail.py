"""Press by mail: a power that asked for it gets its new messages mailed to its addresses, a few at a time.

The deadline job asks every pass; a power's new messages go in one mail once the newest of them is a few
minutes old (so a quick exchange is one mail, not ten), and each message goes once: the reader's
``mailed_id`` moves on before the mail is sent, under the row's lock, so two passes never send it twice.
Messages the player has already seen on the page are not mailed. The mail holds the messages themselves; the
player answers on the page (the site keeps only digests of the secret links, so a mail cannot carry one).
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta
from html import escape

from sqlalchemy import select

from outbox import Letter, SmtpSettings, deliver
from web.storage import store
from web.storage.db import Database
from web.storage.models import MessageRow
from web.table import press, pressread, talk

__all__ = ["BATCH", "mail_due"]

log = logging.getLogger(__name__)

BATCH = timedelta(minutes=5)
"""How long a message waits for the next ones before they go out together."""
_RECENT = timedelta(days=2)


def mail_due(db: Database, now: datetime, smtp: SmtpSettings | None) -> list[threading.Thread]:
    """Claim and send the press mail that is due in every game; the threads that send it."""
    if smtp is None:
        return []
    with db.read() as session:
        query = select(MessageRow.game_id).where(MessageRow.created >= now - _RECENT).distinct()
        games = list(session.scalars(query))
    senders = []
    for game_id in games:
        letters = _claim(db, game_id, now)
        if letters:
            thread = threading.Thread(target=_send, args=(game_id, letters, smtp), name=f"sengoku-press-{game_id}")
            thread.daemon = True
            thread.start()
            senders.append(thread)
    return senders


def _claim(db: Database, game_id: str, now: datetime) -> list[Letter]:
    version, state = store.peek(db, game_id)
    name = state.name or "Sengoku"
    letters = []
    for power in state.press_mail:
        addresses = state.addresses.get(power, [])
        if not addresses:
            continue
        with db.write() as session:
            place = press.reader_place(session, game_id, power)
            after = max(place.read_id, place.mailed_id)
            rows = pressread.unread_rows(session, game_id, power, state.press, after=after)
            if not rows or now - rows[-1].created < BATCH:
                continue
            place.mailed_id = rows[-1].id
            subject = f"{name}: {len(rows)} new message{'s' if len(rows) != 1 else ''} for {power}"
            plain = _plain(name, power, rows, state.press)
            html = "".join(f"<p>{escape(line)}</p>" for line in plain.splitlines() if line)
            key = f"press {power} {rows[-1].id}"
            letters += [Letter(key, power, address, subject, plain, html) for address in addresses]
    return letters


def _plain(name: str, power: str, rows: list[MessageRow], rules: press.PressRules) -> str:
    parts = [f"{name}: new press for {power}", ""]
    for row in rows:
        shown = talk.shown_as(row, power, rules)
        parts += [f"{shown.sender} to {', '.join(shown.to)} ({row.phase}):", row.text, ""]
    parts.append("Answer on your page (the secret link the GM gave you). Switch these mails off there.")
    return "\n".join(parts) + "\n"


def _send(game_id: str, letters: list[Letter], smtp: SmtpSettings) -> None:
    try:
        delivery = deliver(letters, smtp, [], lambda message: None)
        for letter, reason in delivery.failed:
            log.warning("press mail of game %s to %s not sent: %s", game_id, letter.power, reason)
    except Exception:  # mail must not end the deadline job
        log.exception("press mail of game %s failed", game_id)
