"""One command at a time changes a game: an exclusive lock beside the game file, held from load to save.

Two commands on one game at once (``orders`` typed while ``mail`` runs, a
cron job's ``adjudicate``) would each load the game, change it and save it,
and the later save would silently wipe the earlier one's change. So every
command that changes a game holds an exclusive ``flock`` on ``.NAME.lock``
beside it from before it loads the game until after it has saved it. A
second command waits for it, says so on stderr, and after
``SENGOKU_LOCK_WAIT`` seconds (default 30) gives up with one line, having
changed nothing.

The lock dies with its process (even by ``kill -9``), so a crash never
leaves a game locked. The holder removes the lock file as it lets go; a
waiter that got the lock of a file removed meanwhile sees that and tries
again on the new one. Commands that only read take no lock: the game file
is replaced atomically, so a reader always sees a whole game. Cheap to
import (the standard library only): every command that changes a game
loads it.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # not POSIX: no flock; the commands run unlocked, as before
    fcntl = None  # type: ignore[assignment]

from maps.errors import SengokuError

__all__ = ["WAIT_VARIABLE", "GameLocked", "game_lock", "lock_path"]

WAIT_VARIABLE = "SENGOKU_LOCK_WAIT"
_DEFAULT_WAIT = 30.0
_POLL = 0.05


class GameLocked(SengokuError):
    """Another command held the game for longer than this one would wait."""


def lock_path(game: Path) -> Path:
    """``.game.json.lock`` beside ``game.json`` (beside the file a symbolic link names: one game, one lock)."""
    game = Path(os.path.realpath(game))
    return game.parent / f".{game.name}.lock"


@contextmanager
def game_lock(game: Path, wait: float | None = None) -> Iterator[None]:
    """Hold the game's lock for the ``with`` block; wait up to ``wait`` seconds (default: the variable's)."""
    if fcntl is None:
        yield
        return
    path = lock_path(game)
    fd = _acquire(game, path, _wait_seconds() if wait is None else wait)
    try:
        yield
    finally:
        try:
            path.unlink(missing_ok=True)  # before letting go: the next holder makes a new file
        finally:
            os.close(fd)


def _acquire(game: Path, path: Path, wait: float) -> int:
    deadline = time.monotonic() + wait
    told = False
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:  # no such folder, no permission: the game could not be written there either
            raise GameLocked(f"{game}: cannot write it ({error.strerror or error})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            os.close(fd)
            if time.monotonic() >= deadline:
                raise GameLocked(
                    f"{game}: another sengoku command{holder} has been changing this game for more than "
                    f"{wait:g} s, so nothing was changed; run this command again when it has finished "
                    f"(or set {WAIT_VARIABLE}=SECONDS to wait longer)"
                ) from None
            if not told:
                print(
                    f"{game}: another sengoku command{holder} is changing this game; waiting for it (up to "
                    f"{wait:g} s)...",
                    file=sys.stderr,
                    flush=True,
                )
                told = True
            time.sleep(_POLL)
            continue
        if _still_the_lock_file(fd, path):
            _note_holder(fd)
            return fd
        os.close(fd)  # the holder we waited for removed this file: lock the new one


def _note_holder(fd: int) -> None:
    """Write our process id for a waiting command to name; a full disk must not stop the command here.

    The lock is the ``flock``, not the text: on a full disk the save that
    follows says so and names the game file.
    """
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass


def _still_the_lock_file(fd: int, path: Path) -> bool:
    try:
        now = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)


def _holder(fd: int) -> str:
    """`` (process 1234)`` as the holder wrote it, or '' while it has not yet."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return f" (process {text})" if text.isdigit() else ""


def _wait_seconds() -> float:
    value = os.environ.get(WAIT_VARIABLE, "").strip()
    if not value:
        return _DEFAULT_WAIT
    try:
        seconds = float(value)
    except ValueError:
        seconds = float("nan")
    if not 0 <= seconds <= 24 * 3600:
        raise GameLocked(f"{WAIT_VARIABLE}={value!r}: give the seconds to wait for another command, 0 to 86400")
    return seconds
