"""The game file: one game's whole :class:`GameState` as JSON, read with care and written atomically.

Writing goes to a temporary file in the same directory, which is flushed to
disk and then renamed over the game file (``os.replace``): a crash, a kill
or Ctrl-C at any moment leaves either the old game or the new one, never a
half-written file; the next write removes a temporary file a killed writer
left behind. A full disk names the game file and leaves the game as it
was. A game file that is a symbolic link is written through it (the link
stays). Reading refuses a missing, corrupt, foreign or wrong-version file, and
anything that is not a regular file of a sane size (a device, a FIFO), with
one line naming the file and the problem, and changes nothing.

The file is read without pydantic (msgspec checks it against the engine's
Structs, :mod:`game.state`), so a command that only reads a game
starts at once. Fields a newer sengoku added at the top of the file are kept
when the game is written back; a file of a newer schema version is refused
with one line, for reading and writing alike.
"""

from __future__ import annotations

import codecs
import glob
import json
import os
import stat
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING

import msgspec

try:
    import fcntl
except ImportError:  # not POSIX: stale temporary files are recognised by their age alone
    fcntl = None  # type: ignore[assignment]

from adjudicator.positioncheck import check_position
from cli.common import load_variant
from cli.historycheck import history_problems
from game.game import Game
from game.state import (
    OLDEST_SCHEMA,
    SCHEMA_VERSION,
    GameState,
    StateError,
    state_from_json,
    state_json,
    top_fields,
    usual_state,
)
from localfiles.reading import FileRefused, read_regular_file
from maps import Board, SengokuError
from maps.rules import Rules

if TYPE_CHECKING:
    from cli.journal import Journal

__all__ = [
    "GameFileError",
    "board_for",
    "check_phases",
    "game_problems",
    "load_game",
    "mode_for",
    "read_state",
    "replace_file",
    "save_game",
    "sync_directory",
    "write_state",
]

_CHUNK = 1 << 16
_STALE = 1.0
"""Seconds after which an unlocked temporary file is a crash's leftover."""
MAX_BYTES = 64 * 1024 * 1024
"""No game file is near this (a 25-year game is under 1 MB): anything larger is not one, and is not read."""


class GameFileError(SengokuError):
    """A game file that cannot be used: the file and the problem, on one line."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path, self.problem = path, problem
        super().__init__(f"{path}: {problem}")


def load_game(path: Path, phases: Iterable[int] | None = (-1,)) -> Game:
    """The game in a file, on its own board (the variant named inside it), its position checked.

    ``phases``: the history's phases the command reads (indices, negative from the end), checked too;
    None checks the whole history. The phases no command reads are not even decoded (:mod:`game.history`).
    """
    state = read_state(path)
    board = board_for(path, state.variant)
    problem = next(game_problems(board, state, phases), None)
    if problem is not None:
        raise GameFileError(path, f"not a playable game: {problem}")
    return Game(board, state)


def game_problems(board: Board, state: GameState, phases: Iterable[int] | None = ()) -> Iterator[str]:
    """What keeps the game from being played: its position, then the history's ``phases`` (None: all of them)."""
    yield from check_position(board, state.position)
    yield from _order_powers(board, state)
    yield from history_problems(board, state, phases)


def check_phases(path: Path, game: Game, phases: Iterable[int] | None) -> None:
    """Check more of the history (phases a command found it must read once the file was loaded)."""
    problem = next(history_problems(game.board, game.state, phases), None)
    if problem is not None:
        raise GameFileError(path, f"not a playable game: {problem}")


def save_game(path: Path, game: Game) -> None:
    """Write the game, once each phase it holds as a record (new, or read) is checked against its board.

    The engine makes whole records, so this finds nothing unless something is wrong in sengoku; the
    phases never read are written back as they were read.
    """
    problem = next(history_problems(game.board, game.state, game.state.history.held()), None)
    if problem is not None:
        raise GameFileError(path, f"not written, the game is unchanged: {problem}")
    write_state(path, game.state, game.rules)


def read_state(path: Path) -> GameState:
    data = _read_bytes(path)
    usual = usual_state(data)
    if usual is not None:
        return usual
    try:
        top = top_fields(data)
    except (msgspec.DecodeError, RecursionError):  # not JSON, or JSON but not an object (a ValidationError)
        if (problem := _json_problem(data)) is not None:
            raise GameFileError(path, f"not a sengoku game file ({problem})") from None
        top = {}
    _check_kind(path, top)
    try:
        return state_from_json(data, top)
    except StateError as error:
        raise GameFileError(path, f"not a valid game file: {_where(error)}") from None
    except RecursionError:  # [[[[... a thousand deep inside a field: no game file is shaped like that
        raise GameFileError(path, "not a sengoku game file (JSON nested too deeply)") from None


def write_state(path: Path, state: GameState, rules: Rules, *, journal: bool = True) -> None:
    """Replace the game file with ``state``, atomically (see the module docstring); ``rules``: its variant's.

    The version replaced is kept in the game's journal first (:mod:`cli.journal`), so the write can be
    undone; if it cannot be kept, nothing is written. ``journal`` False: a file no GM will undo (benchmarks).
    A write that would change nothing (mail read again, all of it seen before) writes nothing: the journal
    lists changes, and an undo that changes nothing would only puzzle the GM.
    """
    from cli.journal import Journal, JournalError

    data = state_json(state, rules=rules, indent=2) + b"\n"
    if _unchanged(path, data):
        return
    keeper = Journal(path) if journal else None
    if keeper is not None:
        try:
            keeper.before_write()
        except JournalError as error:
            raise GameFileError(path, f"cannot keep the version it replaces ({error}); the game is unchanged") from None
    try:
        replace_file(path, data)
    except BaseException:
        if keeper is not None:
            keeper.write_failed()
        raise
    if keeper is not None:
        _keep(keeper, data, state)


def _unchanged(path: Path, data: bytes) -> bool:
    try:
        if os.stat(path).st_size != len(data):
            return False
        with open(path, "rb") as handle:
            return handle.read(len(data) + 1) == data
    except OSError:  # no file yet, or one that cannot be read: the write says what is wrong
        return False


def replace_file(path: Path, data: bytes) -> None:
    """Replace the game file with ``data``, atomically, keeping nothing (``undo`` puts a kept version back so)."""
    import tempfile

    target = Path(os.path.realpath(path))  # a game file that is a symbolic link is written through it, never replaced
    directory = target.parent
    _remove_stale_temporaries(directory, target.name)
    try:
        handle = tempfile.NamedTemporaryFile(dir=directory, prefix=f".{target.name}.", suffix=".tmp", delete=False)
    except OSError as error:  # no such folder, no permission: say so about the game file, not the temporary one
        raise GameFileError(path, f"cannot write it ({error.strerror or error})") from None
    temporary = Path(handle.name)
    try:
        with handle:
            _lock(handle)  # ours while we write: another writer must not take it for a crash's leftover
            try:
                for start in range(0, len(data), _CHUNK):
                    _write_chunk(handle, data[start : start + _CHUNK])
                handle.flush()
                os.fsync(handle.fileno())
            except OSError as error:  # a full disk, a quota: the error names no file, so name the game's
                raise GameFileError(
                    path, f"cannot write it ({error.strerror or error}); the game is unchanged"
                ) from None
            os.chmod(temporary, mode_for(target))
            os.replace(temporary, target)
    except GameFileError:
        temporary.unlink(missing_ok=True)
        raise
    except OSError as error:  # closing flushes what is left in the buffer: the disk may be full there too
        temporary.unlink(missing_ok=True)
        raise GameFileError(path, f"cannot write it ({error.strerror or error}); the game is unchanged") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    sync_directory(directory)


def _keep(keeper: Journal, data: bytes, state: GameState) -> None:
    """The version just written, into the journal; a failure here is said, and the saved game stands."""
    from cli.gmlog import who
    from cli.journal import JournalError, warn

    try:
        actions, sent = [a.action for a in state.log], [(m.key, m.address) for m in state.sent]
        keeper.after_write(data, actions=actions, by=who(), phase=str(state.position.phase), sent=sent)
    except JournalError as error:
        warn(f"the game is saved, but its journal could not keep this version, so it cannot be undone: {error}")


def _lock(handle: IO[bytes]) -> None:
    if fcntl is not None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


def _remove_stale_temporaries(directory: Path, name: str) -> None:
    """Remove what a killed writer left (``.NAME.*.tmp``): files no live writer holds, and not brand new.

    A writer holds a lock on its temporary file until it is renamed; the lock
    dies with the process, even by kill -9. The age test covers the instant
    between a writer making its file and locking it.
    """
    for stray in directory.glob(f".{glob.escape(name)}.*.tmp"):
        try:
            with open(stray, "rb") as handle:
                if fcntl is not None:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                old = time.time() - os.fstat(handle.fileno()).st_mtime > (_STALE if fcntl is not None else 3600)
                if old:
                    stray.unlink()
        except OSError:  # locked by a live writer, gone already, not ours to remove: leave it
            continue


def _write_chunk(handle: IO[bytes], chunk: bytes) -> None:
    """One piece of the file; a seam where the crash test pauses a writer to kill it mid-file."""
    handle.write(chunk)


def mode_for(path: Path) -> int:
    """Keep an existing file's permissions; a new one gets the usual 0666 less the umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX); elsewhere skip quietly."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _read_bytes(path: Path) -> bytes:
    try:
        data = read_regular_file(path, MAX_BYTES, noun="game file")
    except FileRefused as refused:
        if refused.missing:
            raise GameFileError(path, "no such game file (start one with 'sengoku new')") from None
        raise GameFileError(path, refused.problem) from None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        raise GameFileError(path, "not a sengoku game file (not UTF-8 text)") from None
    return data.removeprefix(codecs.BOM_UTF8)  # an editor's byte order mark (Notepad writes one): not JSON


def _json_problem(data: bytes) -> str | None:
    """Where the JSON goes wrong, as the standard library says it (line and column); None if it is JSON.

    Asked only when msgspec refused the file, to say where.
    """
    try:
        json.loads(data.decode("utf-8"))  # UTF-8 already (_read_bytes): json must not guess UTF-32 from NUL bytes
    except json.JSONDecodeError as error:
        return f"not valid JSON: line {error.lineno}, column {error.colno}: {error.msg}"
    except RecursionError:  # [[[[... a thousand deep: no game file is shaped like that
        return "JSON nested too deeply"
    return None


def _check_kind(path: Path, top: dict[str, msgspec.Raw]) -> None:
    """Tell a foreign JSON file, or one from another version of sengoku, from a damaged one."""
    if "variant" not in top or "schema_version" not in top:
        raise GameFileError(path, "not a sengoku game file (no 'schema_version' and 'variant' at the top)")
    version = msgspec.json.decode(top["schema_version"])
    whole = isinstance(version, int) and not isinstance(version, bool)
    if not whole or not OLDEST_SCHEMA <= version <= SCHEMA_VERSION:
        newer = whole and version > SCHEMA_VERSION
        raise GameFileError(
            path,
            f"game file schema version {version!r}; this sengoku reads versions {OLDEST_SCHEMA} to {SCHEMA_VERSION}"
            + (
                " (the game was written by a newer sengoku: upgrade to use it; the file is left as it is)"
                if newer
                else ""
            ),
        )


def _where(error: StateError) -> str:
    """msgspec's ``Expected `int`, got `str` - at `$.position.units[0].type``` as ``position.units[0].type: ...``."""
    message, _, where = str(error).rpartition(" - at `$")
    if not message:
        return str(error)
    return f"{where.rstrip('`').lstrip('.')}: {message}"


def board_for(path: Path, variant: str) -> Board:
    """The board of the variant a game file names; a variant that cannot be loaded is the file's problem."""
    try:
        return load_variant(variant)
    except SengokuError as error:
        raise GameFileError(path, f"its variant cannot be loaded: {error}") from None


def _order_powers(board: Board, state: GameState) -> list[str]:
    known = set(board.power_names)
    return [f"orders for unknown power '{power}'" for power in state.orders if power not in known]
