"""Setting up a position by hand: a GM's position document to a checked :class:`Position`.

A GM re-creating a game in progress, or a disputed situation, writes the
position with province *names* (``A Mino``, ``Echizen``) as people do, not
ids. This module turns such a document (already parsed from YAML or JSON: a
plain dict) into a :class:`Position`, resolving every name through the
board's name lookup, which never guesses: an ambiguous or unknown name is an
error that names the entry and the candidates. It also checks a position for
the mistakes that would otherwise surface deep inside the adjudicator (a unit
at sea, two units in one province, a centre owned twice), both for new
documents and for game files edited by hand.

Pure: no file reading, no click. The format is documented in
``docs/position-format.md``.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.position import DislodgedUnit, Phase, Position, Unit
from adjudicator.positioncheck import check_position
from game.document import NEUTRAL
from maps.board import Board, Province
from maps.errors import SengokuError
from maps.terms import Location, UnitType

__all__ = ["NEUTRAL", "PositionError", "check_position", "position_from_document", "read_unit", "read_word"]


_UNIT = re.compile(r"^\s*(a|army|f|fleet)\s+(.+?)\s*$", re.I)
_COAST = re.compile(r"^(.*?)\s*(?:/\s*([a-z]{1,2})|\(\s*([a-z]{1,2})\s*\))\s*$", re.I)


class PositionError(SengokuError):
    """A position document that cannot be used: which entry, and what is wrong with it."""

    def __init__(self, entry: str, problem: str) -> None:
        self.entry, self.problem = entry, problem
        super().__init__(f"{entry}: {problem}" if entry else problem)


class _DislodgedEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    unit: str
    power: str
    attacker_from: str | None = None
    via_convoy: bool = False


class _Document(BaseModel):
    """The document's shape; names are resolved afterwards, against the board."""

    model_config = ConfigDict(extra="forbid")

    variant: str | None = None
    phase: str
    units: dict[str, list[str]] = Field(default_factory=dict)
    centres: dict[str, list[str]] = Field(default_factory=dict)
    neutral_centres: list[str] | None = None
    dislodged: list[_DislodgedEntry] = Field(default_factory=list)
    contested: list[str] = Field(default_factory=list)


def position_from_document(board: Board, document: object) -> Position:
    """The position a document describes, checked against the board; :class:`PositionError` if not usable."""
    try:
        doc = _Document.model_validate(document)
    except ValidationError as error:
        raise _shape_error(error) from None
    if doc.variant is not None and doc.variant != board.name:
        raise PositionError("variant", f"the file is for '{doc.variant}', but the board is '{board.name}'")
    reader = _Reader(board)
    units = tuple(u for key, texts in doc.units.items() for u in reader.units(key, texts))
    centres = _centre_owners(reader, doc.centres)
    position = Position(
        phase=_phase(doc.phase),
        units=units,
        dislodged=tuple(reader.dislodged(i, d) for i, d in enumerate(doc.dislodged)),
        contested=tuple(reader.province(f"contested[{i}]", n).id for i, n in enumerate(doc.contested)),
        centres=centres,
        neutral_centres=_neutral_centres(board, reader, doc.neutral_centres, units, centres),
    )
    problems = check_position(board, position)
    if problems:
        raise PositionError("", problems[0])
    return position


# --- reading a document ----------------------------------------------------------------


class _Reader:
    """Resolves the names in one document; every error says which entry it came from."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.powers = {name.casefold(): name for name in board.power_names}

    def power(self, entry: str, word: str, neutral_ok: bool = False) -> str | None:
        if neutral_ok and word.casefold() == NEUTRAL:
            return None
        if word.casefold() in self.powers:
            return self.powers[word.casefold()]
        known = ", ".join(self.board.power_names) + (f" or '{NEUTRAL}'" if neutral_ok else "")
        raise PositionError(entry, f"unknown power '{word}'; the powers are {known}")

    def province(self, entry: str, word: str) -> Province:
        lookup = self.board.names.lookup(word)
        if lookup.province is None:
            raise PositionError(entry, lookup.problem)
        return lookup.province

    def unit(self, entry: str, text: str, power: str | None) -> Unit:
        match = _UNIT.match(text)
        if not match:
            raise PositionError(entry, f"'{text}' is not a unit: write it as 'A Mino' or 'F Echizen'")
        kind = UnitType.ARMY if match[1][0].lower() == "a" else UnitType.FLEET
        return Unit(type=kind, location=self.location(entry, match[2], kind), power=power)

    def location(self, entry: str, text: str, kind: UnitType) -> Location:
        coast_match = _COAST.match(text)
        name, coast = (coast_match[1], (coast_match[2] or coast_match[3]).upper()) if coast_match else (text, None)
        province = self.province(entry, name)
        if kind is UnitType.FLEET and province.coasts:
            if coast is None or coast not in province.coasts:
                coasts = ", ".join(f"{province.name} ({c.lower()})" for c in province.coasts)
                raise PositionError(entry, f"a fleet in {province.name} needs its coast: one of {coasts}")
            return f"{province.id}/{coast}"
        return province.id

    def units(self, key: str, texts: list[str]) -> list[Unit]:
        power = self.power(f"units.{key}", key, neutral_ok=True)
        return [self.unit(f"units.{key}[{i}] '{text}'", text, power) for i, text in enumerate(texts)]

    def centres(self, key: str, names: list[str]) -> list[tuple[str, str]]:
        owner = self.power(f"centres.{key}", key)
        assert owner is not None
        return [(self.province(f"centres.{key}[{i}] '{n}'", n).id, owner) for i, n in enumerate(names)]

    def dislodged(self, index: int, entry: _DislodgedEntry) -> DislodgedUnit:
        where = f"dislodged[{index}]"
        power = self.power(f"{where}.power", entry.power)
        unit = self.unit(f"{where}.unit '{entry.unit}'", entry.unit, power)
        attacker = self.province(f"{where}.attacker_from", entry.attacker_from).id if entry.attacker_from else None
        return DislodgedUnit(unit=unit, attacker_from=attacker, via_convoy=entry.via_convoy)


def read_unit(board: Board, text: str, power: str | None) -> Unit:
    """``A Kai``, ``F Echizen``: a unit written as in a position file (the GM's edit reads it so)."""
    return _Reader(board).unit(f"'{text}'", text, power)


def read_word(board: Board, word: str, *, power: bool = False, neutral_ok: bool = False) -> str | None:
    """A power's name (``power``; None for 'neutral' when ``neutral_ok``), or a province's id, from a GM's word."""
    reader = _Reader(board)
    if power:
        return reader.power(f"'{word}'", word, neutral_ok)
    return reader.province(f"'{word}'", word).id


def _centre_owners(reader: _Reader, listed: dict[str, list[str]]) -> dict[str, str]:
    owners: dict[str, str] = {}
    for key, names in listed.items():
        for centre, owner in reader.centres(key, names):
            if centre in owners:
                name = reader.board.provinces[centre].name
                raise PositionError(f"centres.{key}", f"{name} is already listed under {owners[centre]}")
            owners[centre] = owner
    return owners


def _shape_error(error: ValidationError) -> PositionError:
    first = error.errors()[0]
    entry = ".".join(str(part) for part in first["loc"]) or "(document)"
    if first["type"] == "model_type":
        return PositionError("(document)", "expected a mapping with 'phase', 'units' and 'centres'")
    return PositionError(entry, first["msg"].lower().replace("extra inputs are not permitted", "unknown key"))


def _phase(text: str) -> Phase:
    try:
        return Phase.parse(text)
    except ValueError as error:
        raise PositionError("phase", str(error)) from None


def _neutral_centres(
    board: Board, reader: _Reader, names: list[str] | None, units: tuple[Unit, ...], centres: dict[str, str]
) -> tuple[str, ...]:
    """Listed, or by default the unowned centres that hold a neutral unit."""
    if names is None:
        held = {u.province for u in units if u.is_neutral}
        return tuple(sorted(c for c in board.supply_centres if c in held and c not in centres))
    return tuple(sorted({reader.province(f"neutral_centres[{i}] '{n}'", n).id for i, n in enumerate(names)}))
