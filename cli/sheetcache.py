"""The board's map drawing kept on disk beside the board cache, so ``sengoku map`` draws at once.

Laying a board out (:func:`render.sheet.lay_out`) takes most of a second and
loads shapely and numpy; reading the laid-out :class:`~render.Sheet` back
takes a millisecond and loads neither. The entry is checked as the board
cache checks its own (:func:`localfiles.boardcache.cached_value`: owner, digest, type)
and keyed by what the drawing comes from: the board's provinces, borders
and names, its real-earth drawing (:mod:`maps.drawing`: coastline, zoom, seeds), and the code of the map
picture and of the maps package.
"""

from __future__ import annotations

import hashlib
import sys
from functools import lru_cache
from pathlib import Path

import render
from localfiles.boardcache import cached_value
from maps import Board
from maps.drawing import drawing_digest
from render import Sheet, keep_sheet
from render.sheet import lay_out

__all__ = ["prepare_sheet"]


def prepare_sheet(board: Board) -> None:
    """Hand the picture code the board's sheet, from the disk cache when a good entry is there."""
    keep_sheet(board, cached_value(_entry, board.name, _key(board), lambda: lay_out(board), Sheet))


def _entry(folder: Path, name: str) -> Path:
    return folder / f"sheet-{hashlib.sha256(name.encode()).hexdigest()[:20]}.pickle"


def _key(board: Board) -> bytes:
    """What the drawing depends on, digested (reprs of tuples of strings, numbers and enums: the same in every run)."""
    real = drawing_digest(board.drawing)
    provinces = tuple(board.provinces.values())
    drawn = (board.name, board.title, provinces, board.borders, board.impassable, board.drawing, real)
    return hashlib.sha256(_code() + repr(drawn).encode("utf-8")).hexdigest().encode()


@lru_cache(maxsize=1)
def _code() -> bytes:
    digest = hashlib.sha256(sys.version.encode())
    for package in (Path(render.__file__).parent, Path(__file__).parents[1] / "maps"):
        for path in sorted(package.glob("*.py")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.digest()
