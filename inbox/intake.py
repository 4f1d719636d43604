"""Mail applied to a game: the paste's steps (:mod:`inbox.paste`), plus the sender, the date and what was read.

A message from an address in the game's address book speaks for that power
alone. Messages are read in the order given: a mailbox's own (mbox order,
Maildir delivery order), not by their ``Date:``, which the sender's clock
writes. A message is not used, and is listed with its lines each time the
mailbox is read until it is used or dismissed (``dismiss``: marked read),
when it comes from an unknown address (after the GM adds the address, the
next reading uses it), when it is dated before the open phase opened, or
when its subject or a header in it names another phase. A message read
before (by Message-ID) is not read again; one this game sent itself (the
results, a reminder: its Message-ID is in the game's sent mail) is no orders
mail.

Pure: the game is changed in memory; loading and saving are the caller's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from email.utils import parseaddr
from enum import StrEnum

from game.game import Game
from game.resend import SendMode, Sent
from inbox import senders
from inbox.mail import Mail
from inbox.paste import apply_parsed, parse_text
from inbox.phases import dated_before, mail_phase, when
from orders import LineVerdict, ParsedOrders, VerdictKind

__all__ = [
    "NOT_USED",
    "UNKNOWN_SENDER",
    "MailRead",
    "MailStatus",
    "read_mail",
    "unknown_sender",
]

UNKNOWN_SENDER = "not used: the sender is not in the game's address book"


def unknown_sender(sender: str, game: str = "GAME") -> str:
    """What to do about mail from an address the game does not know."""
    address = parseaddr(sender)[1] or sender or "(no sender)"
    return (
        f"{address} is not in the game's address book: if it is a player's, add it "
        f"('sengoku players {game} set POWER {address}') and read the mail again"
    )


class MailStatus(StrEnum):
    USED = "read"
    NO_ORDERS = "no orders in it"
    ALREADY_READ = "already read"
    OWN = "sent by this game"
    UNKNOWN_SENDER = "unknown sender"
    EARLIER_PHASE = "written for an earlier phase"
    OTHER_PHASE = "for another phase"
    NOT_VERIFIED = "sender not verified"
    UNREADABLE = "unreadable"


NOT_USED = frozenset(
    {MailStatus.UNKNOWN_SENDER, MailStatus.EARLIER_PHASE, MailStatus.OTHER_PHASE, MailStatus.NOT_VERIFIED}
)
"""Mail listed, with its lines, every time it is read, until it is used or dismissed."""


@dataclass
class MailRead:
    """One message of a mailbox, read into a game (or why not)."""

    mail: Mail
    status: MailStatus
    lines: list[LineVerdict] = field(default_factory=list)
    sent: list[Sent] = field(default_factory=list)
    power: str | None = None
    why: str | None = None  # why it was not used, in words
    notes: list[str] = field(default_factory=list)
    dismissed: bool = False  # not used, and marked read: not listed again


def read_mail(
    game: Game, mails: Sequence[Mail], *, mode: SendMode = SendMode.REPLACE, dismiss: bool = False
) -> list[MailRead]:
    """Read messages into ``game`` in the order given (a mailbox's own); ``dismiss`` marks unused ones read."""
    done = set(game.state.messages_read)  # read keys (digests); a game file from before them holds Message-IDs
    own = {message.message_id for message in game.state.sent}
    results = []
    latest: datetime | None = None
    for mail in mails:
        result = _one_mail(game, mail, done, own, mode)
        result.notes[:0] = _sender_notes(game, mail, result.status) if result.status not in _QUIET else []
        if result.status in NOT_USED and dismiss:
            result.dismissed = True
        if result.status in (MailStatus.USED, MailStatus.NO_ORDERS) or result.dismissed:
            done.add(mail.read_key)
        if mail.date is not None and result.status is MailStatus.USED:  # where the order of reading matters
            if latest is not None and mail.date < latest:
                result.notes.append(
                    "dated before a message read above it; read in the mailbox's order all the same, "
                    "as delivered, since the Date: is the sender's clock"
                )
            latest = max(latest or mail.date, mail.date)
        results.append(result)
    game.mark_read(
        [r.mail.read_key for r in results if r.status in (MailStatus.USED, MailStatus.NO_ORDERS) or r.dismissed]
    )
    return results


def _one_mail(game: Game, mail: Mail, done: set[str], own: set[str], mode: SendMode) -> MailRead:
    if mail.problem is not None:
        return MailRead(mail, MailStatus.UNREADABLE)
    if mail.read_key in done or mail.message_id in done:
        return MailRead(mail, MailStatus.ALREADY_READ)
    if mail.message_id in own:
        return MailRead(mail, MailStatus.OWN)
    power = game.power_of_address(mail.sender) if mail.sender else None
    if power is None:
        parsed = parse_text(game, mail.text, power=None, fixed=False, book=False)
        return _not_used(mail, parsed, MailStatus.UNKNOWN_SENDER, UNKNOWN_SENDER)
    parsed = parse_text(game, mail.text, power=power, fixed=True)
    verified, verdict = senders.verdict(mail, game.state.mail_auth_hosts)
    if game.state.require_verified_sender and not verified:
        problem = "not used: this game takes mail only from verified senders"
        return _not_used(mail, parsed, MailStatus.NOT_VERIFIED, problem, verdict.removeprefix("not verified: "), power)
    phase = game.state.position.phase
    opened = game.state.phase_opened
    if dated_before(mail.date, opened):
        assert mail.date is not None and opened is not None
        why = f"dated {when(mail.date)}, before {phase} opened ({when(opened)})"
        return _not_used(mail, parsed, MailStatus.EARLIER_PHASE, "not used: written for an earlier phase", why, power)
    where = mail_phase(mail.subject, parsed.verdicts, phase)
    if where is not None:
        why = f"{where}, but {phase} is open"
        return _not_used(mail, parsed, MailStatus.OTHER_PHASE, "not used: written for another phase", why, power)
    lines, sent = apply_parsed(game, parsed, mode)
    status = MailStatus.USED if any(line.counted for line in lines) else MailStatus.NO_ORDERS
    return MailRead(mail, status, lines, sent, power)


_QUIET = (MailStatus.ALREADY_READ, MailStatus.OWN, MailStatus.UNREADABLE)


def _sender_notes(game: Game, mail: Mail, status: MailStatus) -> list[str]:
    """What the mail's own headers say of its sender: the verdict (unless the heading gives it) and disagreements."""
    notes = [f"SENDER: {mismatch}" for mismatch in mail.mismatches]
    if status is not MailStatus.NOT_VERIFIED and (mail.auth or mail.signers or game.state.mail_auth_hosts):
        notes.insert(0, "sender " + senders.verdict(mail, game.state.mail_auth_hosts)[1])
    return notes


def _not_used(
    mail: Mail, parsed: ParsedOrders, status: MailStatus, problem: str, why: str | None = None, power: str | None = None
) -> MailRead:
    """A message listed with its lines, none used: each order-like line refused with ``problem``."""
    lines = [
        line._replace(kind=VerdictKind.ERROR, problem=problem, order=None, suggestions=(), unread=None)
        if line.counted
        else line
        for line in parsed.verdicts
    ]
    return MailRead(mail, status, lines, power=power, why=why)
