"""The board: map files, their validation, the province graph and name lookup.

Pure: no web, CLI or storage code. The only I/O is reading a map file in
:func:`load_board`.
"""

from maps.board import Board, PowerSetup, Province, StartUnit
from maps.errors import MapFileError, SengokuError
from maps.loader import available_maps, is_map_path, known_variants, load_board, parse_board
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
