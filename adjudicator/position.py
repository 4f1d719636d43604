"""The position on the board: what the adjudicator reads and writes.

These are frozen Structs (:mod:`orders.structs`): positions cross the
engine's edge (game files, the database, the JSON API), and are read there
without pydantic. The resolver converts them once into plain structures for
its hot loop (:mod:`adjudicator.pieces`).
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Annotated

import msgspec

from maps.terms import Location, PhaseType, Season, UnitType, province_of
from orders.structs import Struct

__all__ = ["DislodgedUnit", "Phase", "Position", "Unit"]

# compiled when first used (by re's cache), not at every command's start
_PHASE = r"(?i)^\s*(spring|fall|autumn|winter)\s+(\d+)\s*(movement|retreats?|adjustments?|builds?)?\s*$"


class Phase(Struct, frozen=True, kw_only=True):
    """A season, a year and what happens in it (``Spring 1570 movement``)."""

    season: Season
    year: Annotated[int, msgspec.Meta(ge=1)]
    type: PhaseType

    def __str__(self) -> str:
        return f"{self.season.value.title()} {self.year} {self.type.value}"

    @classmethod
    def parse(cls, text: str) -> Phase:
        """``"fall 1901 retreats"`` -> Phase; ``"winter 1901"`` means its adjustments."""
        match = re.match(_PHASE, text)
        if not match:
            raise ValueError(f"not a phase: '{text}' (expected e.g. 'spring 1570 movement')")
        if int(match[2]) < 1:
            raise ValueError(f"'{text}': the year must be 1 or later")
        season = Season.FALL if match[1].lower() == "autumn" else Season(match[1].lower())
        word = (match[3] or ("adjustments" if season is Season.WINTER else "movement")).lower()
        kind = {"retreat": "retreats", "adjustment": "adjustments", "build": "adjustments", "builds": "adjustments"}
        return cls(season=season, year=int(match[2]), type=PhaseType(kind.get(word, word)))


class Unit(Struct, frozen=True, kw_only=True):
    """A unit on the board. ``power`` None marks a neutral unit, a power of its own."""

    type: UnitType
    location: Location
    power: str | None = None

    @property
    def province(self) -> str:
        return province_of(self.location)

    @property
    def is_neutral(self) -> bool:
        return self.power is None

    def __str__(self) -> str:
        return f"{self.type.value} {self.location}"


class DislodgedUnit(Struct, frozen=True, kw_only=True):
    """A unit dislodged in the movement phase, waiting to retreat.

    Where the attacker came from is kept (not the retreat options) because a
    GM re-creating a disputed position knows that, and the options follow
    from it: no retreat to the attacker's province unless it came by convoy
    (DATC 4.A.5).
    """

    unit: Unit
    attacker_from: str | None = None
    via_convoy: bool = False


class Position(Struct, frozen=True, kw_only=True, dict=True):
    """Everything the rules need to know about the board at one phase.

    ``contested``: provinces left empty by a standoff; ``centres``: supply
    centre -> owning power; ``neutral_centres``: centres still neutral (never
    captured). The lookups below are built once per position (``dict=True``
    gives them a place; they are never written to JSON nor compared).
    """

    phase: Phase
    units: tuple[Unit, ...] = ()
    dislodged: tuple[DislodgedUnit, ...] = ()
    contested: tuple[str, ...] = ()
    centres: dict[str, str] = msgspec.field(default_factory=dict)
    neutral_centres: tuple[str, ...] = ()

    @cached_property
    def unit_at(self) -> dict[str, Unit]:
        """Units by province id."""
        return {unit.province: unit for unit in self.units}

    def units_of(self, power: str) -> list[Unit]:
        return [unit for unit in self.units if unit.power == power]

    @cached_property
    def _owned(self) -> dict[str, list[str]]:
        by_power: dict[str, list[str]] = {}
        for centre in sorted(self.centres):
            by_power.setdefault(self.centres[centre], []).append(centre)
        return by_power

    def centres_of(self, power: str) -> list[str]:
        """The power's centres, sorted (a new list: the caller may change it).

        Every power's list is built at the first call: a phase asks for them
        power by power, again and again.
        """
        return list(self._owned.get(power, ()))
