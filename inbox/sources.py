"""Mail from files: an mbox file, ``.eml`` files, a Maildir folder (with the standard ``mailbox`` module).

Each source gives :class:`~inbox.mail.Mail` values, one per message, in
the order they arrived as far as the source tells: an mbox file's own
order, a Maildir's delivery order (the time its file name starts with), and
for ``.eml`` files, which carry no delivery order, their ``Date:`` (undated
ones last, in the order given). Or it raises a
:class:`MailboxError` that says which file and what is wrong (missing, a
folder where a file was wanted, not a mailbox at all). A message too big to
be orders mail is named with its problem, not read; the others still are.
Files are only read, never changed (a Maildir message stays in ``new/``).
"""

from __future__ import annotations

import mailbox
import re
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from inbox.mail import Mail
from inbox.message import read_message

__all__ = ["MAX_MESSAGE_BYTES", "MailboxError", "read_eml", "read_maildir", "read_mbox"]

MAX_MESSAGE_BYTES = 25 * 1024 * 1024  # the usual limit of mail servers: a bigger "message" is no mail
_DELIVERED = re.compile(r"^(\d+)\.(?:[^.]*?M(\d+))?")


class MailboxError(ValueError):
    """A mail source that cannot be read: the path and the problem, on one line."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")


def read_mbox(path: Path) -> list[Mail]:
    """Every message of an mbox file (the format Thunderbird, mutt and Google Takeout export)."""
    _require_file(path, "an mbox file")
    with path.open("rb") as handle:
        start = handle.read(4096).lstrip(b"\r\n")
    if not start:
        return []  # an empty mailbox: no messages
    if not start.startswith(b"From "):
        problem = "not an mbox file: it does not start with a 'From ' line"
        raise MailboxError(path, f"{problem} (for messages saved one per file, use --eml)")
    box = mailbox.mbox(path, create=False)
    try:
        return list(_messages(box, path.name))
    finally:
        box.close()


def read_eml(paths: Sequence[Path]) -> list[Mail]:
    """Messages saved one per file (``.eml``, as mail programs save or drag them), in date order.

    A file name says nothing of when a message came (``Oda S1570 (2).eml``
    sorts before ``Oda S1570.eml``), so the ``Date:`` header orders them.
    """
    mails = []
    for path in paths:
        _require_file(path, "a message file")
        size = path.stat().st_size
        if size > MAX_MESSAGE_BYTES:
            mails.append(_too_big(path.name, size))
            continue
        mails.append(read_message(path.read_bytes(), path.name))
    return sorted(mails, key=_date_order)


def read_maildir(path: Path) -> list[Mail]:
    """Every message of a Maildir folder (``cur/`` and ``new/``), read without marking anything."""
    if not path.is_dir():
        raise MailboxError(path, "no such folder" if not path.exists() else "not a folder (a Maildir is a folder)")
    if not (path / "cur").is_dir() or not (path / "new").is_dir():
        raise MailboxError(path, "not a Maildir folder: it has no 'cur' and 'new' folders")
    box = mailbox.Maildir(path, factory=None, create=False)
    try:
        return list(_messages(box, path.name))
    finally:
        box.close()


def _messages(box: mailbox.Mailbox[mailbox.Message], name: str) -> Iterable[Mail]:
    keys = sorted(box.iterkeys(), key=_delivery_order) if isinstance(box, mailbox.Maildir) else box.iterkeys()
    for number, key in enumerate(keys, 1):
        source = f"{name} #{number}"
        data = box.get_bytes(key)
        yield _too_big(source, len(data)) if len(data) > MAX_MESSAGE_BYTES else read_message(data, source)


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


def _require_file(path: Path, what: str) -> None:
    if not path.exists():
        raise MailboxError(path, "no such file")
    if path.is_dir():
        hint = " (for a Maildir folder use --maildir)" if (path / "cur").is_dir() else ""
        raise MailboxError(path, f"is a folder, not {what}{hint}")
