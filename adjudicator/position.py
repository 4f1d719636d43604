"""The position on the board: what the adjudicator reads and writes.

These are pydantic models because positions cross the engine's edge (game
files, the database, the JSON API). The resolver converts them once into
plain structures for its hot loop.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from maps.terms import Location, PhaseType, Season, UnitType, province_of

__all__ = ["Dislodged", "Phase", "Position", "Unit"]

_PHASE = re.compile(r"^\s*(spring|fall|autumn|winter)\s+(\d+)\s*(movement|retreats?|adjustments?|builds?)?\s*$", re.I)


class Phase(BaseModel):
    """A season, a year and what happens in it (``Spring 1570 movement``)."""

    model_config = ConfigDict(frozen=True)

    season: Season
    year: int = Field(ge=1)
    type: PhaseType

    def __str__(self) -> str:
        return f"{self.season.value.title()} {self.year} {self.type.value}"

    @classmethod
    def parse(cls, text: str) -> Phase:
        """``"fall 1901 retreats"`` -> Phase; ``"winter 1901"`` means its adjustments."""
        match = _PHASE.match(text)
        if not match:
            raise ValueError(f"not a phase: '{text}' (expected e.g. 'spring 1570 movement')")
        season = Season.FALL if match[1].lower() == "autumn" else Season(match[1].lower())
        word = (match[3] or ("adjustments" if season is Season.WINTER else "movement")).lower()
        kind = {"retreat": "retreats", "adjustment": "adjustments", "build": "adjustments", "builds": "adjustments"}
        return cls(season=season, year=int(match[2]), type=PhaseType(kind.get(word, word)))


class Unit(BaseModel):
    """A unit on the board. ``power`` None marks a neutral unit, a power of its own."""

    model_config = ConfigDict(frozen=True)

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


class Dislodged(BaseModel):
    """A unit dislodged in the movement phase, waiting to retreat.

    Where the attacker came from is kept (not the retreat options) because a
    GM re-creating a disputed position knows that, and the options follow
    from it: no retreat to the attacker's province unless it came by convoy
    (DATC 4.A.5).
    """

    model_config = ConfigDict(frozen=True)

    unit: Unit
    attacker_from: str | None = None
    via_convoy: bool = False


class Position(BaseModel):
    """Everything the rules need to know about the board at one phase."""

    model_config = ConfigDict(frozen=True)

    phase: Phase
    units: tuple[Unit, ...] = ()
    dislodged: tuple[Dislodged, ...] = ()
    contested: tuple[str, ...] = Field(default=(), description="provinces left empty by a standoff")
    centres: dict[str, str] = Field(default_factory=dict, description="supply centre -> owning power")
    neutral_centres: tuple[str, ...] = Field(default=(), description="centres still neutral (never captured)")

    _index: tuple[tuple[Unit, ...], dict[str, Unit]] | None = PrivateAttr(default=None)
    _owned: tuple[dict[str, str], dict[str, list[str]]] | None = PrivateAttr(default=None)

    @property
    def unit_at(self) -> dict[str, Unit]:
        """Units by province id, built once per ``units`` value.

        Keyed on the units tuple itself: ``model_copy`` carries private state
        over, so a cache that ignored a replaced ``units`` would go stale.
        """
        private = self.__pydantic_private__  # read directly: ``self._index`` takes pydantic's slow path (~2 us)
        index = private.get("_index") if private is not None else None
        if index is None or index[0] is not self.units:
            index = (self.units, {unit.province: unit for unit in self.units})
            self._index = index
        return index[1]

    def __eq__(self, other: object) -> bool:
        """Equal when the board is: the private lookup cache does not count."""
        if not isinstance(other, Position):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in type(self).model_fields)

    __hash__ = None  # type: ignore[assignment]  # positions hold a dict: not hashable

    def units_of(self, power: str) -> list[Unit]:
        return [unit for unit in self.units if unit.power == power]

    def centres_of(self, power: str) -> list[str]:
        """The power's centres, sorted (a new list: the caller may change it).

        Every power's list is built at the first call, keyed on the centres
        dict itself as :attr:`unit_at` is on the units: a phase asks for them
        power by power, again and again.
        """
        private = self.__pydantic_private__
        owned = private.get("_owned") if private is not None else None
        if owned is None or owned[0] is not self.centres:
            by_power: dict[str, list[str]] = {}
            for centre in sorted(self.centres):
                by_power.setdefault(self.centres[centre], []).append(centre)
            owned = (self.centres, by_power)
            self._owned = owned
        return list(owned[1].get(power, ()))
