"""Loading a map file into a :class:`~maps.board.Board`.

``parse_board`` is pure (text in, board out); ``load_board`` is the one
place that reads a file, either a shipped map by name or a path a GM gives.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import networkx as nx
import yaml
from pydantic import ValidationError

from maps.board import Board, PowerSetup, Province, StartUnit
from maps.errors import MapFileError
from maps.schema import UNIT_PATTERN, MapFile
from maps.terms import UnitType
from maps.validation import find_problems

__all__ = ["available_maps", "load_board", "parse_board"]

_cache: dict[str, Board] = {}


def available_maps() -> tuple[str, ...]:
    """The names of the maps shipped with the package."""
    folder = resources.files("maps") / "data"
    return tuple(sorted(p.name.removesuffix(".yaml") for p in folder.iterdir() if p.name.endswith(".yaml")))


def load_board(name_or_path: str | Path) -> Board:
    """A shipped map by name (``"sengoku"``), or a map file by path. Shipped maps are cached."""
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or path.exists():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise MapFileError(str(path), None, f"cannot read the file ({error})") from error
        return parse_board(text, str(path))
    name = str(name_or_path)
    if name not in _cache:
        if name not in available_maps():
            known = ", ".join(available_maps())
            raise MapFileError(name, None, f"no such map; the shipped maps are {known}")
        text = (resources.files("maps") / "data" / f"{name}.yaml").read_text(encoding="utf-8")
        _cache[name] = parse_board(text, f"maps/data/{name}.yaml")
    return _cache[name]


def parse_board(text: str, source: str = "<map>") -> Board:
    """Validate map file text and build its board; a bad file raises :class:`MapFileError`."""
    data = _read_yaml(text, source)
    try:
        parsed = MapFile.model_validate(data)
    except ValidationError as error:
        raise _schema_error(error, data, source) from None
    for province, problem in find_problems(parsed):
        raise MapFileError(source, province, problem)
    return _build(parsed)


def _read_yaml(text: str, source: str) -> object:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        raise MapFileError(source, None, f"not valid YAML{where}: {problem}") from None
    except RecursionError:  # PyYAML recurses once per level: "[[[[..." would escape as a RecursionError
        raise MapFileError(source, None, "not valid YAML: nested too deeply") from None


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
        provinces=provinces,
        powers=tuple(
            PowerSetup(p.name, tuple(p.home_centres), tuple(_start_unit(u) for u in p.units)) for p in data.powers
        ),
        neutral_units=tuple(_start_unit(u) for u in data.neutral_units),
        impassable=tuple((i.name, i.at) for i in data.impassable),
        graph=_graph(data),
    )


def _graph(data: MapFile) -> nx.Graph[str]:
    graph: nx.Graph[str] = nx.Graph()
    for p in data.provinces:
        graph.add_node(p.id, kind="province")
        for coast in p.coasts:
            graph.add_node(f"{p.id}/{coast}", kind="coast", province=p.id)
    for p in data.provinces:
        for target in p.army:
            _mark(graph, p.id, target, "army")
        fleet_borders = {f"{p.id}/{c}": t for c, t in p.coasts.items()} if p.coasts else {p.id: p.fleet}
        for location, targets in fleet_borders.items():
            for target in targets:
                _mark(graph, location, target, "fleet")
        for target in p.bridges:
            _mark(graph, p.id, target, "army", "fleet", "bridge")
    return graph


def _mark(graph: nx.Graph[str], a: str, b: str, *flags: str) -> None:
    if not graph.has_edge(a, b):
        graph.add_edge(a, b, army=False, fleet=False, bridge=False)
    for flag in flags:
        graph.edges[a, b][flag] = True
