"""The bytes of one email made a :class:`~inbox.mail.Mail`: sender, date, subject and text.

The standard library does the mail work (``email`` with the modern policy):
MIME multipart, quoted-printable and base64 transfer encodings, charsets.
The text is the plain-text body, or the HTML body made text when there is
no plain one; attachments are never read, only named in the notes. Nothing
here raises on a bad message: it comes back with ``problem`` set. A message
over the bounds of :mod:`inbox.bounds` (headers, parts, nesting, text size)
comes back refused with the reason, checked before the work each bounds; its
sender's claims are recorded for :mod:`inbox.senders` to judge.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import re
from datetime import UTC, datetime
from email.message import EmailMessage, Message, MIMEPart
from email.utils import parsedate_to_datetime

from inbox import senders
from inbox.bounds import MAX_ENCODED_TEXT_BYTES, MAX_HEADER_BLOCK_BYTES, problem_of, structure_problem
from inbox.dkimcheck import Check
from inbox.html import TextTooLong, html_to_text
from inbox.mail import Mail

__all__ = ["MAX_TEXT_CHARS", "MAX_TEXT_LINES", "read_message"]

_MESSAGE_ID = re.compile(rb"^Message-ID:[ \t]*([^\r\n]{1,998})", re.IGNORECASE | re.MULTILINE)
_FROM = re.compile(rb"^From:[ \t]*([^\r\n]{1,998})", re.IGNORECASE | re.MULTILINE)
MAX_TEXT_CHARS = 1_000_000  # an orders mail, quotes and all, is a few thousand characters
MAX_TEXT_LINES = 20_000  # a long thread quoted whole is a few thousand lines


def read_message(data: bytes, source: str, check: Check | None = None) -> Mail:
    """The mail in ``data`` (one message, as an ``.eml`` file or an mbox entry holds it).

    ``check`` adds verdicts of the mail's own (:func:`inbox.dkimcheck.dkim_check`), for a message within bounds.
    """
    digest = "sha256:" + hashlib.sha256(data).hexdigest()[:32]
    try:
        bound = problem_of(data)
        if bound is not None:  # refused before any header is parsed
            return _refused(data, source, digest, bound)
        message = email.message_from_bytes(data, policy=email.policy.default)
        bound = structure_problem(message)  # on raw header values: nothing decoded yet
        if bound is not None:
            return _refused(data, source, digest, bound)
    except Exception as error:  # the parser is forgiving; anything it still cannot take is one message's problem
        return Mail(digest, source, problem=f"not a mail message ({type(error).__name__}: {error})")
    message_id = _header(message, "Message-ID").strip() or digest
    sender = _header(message, "From")
    base = Mail(
        message_id,
        source,
        sender=sender,
        date=_date(_header(message, "Date")),
        subject=_header(message, "Subject"),
        auth=senders.auth_results(_raw_all(message, "Authentication-Results")),
        signers=senders.dkim_signers(_raw_all(message, "DKIM-Signature")),
        mismatches=senders.disagreements(
            sender, [(name, _header(message, name)) for name in ("Sender", "Reply-To", "Return-Path")]
        ),
    )
    if check is not None:
        base = _with(base, auth=base.auth + check(data, base))
    if not isinstance(message, EmailMessage):  # pragma: no cover - the default policy always makes one
        return _with(base, problem="not a mail message")
    try:
        text, notes = _body(message)
    except TextTooLong as error:
        return _with(base, problem=str(error))
    except Exception as error:
        return _with(base, problem=f"its text cannot be read ({type(error).__name__}: {error})")
    if len(text) > MAX_TEXT_CHARS:
        return _with(
            base, problem=f"its text is too long to be orders ({len(text):,} characters; at most {MAX_TEXT_CHARS:,})"
        )
    lines = text.count("\n")
    if lines > MAX_TEXT_LINES:  # each line is read, and each order checked by the engine: bound it before
        return _with(base, problem=f"its text has too many lines to be orders ({lines:,}; at most {MAX_TEXT_LINES:,})")
    if "\x00" in text:
        return _with(base, problem="its text is binary data, not orders")
    return _with(base, text=text, notes=tuple(notes))


def _refused(data: bytes, source: str, digest: str, problem: str) -> Mail:
    """A message over a bound: named by its Message-ID and From line as written, nothing else read."""
    sender = _raw_first(_FROM, data)[:200]
    return Mail(_raw_first(_MESSAGE_ID, data) or digest, source, sender=sender, problem=problem)


def _with(mail: Mail, **changes: object) -> Mail:
    fields = {**mail.__dict__, **changes}
    return Mail(**fields)


def _header(message: Message, name: str) -> str:
    try:
        value = message.get(name)
    except Exception:  # a header the policy cannot parse: take its raw text
        value = None
        for key, raw in message.raw_items():
            if key.casefold() == name.casefold():
                value = raw
                break
    return " ".join(str(value).split()) if value is not None else ""


def _raw_first(header: re.Pattern[bytes], data: bytes) -> str:
    """A header's first line as written, from the first bytes (a refused message is not parsed), else ''."""
    found = header.search(data[:MAX_HEADER_BLOCK_BYTES])
    return " ".join(found[1].decode("utf-8", "replace").split()) if found else ""


def _raw_all(message: Message, name: str) -> list[str]:
    """Every value of a header as written (unparsed: these are read by :mod:`inbox.senders`)."""
    return [raw for key, raw in message.raw_items() if key.casefold() == name.casefold()]


def _date(value: str) -> datetime | None:
    if not value:
        return None
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _body(message: EmailMessage) -> tuple[str, list[str]]:
    notes: list[str] = []
    attachments = [part.get_filename() or part.get_content_type() for part in _attachments(message)]
    if attachments:
        notes.append("attachments not read: " + ", ".join(attachments))
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        notes.append("no text in it")
        return "", notes
    encoded = part.get_payload()
    if isinstance(encoded, str) and len(encoded) > MAX_ENCODED_TEXT_BYTES:
        raise TextTooLong(
            f"its text is too long to be orders ({len(encoded):,} bytes as sent; at most {MAX_ENCODED_TEXT_BYTES:,})"
        )
    text = _decoded(part, notes)
    if part.get_content_type() == "text/html":
        notes.append("HTML only: read as text")
        text = html_to_text(text, MAX_TEXT_CHARS)
    return text, notes


def _attachments(message: EmailMessage) -> list[EmailMessage]:
    try:
        return list(message.iter_attachments())
    except Exception:  # a broken multipart: no attachments to name
        return []


def _decoded(part: MIMEPart, notes: list[str]) -> str:
    """The part's text in its charset; an unknown charset or bad bytes are read as UTF-8 with replacements."""
    try:
        content = part.get_content()
        if isinstance(content, str):
            return content
    except (LookupError, UnicodeError, ValueError, AssertionError):
        pass
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    charset = part.get_content_charset() or "utf-8"
    notes.append(f"charset {charset} not readable: read as UTF-8, unreadable bytes replaced")
    return payload.decode("utf-8", errors="replace")
