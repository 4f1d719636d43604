"""What ``sengoku orders --mbox/--eml/--maildir`` prints: each message, its lines, and what became of it.

Each message gets a heading (where it is, who sent it, when, its subject,
and the power it speaks for or why it was not used) and its lines; the
closing lines say which messages were not used and how to dismiss them, and
name the mail of every notice, since line numbers start again in each mail.
"""

from __future__ import annotations

from collections.abc import Sequence

from cli.orders_show import line_report, quoted_notice, refused_notice, stored_report
from game.game import Game
from inbox.intake import HELD, NOT_USED, Choices, MailRead, MailStatus, unknown_sender
from orders import VerdictKind

__all__ = ["mail_heading", "mail_report"]


def mail_report(game: Game, results: Sequence[MailRead], game_file: str) -> tuple[list[str], bool]:
    """The lines to print for a reading of mail, and whether it leaves something for the GM to see to.

    That is: a message that could not be read, or an order-like line refused
    or not used, in a message not dismissed (exit code 3). Mail not used
    that has no order-like line (a note from an unknown address) does not
    count, but is listed until dismissed; nor does mail held back that an
    earlier reading listed already (no news: a script reading the mailbox
    every hour is not told the same thing every hour).
    """
    quiet = (MailStatus.ALREADY_READ, MailStatus.OWN)
    shown = [result for result in results if result.status not in quiet]
    number = {id(result): n for n, result in enumerate(shown, start=1)}
    report = []
    for result in shown:
        report.append(mail_heading(result, number[id(result)], len(shown), game_file))
        report += [f"  ({note})" for note in (*result.mail.notes, *result.notes)]
        report += line_report(game, result.lines)
    report += _skipped(results)
    if not results:
        report.append("No messages in it.")
    report += stored_report(game, [sent for result in results for sent in result.sent])
    for result in shown:
        report += quoted_notice(result.lines, f"{_which(result, number[id(result)])}, ")
    report += _not_used(shown, number, game_file, game.phase)
    counting = [result for result in shown if not result.dismissed and not result.listed_before]
    refused = sum(1 for result in counting for line in result.lines if line.kind is VerdictKind.ERROR)
    report += refused_notice(refused)
    unreadable = any(result.status is MailStatus.UNREADABLE for result in results)
    return report, unreadable or refused > 0


def unmatched_ids(results: Sequence[MailRead], choices: Choices) -> list[str]:
    """The ids given to --use or --drop that name no held message of this reading (a typo, or used already)."""
    held = {result.held_id for result in results}
    missing = sorted((choices.use | choices.drop) - held)
    if not missing:
        return []
    return [f"No held message has the id {', '.join(missing)} in this mail (nothing done for it)."]


def mail_heading(read: MailRead, number: int, count: int, game_file: str = "GAME") -> str:
    """``== mail 2 of 5 (inbox.mbox #7): Oda <nobunaga@example.org>, 2026-03-03 09:12 UTC, "S1570": Oda``."""
    head = f"== mail {number} of {count} ({read.mail.source}): {read.mail.describe()}"
    dismissed = "; DISMISSED: marked read, not listed again" if read.dismissed else ""
    if read.status is MailStatus.UNREADABLE:
        return f"{head}: NOT READ: {read.mail.problem}"
    if read.status is MailStatus.UNKNOWN_SENDER:
        return f"{head}: NOT USED: {unknown_sender(read.mail.sender, game_file)}{dismissed}"
    if read.status in NOT_USED:
        who = f"{read.power} (address book)" if read.power else "unknown sender"
        held = f" [held {read.held_id}]" if read.status in HELD and not read.dismissed else ""
        until = f"; {read.until}" if read.until and not read.dismissed else ""
        again = " (listed before)" if read.listed_before and not read.dismissed else ""
        return f"{head}: {who}: NOT USED, {read.status.value}: {read.why}{until}{held}{again}{dismissed}"
    if read.status is MailStatus.ALREADY_READ:
        return f"{head}: already read before"
    return f"{head}: {read.power} (address book)" + ("; no orders in it" if read.status is MailStatus.NO_ORDERS else "")


def _which(result: MailRead, number: int) -> str:
    """``mail 2 (inbox.mbox #7, from Oda <nobunaga@example.org>)``: line numbers start again in each mail."""
    sender = f", from {result.mail.sender}" if result.mail.sender else ""
    return f"mail {number} ({result.mail.source}{sender})"


def _skipped(results: Sequence[MailRead]) -> list[str]:
    out = []
    own = sum(1 for result in results if result.status is MailStatus.OWN)
    if own:
        out.append(f"Sent by this game itself (results, reminders), not orders: {_messages(own)}, not read.")
    already = sum(1 for result in results if result.status is MailStatus.ALREADY_READ)
    if already:
        out.append(f"Already read before, not read again: {_messages(already)}.")
    return out


def _not_used(shown: Sequence[MailRead], number: dict[int, int], game_file: str, phase: str) -> list[str]:
    """How to make the mail not used stop coming back: use it, or dismiss it."""
    waiting = [result for result in shown if result.status in NOT_USED and not result.dismissed]
    dismissed = [result for result in shown if result.dismissed]
    out = []
    if dismissed:
        which = _numbers([number[id(r)] for r in dismissed])
        out.append(f"Dismissed: {_messages(len(dismissed))} not used ({which} above), marked read: not listed again.")
    held = [result for result in waiting if result.status in HELD]
    others = [result for result in waiting if result.status not in HELD]
    if len(held) == 1:
        mail, key = number[id(held[0])], held[0].held_id
        out.append(
            f"Held: mail {mail} above (id {key}), listed again at each reading until it is used as it says: "
            f"read the mail again with --use {key} to use its orders for {phase} now, or --drop {key} to stop "
            "seeing it."
        )
    elif held:
        which = _numbers([number[id(r)] for r in held])
        out.append(
            f"Held: {which} above, listed again at each reading until used as they say: read the mail again "
            f"with --use ID to use one's orders for {phase} now, or --drop ID to stop seeing it; ids: "
            + ", ".join(f"{r.held_id} (mail {number[id(r)]})" for r in held)
            + "."
        )
    if others:
        which = _numbers([number[id(r)] for r in others])
        out.append(
            f"Not used: {_messages(len(others))} ({which} above), listed again each time the mail is read. "
            f"To use one's orders anyway, paste them ('sengoku orders {game_file}'); to stop seeing "
            f"{'them' if len(others) > 1 else 'it'}, read the mail again with --dismiss (marks "
            f"{'them' if len(others) > 1 else 'it'} read)."
        )
    return out


def _numbers(numbers: list[int]) -> str:
    """``mail 3``, ``mails 1, 4, 5``; a long list is cut (every mail is listed above with its number)."""
    if len(numbers) == 1:
        return f"mail {numbers[0]}"
    shown = ", ".join(str(n) for n in numbers[:12])
    return f"mails {shown}" + (f" and {len(numbers) - 12} more" if len(numbers) > 12 else "")


def _messages(count: int) -> str:
    return f"{count} message{'' if count == 1 else 's'}"
