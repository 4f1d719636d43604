"""Map file text to a :class:`~maps.board.Board`: YAML, the schema, the meaning checks, the board.

Only a map that is not in the board cache (a shell's, :mod:`localfiles.boardcache`) comes here,
so what this module imports (PyYAML, pydantic and the schema models) is
paid for once per map file change, not by every command.
"""

from __future__ import annotations

from pydantic import ValidationError

from maps.board import Board, Border, PowerSetup, Province, StartUnit
from maps.drawing import drawing_names, drawing_of, misfit, unknown_drawing
from maps.errors import MapFileError
from maps.rules import RULE_SETS, unknown_rules
from maps.schema import UNIT_PATTERN, MapFile
from maps.terms import UnitType
from maps.validation import find_problems
from maps.yamlread import YamlError, read_yaml

__all__ = ["parse_board"]


def parse_board(text: str, source: str = "<map>") -> Board:
    """Validate map file text and build its board; a bad file raises :class:`MapFileError`."""
    data = _read_yaml(text, source)
    if isinstance(data, dict) and "rules" not in data:  # before the schema: say what to write, not "Field required"
        choices = " or ".join(sorted(RULE_SETS))
        raise MapFileError(source, None, f"rules: missing; name the rules this map plays: {choices}")
    try:
        parsed = MapFile.model_validate(data)
    except ValidationError as error:
        raise _schema_error(error, data, source) from None
    if parsed.rules not in RULE_SETS:
        raise MapFileError(source, None, f"rules: {unknown_rules(parsed.rules)}")
    if parsed.drawing is not None:
        _check_drawing(parsed, source)
    for province, problem in find_problems(parsed):
        raise MapFileError(source, province, problem)
    return _build(parsed)


def _check_drawing(parsed: MapFile, source: str) -> None:
    """The drawing the map names is shipped and fits the map's provinces (read once a process, then kept)."""
    name = parsed.drawing
    if name not in drawing_names():
        raise MapFileError(source, None, f"drawing: {unknown_drawing(str(name))}")
    drawing = drawing_of(name)
    assert drawing is not None  # a shipped drawing: its file is there
    problem = misfit(drawing, {p.id: p.at for p in parsed.provinces if p.at is not None})
    if problem:
        raise MapFileError(source, None, f"drawing: {name!r} does not fit this map: {problem}")


def _read_yaml(text: str, source: str) -> object:
    try:
        return read_yaml(text)
    except YamlError as error:
        raise MapFileError(source, None, str(error)) from None


def _schema_error(error: ValidationError, data: object, source: str) -> MapFileError:
    first = error.errors()[0]
    loc = first["loc"]
    province = None
    if len(loc) >= 2 and loc[0] == "provinces" and isinstance(loc[1], int) and isinstance(data, dict):
        entries = data.get("provinces") or []
        entry = entries[loc[1]] if loc[1] < len(entries) else None
        province = str(entry.get("id")) if isinstance(entry, dict) and entry.get("id") else f"#{loc[1] + 1}"
        loc = loc[2:]
    field = ".".join(str(part) for part in loc) or "(top level)"
    return MapFileError(source, province, f"{field}: {first['msg']}")


def _start_unit(text: str) -> StartUnit:
    match = UNIT_PATTERN.match(text)
    assert match is not None
    return StartUnit(UnitType(match["type"]), match["location"])


def _build(data: MapFile) -> Board:
    homes = {centre: power.name for power in data.powers for centre in power.home_centres}
    provinces = {
        p.id: Province(
            id=p.id,
            name=p.name,
            aliases=tuple(p.aliases),
            type=p.type,
            supply_centre=p.supply_centre,
            home=homes.get(p.id),
            coasts=tuple(p.coasts),
            at=p.at,
        )
        for p in data.provinces
    }
    return Board(
        name=data.name,
        title=data.title,
        start_season=data.start.season,
        start_year=data.start.year,
        victory_centres=data.victory_centres,
        rules=RULE_SETS[data.rules],
        drawing=data.drawing,
        provinces=provinces,
        powers=tuple(
            PowerSetup(p.name, tuple(p.home_centres), tuple(_start_unit(u) for u in p.units), tuple(p.aliases))
            for p in data.powers
        ),
        neutral_units=tuple(_start_unit(u) for u in data.neutral_units),
        impassable=tuple((i.name, i.at) for i in data.impassable),
        borders=_borders(data),
    )


def _borders(data: MapFile) -> tuple[Border, ...]:
    """Each border once (either direction), in the order the file first names it, with every flag it gets."""
    flags: dict[tuple[str, str], set[str]] = {}

    def mark(a: str, b: str, *kinds: str) -> None:
        key = (b, a) if (b, a) in flags else (a, b)
        flags.setdefault(key, set()).update(kinds)

    for p in data.provinces:
        for target in p.army:
            mark(p.id, target, "army")
        fleet_borders = {f"{p.id}/{c}": t for c, t in p.coasts.items()} if p.coasts else {p.id: p.fleet}
        for location, targets in fleet_borders.items():
            for target in targets:
                mark(location, target, "fleet")
        for target in p.bridges:
            mark(p.id, target, "army", "fleet", "bridge")
    return tuple(Border(a, b, "army" in f, "fleet" in f, "bridge" in f) for (a, b), f in flags.items())
