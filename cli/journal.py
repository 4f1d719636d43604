"""The game file's journal: every write keeps the version it replaced, so any command can be undone.

Beside ``game.json`` a folder ``.game.json.journal`` holds the last
:data:`KEEP` versions of the file, each compressed, and an index saying
what each write did, when, through which command and by whom. Versions form
a tree: each names its parent (the version the file held when it was
written), so ``undo`` goes to the parent, ``redo`` to the latest child, and
a write made after an undo starts a new branch without removing the old one
(the list still shows it, and ``undo --to N`` reaches it).

A version is kept *before* the game file is replaced: if the file on disk is
not the journal's current version (a hand edit, a file from before the
journal, a game restored from a backup), it is kept first as "changed outside
sengoku", so undoing the next write brings back exactly what was on disk. If
that cannot be written, the write is refused and the game left as it was.

One command is one version: a command that writes several times (``mail``
records each message as the server accepts it) replaces its own version, so
50 mails do not push 50 useful versions out of the journal. Every writer
holds the game's lock (:mod:`cli.gamelock`), and so does undo.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import msgspec

from cli.runinfo import RUN

__all__ = ["KEEP", "Journal", "JournalError", "Version", "journal_path"]

KEEP = 50
"""Versions kept; the oldest go first (never the one the file holds)."""
_FORMAT = 1


class JournalError(OSError):
    """The journal could not be read or written."""


class Version(msgspec.Struct, kw_only=True):
    """One write of the game file: who, when, through what, and what it did."""

    number: int
    parent: int | None
    at: datetime
    by: str
    command: str
    what: str
    digest: str
    size: int
    phase: str = ""
    log_count: int = 0
    run: str = ""


class _Index(msgspec.Struct, kw_only=True):
    format: int = _FORMAT
    current: int | None = None
    next: int = 1
    versions: list[Version] = msgspec.field(default_factory=list)


def journal_path(game: Path) -> Path:
    """``.game.json.journal`` beside ``game.json``; beside the file itself when ``game.json`` is a symbolic link
    (the game has one journal by whichever name a GM reaches it)."""
    real = Path(os.path.realpath(game))
    return real.parent / f".{real.name}.journal"


class Journal:
    """The journal of one game file (read when first used)."""

    def __init__(self, game: Path) -> None:
        self.game = game
        self.folder = journal_path(game)
        self._index: _Index | None = None

    # --- reading ------------------------------------------------------------------

    @property
    def index(self) -> _Index:
        if self._index is None:
            self._index = self._read_index()
        return self._index

    def versions(self) -> list[Version]:
        return list(self.index.versions)

    def current(self) -> Version | None:
        return self.version(self.index.current)

    def version(self, number: int | None) -> Version | None:
        return next((v for v in self.index.versions if v.number == number), None)

    def children(self, number: int) -> list[Version]:
        return [v for v in self.index.versions if v.parent == number]

    def content(self, version: Version) -> bytes:
        try:
            return gzip.decompress((self.folder / _file_name(version.number)).read_bytes())
        except (OSError, EOFError, gzip.BadGzipFile) as error:
            raise JournalError(f"{self.folder}: version {version.number} cannot be read ({error})") from None

    # --- writing ------------------------------------------------------------------

    def before_write(self) -> None:
        """Keep the file on disk if the journal does not have it yet (a hand edit, a game from before the journal)."""
        if not self.game.is_file():  # none yet, or no game file at all (a folder): the write says so itself
            return
        try:
            data = self.game.read_bytes()
        except FileNotFoundError:
            return
        except OSError as error:
            raise JournalError(f"{self.game}: cannot read it to keep it ({error.strerror or error})") from None
        current = self.current()
        if current is not None and current.digest == _digest(data):
            return
        first = not self.index.versions
        what = "the game file as it was before the journal began" if first else "changed outside sengoku"
        count = _log_count(data)
        self._add(
            data,
            what=what,
            by="" if first else "(not a sengoku command)",
            command="",
            run="",
            phase="",
            log_count=count,
        )

    def after_write(self, data: bytes, *, actions: list[str], by: str, phase: str) -> None:
        """Keep the version just written: a new one, or this command's own version again.

        ``actions`` is the game's whole log (its actions in words): what the
        write did is what it added to the log since the version it replaced.
        """
        current = self.current()
        run = RUN["id"]
        if current is not None and run and current.run == run and not self.children(current.number):
            base = self.version(current.parent)
            self._store(current.number, data)
            current.at, current.digest, current.size = _now(), _digest(data), len(data)
            current.what = _what(actions, base.log_count if base else len(actions))
            current.phase, current.log_count = phase, len(actions)
            self._write_index()
            return
        what = _what(actions, current.log_count if current else 0)
        self._add(data, what=what, by=by, command=RUN["command"], run=run, phase=phase, log_count=len(actions))

    def move_to(self, version: Version) -> None:
        """Make ``version`` the current one (undo, redo): the caller has written its content to the game file."""
        self.index.current = version.number
        self._write_index()

    def _add(
        self, data: bytes, *, what: str, by: str, command: str, run: str, phase: str, log_count: int = 0
    ) -> Version:
        index = self.index
        number = index.next
        self._store(number, data)
        version = Version(
            number=number,
            parent=index.current,
            at=_now(),
            by=by,
            command=command,
            what=what,
            digest=_digest(data),
            size=len(data),
            phase=phase,
            log_count=log_count,
            run=run,
        )
        index.versions.append(version)
        index.current, index.next = number, number + 1
        self._prune()
        self._write_index()
        return version

    def _prune(self) -> None:
        index = self.index
        extra = len(index.versions) - KEEP
        if extra <= 0:
            return
        dropped = [v for v in index.versions if v.number != index.current][:extra]
        gone = {v.number for v in dropped}
        index.versions = [v for v in index.versions if v.number not in gone]
        for version in dropped:
            (self.folder / _file_name(version.number)).unlink(missing_ok=True)

    def _store(self, number: int, data: bytes) -> None:
        self._folder()
        _atomic_write(self.folder / _file_name(number), gzip.compress(data, compresslevel=6, mtime=0))

    def _folder(self) -> None:
        try:
            self.folder.mkdir(exist_ok=True)
        except OSError as error:
            raise JournalError(f"{self.folder}: cannot make it ({error.strerror or error})") from None

    def _read_index(self) -> _Index:
        path = self.folder / "index.json"
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return _Index()
        except OSError as error:
            raise JournalError(f"{path}: cannot read it ({error.strerror or error})") from None
        try:
            index = msgspec.json.decode(data, type=_Index)
        except msgspec.DecodeError as error:
            raise JournalError(
                f"{path}: not a journal index ({error}); move the folder away to start a new one"
            ) from None
        if index.format != _FORMAT:
            raise JournalError(f"{path}: journal format {index.format}; this sengoku reads format {_FORMAT} only")
        return index

    def _write_index(self) -> None:
        self._folder()
        data = msgspec.json.format(msgspec.json.encode(self.index), indent=1)
        _atomic_write(self.folder / "index.json", data)


def _atomic_write(path: Path, data: bytes) -> None:
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


class _LogOnly(msgspec.Struct):
    log: list[msgspec.Raw] = msgspec.field(default_factory=list)


def _log_count(data: bytes) -> int:
    """How many entries a game file's log has (0 for anything that is not a game file)."""
    try:
        return len(msgspec.json.decode(data, type=_LogOnly).log)
    except (msgspec.DecodeError, RecursionError):
        return 0


def _file_name(number: int) -> str:
    return f"{number:06d}.json.gz"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _what(actions: list[str], since: int) -> str:
    """What a write did: the log entries it added (a write that adds none, e.g. a mail recorded as sent: '')."""
    added = actions[since:] if 0 <= since <= len(actions) else actions[-1:]
    return "; ".join(added)


def warn(message: str) -> None:
    """A journal problem after the game was saved: said on standard error, never a failure of the command."""
    print(f"Note: {message}", file=sys.stderr)
