"""Loading a variant (a map file) into a :class:`~maps.board.Board`: by name, or by path.

``parse_board`` reads no file (text in, board out; a ``drawing:`` it names is
looked for among the shipped drawings); ``load_board`` is the one place that
reads a map file (a drawing's files are read in :mod:`maps.drawing`).
A variant is given by name or by path, never read as both: a word with no
folder in it and no ``.yaml`` ending is a name, looked up among the variants shipped with the package and those another
installed package declares (the ``sengoku.variants`` entry points); anything
else is a map file's path. A folder called ``sengoku`` beside a game is
therefore never taken for the Sengoku map. A variant by name is built once
per process and shared. Building takes tens of milliseconds and imports
the YAML reader and the schema (:mod:`maps.build`), so a shell may keep
built boards between runs: it hands its store in once with
:func:`keep_boards_in` (the command line and the web site hand in their
disk cache, :mod:`localfiles.boardcache`); the engine itself writes no files.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from maps.board import Board
from maps.errors import MapFileError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = [
    "BoardStore",
    "DEFAULT_VARIANT",
    "ENTRY_POINTS",
    "available_maps",
    "is_map_path",
    "keep_boards_in",
    "known_variants",
    "load_board",
    "parse_board",
]

BoardStore = Callable[[str, str, Callable[[], Board]], Board]
"""``store(text, source, build)``: the board for this map text, kept by a shell or ``build()`` afresh.

``source`` names the map (a shipped map's file, or a GM's map file's full path).
"""

DEFAULT_VARIANT = "sengoku"  # the variant a new game, a sandbox or a command takes when none is named
_SHIPPED = Path(__file__).with_name("data")  # the package's own folder (importlib.resources costs 3 ms to import)
ENTRY_POINTS = "sengoku.variants"  # NAME = "package": the installed package holding NAME.yaml
_SEPARATORS = tuple(sep for sep in (os.sep, os.altsep, "/") if sep)


def _build(text: str, source: str, build: Callable[[], Board]) -> Board:
    return build()


_store: list[BoardStore] = [_build]  # the store a shell handed in (one for the process: a list, set in place)


def keep_boards_in(store: BoardStore | None) -> None:
    """Ask ``store`` for every board loaded from now on (None: build each one afresh, the default)."""
    _store[0] = store or _build


def available_maps() -> tuple[str, ...]:
    """The names of the variants shipped with the package (cheap: one folder listed)."""
    return tuple(sorted(p.name.removesuffix(".yaml") for p in _SHIPPED.iterdir() if p.name.endswith(".yaml")))


def known_variants() -> tuple[str, ...]:
    """Every variant a name finds: the shipped ones and the installed packages' (their metadata is read)."""
    return tuple(sorted({*available_maps(), *_installed()}))


def is_map_path(name_or_path: str | Path) -> bool:
    """Whether a variant is given as a map file's path: a Path, or text with a folder in it or ending in .yaml."""
    if isinstance(name_or_path, Path):
        return True
    return any(sep in name_or_path for sep in _SEPARATORS) or name_or_path.endswith((".yaml", ".yml"))


def load_board(name_or_path: str | Path) -> Board:
    """A variant by name (``"sengoku"``), or a map file by path (:func:`is_map_path`). Named ones are shared."""
    if not is_map_path(name_or_path):
        return _named(str(name_or_path))
    path = Path(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise MapFileError(str(path), None, f"cannot read the file ({error})") from error
    return _store[0](text, str(path.resolve()), lambda: parse_board(text, str(path)))


@cache
def _named(name: str) -> Board:
    """A variant by name, built (or fetched from the shell's store) once per process."""
    resource: Path | Traversable
    if name in available_maps():
        resource, shown = _SHIPPED / f"{name}.yaml", f"maps/data/{name}.yaml"
    elif (package := _installed().get(name)) is not None:
        resource = _installed_file(name, package)
        shown = str(resource)
    else:
        raise MapFileError(name, None, f"no such variant; the variants are {', '.join(known_variants())}")
    try:
        text = resource.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise MapFileError(shown, None, f"cannot read the file ({error})") from error
    board = _store[0](text, str(resource), lambda: parse_board(text, shown))
    if board.name != name:  # a game records its variant's name and finds the map by it again
        raise MapFileError(shown, None, f"name: {board.name!r}, but the variant is named {name!r}")
    return board


@cache
def _installed() -> dict[str, str]:
    """The variants other packages declare: entry point name -> the package that holds ``<name>.yaml``."""
    from importlib.metadata import entry_points  # only when a name is not a shipped one: it reads every package

    return {point.name: point.value.strip() for point in entry_points(group=ENTRY_POINTS)}


def _installed_file(name: str, package: str) -> Traversable:
    from importlib.resources import files

    try:
        return files(package) / f"{name}.yaml"
    except (ImportError, TypeError) as error:  # no such package; a module that is not a package
        problem = f"cannot read it from {package!r}, the package that declares it ({error})"
        raise MapFileError(name, None, problem) from None


def parse_board(text: str, source: str = "<map>") -> Board:
    """Validate map file text and build its board; a bad file raises :class:`MapFileError`."""
    from maps.build import parse_board as build

    return build(text, source)
