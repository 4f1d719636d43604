"""One letter as an email message: plain text with an HTML alternative, in the player's thread.

Each player's messages from one game form a thread: a new message names the
last one sent to that address in ``In-Reply-To`` and the thread in
``References`` (the first and the latest few, as RFC 5322 suggests for long
threads).
"""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr, make_msgid

from game.sent import SentMessage
from orders.cleantext import shown
from outbox.letters import MAP_CID, Letter

__all__ = ["compose", "thread_of"]

_KEEP = 10  # message ids in References at most: the first and the latest nine


def thread_of(sent: list[SentMessage], address: str) -> list[str]:
    """The Message-IDs sent to ``address`` before, oldest first."""
    return [m.message_id for m in sent if m.address == address]


def compose(letter: Letter, sender: str, domain: str, thread: list[str], now: datetime | None = None) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = formataddr((letter.power, letter.address))
    message["Subject"] = shown(" ".join(letter.subject.split()))  # one line, and nothing in it acts or flips
    message["Date"] = format_datetime(now or datetime.now(UTC))
    message["Message-ID"] = make_msgid(idstring="sengoku", domain=domain)
    if thread:
        message["In-Reply-To"] = thread[-1]
        kept = thread if len(thread) <= _KEEP else [thread[0], *thread[-(_KEEP - 1) :]]
        message["References"] = " ".join(kept)
    message["X-Sengoku-Key"] = letter.key
    message.set_content(shown(letter.plain))
    message.add_alternative(letter.html, subtype="html")
    if letter.picture is not None:  # multipart/related: the HTML part and the map it shows (cid:)
        html = next(part for part in message.iter_parts() if part.get_content_type() == "text/html")
        assert isinstance(html, EmailMessage)
        maintype, _, subtype = letter.picture.media_type.partition("/")
        html.add_related(
            letter.picture.data,
            maintype=maintype,
            subtype=subtype,
            cid=f"<{MAP_CID}>",
            filename=letter.picture.name,
            disposition="inline",
        )
    return message
