"""The board's vocabulary: unit types, province types, seasons and locations.

A *location* is where a unit can stand: a province id (``"KAI"``) or, on a
province with split coasts, the province id and a coast (``"SPA/NC"``). It is
kept as a plain string because it is compared and hashed in the adjudicator's
hot loop; these helpers are the only place that knows its shape.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "Location",
    "PhaseType",
    "ProvinceType",
    "Season",
    "UnitType",
    "coast_of",
    "make_location",
    "province_of",
]

Location = str


class UnitType(StrEnum):
    """The two kinds of unit, spelled as the judges write them."""

    ARMY = "A"
    FLEET = "F"

    @property
    def word(self) -> str:
        return "army" if self is UnitType.ARMY else "fleet"


class ProvinceType(StrEnum):
    """Land holds armies only, sea fleets only, coast both."""

    LAND = "land"
    COAST = "coast"
    SEA = "sea"


class Season(StrEnum):
    SPRING = "spring"
    FALL = "fall"
    WINTER = "winter"


class PhaseType(StrEnum):
    """The three kinds of phase; the same words mean different orders in each."""

    MOVEMENT = "movement"
    RETREATS = "retreats"
    ADJUSTMENTS = "adjustments"


def province_of(location: Location) -> str:
    """The province id of a location (``"SPA/NC"`` -> ``"SPA"``)."""
    return location.split("/", 1)[0]


def coast_of(location: Location) -> str | None:
    """The coast of a location, or None when it names a whole province."""
    _, _, coast = location.partition("/")
    return coast or None


def make_location(province: str, coast: str | None = None) -> Location:
    return f"{province}/{coast}" if coast else province
