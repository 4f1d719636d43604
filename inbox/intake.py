"""Mail applied to a game: the paste's steps (:mod:`inbox.paste`), plus the sender, the date and what was read.

A message from an address in the game's address book speaks for that power
alone. Messages are read in the order given: a mailbox's own (mbox order,
Maildir delivery order), not by their ``Date:``, which the sender's clock
writes. A message is not used, and is listed with its lines each time the
mailbox is read until it is used or dismissed (``dismiss``: marked read; it
leaves mail for a phase still to come, which ``drop`` drops), when it comes
from an unknown address (after the GM adds the address, the next reading
uses it), when it names another game the GM runs
(:mod:`inbox.games`), when its subject or a header in it names another
phase (mail written in advance for a later phase is used once that phase is
open), or when it is dated before the open phase opened and names no phase
(written for an earlier one). Each held message has a short id: the GM may
use it now (``use``: its orders for the open phase, whatever it names) or
drop it (``drop``: marked read), one message at a time. A message read
before (by Message-ID) is not read again; one this game sent itself (the
results, a reminder: its Message-ID is in the game's sent mail) is no orders
mail.

Pure: the game is changed in memory; loading and saving are the caller's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from email.utils import getaddresses, parseaddr
from enum import StrEnum

from game.game import Game
from game.resend import SendMode, Sent
from inbox import senders
from inbox.games import other_game
from inbox.mail import Mail
from inbox.paste import apply_parsed, keep_refused, parse_text
from inbox.phases import another_phase, dated_before, later_than, phases_named, when
from orders import LineVerdict, ParsedOrders, VerdictKind

__all__ = [
    "HELD",
    "NOT_USED",
    "SEVERAL_SENDERS",
    "UNKNOWN_SENDER",
    "MailRead",
    "MailStatus",
    "read_mail",
    "unknown_sender",
]

UNKNOWN_SENDER = "not used: the sender is not in the game's address book"
SEVERAL_SENDERS = "not used: its From: names more than one address"


def _addresses(sender: str) -> list[str]:
    return [address for _, address in getaddresses([sender]) if address]


def unknown_sender(sender: str, game: str = "GAME") -> str:
    """What to do about mail from an address the game does not know (or from several at once)."""
    several = _addresses(sender)
    if len(several) > 1:
        return f"its From: names {len(several)} addresses ({', '.join(several)}): a mail speaks for one sender or none"
    address = parseaddr(sender)[1] or sender or "(no sender)"
    return (
        f"{address} is not in the game's address book: if it is a player's, add it "
        f"('sengoku players {game} add POWER {address}') and read the mail again"
    )


class MailStatus(StrEnum):
    USED = "read"
    NO_ORDERS = "no orders in it"
    ALREADY_READ = "already read"
    OWN = "sent by this game"
    UNKNOWN_SENDER = "unknown sender"
    EARLIER_PHASE = "written for an earlier phase"
    OTHER_PHASE = "for another phase"
    OTHER_GAME = "for another game"
    NOT_VERIFIED = "sender not verified"
    UNREADABLE = "unreadable"


NOT_USED = frozenset(
    {
        MailStatus.UNKNOWN_SENDER,
        MailStatus.EARLIER_PHASE,
        MailStatus.OTHER_PHASE,
        MailStatus.OTHER_GAME,
        MailStatus.NOT_VERIFIED,
    }
)
"""Mail listed, with its lines, every time it is read, until it is used or dismissed."""
HELD = frozenset({MailStatus.EARLIER_PHASE, MailStatus.OTHER_PHASE, MailStatus.OTHER_GAME})
"""Mail from a player held back for what it names or when it was written: the GM may use it now, or drop it."""


def held_id(mail: Mail) -> str:
    """A held message's short id for the GM to name it by (``--use 3f9a2c``): its read key's first digits."""
    return mail.read_key.removeprefix("mid:")[:6]


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
    listed_before: bool = False  # held, and listed by an earlier reading already: no news
    until: str | None = None  # whether, and when, a held message will be used by itself
    coming: bool = False  # held for a phase still to come: used by itself then, so --dismiss leaves it

    @property
    def held_id(self) -> str:
        return held_id(self.mail)


@dataclass(frozen=True)
class Choices:
    """What the GM chose for held messages, by their ids, and the other games the GM runs (by name)."""

    use: frozenset[str] = frozenset()
    drop: frozenset[str] = frozenset()
    other_games: frozenset[str] = frozenset()


def read_mail(
    game: Game,
    mails: Sequence[Mail],
    *,
    mode: SendMode = SendMode.REPLACE,
    dismiss: bool = False,
    choices: Choices = Choices(),
) -> list[MailRead]:
    """Read messages into ``game`` in the order given (a mailbox's own); ``dismiss`` marks unused ones read."""
    done = set(game.state.messages_read)  # read keys (digests); a game file from before them holds Message-IDs
    own = {message.message_id for message in game.state.sent}
    listed = set(game.state.held_mail)
    results = []
    latest: datetime | None = None
    for mail in mails:
        result = _one_mail(game, mail, done, own, mode, choices)
        result.notes[:0] = _sender_notes(game, mail, result.status) if result.status not in _QUIET else []
        result.listed_before = result.status in NOT_USED and mail.read_key in listed
        if result.held_id in choices.drop or (dismiss and result.status in NOT_USED and not result.coming):
            result.dismissed = result.status in NOT_USED
        elif dismiss and result.coming:
            result.notes.append(f"kept for its phase: --dismiss leaves it (--drop {result.held_id} drops it)")
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
    waiting = [r.mail.read_key for r in results if r.status in NOT_USED and not r.dismissed]
    if set(waiting) - listed:
        game.state = game.state.replace(held_mail=[*game.state.held_mail, *sorted(set(waiting) - listed)][-1000:])
    return results


def _one_mail(game: Game, mail: Mail, done: set[str], own: set[str], mode: SendMode, choices: Choices) -> MailRead:
    if mail.problem is not None:
        return MailRead(mail, MailStatus.UNREADABLE)
    if mail.read_key in done or mail.message_id in done:
        return MailRead(mail, MailStatus.ALREADY_READ)
    if mail.message_id in own:
        return MailRead(mail, MailStatus.OWN)
    power = game.power_of_address(mail.sender) if mail.sender else None
    parsed = parse_text(game, mail.text, power=power, fixed=power is not None, book=power is not None)
    name = game.state.name or game.board.title
    game_named = other_game(mail.subject, parsed.verdicts, name, choices.other_games)
    forced = held_id(mail) in choices.use
    if game_named is not None and not forced:
        why = f"{game_named}, and this game is '{name}'"
        read = _not_used(mail, parsed, MailStatus.OTHER_GAME, "not used: written for another game", why, power)
        read.until = "never used by itself"
        return read
    if power is None:
        several = len(_addresses(mail.sender)) > 1
        return _not_used(mail, parsed, MailStatus.UNKNOWN_SENDER, SEVERAL_SENDERS if several else UNKNOWN_SENDER)
    verified, verdict = senders.verdict(mail, game.state.mail_auth_hosts)
    if game.state.require_verified_sender and not verified:
        problem = "not used: this game takes mail only from verified senders"
        return _not_used(mail, parsed, MailStatus.NOT_VERIFIED, problem, verdict.removeprefix("not verified: "), power)
    held = None if forced else _held_for_phase(game, mail, parsed, power)
    if held is not None:
        return held
    lines, sent = apply_parsed(game, parsed, mode)
    keep_refused(game, lines, sent, f"mail {mail.source}")
    status = MailStatus.USED if any(line.counted for line in lines) else MailStatus.NO_ORDERS
    read = MailRead(mail, status, lines, sent, power)
    if forced:
        read.notes.append(f"used for {game.phase} at the GM's word (--use {held_id(mail)})")
    return read


def _held_for_phase(game: Game, mail: Mail, parsed: ParsedOrders, power: str) -> MailRead | None:
    """The mail held back for the phase it names (or, naming none, because it is older than the open phase)."""
    phase = game.state.position.phase
    named = phases_named(mail.subject, parsed.verdicts)
    other = next(((where, n) for where, n in named if another_phase(n, phase)), None)
    if other is not None:
        where, wanted = other
        why = f"{where}, but {phase} is open"
        read = _not_used(mail, parsed, MailStatus.OTHER_PHASE, "not used: written for another phase", why, power)
        read.coming = later_than(wanted, phase)
        read.until = (
            f"kept for {wanted}: used when that phase is open and the mail is read again"
            if read.coming
            else f"never used by itself ({wanted} is over)"
        )
        return read
    opened = game.state.phase_opened
    if named or not dated_before(mail.date, opened):  # a mail naming the open phase is for it, written early or not
        return None
    assert mail.date is not None and opened is not None
    why = f"dated {when(mail.date)}, before {phase} opened ({when(opened)}), and names no phase"
    read = _not_used(mail, parsed, MailStatus.EARLIER_PHASE, "not used: written for an earlier phase", why, power)
    read.until = "never used by itself"
    return read


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
