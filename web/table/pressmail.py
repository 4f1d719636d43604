"""Press by mail: a power that asked for it gets its new messages mailed to its addresses, a few at a time.

A power's new messages go in one mail once the newest of them is a few minutes old (so a quick exchange is
one mail, not ten), and each message goes once: the reader's ``mailed_id`` moves on before the mail is sent,
under the row's lock, so two passes never send it twice. The deadline job looks at a game when its next
batch is due (the ``press mail`` due source, :mod:`web.storage.due`; a new message brings the game forward,
:func:`web.table.press.send`), never in between.
Messages the player has already seen on the page are not mailed. The mail holds the messages themselves; the
player answers on the page (the site keeps only digests of the secret links, so a mail cannot carry one).

A mail holds at most :data:`MOST_MESSAGES` messages and :data:`MOST_CHARACTERS` characters of them (300
messages once made one mail of 2.5 MB); the rest follow in the next mail, said so. Who wrote a message is
said by the mail's structure, never by a line a player could type: each message's text is indented under a
heading line (and quoted in the HTML), and the GM's heading says "From the GM" in a form a player's text
cannot take (a player's "GM to everyone (Spring 1570 movement):" is shown indented, inside their message).
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime
from html import escape

from sqlalchemy import select
from sqlalchemy.orm import Session

from game.press import GM
from outbox import Letter, SmtpSettings, deliver, named
from web.storage import due, store
from web.storage.db import Database
from web.storage.models import MailConsentRow, MessageRow, PressReadRow
from web.table import outgoing, press, pressread, talk

__all__ = ["BATCH", "MOST_CHARACTERS", "MOST_MESSAGES", "mail", "next_batch"]

log = logging.getLogger(__name__)

MOST_MESSAGES = 20
MOST_CHARACTERS = 40_000
BATCH = press.MAIL_BATCH
"""How long a message waits for the next ones before they go out together."""


@due.source("press mail")
def next_batch(game: due.DueGame) -> datetime | None:
    """When the game's next press mail is due: a batch's newest message :data:`BATCH` old, for each power that
    asked for press by mail (and has an address that agreed to mail) and has messages it has neither read nor
    been mailed. An address agreeing later brings the game forward (:func:`web.table.outgoing.answer`)."""
    state = game.state
    times = []
    agreed = _agreed(game.session, game.game_id) if state.press_mail else set()
    for power in state.press_mail:
        if any(outgoing.address_key(a) in agreed for a in state.addresses.get(power, [])):
            rows = _waiting(game.session, game.game_id, power, state.press, _place(game.session, game.game_id, power))
            times += [rows[-1].created + BATCH] if rows else []
    return min(times, default=None)


def mail(db: Database, game_id: str, now: datetime, smtp: SmtpSettings | None) -> threading.Thread | None:
    """Claim and send the game's press mail that is due; the thread that sends it."""
    if smtp is None:
        return None
    try:
        letters = _claim(db, game_id, now)
    except Exception:  # one game's trouble must not hold up the others' mail
        log.exception("press mail of game %s failed", game_id)
        return None
    if not letters:
        return None
    thread = threading.Thread(target=_send, args=(db, game_id, letters, smtp), name=f"sengoku-press-{game_id}")
    thread.daemon = True
    thread.start()
    return thread


def _agreed(session: Session, game_id: str) -> set[str]:
    query = select(MailConsentRow.address).where(MailConsentRow.game_id == game_id, MailConsentRow.agreed)
    return set(session.scalars(query))


def _place(session: Session, game_id: str, power: str) -> int:
    """How far the power has read or been mailed its press (read only: no row is made)."""
    query = select(PressReadRow).where(PressReadRow.game_id == game_id, PressReadRow.reader == power)
    place = session.scalars(query).one_or_none()
    return 0 if place is None else max(place.read_id, place.mailed_id)


def _waiting(session: Session, game_id: str, power: str, rules: press.PressRules, after: int) -> list[MessageRow]:
    """The messages from others over ``after`` the power has not seen: what its next press mail holds."""
    return pressread.unread_rows(session, game_id, power, rules, after=after)


def _claim(db: Database, game_id: str, now: datetime) -> list[Letter]:
    """The letters due, their messages claimed; only to addresses that agreed, and only while the game's and the
    site's hourly mail quotas allow the whole mail (a power left out now is claimed at a later pass: no message
    is marked mailed that was not)."""
    version, state = store.peek(db, game_id)
    name = state.name or "Sengoku"
    letters = []
    agreed = outgoing.agreed(db, game_id)
    left = min(outgoing.budget(db, game_id, outgoing.quotas(), now))
    for power in state.press_mail:
        addresses = [a for a in state.addresses.get(power, []) if outgoing.address_key(a) in agreed]
        if not addresses or len(addresses) > left:
            continue
        with db.write() as session:
            place = press.reader_place(session, game_id, power)
            rows = _waiting(session, game_id, power, state.press, max(place.read_id, place.mailed_id))
            if not rows or now - rows[-1].created < BATCH:
                continue
            rows, more = _bounded(rows)
            place.mailed_id = rows[-1].id
            subject = f"{named(name)}: {len(rows)} new message{'s' if len(rows) != 1 else ''} for {power}"
            plain, html = _plain(name, power, rows, state.press, more), _html(name, power, rows, state.press, more)
            key = f"press {power} {rows[-1].id}"
            letters += [Letter(key, power, address, subject, plain, html) for address in addresses]
            left -= len(addresses)
    return letters


def _bounded(rows: list[MessageRow]) -> tuple[list[MessageRow], int]:
    """The oldest rows that fit one mail (at least one), and how many are left for the next."""
    taken, characters = 0, 0
    for row in rows[:MOST_MESSAGES]:
        if taken and characters + len(row.text) > MOST_CHARACTERS:
            break
        taken, characters = taken + 1, characters + len(row.text)
    return rows[:taken], len(rows) - taken


def _heading(row: MessageRow, power: str, rules: press.PressRules) -> str:
    shown = talk.shown_as(row, power, rules)
    who = "From the GM" if row.sender == GM else f"From {shown.sender}"
    return f"{who}, to {', '.join(shown.to)} ({row.phase})"


def _plain(name: str, power: str, rows: list[MessageRow], rules: press.PressRules, more: int) -> str:
    """Each message under its heading (``== From Takeda, to Oda (Spring 1570 movement) ==``), its text indented."""
    parts = [f"{name}: new press for {power}", ""]
    for row in rows:
        parts.append(f"== {_heading(row, power, rules)} ==")
        parts += [f"    {line}" if line else "" for line in row.text.splitlines()]
        parts.append("")
    if more:
        parts += [f"({more} more in the next mail.)", ""]
    parts.append("Answer on your page (the secret link the GM gave you). Switch these mails off there.")
    return "\n".join(parts) + "\n"


def _html(name: str, power: str, rows: list[MessageRow], rules: press.PressRules, more: int) -> str:
    """The same in HTML: each heading a paragraph of the mail's own, each message's text a quote under it."""
    parts = [f"<p>{escape(name)}: new press for {escape(power)}</p>"]
    for row in rows:
        mark = ' style="border-left:4px solid #8c1c13;padding-left:.5em"' if row.sender == GM else ""
        text = "<br>".join(escape(line) for line in row.text.splitlines())
        parts.append(f"<div{mark}><p><strong>{escape(_heading(row, power, rules))}</strong></p>")
        parts.append(f"<blockquote>{text}</blockquote></div>")
    if more:
        parts.append(f"<p>({more} more in the next mail.)</p>")
    parts.append("<p>Answer on your page (the secret link the GM gave you). Switch these mails off there.</p>")
    return "\n".join(parts) + "\n"


def _send(db: Database, game_id: str, letters: list[Letter], smtp: SmtpSettings) -> None:
    try:
        sent: list[str] = []
        delivery = deliver(letters, smtp, [], lambda message: sent.append(message.address))
        outgoing.record(db, game_id, "mail", sent)
        for letter, reason in delivery.failed:
            log.warning("press mail of game %s to %s not sent: %s", game_id, letter.power, reason)
    except Exception:  # mail must not end the deadline job
        log.exception("press mail of game %s failed", game_id)
