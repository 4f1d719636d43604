"""Mail from the web site: results, reminders and new secret links, through the :mod:`outbox`.

The SMTP server is the site's (``SENGOKU_SMTP_*`` in the environment, or
``SMTP`` in the app's config); a GM only turns mail on for a game and keeps
its address book. Each message the server accepts is recorded in the game's
state, like the command line's, so nothing goes twice and nothing unsent is
marked sent. Mail never fails a request: what did not go is reported.

Every mail of the site goes through :func:`send`: only to addresses that
agreed to the game's mail (each is sent one invitation when the GM adds it),
within the game's and the site's hourly quotas, and counted
(:mod:`web.table.outgoing`). New links go to every player once; after that,
to one power at a time.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from game.game import GameError
from game.sent import SentMessage
from outbox import (
    Letter,
    Plan,
    SettingsError,
    SmtpSettings,
    deliver,
    links_letters,
    reminder_letters,
    results_letters,
)
from outbox.letters import MailPicture
from web.schemas.bodies import MailOut, MailSettingsIn
from web.storage import store, tokens
from web.storage.db import Database
from web.storage.store import Handle
from web.table import outgoing

__all__ = ["after_adjudication", "in_background", "mail", "record_sent", "send", "set_mail_settings", "smtp_settings"]

log = logging.getLogger(__name__)


def smtp_settings(config: dict[str, Any] | Any) -> SmtpSettings | None:
    """The site's SMTP server: ``config["SMTP"]`` if set, else the environment; None when mail is not set up."""
    given = config.get("SMTP")
    if isinstance(given, SmtpSettings):
        return given
    try:
        return SmtpSettings.from_sources({}, os.environ)
    except SettingsError:
        return None


def set_mail_settings(
    db: Database,
    game_id: str,
    request: MailSettingsIn,
    by: str = "GM page",
    settings: SmtpSettings | None = None,
    invite: Callable[[str], str] | None = None,
) -> list[str]:
    """The game's address book and whether results go out after each adjudication (all or nothing); then, with
    ``settings`` and ``invite`` (the answer page's URL for a code), one invitation to each address new to the
    game. What was done, in words for the GM."""
    outgoing.check_book(request.addresses, outgoing.quotas().game_addresses)

    def act(handle: Handle) -> None:
        game = handle.game
        for power in game.powers():
            game.set_addresses(power, request.addresses.get(power, []))
        game.state = game.state.replace(mail_results=request.mail_results)
        game.record("saved the mail settings (addresses, results by mail)", by=by, at=datetime.now(UTC))

    unknown = sorted(set(request.addresses) - set(store.load(db, game_id).board.power_names))
    if unknown:
        raise GameError(f"no power '{unknown[0]}' in this game")
    store.change(db, game_id, act)
    if settings is None or invite is None:
        return []
    snapshot = store.load(db, game_id)
    letters = outgoing.invitations(db, game_id, snapshot.name, snapshot.state.addresses, invite)
    sent, failed = send(db, game_id, letters, settings, remember=False, invitation=True)
    outgoing.mark_invited(db, game_id, [m.address for m in sent], store.utcnow())
    notes = []
    if sent:
        count = f"{len(sent)} new address{'es' if len(sent) != 1 else ''}"
        notes.append(f"Invited {count} to this game's mail: nothing else goes to an address until its owner agrees")
    notes += [f"Invitation not mailed to {letter.power} <{letter.address}>: {why}" for letter, why in failed]
    return notes


def send(
    db: Database,
    game_id: str,
    letters: Sequence[Letter],
    settings: SmtpSettings,
    *,
    remember: bool = True,
    invitation: bool = False,
    history: Sequence[SentMessage] = (),
) -> tuple[list[SentMessage], list[tuple[Letter, str]]]:
    """Send what may go (agreed addresses, within the quotas), count it, and keep it in the game's state when
    ``remember``; what went, and what did not with why (held back, refused or not tried)."""
    now = store.utcnow()
    going, held = outgoing.admit(db, game_id, letters, outgoing.quotas(), now, invitation=invitation)
    collected: list[SentMessage] = []
    delivery = deliver(going, settings, list(history), collected.append)
    if collected and remember:
        _record(db, game_id, collected)
    outgoing.record(db, game_id, "mail", [m.address for m in collected], now)
    return collected, [*held, *delivery.failed, *((letter, "not tried") for letter in delivery.not_tried)]


def mail(
    db: Database,
    game_id: str,
    what: str,
    settings: SmtpSettings,
    link_for: Callable[[str, str], str] | None = None,
    power: str | None = None,
) -> MailOut:
    """Send ``what`` (results, reminder or links) to every addressed player that agreed; record what went.

    Links: every player once (right after the game is made); after that one ``power`` a time, named."""
    snapshot = store.load(db, game_id)
    board, state = snapshot.board, snapshot.state
    fresh: dict[str, str] = {}
    try:
        if what == "results":
            plan = results_letters(board, state, -1, deadline=snapshot.deadline, picture=_map(snapshot))
        elif what == "reminder":
            plan = reminder_letters(board, state, deadline=snapshot.deadline)
        else:
            if link_for is None:
                raise GameError("links need the site's address")
            if power is not None and power not in board.power_names:
                raise GameError(f"no power '{power}' in this game")
            if power is None and any(m.key.startswith("links") for m in state.sent):
                raise GameError("every player was mailed a link once: mail one power a new link (name the power)")
            chosen = [power] if power is not None else board.power_names
            fresh = {p: tokens.new_token() for p in chosen if state.addresses.get(p)}
            links = {p: link_for(p, token) for p, token in fresh.items()}
            plan = links_letters(board, state, links, key=f"links {datetime.now(UTC).isoformat()}")
    except ValueError as error:
        raise GameError(str(error)) from None
    collected, failed = send(db, game_id, plan.letters, settings, history=state.sent)
    for power_sent in sorted({m.power for m in collected} & set(fresh)):
        store.reset_token(db, game_id, power_sent, fresh[power_sent])  # the new link works once a player has it
    return _out(plan, collected, failed)


def _map(snapshot: store.Snapshot) -> MailPicture | None:
    """The last phase's map for the results mail (a palette PNG within 300 KB); None if it cannot be drawn
    (a server without fonts): the results go without it."""
    from raster.fit import fit_picture
    from raster.png import NoFontError
    from web.play import mapview

    if not snapshot.state.history:
        return None
    entry = snapshot.state.history[-1]
    svg = mapview.position_svg(snapshot.board, entry.before, outcomes=entry.report.outcomes, title=snapshot.name)
    try:
        made = fit_picture(svg, 300_000, ("png", "jpeg"))
    except (NoFontError, ValueError):
        log.warning("the results mail of game %s goes without its map: it could not be drawn", snapshot.id)
        return None
    phase = str(entry.report.phase)
    name = f"map-{phase.lower().replace(' ', '-')}.{made.suffix}"
    return MailPicture(made.data, made.media_type, name, f"The map: {phase} with its orders and results")


def after_adjudication(db: Database, game_id: str, settings: SmtpSettings | None) -> MailOut | None:
    """Mail the results if the GM turned it on (and the site can send); None if not. Never raises."""
    try:
        if settings is None or not store.load(db, game_id).state.mail_results:
            return None
        return mail(db, game_id, "results", settings)
    except Exception:  # mail must not undo or hide an adjudication: log it, the GM can send again
        log.exception("mailing the results of game %s failed", game_id)
        return None


def in_background(db: Database, game_id: str, settings: SmtpSettings | None) -> threading.Thread | None:
    """:func:`after_adjudication` in a thread of its own: the deadline job must not wait for a mail server
    before its next pass. None when there is nothing to send."""
    if settings is None:
        return None
    thread = threading.Thread(
        target=after_adjudication, args=(db, game_id, settings), name=f"sengoku-mail-{game_id}", daemon=True
    )
    thread.start()
    return thread


def record_sent(db: Database, game_id: str, sent: list[SentMessage]) -> None:
    """Keep messages the server took in the game's state (so they never go twice)."""
    _record(db, game_id, sent)


def _record(db: Database, game_id: str, sent: list[SentMessage]) -> None:
    def act(handle: Handle) -> None:
        game = handle.game
        game.state = game.state.replace(sent=[*game.state.sent, *sent])
        what, powers = sent[0].key.split()[0], ", ".join(sorted({m.power for m in sent}))
        count = f"{len(sent)} address{'es' if len(sent) != 1 else ''}"
        game.record(f"mailed the {what} to {count} ({powers})", by="the site's mail", at=datetime.now(UTC))

    store.change(db, game_id, act)


def _out(plan: Plan, sent: list[SentMessage], failed: list[tuple[Letter, str]]) -> MailOut:
    return MailOut(
        sent=[f"{m.power} <{m.address}>" for m in sent],
        failed=[f"{letter.power} <{letter.address}>: {why}" for letter, why in failed],
        already=[f"{letter.power} <{letter.address}>" for letter in plan.already],
        unaddressed=plan.unaddressed,
    )
