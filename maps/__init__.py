"""The board: map files, their validation, the province graph and name lookup.

No web, CLI or storage code, and it writes nothing. It reads files in two
places only: a variant's map file, in :func:`load_board`, when the variant is
first asked for (the built board is kept for the process, or in the store a
shell hands in); and the shipped drawing a map file names, in
:func:`maps.drawing.drawing_of`, when its picture is first laid out (the
drawings' folder is listed when a map file naming one is checked). Every
other package of the engine (orders, adjudicator, game, post, render) does no
I/O at all.
"""

from maps.board import Board, PowerSetup, Province, StartUnit
from maps.errors import MapFileError, SengokuError
from maps.loader import DEFAULT_VARIANT, available_maps, is_map_path, known_variants, load_board, parse_board
from maps.names import Lookup, NameIndex, normalise
from maps.terms import (
    Location,
    PhaseType,
    ProvinceType,
    Season,
    UnitType,
    coast_of,
    make_location,
    province_of,
)

__all__ = [
    "DEFAULT_VARIANT",
    "Board",
    "Location",
    "Lookup",
    "PhaseType",
    "MapFileError",
    "NameIndex",
    "PowerSetup",
    "Province",
    "ProvinceType",
    "Season",
    "SengokuError",
    "StartUnit",
    "UnitType",
    "available_maps",
    "is_map_path",
    "known_variants",
    "coast_of",
    "load_board",
    "make_location",
    "normalise",
    "parse_board",
    "province_of",
]
