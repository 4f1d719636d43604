"""What a game may send out: mail only to addresses that agreed to it, within quotas, and every post counted.

Any visitor can make a game, and a GM types the address book: unchecked,
the site was an open relay (1,600 addresses, 3,200 mails in 44 s from the
site's own sender, issue 32). So:

* **Consent.** An address the GM adds gets one mail, an invitation with
  one link (:func:`invitations`); nothing else goes to it until its owner
  agrees on that link's page, and nothing ever if they decline. An
  address is invited once a game, whatever the GM saves again, and by at
  most a few games a day on the whole site (a stranger's address typed
  into game after game would otherwise get an invitation from each).
* **Quotas** (:class:`Quotas`, from the environment): mails a game sends
  an hour, mails the whole site sends an hour, addresses a game's book
  holds, chat posts a game makes an hour (webhook posts, and answers to
  Discord commands shown to the channel, each their own). Over one, mail is not sent and
  the GM is told which quota and its figure.
* **Counted.** Every mail and chat post is a row of ``outbound_log``: the
  quotas read it, and so does the operator (web/storage/site.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.utils import parseaddr
from html import escape

from sqlalchemy import func, select

from game.game import GameError
from outbox import Letter, named
from web.storage import store, tokens
from web.storage.db import Database
from web.storage.models import MailConsentRow, OutboundRow

__all__ = [
    "Answer",
    "Quotas",
    "admit",
    "address_key",
    "agreed",
    "answer",
    "budget",
    "check_book",
    "consent_of",
    "discord_allowed",
    "invitations",
    "mark_invited",
    "quotas",
    "record",
    "webhook_allowed",
]

_HOUR = timedelta(hours=1)


@dataclass(frozen=True)
class Quotas:
    site_per_hour: int = 1000
    game_per_hour: int = 150
    game_addresses: int = 30
    webhook_per_hour: int = 60
    discord_per_hour: int = 60
    """Answers to Discord commands shown to a game's channel (not those to their user alone)."""
    address_invitations_per_day: int = 3


def quotas() -> Quotas:
    """``SENGOKU_MAIL_PER_HOUR``, ``SENGOKU_GAME_MAIL_PER_HOUR``, ``SENGOKU_GAME_ADDRESSES``,
    ``SENGOKU_GAME_WEBHOOKS_PER_HOUR``, ``SENGOKU_GAME_DISCORD_POSTS_PER_HOUR`` and
    ``SENGOKU_ADDRESS_INVITATIONS_PER_DAY`` from the environment, else the defaults (read where they are used:
    the deadline job's threads have no app)."""

    def number(name: str, default: int) -> int:
        value = os.environ.get(name, "")
        return int(value) if value.isdigit() else default

    return Quotas(
        number("SENGOKU_MAIL_PER_HOUR", Quotas.site_per_hour),
        number("SENGOKU_GAME_MAIL_PER_HOUR", Quotas.game_per_hour),
        number("SENGOKU_GAME_ADDRESSES", Quotas.game_addresses),
        number("SENGOKU_GAME_WEBHOOKS_PER_HOUR", Quotas.webhook_per_hour),
        number("SENGOKU_GAME_DISCORD_POSTS_PER_HOUR", Quotas.discord_per_hour),
        number("SENGOKU_ADDRESS_INVITATIONS_PER_DAY", Quotas.address_invitations_per_day),
    )


def address_key(text: str) -> str:
    """An address as the consents keep it: the address alone, lower case."""

    return (parseaddr(text)[1] or text).strip().lower()


def check_book(book: Mapping[str, Sequence[str]], limit: int) -> None:
    """GameError when the address book holds more distinct addresses than a game may."""
    count = len({address_key(a) for addresses in book.values() for a in addresses})
    if count > limit:
        raise GameError(f"a game's address book holds at most {limit} addresses on this site, not {count}")


def agreed(db: Database, game_id: str) -> set[str]:
    """The addresses (lower case) whose owners agreed to this game's mail."""
    with db.read() as session:
        query = select(MailConsentRow.address).where(MailConsentRow.game_id == game_id, MailConsentRow.agreed)
        return set(session.scalars(query))


def invitations(
    db: Database, game_id: str, name: str, book: Mapping[str, Sequence[str]], link: Callable[[str], str]
) -> list[Letter]:
    """The invitation letters for the addresses of ``book`` not invited yet in this game, each with a new code
    (``link(code)`` makes its URL). An address is invited once a game: saving the book again invites nobody twice
    (:func:`mark_invited` once the invitation went; one that could not go is tried on the next save)."""
    letters = []
    with db.write() as session:
        known = {
            row.address: row for row in session.scalars(select(MailConsentRow).where(MailConsentRow.game_id == game_id))
        }
        for power, addresses in book.items():
            for given in addresses:
                address = address_key(given)
                row = known.get(address)
                if row is not None and row.invited is not None:
                    continue
                code = tokens.new_token()
                if row is None:
                    row = MailConsentRow(game_id=game_id, address=address, power=power, agreed=False)
                    session.add(row)
                    known[address] = row
                row.digest, row.power = tokens.digest(code), power
                letters.append(_invitation(name, power, given, link(code)))
    return letters


def _invitation(name: str, power: str, address: str, link: str) -> Letter:
    text = (
        f"Someone running a game of Diplomacy on this site, {named(name)}, gave this address for {power}.\n\n"
        f"To get that game's mail (results, reminders, your link), agree here:\n\n{link}\n\n"
        "Until you do, this site mails you nothing else about the game; if you decline there (or do nothing), "
        "it never will. The game's name is its GM's words, not the site's.\n"
    )
    html = "".join(f"<p>{escape(line)}</p>" for line in text.splitlines() if line)
    return Letter(f"invitation {power}", power, address, f"{named(name)}: may we mail you as {power}?", text, html)


def mark_invited(db: Database, game_id: str, addresses: Iterable[str], now: datetime) -> None:
    with db.write() as session:
        for address in addresses:
            row = session.scalars(
                select(MailConsentRow).where(
                    MailConsentRow.game_id == game_id, MailConsentRow.address == address_key(address)
                )
            ).one_or_none()
            if row is not None:
                row.invited = now


@dataclass(frozen=True)
class Answer:
    game_id: str
    power: str
    address: str
    agreed: bool | None  # None: not answered yet


def consent_of(db: Database, code: str) -> Answer | None:
    """The invitation a link's code names, or None."""
    if not code or len(code) > 100:
        return None
    with db.read() as session:
        row = session.scalars(select(MailConsentRow).where(MailConsentRow.digest == tokens.digest(code))).one_or_none()
        if row is None:
            return None
        return Answer(row.game_id, row.power, row.address, row.agreed if row.answered else None)


def answer(db: Database, code: str, agree: bool, now: datetime) -> Answer | None:
    """Record the owner's answer (they may change it: agreeing later, or withdrawing)."""
    with db.write() as session:
        row = session.scalars(select(MailConsentRow).where(MailConsentRow.digest == tokens.digest(code))).one_or_none()
        if row is None:
            return None
        row.agreed, row.answered = agree, now
        if agree:  # mail held back for want of this answer may be due now: the deadline job looks at the game
            store.bring_forward(session, row.game_id, now)
        return Answer(row.game_id, row.power, row.address, agree)


def admit(
    db: Database, game_id: str, letters: Sequence[Letter], limits: Quotas, now: datetime, invitation: bool = False
) -> tuple[list[Letter], list[tuple[Letter, str]]]:
    """The letters that may go now, and the others with why: to an address that has not agreed (unless it is
    the invitation itself; an invitation to an address other games invited as often as an address may be in a
    day), or past the game's or the site's hourly quota."""
    allowed = set() if invitation else agreed(db, game_id)
    invited = _invited_today(db, [letter.address for letter in letters], now) if invitation else {}
    game_left, site_left = budget(db, game_id, limits, now)
    going: list[Letter] = []
    held: list[tuple[Letter, str]] = []
    for letter in letters:
        if not invitation and address_key(letter.address) not in allowed:
            held.append((letter, "has not agreed to this game's mail yet (it was sent one invitation)"))
        elif invited.get(address_key(letter.address), 0) >= limits.address_invitations_per_day:
            most = limits.address_invitations_per_day
            held.append((letter, f"was invited by {most} games on this site in the last day, the most an address is"))
        elif game_left <= 0:
            held.append((letter, f"this game has sent {limits.game_per_hour} mails in the last hour, its most"))
        elif site_left <= 0:
            held.append((letter, f"this site has sent {limits.site_per_hour} mails in the last hour, its most"))
        else:
            going.append(letter)
            game_left, site_left = game_left - 1, site_left - 1
    return going, held


def _invited_today(db: Database, addresses: Sequence[str], now: datetime) -> dict[str, int]:
    """How many games on the site invited each of ``addresses`` in the last day."""
    keys = sorted({address_key(a) for a in addresses})
    if not keys:
        return {}
    query = select(MailConsentRow.address, func.count()).where(
        MailConsentRow.address.in_(keys), MailConsentRow.invited > now - timedelta(days=1)
    )
    with db.read() as session:
        return {address: count for address, count in session.execute(query.group_by(MailConsentRow.address))}


def budget(db: Database, game_id: str, limits: Quotas, now: datetime) -> tuple[int, int]:
    """How many more mails the game, and the whole site, may send in this hour."""
    mails = select(func.count()).select_from(OutboundRow)
    mails = mails.where(OutboundRow.kind == "mail", OutboundRow.sent > now - _HOUR)
    with db.read() as session:
        site_left = limits.site_per_hour - (session.scalar(mails) or 0)
        game_left = limits.game_per_hour - (session.scalar(mails.where(OutboundRow.game_id == game_id)) or 0)
    return game_left, site_left


def webhook_allowed(db: Database, game_id: str, limits: Quotas, now: datetime) -> str | None:
    """Why the game may not post to its channel now (its hourly quota), or None."""
    if _posted(db, game_id, "webhook", now) >= limits.webhook_per_hour:
        return f"this game has posted {limits.webhook_per_hour} times to its channel in the last hour, its most"
    return None


def discord_allowed(db: Database, game_id: str, limits: Quotas, now: datetime) -> str | None:
    """Why an answer to a Discord command may not be shown to the game's channel now (its hourly quota), or None."""
    if _posted(db, game_id, "discord", now) >= limits.discord_per_hour:
        return f"this game's commands have posted {limits.discord_per_hour} answers to the channel in the last hour"
    return None


def _posted(db: Database, game_id: str, kind: str, now: datetime) -> int:
    query = select(func.count()).select_from(OutboundRow)
    query = query.where(OutboundRow.kind == kind, OutboundRow.game_id == game_id, OutboundRow.sent > now - _HOUR)
    with db.read() as session:
        return session.scalar(query) or 0


def record(db: Database, game_id: str, kind: str, addresses: Iterable[str], now: datetime | None = None) -> None:
    """Count what went (a mail per address, a webhook post per message)."""
    rows = [
        OutboundRow(game_id=game_id, kind=kind, address=address_key(a)[:320], sent=now or store.utcnow())
        for a in addresses
    ]
    if rows:
        with db.write() as session:
            session.add_all(rows)
