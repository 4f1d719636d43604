"""The shells' board cache: each map file built once, then read back from a pickle in a few milliseconds.

Building a board (YAML, the schema, the meaning checks, the derived tables)
takes tens of milliseconds and pulls in PyYAML and the schema models; a GM
command that only reads a game waits for all of it. So a built board is
pickled into a cache directory and read back on the next run. The engine
writes no files: the shells hand it this cache (:func:`keep_boards_on_disk`,
which gives :func:`cached_board` to :func:`maps.loader.keep_boards_in`: the command line and the web site do).

The cache is never trusted blindly. An entry is used only when all of
these hold, and is otherwise ignored and rebuilt:

* its key matches: the SHA-256 of the map file's text, the Python version
  and the code that builds and pickles boards (every ``maps/*.py``, and this
  module), so an edited map file or a new version of sengoku rebuilds;
* its payload's own SHA-256 matches (a truncated or damaged file);
* it is owned by the user running sengoku and nobody else may write to it
  (a pickle can run code when loaded, so one someone else could have
  written is not loaded);
* it unpickles into a :class:`~maps.board.Board`.

Writing is atomic (a temporary file renamed over the entry), and any
failure to write (a read-only or full disk, no home directory) only means
the next run builds the board again: the cache never breaks a command.

Where: ``$SENGOKU_CACHE_DIR``, else ``$XDG_CACHE_HOME/sengoku``, else
``~/.cache/sengoku``. ``SENGOKU_CACHE_DIR=""`` turns the cache off.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

import maps
from maps.board import Board
from maps.loader import keep_boards_in

__all__ = ["cache_dir", "cached_board", "cached_value", "entry_path", "keep_boards_on_disk"]

T = TypeVar("T")

_MAGIC = b"sengoku board cache 1\n"
_ENV = "SENGOKU_CACHE_DIR"


def cache_dir() -> Path | None:
    """The folder the cache lives in, or None when it is turned off (or there is no home)."""
    chosen = os.environ.get(_ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME")
    if base:
        return Path(base) / "sengoku"
    try:
        return Path.home() / ".cache" / "sengoku"
    except RuntimeError:  # no home directory to be found
        return None


def entry_path(folder: Path, source: str) -> Path:
    """The cache file for a map source (a shipped map's name or a map file's path)."""
    return folder / f"board-{hashlib.sha256(source.encode()).hexdigest()[:20]}.pickle"


@lru_cache(maxsize=1)
def _code_version() -> bytes:
    """What the pickled board depends on besides the map: the Python version, the maps package's code and this file."""
    digest = hashlib.sha256(sys.version.encode())
    for path in [*sorted(Path(maps.__file__).parent.glob("*.py")), Path(__file__)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest().encode()


def _key(text: str) -> bytes:
    return hashlib.sha256(_code_version() + b"\0" + text.encode("utf-8")).hexdigest().encode()


def keep_boards_on_disk() -> None:
    """Have the engine's loader read built boards back from this cache from now on (each shell calls it)."""
    keep_boards_in(cached_board)


def cached_board(text: str, source: str, build: Callable[[], Board]) -> Board:
    """The board for this map text: from the cache when a valid entry is there, else ``build()`` and stored.

    ``source`` names the entry (one per map file, overwritten when the file changes).
    """
    return cached_value(entry_path, source, _key(text), build, Board)


def cached_value(
    name_of: Callable[[Path, str], Path], source: str, key: bytes, build: Callable[[], T], kind: type[T]
) -> T:
    """The same cache for anything else built once and kept (a shell's map drawing, say): the same checks.

    ``name_of(folder, source)`` names the entry; ``key`` says what it was
    built from (the caller's code and data, digested); ``kind`` is the type
    the unpickled value must have.
    """
    folder = cache_dir()
    if folder is None:
        return build()
    path = name_of(folder, source)
    value = _read(path, key, kind)
    if value is None:
        value = build()
        _write(folder, path, key, value)
    return value


def _read(path: Path, key: bytes, kind: type[T]) -> T | None:
    try:
        with path.open("rb") as handle:
            if not _safe_to_load(os.fstat(handle.fileno())):
                return None
            data = handle.read()
    except OSError:
        return None
    header = _MAGIC + key + b"\n"
    if not data.startswith(header):
        return None
    digest, _, payload = data[len(header) :].partition(b"\n")
    if hashlib.sha256(payload).hexdigest().encode() != digest:
        return None
    try:
        value = pickle.loads(payload)
    except Exception:  # a damaged pickle can raise almost anything; it is only a cache
        return None
    return value if isinstance(value, kind) else None


def _safe_to_load(status: os.stat_result) -> bool:
    """Owned by this user and writable by nobody else (where the system has owners)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return True
    return status.st_uid == getuid() and not status.st_mode & 0o022


def _write(folder: Path, path: Path, key: bytes, value: object) -> None:
    try:
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # pickle refuses in several ways; the value is simply not cached
        return
    digest = hashlib.sha256(payload).hexdigest().encode()
    import tempfile  # only when writing: most runs only read

    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle = tempfile.NamedTemporaryFile(dir=folder, prefix=f".{path.name}.", suffix=".tmp", delete=False)
    except OSError:
        return
    temporary = Path(handle.name)
    try:
        with handle:
            handle.write(_MAGIC + key + b"\n" + digest + b"\n" + payload)
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
