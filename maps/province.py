"""The records a map file describes: provinces, and each power's start.

Kept apart from the board and the name index, which both read them, so that
neither of those modules needs the other.
"""

from __future__ import annotations

from typing import NamedTuple

import msgspec

from maps.terms import Location, ProvinceType, UnitType

__all__ = ["Border", "PowerSetup", "Province", "StartUnit"]


class Province(msgspec.Struct, frozen=True):
    id: str
    name: str
    aliases: tuple[str, ...]
    type: ProvinceType
    supply_centre: bool
    home: str | None
    coasts: tuple[str, ...] = ()
    at: tuple[float, float] | None = None

    @property
    def is_sea(self) -> bool:
        return self.type is ProvinceType.SEA

    @property
    def is_land(self) -> bool:
        return self.type is ProvinceType.LAND


class StartUnit(msgspec.Struct, frozen=True):
    type: UnitType
    location: Location


class PowerSetup(msgspec.Struct, frozen=True):
    name: str
    home_centres: tuple[str, ...]
    units: tuple[StartUnit, ...]
    aliases: tuple[str, ...] = ()
    """Other words for the power (``武田``, ``たけだ``), as the map file gives them."""


class Border(NamedTuple):
    """One border of the map graph: two locations and what may cross it.

    ``army`` joins provinces; ``fleet`` joins places a fleet can stand; a land
    ``bridge`` is both, marked. Each border is listed once, in either direction.
    """

    a: Location
    b: Location
    army: bool
    fleet: bool
    bridge: bool
