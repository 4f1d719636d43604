"""Orders written for another phase than the open one: found, named, and never stored for the open one.

A late Spring correction read after Spring was adjudicated must not become
Fall orders (in replace mode it would replace them). Two signs say a text
was written for another phase:

* a power header in it names another phase (``Oda orders for Spring 1570:``
  while Fall 1570 is open), or a mail's subject does, when the sender wrote
  it for this mail (a reply keeps the old subject: :func:`phase_of_subject`);
  a header that names no phase is for the open one;
* a mail is dated before the open phase opened (the adjudication that
  opened it): it was written for an earlier phase.

Pure: the intake (:mod:`inbox.intake`) applies what these find.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from adjudicator.position import Phase
from maps.terms import PhaseType, Season
from orders import Ignored, LineVerdict, MessageSpan, VerdictKind
from orders.mailtext import NamedPhase, mail_header, phase_named, phase_of_subject

__all__ = [
    "another_phase",
    "dated_before",
    "header_phase",
    "later_than",
    "mail_phase",
    "off_phase_blocks",
    "off_phase_pasted",
    "phases_named",
    "subject_of",
    "when",
]


def another_phase(named: NamedPhase | None, phase: Phase) -> bool:
    """Does ``named`` differ from the open phase? (A kind left unsaid matches either.)"""
    if named is None:
        return False
    return (named.season, named.year) != (phase.season, phase.year) or named.type not in (None, phase.type)


def header_phase(line: LineVerdict) -> NamedPhase | None:
    """The phase a header line names (``Oda S1570``, ``Subject: Oda orders, Spring 1570``), else None."""
    if line.kind is not VerdictKind.HEADER:
        return None
    text = line.text.strip()
    header = mail_header(text)
    if header is None:
        return phase_named(text)
    name, value = header
    return phase_of_subject(value) if name == "subject" else None


def off_phase_blocks(lines: Sequence[LineVerdict], phase: Phase) -> list[LineVerdict]:
    """``lines`` with each counted line under a header naming another phase refused, and given no power.

    The header's block ends at the next header or message. With no power,
    the refused line joins no power's message (:meth:`ParsedOrders.submissions`),
    so it neither stores nor counts against anything.
    """
    out = []
    off: tuple[int, NamedPhase] | None = None
    message = -1
    for line in lines:
        if line.message != message or line.kind is VerdictKind.HEADER:
            message, named = line.message, header_phase(line)
            off = (line.number, named) if named is not None and another_phase(named, phase) else None
        if off is not None and line.counted:
            number, named = off
            problem = f"not used: the header on line {number} is for {named}, and {phase} is open"
            line = line._replace(
                kind=VerdictKind.ERROR, power=None, order=None, problem=problem, suggestions=(), unread=None
            )
        out.append(line)
    return out


def off_phase_pasted(lines: Sequence[LineVerdict], messages: Sequence[MessageSpan], phase: Phase) -> list[LineVerdict]:
    """A paste's lines with those written for another phase refused, as the mailbox path refuses them.

    A pasted email (a message with a ``From:`` or ``Subject:`` line) is one
    author's mail: when its subject or a header in it names another phase,
    every counted line of it is refused, exactly as :func:`mail_phase` makes
    ``--mbox`` leave the whole message unused. Text with no mail headers (a
    forum thread, orders typed in) is judged a header's block at a time
    (:func:`off_phase_blocks`).
    """
    out = list(off_phase_blocks(lines, phase))
    for span in messages:
        mine = [line for line in lines if line.message == span.index]
        subject = subject_of(mine)
        if span.sender is None and subject is None:
            continue
        where = mail_phase(subject or "", mine, phase)
        if where is None:
            continue
        problem = f"not used: {where}, and {phase} is open"
        for line in mine:
            if line.counted:
                refused = line._replace(kind=VerdictKind.ERROR, power=None, order=None, problem=problem)
                out[line.number - 1] = refused._replace(suggestions=(), unread=None)
    return out


def subject_of(lines: Sequence[LineVerdict]) -> str | None:
    """The ``Subject:`` of a pasted email (its own header, not a quoted one), else None."""
    for line in lines:
        if line.kind is VerdictKind.HEADER or line.ignored is Ignored.MAIL_HEADER:
            header = mail_header(line.text.strip())
            if header is not None and header[0] == "subject":
                return header[1]
    return None


def mail_phase(subject: str, lines: Sequence[LineVerdict], phase: Phase) -> str | None:
    """Where a mail names another phase than the open one (``the subject 'Oda S1570'``), else None."""
    other = next(((where, named) for where, named in phases_named(subject, lines) if another_phase(named, phase)), None)
    return None if other is None else other[0]


def phases_named(subject: str, lines: Sequence[LineVerdict]) -> list[tuple[str, NamedPhase]]:
    """Every phase a mail names, with where (``the subject names Fall 1570``), the subject's first."""
    found = []
    named = phase_of_subject(subject)
    if named is not None:
        found.append((f"the subject names {named}", named))
    for line in lines:
        named = header_phase(line)
        if named is not None:
            found.append((f"the header on line {line.number} names {named}", named))
    return found


def later_than(named: NamedPhase, phase: Phase) -> bool:
    """Does ``named`` come after the open ``phase`` (a mail written in advance for it)?"""
    seasons, kinds = list(Season), list(PhaseType)
    mine = (phase.year, seasons.index(phase.season), kinds.index(phase.type))
    theirs = (named.year, seasons.index(named.season), kinds.index(named.type) if named.type else len(kinds))
    return theirs > mine


def dated_before(date: datetime | None, opened: datetime | None) -> bool:
    """Was a mail dated before the open phase opened? (Unknown either way: no.)"""
    return date is not None and opened is not None and date < _utc(opened)


def when(moment: datetime) -> str:
    """``2026-03-03 09:12 UTC``."""
    return f"{_utc(moment):%Y-%m-%d %H:%M} UTC"


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
