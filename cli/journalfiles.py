"""The journal's files, written whole or not at all and known by a checksum; what a version's log (and its
record of mail sent) says it did."""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import msgspec

__all__ = ["JournalError", "added_since", "atomic_write", "digest", "intact", "log_count", "now", "what_added"]

T = TypeVar("T")


class JournalError(OSError):
    """The journal could not be read or written."""


def atomic_write(path: Path, data: bytes) -> None:
    """``data`` as the file ``path``: a temporary file beside it, on the disk, then renamed over it."""
    import tempfile

    try:
        handle = tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp", delete=False)
        with handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(handle.name, path)
    except OSError as error:
        try:
            Path(handle.name).unlink(missing_ok=True)
        except (NameError, OSError, UnboundLocalError):
            pass
        raise JournalError(f"{path}: cannot write it ({error.strerror or error})") from None


def digest(data: bytes) -> str:
    """``crc32:`` and 8 hex digits: a version's file read back damaged is refused (a C pass over the bytes)."""
    import zlib

    return f"crc32:{zlib.crc32(data):08x}"


def intact(known: str, data: bytes) -> bool:
    """Whether ``data`` has the checksum ``known`` (a journal of format 1 knew its versions by SHA-256)."""
    if known.startswith("crc32:"):
        return known == digest(data)
    import hashlib

    return known == hashlib.sha256(data).hexdigest()


class _LogOnly(msgspec.Struct):
    log: list[msgspec.Raw] = msgspec.field(default_factory=list)


def log_count(data: bytes) -> int:
    """How many entries a game file's log has (0 for anything that is not a game file).

    In a file laid out as sengoku writes it, the top-level ``"log"`` starts a line of its own, two spaces in
    (no JSON string holds a line break), and only the fields from there on are read: the history before it
    is most of a long game's file. A ``"log"`` deeper in would leave braces unclosed, and is not taken. Any
    other file is read whole.
    """
    at = data.rfind(b'\n  "log": [')
    if at >= 0:
        try:
            return len(msgspec.json.decode(b"{" + data[at:], type=_LogOnly).log)
        except (msgspec.DecodeError, RecursionError):
            pass
    try:
        return len(msgspec.json.decode(data, type=_LogOnly).log)
    except (msgspec.DecodeError, RecursionError):
        return 0


def what_added(actions: list[str], since: int) -> str:
    """What a write did: the log entries it added (a write that adds none, e.g. a mail recorded as sent: '')."""
    added = actions[since:] if 0 <= since <= len(actions) else actions[-1:]
    return "; ".join(added)


def added_since(records: Sequence[T], count: int | None) -> list[T]:
    """The records after the first ``count`` (none when the count was never kept: a journal from before it)."""
    return list(records[count:]) if count is not None else []


def now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)
