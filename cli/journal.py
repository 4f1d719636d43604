"""The game file's journal: every write keeps the version it replaced, so any command can be undone.

Beside ``game.json`` a folder ``.game.json.journal`` holds the last :data:`KEEP` versions of the file and an
index saying what each write did, when, through which command and by whom. Versions form a tree: each names its
parent (the version the file held when it was written), so ``undo`` goes to the parent, ``redo`` to the latest
child, and a write made after an undo starts a new branch without removing the old one (``undo --to N``).

A write costs the same however long the game: a version is kept as the few
byte ranges it changed in its parent (``NNNNNN.delta``, :mod:`cli.journaldelta`);
after :data:`DEPTH` - 1 deltas in a row, the file on disk is kept whole
(``NNNNNN.json``) by a hard link made just before the write renames the new
file over it, so its bytes stay on disk under the journal's name. Versions a
listed one's deltas need stay, unlisted, until none does. Format 1 journals
(every version compressed whole, ``NNNNNN.json.gz``) are read as they are.

A version is kept *before* the game file is replaced: if the file on disk is not the journal's current version
byte for byte (a hand edit, a file from before the journal, a restored backup), it is kept first (whole, linked)
as "changed outside sengoku", so undoing the next write brings back exactly what was on disk. If that cannot be
written, the write is refused and the game left as it was.

One command is one version: a command that writes several times (``mail``
records each message as the server accepts it) replaces its own version, so
50 mails do not push 50 useful versions out of the journal; the version
names the mail it recorded (:mod:`cli.mailedbefore`). Every writer holds
the game's lock (:mod:`cli.gamelock`), and so does undo.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from cli.journalfiles import JournalError, added_since, intact, log_count
from cli.journalfiles import atomic_write as _atomic_write
from cli.journalfiles import digest as _digest
from cli.journalfiles import now as _now
from cli.journalfiles import what_added as _what
from cli.runinfo import RUN

if TYPE_CHECKING:
    from cli.journaldelta import Piece

__all__ = ["DEPTH", "KEEP", "Journal", "JournalError", "Version", "journal_path"]

KEEP = 50
"""Versions listed; the oldest go first (never the one the file holds)."""
DEPTH = 20
"""Deltas in a row at most: reading a version applies this many at most to a whole one."""
_FORMAT = 2
_READS = (1, _FORMAT)
_KEPT_FILE = re.compile(r"(\d{6})\.(json|delta|json\.gz)")
_SUFFIX = {"full": "json", "delta": "delta", "gzip": "json.gz"}


class Version(msgspec.Struct, kw_only=True):
    """One write of the game file: who, when, through what, and what it did."""

    number: int
    parent: int | None
    at: datetime
    by: str
    command: str
    what: str
    digest: str
    """``crc32:`` and 8 hex digits of the file it is kept in (the content, or the delta), checked when it is
    read; format 1: the content's SHA-256 in hex."""
    size: int
    phase: str = ""
    log_count: int = 0
    run: str = ""
    stored: str = "gzip"
    """How its content is kept: ``full`` (the bytes), ``delta`` (against its parent), ``gzip`` (format 1)."""
    listed: bool = True
    """False: no longer listed nor reachable by undo, kept only as the base of a listed version's deltas."""
    sent_count: int | None = None
    mailed: list[tuple[str, str]] = msgspec.field(default_factory=list)
    """The mail this write recorded as sent, (key, address): an undo takes the record back, never the mail."""


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
        self._base: tuple[Version, bytes] | None = None
        """The version the file on disk holds, and its bytes (:meth:`before_write`): the next version's parent."""
        self._linked: list[tuple[Path, bytes]] = []
        """Whole versions linked to the game file before it is replaced (made copies if the write fails)."""
        self._rebased: Version | None = None
        """The current version, linked whole by :meth:`before_write` (its delta goes once the write is done)."""

    # --- reading ------------------------------------------------------------------

    @property
    def index(self) -> _Index:
        if self._index is None:
            self._index = self._read_index()
        return self._index

    def versions(self) -> list[Version]:
        return [v for v in self.index.versions if v.listed]

    def current(self) -> Version | None:
        return self.version(self.index.current)

    def version(self, number: int | None) -> Version | None:
        return next((v for v in self.index.versions if v.number == number and v.listed), None)

    def children(self, number: int) -> list[Version]:
        return [v for v in self.index.versions if v.parent == number and v.listed]

    def content(self, version: Version, *, check: bool = True) -> bytes:
        """The game file as ``version`` was, its size and checksum checked (``check``)."""
        chain = [version]
        while chain[-1].stored == "delta":
            parent = self._any(chain[-1].parent)
            if parent is None or len(chain) > len(self.index.versions):
                raise JournalError(
                    f"{self.folder}: version {version.number} cannot be read (version #{chain[-1].parent}, "
                    "which it was kept against, is gone)"
                )
            chain.append(parent)
        data = self._whole(chain.pop(), check)
        if chain:
            from cli.journaldelta import joined

            pieces = [(data, 0, len(data))]
            for delta in reversed(chain):
                pieces = self._patched(delta, pieces, check)
            data = joined(pieces)
        if len(data) != version.size:
            raise JournalError(f"{self.folder}: version {version.number} is damaged (it is not of its size)")
        return data

    def file_is(self, version: Version) -> bool:
        """Whether the game file on disk holds ``version``, byte for byte."""
        try:
            data = self.game.read_bytes()
        except OSError:
            return False
        return self._holds(version, data)

    # --- writing ------------------------------------------------------------------

    def before_write(self) -> None:
        """Keep the file on disk if the journal does not have it yet (a hand edit, a game from before the journal).

        The file on disk is then the next version's parent. When its line has :data:`DEPTH` deltas in a row,
        it is linked into the journal whole, to be made the version's whole copy once the write is done.
        """
        self._base = self._rebased = None
        if not self.game.is_file():  # none yet, or no game file at all (a folder): the write says so itself
            return
        try:
            data = self.game.read_bytes()
        except FileNotFoundError:
            return
        except OSError as error:
            raise JournalError(f"{self.game}: cannot read it to keep it ({error.strerror or error})") from None
        current = self.current()
        if current is not None and self._holds(current, data):
            self._base = (current, data)
            if current.stored == "full":
                self._detach(current, data)
            elif self._depth(current) >= DEPTH - 1 and not self._own(current):
                self._link_whole(current, data)  # its whole copy from after_write on (the index says so then)
                self._rebased = current
            return
        first = not self.index.versions
        version = self._new(
            data,
            what="the game file as it was before the journal began" if first else "changed outside sengoku",
            by="" if first else "(not a sengoku command)",
            command="",
            run="",
            phase="",
            log_count=log_count(data),
        )
        self._link_whole(version, data)
        version.stored, version.digest = "full", _digest(data)
        self._commit(version)
        self._base = (version, data)

    def after_write(
        self, data: bytes, *, actions: list[str], by: str, phase: str, sent: Sequence[tuple[str, str]] = ()
    ) -> None:
        """Keep the version just written: a new one, or this command's own version again.

        ``actions`` is the game's whole log (its actions in words): what the
        write did is what it added to the log since the version it replaced;
        ``sent``, the game's record of mail sent, (key, address): what it added is the version's ``mailed``.
        """
        self._linked = []  # the write is done: the game file has a new inode, those links are the journal's alone
        current = self.current()
        if current is not None and self._own(current):
            base = self._any(current.parent)
            self._store(current, data, base, None if base is None else self.content(base, check=False))
            current.at, current.size = _now(), len(data)
            current.what = _what(actions, base.log_count if base else len(actions))
            current.phase, current.log_count = phase, len(actions)
            current.mailed, current.sent_count = added_since(sent, base.sent_count if base else None), len(sent)
            self._write_index()
            self._cleanup()
            return
        held = self._base if self._base is not None and self._base[0] is current else None
        if self._rebased is not None and self._rebased is current and held is not None:
            current.stored, current.digest = "full", _digest(held[1])  # linked whole by before_write: no delta
        version = self._new(
            data,
            what=_what(actions, current.log_count if current else 0),
            by=by,
            command=RUN["command"],
            run=RUN["id"],
            phase=phase,
            log_count=len(actions),
        )
        version.mailed, version.sent_count = added_since(sent, current.sent_count if current else None), len(sent)
        self._store(version, data, current, None if held is None else held[1])
        self._commit(version)

    def write_failed(self) -> None:
        """The game file was not replaced: a version linked to it gets bytes of its own (a later edit of the
        file in place must not change the journal's copy)."""
        linked, self._linked = self._linked, []
        for path, data in linked:
            try:
                _atomic_write(path, data)
            except JournalError:
                path.unlink(missing_ok=True)

    def move_to(self, version: Version) -> None:
        """Make ``version`` the current one (undo, redo): the caller has written its content to the game file."""
        self._linked = []
        if self._rebased is not None and self._base is not None and self._base[0] is self._rebased:
            self._rebased.stored, self._rebased.digest = "full", _digest(self._base[1])  # linked by before_write
        self.index.current = version.number
        self._write_index()

    def _new(self, data: bytes, *, what: str, by: str, command: str, run: str, phase: str, log_count: int) -> Version:
        number, parent, size = self.index.next, self.index.current, len(data)
        return Version(
            number=number,
            parent=parent,
            at=_now(),
            by=by,
            command=command,
            what=what,
            digest="",
            size=size,
            phase=phase,
            log_count=log_count,
            run=run,
            stored="full",
        )

    def _commit(self, version: Version) -> None:
        index = self.index
        index.versions.append(version)
        index.current, index.next = version.number, version.number + 1
        self._prune()
        self._write_index()
        self._cleanup()

    def _store(self, version: Version, data: bytes, parent: Version | None, parent_data: bytes | None) -> None:
        """``data`` as a delta against the parent's content when there is one and its line is not too long."""
        if parent is None or parent_data is None or self._depth(parent) >= DEPTH - 1:
            self._folder()
            _atomic_write(self.folder / _file_name(version, "full"), data)
            version.stored, version.digest = "full", _digest(data)
            return
        from cli.journaldelta import delta_file

        kept = delta_file(parent.number, parent_data, data)
        self._folder()
        _atomic_write(self.folder / _file_name(version, "delta"), kept)
        version.stored, version.digest = "delta", _digest(kept)

    def _link_whole(self, version: Version, data: bytes) -> None:
        """The game file (about to be replaced) as ``version``'s whole copy: a hard link, made durable before
        the index names it; a copy where the file system has no links, or the file has another name already
        (a GM's own link to it: an edit through it would change the version)."""
        self._folder()
        path, game = self.folder / _file_name(version, "full"), os.path.realpath(self.game)
        path.unlink(missing_ok=True)
        try:
            if os.stat(game).st_nlink != 1:
                raise OSError("linked elsewhere")
            os.link(game, path)
        except OSError:
            _atomic_write(path, data)
            return
        self._linked.append((path, data))
        from cli.gamefile import sync_directory

        sync_directory(self.folder)

    def _detach(self, version: Version, data: bytes) -> None:
        """A whole copy that is still the game file itself (a write killed between the link and the rename)
        gets bytes of its own, so that an edit of the file in place cannot change it."""
        try:
            linked = os.path.samefile(self.folder / _file_name(version, "full"), os.path.realpath(self.game))
        except OSError:
            return
        if linked:
            _atomic_write(self.folder / _file_name(version, "full"), data)

    def _prune(self) -> None:
        """Unlist the oldest versions past :data:`KEEP`; forget those no listed version's deltas need."""
        index = self.index
        listed = [v for v in index.versions if v.listed]
        for version in [v for v in listed if v.number != index.current][: max(0, len(listed) - KEEP)]:
            version.listed = False
        needed: set[int] = set()
        for version in index.versions:
            walked: Version | None = version if version.listed else None
            while walked is not None and walked.number not in needed:
                needed.add(walked.number)
                walked = self._any(walked.parent) if walked.stored == "delta" else None
        index.versions = [v for v in index.versions if v.number in needed]

    def _cleanup(self) -> None:
        """Remove the files no version kept is stored in (forgotten versions, a delta replaced by a whole copy,
        what a killed writer left)."""
        kept = {_file_name(v, v.stored) for v in self.index.versions}
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            if _KEPT_FILE.fullmatch(name) and name not in kept:
                try:
                    (self.folder / name).unlink()
                except OSError:
                    pass

    def _own(self, version: Version) -> bool:
        """Whether ``version`` is this command's own, written earlier in this run (and nothing after it)."""
        run = RUN["id"]
        return bool(run) and version.run == run and not self.children(version.number)

    def _any(self, number: int | None) -> Version | None:
        """A version, listed or not."""
        return next((v for v in self.index.versions if v.number == number), None)

    def _depth(self, version: Version) -> int:
        """How many deltas reading ``version`` applies."""
        depth, walked = 0, version
        while walked.stored == "delta" and depth <= DEPTH:
            parent = self._any(walked.parent)
            if parent is None:
                return DEPTH
            depth, walked = depth + 1, parent
        return depth

    def _holds(self, version: Version, data: bytes) -> bool:
        if version.size != len(data):
            return False
        try:
            return self.content(version, check=False) == data
        except JournalError:  # a damaged journal: the file on disk is kept as a change of its own
            return False

    def _whole(self, version: Version, check: bool) -> bytes:
        path = self.folder / _file_name(version, version.stored)
        try:
            data = path.read_bytes()
            if version.stored == "gzip":
                import gzip

                data = gzip.decompress(data)
        except (OSError, EOFError, ValueError) as error:
            raise JournalError(f"{self.folder}: version {version.number} cannot be read ({error})") from None
        if check and not intact(version.digest, data):
            raise JournalError(f"{self.folder}: version {version.number} is damaged (its checksum does not match)")
        return data

    def _patched(self, version: Version, parent: list[Piece], check: bool) -> list[Piece]:
        from cli.journaldelta import patched

        path = self.folder / _file_name(version, "delta")
        try:
            kept = path.read_bytes()
            if check and not intact(version.digest, kept):
                raise ValueError("its checksum does not match")
            return patched(kept, version.parent, parent)
        except (OSError, ValueError) as error:
            raise JournalError(f"{self.folder}: version {version.number} cannot be read ({error})") from None

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
        if index.format not in _READS:
            raise JournalError(f"{path}: journal format {index.format}; this sengoku reads formats 1 and 2 only")
        return index

    def _write_index(self) -> None:
        self._folder()
        self.index.format = _FORMAT
        data = msgspec.json.format(msgspec.json.encode(self.index), indent=1)
        _atomic_write(self.folder / "index.json", data)


def _file_name(version: Version, stored: str) -> str:
    return f"{version.number:06d}.{_SUFFIX.get(stored, stored)}"


def warn(message: str) -> None:
    """A journal problem after the game was saved: said on standard error, never a failure of the command."""
    print(f"Note: {message}", file=sys.stderr)
