"""One email as the intake sees it: who sent it, when, and its text.

Made by :mod:`inbox.message` from the bytes of a message (MIME, transfer
encodings, HTML); a plain value, so the intake that applies mail to a game
(:mod:`inbox.intake`) stays pure and can be tested without files.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime

__all__ = ["AuthResult", "Mail"]


@dataclass(frozen=True)
class AuthResult:
    """One method's verdict in an ``Authentication-Results`` header, and the host that wrote it.

    ``host`` is the header's authserv-id (the receiving server names itself
    there); ``method`` is ``dkim``, ``spf``, ``dmarc`` ...; ``result`` is
    ``pass``, ``fail``, ``none`` ...; ``domain`` the domain it vouches for
    (DKIM's ``header.d``, DMARC's ``header.from``, SPF's ``smtp.mailfrom``), '' if none.
    Anyone can write such a header into a message: it means something only
    from a host the GM names (:mod:`inbox.senders`).
    """

    host: str
    method: str
    result: str
    domain: str = ""
    below: bool = False
    """Written in a header below another one that names the same host: the sender's, not the host's (RFC 8601
    section 5: a receiving host adds its header on top, so only its topmost one is its own)."""

    def describe(self) -> str:
        """``dkim=pass (kai.example) by mx.example``."""
        domain = f" ({self.domain})" if self.domain else ""
        return f"{self.method}={self.result}{domain} by {self.host}"


@dataclass(frozen=True)
class Mail:
    """A message read from a mailbox or a file.

    ``message_id`` is the Message-ID header, or a digest of the message when
    it has none, so a message read once is recognised the next time.
    It is kept as :attr:`read_key`, a digest of fixed size.
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
    auth: tuple[AuthResult, ...] = field(default=())  # the Authentication-Results verdicts, as written
    signers: tuple[str, ...] = field(default=())  # the domains of its DKIM-Signature headers (d=), not verified
    mismatches: tuple[str, ...] = field(default=())  # where Sender, Reply-To, Return-Path or the name disagree

    @property
    def read_key(self) -> str:
        """What the game keeps to know this message read: a fixed-size digest of its Message-ID.

        Never the Message-ID itself: the sender writes it, at any length
        (three 23 MB Message-IDs made a game file too large to open).
        """
        return "mid:" + hashlib.sha256(self.message_id.encode("utf-8", "surrogateescape")).hexdigest()[:32]

    def describe(self) -> str:
        """``Oda Nobunaga <nobunaga@example.org>, 2026-03-03 09:12 UTC, "Oda S1570"``."""
        parts = [self.sender or "(no sender)"]
        if self.date is not None:
            parts.append(self.date.strftime("%Y-%m-%d %H:%M %Z").strip())
        if self.subject:
            parts.append(f'"{self.subject}"')
        return ", ".join(parts)
