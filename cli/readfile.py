"""Reading a GM's file safely: a regular file of a sane size, or a clear refusal, never a hang.

``sengoku status /dev/zero`` would read for ever, and a named pipe (FIFO)
would wait for a writer that never comes. So the file is opened without
blocking (``O_NONBLOCK``: a FIFO opens at once), its type and size are
checked on the open descriptor (no race with a file swapped in between), and
at most ``limit`` bytes are read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["FileRefused", "read_regular_file"]

_KINDS = {
    stat.S_IFDIR: "is a directory",
    stat.S_IFIFO: "is a named pipe (FIFO)",
    stat.S_IFCHR: "is a device",
    stat.S_IFBLK: "is a device",
    stat.S_IFSOCK: "is a socket",
}


class FileRefused(Exception):
    """Why the file was not read, in words for the end of ``PATH: ...``; ``missing`` when there is no such file."""

    def __init__(self, problem: str, missing: bool = False) -> None:
        super().__init__(problem)
        self.problem, self.missing = problem, missing


def read_regular_file(path: Path, limit: int, noun: str = "file") -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes; ``noun`` names it in a refusal."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise FileRefused("no such file", missing=True) from None
    except OSError as error:
        raise FileRefused(f"cannot read it ({error.strerror or error})") from None
    try:
        mode = os.fstat(descriptor).st_mode
        kind = _KINDS.get(stat.S_IFMT(mode))
        if kind is not None or not stat.S_ISREG(mode):
            raise FileRefused(f"{kind or 'is not a regular file'}, not a {noun}")
        with os.fdopen(os.dup(descriptor), "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise FileRefused(f"cannot read it ({error.strerror or error})") from None
    finally:
        os.close(descriptor)
    if len(data) > limit:
        raise FileRefused(f"too large for a {noun} (over {limit // (1024 * 1024)} MB)")
    return data
