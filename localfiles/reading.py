"""Reading a user's file safely: a regular file of a sane size, or a clear refusal, never a hang.

``sengoku status /dev/zero`` would read for ever, and a named pipe (FIFO)
would wait for a writer that never comes. So the file is opened without
blocking (``O_NONBLOCK``: a FIFO opens at once), its type and size are
checked on the open descriptor (no race with a file swapped in between), and
at most ``limit`` bytes are read. Game files, files of pasted orders, mail
files (``.eml``, mbox) and each message of a Maildir all come in this way.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

__all__ = ["FileRefused", "open_regular_file", "read_regular_file", "size_text"]

_KINDS = {
    stat.S_IFDIR: "is a directory",
    stat.S_IFIFO: "is a named pipe (FIFO)",
    stat.S_IFCHR: "is a device",
    stat.S_IFBLK: "is a device",
    stat.S_IFSOCK: "is a socket",
}


class FileRefused(Exception):
    """Why the file was not read, in words for the end of ``PATH: ...``.

    ``missing`` when there is no such file; ``too_large`` when it is a regular
    file over the limit (a caller may list it and go on, as a mailbox does with
    one huge message).
    """

    def __init__(self, problem: str, missing: bool = False, too_large: bool = False) -> None:
        super().__init__(problem)
        self.problem, self.missing, self.too_large = problem, missing, too_large


@contextmanager
def open_regular_file(path: Path, noun: str = "file") -> Iterator[tuple[BinaryIO, int]]:
    """``path`` open for reading, with its size, once it is known to be a regular file; ``noun`` names it."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise FileRefused("no such file", missing=True) from None
    except OSError as error:
        raise FileRefused(f"cannot read it ({error.strerror or error})") from None
    try:
        status = os.fstat(descriptor)
        kind = _KINDS.get(stat.S_IFMT(status.st_mode))
        if kind is not None or not stat.S_ISREG(status.st_mode):
            raise FileRefused(f"{kind or 'is not a regular file'}, not {_article(noun)}")
        handle = os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise
    with handle:
        yield handle, status.st_size


def read_regular_file(path: Path, limit: int, noun: str = "file") -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes; ``noun`` names it in a refusal."""
    try:
        with open_regular_file(path, noun) as (handle, _):
            data = handle.read(limit + 1)  # bounded even if the file grows while it is read
    except OSError as error:
        raise FileRefused(f"cannot read it ({error.strerror or error})") from None
    if len(data) > limit:
        raise FileRefused(f"too large for {_article(noun)} (over {size_text(limit)})", too_large=True)
    return data


def size_text(size: int) -> str:
    """``64 MB``, ``1 GB``, ``512 KB``: a limit in the unit that reads best."""
    for unit, name in ((1 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "KB")):
        if size >= unit:
            return f"{size / unit:.0f} {name}" if size % unit == 0 else f"{size / unit:.1f} {name}"
    return f"{size} bytes"


def _article(noun: str) -> str:
    """``a game file``, ``an mbox file``; a noun given with its article is left as it is."""
    if noun.startswith(("a ", "an ")):
        return noun
    return f"{'an' if noun[:1] in 'aeiou' or noun.startswith('mbox') else 'a'} {noun}"
