"""What one mail may cost, checked before the work each bound is there to bound.

A player (or anyone who can put a message in the GM's mailbox) chooses the
bytes; the standard library's ``email`` package, given them whole, can
spend gigabytes and minutes on a small message: thousands of encoded words
in a Subject (memory grows with the square of their number), tens of
thousands of tiny MIME parts (each parsed with its headers), text nested so
deep that a quote mark per level is written on every line. So, in order:

1. on the raw bytes, before any parsing: the header block's size, the
   number of multipart boundaries and of lines that could open a MIME part;
2. on a cheap parse that keeps headers as raw text (``compat32``): the
   number of parts, their nesting, and every part's headers (a message with
   few lines that could open a part skips the cheap parse: its real parse
   costs little, and the same checks are made on it before any header is
   decoded, so a big attachment is not parsed twice);
3. then the real parse, of a message known to be small in every way; the
   text part's encoded size is checked before it is decoded
   (:mod:`inbox.message`), and the HTML reader stops at the text limit
   (:mod:`inbox.html`).

Each check gives the reason a message is refused, in words; the rest of a
mailbox is still read. The figures are far above any orders mail (one is a
few kilobytes, with a handful of parts) and keep any message of at most
1 MB under 100 MB and 2 s (``bench/hostile.py`` measures it).
"""

from __future__ import annotations

import email
import email.policy
import re
from email.message import Message

__all__ = [
    "MAX_DEPTH",
    "MAX_ENCODED_TEXT_BYTES",
    "MAX_HEADERS",
    "MAX_HEADER_BLOCK_BYTES",
    "MAX_HEADER_CHARS",
    "MAX_PARTS",
    "problem_of",
    "structure_problem",
]

MAX_HEADER_BLOCK_BYTES = 256 * 1024  # a real mail's headers, Received lines and signatures included, are ~10-30 KB
MAX_HEADER_CHARS = 16 * 1024  # one header, folded lines joined; a DKIM signature or a long To: is ~1-4 KB
MAX_HEADERS = 500  # header fields in one part (a mail that crossed many relays has ~50)
MAX_PARTS = 200  # MIME parts in one message: text, HTML, a few attachments, a forwarded mail's parts
MAX_DEPTH = 20  # multipart nesting (mixed > alternative > related, a forwarded message inside: ~5)
MAX_BOUNDARY_LINES = 5_000  # lines starting '--' (each could open a part): the cheap bound before any parse
_FEW_BOUNDARY_LINES = 2 * MAX_PARTS + 2  # this many parts cost the real parse ~50 ms: no cheap parse first
MAX_ENCODED_TEXT_BYTES = 4 * 1024 * 1024
_BOUNDARY_PARAM = re.compile(
    rb"boundary\s*=", re.IGNORECASE
)  # the text part as sent (base64 or quoted-printable) before decoding


def problem_of(data: bytes) -> str | None:
    """Why the message in ``data`` is refused before it is read, or None when it is within every bound."""
    problem = _raw_problem(data)
    if problem is not None or data.count(b"\n--") <= _FEW_BOUNDARY_LINES:
        return problem  # few enough parts to parse for real first: structure_problem is asked of that parse
    try:
        return structure_problem(email.message_from_bytes(data, policy=email.policy.compat32))
    except RecursionError:  # the parser recurses once a nesting level: a message deeper than Python's stack
        return f"its MIME parts are nested too deep (over {MAX_DEPTH} levels)"


def _raw_problem(data: bytes) -> str | None:
    end = _header_end(data)
    if end > MAX_HEADER_BLOCK_BYTES:
        return f"its headers are too large ({_kb(end)}; at most {_kb(MAX_HEADER_BLOCK_BYTES)})"
    containers = len(_BOUNDARY_PARAM.findall(data))
    if containers > MAX_PARTS:
        return f"too many MIME parts ({containers:,} multipart boundaries; at most {MAX_PARTS})"
    boundaries = data.count(b"\n--")
    if boundaries > MAX_BOUNDARY_LINES:
        return (
            f"too many lines that could start a MIME part ({boundaries:,} lines starting '--'; "
            f"at most {MAX_BOUNDARY_LINES:,})"
        )
    return None


def _header_end(data: bytes) -> int:
    """Where the top header block ends (the first empty line), or the message's length when it has no body."""
    ends = [at for at in (data.find(b"\n\n"), data.find(b"\n\r\n")) if at >= 0]
    return min(ends) if ends else len(data)


def structure_problem(message: Message) -> str | None:
    """Parts, nesting and every part's headers, walked without recursion (a 1,000-deep message is data)."""
    parts = 0
    stack: list[tuple[Message, int]] = [(message, 1)]
    while stack:
        part, depth = stack.pop()
        parts += 1
        if parts > MAX_PARTS:
            return f"too many MIME parts (over {MAX_PARTS})"
        if depth > MAX_DEPTH:
            return f"its MIME parts are nested too deep (over {MAX_DEPTH} levels)"
        problem = _headers_problem(part)
        if problem is not None:
            return problem if depth == 1 else f"a MIME part: {problem}"
        payload = part.get_payload()
        if isinstance(payload, list):
            stack.extend((child, depth + 1) for child in reversed(payload) if isinstance(child, Message))
    return None


def _headers_problem(part: Message) -> str | None:
    items = list(part.raw_items())
    if len(items) > MAX_HEADERS:
        return f"too many header fields ({len(items):,}; at most {MAX_HEADERS})"
    for name, value in items:
        if len(value) > MAX_HEADER_CHARS:
            return f"its {_name(name)} header is too long ({len(value):,} characters; at most {MAX_HEADER_CHARS:,})"
    return None


def _name(name: str) -> str:
    """A header's name as shown: printable and short (it is the sender's text too)."""
    shown = "".join(c for c in name if c.isprintable())[:40]
    return shown or "unnamed"


def _kb(size: int) -> str:
    return f"{size / 1024:,.0f} KB"
