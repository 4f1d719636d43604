"""Loading a map file into a :class:`~maps.board.Board`.

``parse_board`` is pure (text in, board out); ``load_board`` is the one
place that reads a map file, either a shipped map by name or a path a GM
gives. A shipped board is built once per process and shared. Building takes
tens of milliseconds and imports the YAML reader and the schema
(:mod:`maps.build`), so a shell may keep built boards between runs: it hands
its store in once with :func:`keep_boards_in` (the command line and the web
site hand in their disk cache, :mod:`localfiles.boardcache`); the engine
itself writes no files.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from maps.board import Board
from maps.errors import MapFileError

__all__ = ["BoardStore", "available_maps", "keep_boards_in", "load_board", "parse_board"]

BoardStore = Callable[[str, str, Callable[[], Board]], Board]
"""``store(text, source, build)``: the board for this map text, kept by a shell or ``build()`` afresh.

``source`` names the map (a shipped map's file, or a GM's map file's full path).
"""

_SHIPPED = Path(__file__).with_name("data")  # the package's own folder (importlib.resources costs 3 ms to import)


def _build(text: str, source: str, build: Callable[[], Board]) -> Board:
    return build()


_store: list[BoardStore] = [_build]  # the store a shell handed in (one for the process: a list, set in place)


def keep_boards_in(store: BoardStore | None) -> None:
    """Ask ``store`` for every board loaded from now on (None: build each one afresh, the default)."""
    _store[0] = store or _build


def available_maps() -> tuple[str, ...]:
    """The names of the maps shipped with the package."""
    return tuple(sorted(p.name.removesuffix(".yaml") for p in _SHIPPED.iterdir() if p.name.endswith(".yaml")))


def load_board(name_or_path: str | Path) -> Board:
    """A shipped map by name (``"sengoku"``), or a map file by path. Shipped maps are shared."""
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or path.exists():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise MapFileError(str(path), None, f"cannot read the file ({error})") from error
        return _store[0](text, str(path.resolve()), lambda: parse_board(text, str(path)))
    return _shipped(str(name_or_path))


@cache
def _shipped(name: str) -> Board:
    """A shipped map, built (or fetched from the shell's store) once per process."""
    if name not in available_maps():
        known = ", ".join(available_maps())
        raise MapFileError(name, None, f"no such map; the shipped maps are {known}")
    resource = _SHIPPED / f"{name}.yaml"
    text = resource.read_text(encoding="utf-8")
    return _store[0](text, str(resource), lambda: parse_board(text, f"maps/data/{name}.yaml"))


def parse_board(text: str, source: str = "<map>") -> Board:
    """Validate map file text and build its board; a bad file raises :class:`MapFileError`."""
    from maps.build import parse_board as build

    return build(text, source)
