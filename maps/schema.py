"""The map file format, as pydantic models: what a file must look like.

This checks shape only (fields, types, spelling). Whether the board makes
sense (edges both ways, known provinces, legal start units) is checked by
:mod:`maps.validation`, which can name the province at fault.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from maps.terms import ProvinceType, Season

__all__ = [
    "ImpassableEntry",
    "MapFile",
    "PowerEntry",
    "ProvinceEntry",
    "StartEntry",
    "UNIT_PATTERN",
]

ProvinceId = Annotated[str, StringConstraints(pattern=r"^[A-Z][A-Z0-9]{1,5}$")]
LocationRef = Annotated[str, StringConstraints(pattern=r"^[A-Z][A-Z0-9]{1,5}(/[A-Z]{2})?$")]
CoastId = Annotated[str, StringConstraints(pattern=r"^[A-Z]{2}$")]
UnitText = Annotated[str, StringConstraints(pattern=r"^[AF] [A-Z][A-Z0-9]{1,5}(/[A-Z]{2})?$")]
UNIT_PATTERN = re.compile(r"^(?P<type>[AF]) (?P<location>\S+)$")


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class StartEntry(_Entry):
    season: Season
    year: int = Field(ge=1)


class PowerEntry(_Entry):
    name: Annotated[str, StringConstraints(pattern=r"^[A-Z][A-Za-z-]+$")]
    aliases: list[Annotated[str, StringConstraints(min_length=1, max_length=40)]] = []
    """Other words players write for the power (its name in kanji and kana): read as its name in headers."""
    home_centres: list[ProvinceId]
    units: list[UnitText]


class ImpassableEntry(_Entry):
    """An area drawn on the map that no unit may enter (Switzerland, a nameplate)."""

    name: str
    at: tuple[float, float] | None = None


class ProvinceEntry(_Entry):
    id: ProvinceId
    name: Annotated[str, StringConstraints(min_length=1)]
    aliases: list[Annotated[str, StringConstraints(min_length=1)]] = []
    type: ProvinceType
    supply_centre: bool = False
    at: tuple[float, float] | None = Field(default=None, description="approximate latitude and longitude, for drawing")
    army: list[ProvinceId] = []
    fleet: list[LocationRef] = []
    coasts: dict[CoastId, list[LocationRef]] = {}
    bridges: list[ProvinceId] = []


class MapFile(_Entry):
    format: Literal[1]
    name: Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_-]*$")]
    title: str
    rules: str  # a rule set's name (maps.rules), checked when the file loads
    drawing: Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_-]*$")] | None = None  # maps.drawing: checked too
    start: StartEntry
    victory_centres: int = Field(ge=1)
    powers: list[PowerEntry] = Field(min_length=1)
    neutral_units: list[UnitText] = []
    impassable: list[ImpassableEntry] = []
    provinces: list[ProvinceEntry] = Field(min_length=1)
