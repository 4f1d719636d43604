"""Loading a map file into a :class:`~maps.board.Board`.

``parse_board`` is pure (text in, board out); ``load_board`` is the one
place that reads a file, either a shipped map by name or a path a GM gives.
A board is built once per map text (:mod:`maps.cache`) and shared within a
process, so most commands never import the YAML reader or the schema
(:mod:`maps.build`, imported when a board must be built).
"""

from __future__ import annotations

from pathlib import Path

from maps.board import Board
from maps.cache import cached_board
from maps.errors import MapFileError

__all__ = ["available_maps", "load_board", "parse_board"]

_cache: dict[str, Board] = {}
_SHIPPED = Path(__file__).with_name("data")  # the package's own folder (importlib.resources costs 3 ms to import)


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
        return cached_board(text, str(path.resolve()), lambda: parse_board(text, str(path)))
    name = str(name_or_path)
    if name not in _cache:
        if name not in available_maps():
            known = ", ".join(available_maps())
            raise MapFileError(name, None, f"no such map; the shipped maps are {known}")
        resource = _SHIPPED / f"{name}.yaml"
        text, source = resource.read_text(encoding="utf-8"), f"maps/data/{name}.yaml"
        _cache[name] = cached_board(text, str(resource), lambda: parse_board(text, source))
    return _cache[name]


def parse_board(text: str, source: str = "<map>") -> Board:
    """Validate map file text and build its board; a bad file raises :class:`MapFileError`."""
    from maps.build import parse_board as build

    return build(text, source)
