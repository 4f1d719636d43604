"""One email as the intake sees it: who sent it, when, and its text.

Made by :mod:`inbox.message` from the bytes of a message (MIME, transfer
encodings, HTML); a plain value, so the intake that applies mail to a game
(:mod:`inbox.intake`) stays pure and can be tested without files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

__all__ = ["Mail"]


@dataclass(frozen=True)
class Mail:
    """A message read from a mailbox or a file.

    ``message_id`` is the Message-ID header, or a digest of the message when
    it has none, so a message read once is recognised the next time.
    ``date`` is timezone-aware (UTC when the header gave none), or None when
    the message has no readable date. ``problem`` is set (and ``text`` empty)
    when the message could not be read at all.
    """

    message_id: str
    source: str
    sender: str = ""
    date: datetime | None = None
    subject: str = ""
    text: str = ""
    notes: tuple[str, ...] = field(default=())
    problem: str | None = None

    def describe(self) -> str:
        """``Oda Nobunaga <nobunaga@example.org>, 2026-03-03 09:12 UTC, "Oda S1570"``."""
        parts = [self.sender or "(no sender)"]
        if self.date is not None:
            parts.append(self.date.strftime("%Y-%m-%d %H:%M %Z").strip())
        if self.subject:
            parts.append(f'"{self.subject}"')
        return ", ".join(parts)
