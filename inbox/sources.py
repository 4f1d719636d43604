"""Mail from files: an mbox file, ``.eml`` files, a Maildir folder.

Each source gives :class:`~inbox.mail.Mail` values, one per message, in
the order they arrived as far as the source tells: an mbox file's own
order, a Maildir's delivery order (the time its file name starts with), and
for ``.eml`` files, which carry no delivery order, their ``Date:`` (undated
ones last, in the order given). Or it raises a
:class:`MailboxError` that says which file and what is wrong (missing, a
folder where a file was wanted, a device or a named pipe, not a mailbox at
all, too large). Every file is opened by :func:`localfiles.reading.open_regular_file`
first, so ``--eml /dev/zero`` or a FIFO in a Maildir is refused at once,
never read for ever. A message too big to be orders mail is named with its
problem, not read; the others still are. Files are only read, never changed
(a Maildir message stays in ``new/``).

An mbox file is split only at its real separator lines, as the format
defines them (RFC 4155): ``From``, a space, the envelope sender, and the
time in ``asctime`` form (``From nobunaga@owari.example Tue Mar  3 09:12:00
2026``; Thunderbird writes ``From - Tue Mar ...``, Google Takeout a zone
before the year). A body line that merely starts with ``From `` ("From Kai
we march") is the body's, whatever the mail program that wrote the file
did not escape. Nor does a whole separator line ("From x@y Tue Mar  3 ...")
in a body that its message's own headers say goes on past it
(:mod:`inbox.mboxjoin`). An ``.eml`` file that holds several such messages
is an mbox: refused with a pointer to ``--mbox``, never read as its first
message.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO

from inbox.dkimcheck import Check
from inbox.mail import Mail
from inbox.mboxjoin import JOINED, Piece, rejoined
from inbox.message import read_message
from localfiles.reading import FileRefused, open_regular_file, read_regular_file, size_text

__all__ = ["MAX_MBOX_BYTES", "MAX_MESSAGE_BYTES", "MailboxError", "read_eml", "read_maildir", "read_mbox"]

MAX_MESSAGE_BYTES = 25 * 1024 * 1024  # the usual limit of mail servers: a bigger "message" is no mail
MAX_MBOX_BYTES = 256 << 20  # a game's mail folder is megabytes; read at about 7 MB a second, this is half a minute
_DELIVERED = re.compile(r"^(\d+)\.(?:[^.]*?M(\d+))?")
_PIECE = 64 * 1024
_DAYS = rb"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
_MONTHS = rb"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
_SEPARATOR = re.compile(
    rb"From \S+ +" + _DAYS + rb",? +" + _MONTHS + rb" +\d{1,2} +\d{1,2}:\d{2}(?::\d{2})?(?: +[-+]?\w{1,5})? +\d{4}\b"
)
_SEPARATORS = re.compile(rb"^" + _SEPARATOR.pattern, re.MULTILINE)


class MailboxError(ValueError):
    """A mail source that cannot be read: the path and the problem, on one line."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")


def read_mbox(path: Path, check: Check | None = None) -> list[Mail]:
    """Every message of an mbox file (the format Thunderbird, mutt and Google Takeout export)."""
    with _opened(path, "an mbox file") as (handle, size):
        if size > MAX_MBOX_BYTES:
            problem = f"too large for an mbox file (over {size_text(MAX_MBOX_BYTES)})"
            raise MailboxError(path, f"{problem}; export only the game's mail folder")
        start = handle.read(4096).lstrip(b"\r\n")
    if not start:
        return []  # an empty mailbox: no messages
    if not start.startswith(b"From "):
        problem = "not an mbox file: it does not start with a 'From ' line"
        raise MailboxError(path, f"{problem} (for messages saved one per file, use --eml)")
    if _SEPARATOR.match(start) is None:
        problem = "not an mbox file: its first line is no mbox separator ('From ADDRESS Tue Mar  3 09:12:00 2026')"
        raise MailboxError(path, problem)
    with _opened(path, "an mbox file") as (handle, _):
        split = enumerate(rejoined(_split(handle)), 1)
        return [_mbox_message(piece, f"{path.name} #{n}", check) for n, piece in split]


def _split(handle: BinaryIO) -> Iterator[Piece]:
    """Each message's bytes (up to the message limit) and full size, split at real separator lines only.

    Read in pieces of at most 64 KiB, so a file with no line breaks costs no more memory than one with them.
    """
    kept = bytearray()
    size = 0
    separator = b""
    started, at_line_start = False, True
    while piece := handle.readline(_PIECE):
        if at_line_start and piece.startswith(b"From ") and _SEPARATOR.match(piece) is not None:
            if started:
                yield Piece(bytes(kept), size, separator)
            kept, size, separator, started = bytearray(), 0, piece, True
            at_line_start = piece.endswith(b"\n")
            continue
        at_line_start = piece.endswith(b"\n")
        size += len(piece)
        if len(kept) + len(piece) <= MAX_MESSAGE_BYTES + 1:  # a message over the limit is counted, not kept
            kept += piece
    if started:
        yield Piece(bytes(kept), size, separator)


def _mbox_message(piece: Piece, source: str, check: Check | None) -> Mail:
    if piece.size > MAX_MESSAGE_BYTES:
        return _too_big(source, piece.size)
    mail = read_message(piece.data, source, check)
    return replace(mail, notes=(*mail.notes, JOINED)) if piece.joined else mail


def read_eml(paths: Sequence[Path], check: Check | None = None) -> list[Mail]:
    """Messages saved one per file (``.eml``, as mail programs save or drag them), in date order.

    A file name says nothing of when a message came (``Oda S1570 (2).eml``
    sorts before ``Oda S1570.eml``), so the ``Date:`` header orders them.
    """
    mails = []
    for path in paths:
        with _opened(path, "a message file") as (handle, size):
            data = handle.read(MAX_MESSAGE_BYTES + 1) if size <= MAX_MESSAGE_BYTES else b""
        too_big = size > MAX_MESSAGE_BYTES or len(data) > MAX_MESSAGE_BYTES
        several = len(_SEPARATORS.findall(data, 0, MAX_MESSAGE_BYTES)) if not too_big else 0
        if several > 1:
            problem = f"an mbox file of {several} messages, not one message"
            raise MailboxError(path, f"{problem}: read it with --mbox (every message is read)")
        mails.append(_too_big(path.name, max(size, len(data))) if too_big else read_message(data, path.name, check))
    return sorted(mails, key=_date_order)


def read_maildir(path: Path, check: Check | None = None) -> list[Mail]:
    """Every message of a Maildir folder (``cur/`` and ``new/``), read without marking anything.

    The messages are the files of ``new/`` and ``cur/`` whose names do not
    start with a dot (the Maildir layout, as :mod:`mailbox` reads it); each is
    opened as a checked regular file, which :class:`mailbox.Maildir` (opening
    every entry blindly) cannot promise: a named pipe there would wait for ever.
    """
    if not path.is_dir():
        raise MailboxError(path, "no such folder" if not path.exists() else "not a folder (a Maildir is a folder)")
    if not (path / "cur").is_dir() or not (path / "new").is_dir():
        raise MailboxError(path, "not a Maildir folder: it has no 'cur' and 'new' folders")
    entries = sorted(
        (_delivery_order(entry.name), Path(entry.path))
        for folder in ("new", "cur")
        for entry in os.scandir(path / folder)
        if not entry.name.startswith(".")
    )
    return [_maildir_message(entry, f"{path.name} #{n}", check) for n, (_, entry) in enumerate(entries, 1)]


def _maildir_message(path: Path, source: str, check: Check | None) -> Mail:
    try:
        data = read_regular_file(path, MAX_MESSAGE_BYTES, noun="a message file")
    except FileRefused as refused:
        if refused.too_large:
            return _too_big(source, path.stat().st_size)
        return Mail(f"unreadable:{source}:{path.name}", source, problem=f"{path.name} {refused.problem}")
    return read_message(data, source, check)


def _delivery_order(key: str) -> tuple[int, int, int, str]:
    """A Maildir file's delivery time from its name (``1709370000.M123456P789.host``: seconds, microseconds)."""
    match = _DELIVERED.match(key)
    if match is None:
        return (1, 0, 0, key)  # not a standard name: after the others, by name
    return (0, int(match[1]), int(match[2] or 0), key)


def _date_order(mail: Mail) -> tuple[bool, datetime]:
    return (mail.date is None, mail.date or datetime.min.replace(tzinfo=UTC))


def _too_big(source: str, size: int) -> Mail:
    problem = f"too big to be orders mail ({size / 2**20:.1f} MB; at most {MAX_MESSAGE_BYTES // 2**20} MB)"
    return Mail(f"too-big:{source}:{size}", source, problem=problem)


@contextmanager
def _opened(path: Path, what: str) -> Iterator[tuple[BinaryIO, int]]:
    """The file open, or a :class:`MailboxError` that says why not (with the option a folder wants)."""
    try:
        with open_regular_file(path, what) as opened:
            yield opened
    except FileRefused as refused:
        if refused.missing:
            raise MailboxError(path, "no such file") from None
        if path.is_dir():
            hint = " (for a Maildir folder use --maildir)" if (path / "cur").is_dir() else ""
            raise MailboxError(path, f"is a folder, not {what}{hint}") from None
        raise MailboxError(path, refused.problem) from None
