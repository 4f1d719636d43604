"""Whether a map file describes a playable board.

The schema has already checked the shape of the file; these checks look at
meaning, one rule per function, and stop at the first problem with a message
that names the province. A broken file is refused whole: a half-checked
board would only fail later, in the middle of a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from maps.names import normalise
from maps.schema import UNIT_PATTERN, MapFile, ProvinceEntry
from maps.terms import ProvinceType, province_of

__all__ = ["Problem", "find_problems"]

Problem = tuple[str | None, str]  # (province id or None, what is wrong)


def find_problems(data: MapFile) -> Iterator[Problem]:
    """Every problem of the board, in the order the checks run."""
    checks: tuple[Callable[[MapFile], Iterator[Problem]], ...] = (
        _unique_ids,
        _unique_names,
        _types_fit_borders,
        _army_borders,
        _fleet_borders,
        _bridges,
        _powers,
        _start_units,
        _victory,
    )
    for check in checks:
        yield from check(data)


def _by_id(data: MapFile) -> dict[str, ProvinceEntry]:
    return {p.id: p for p in data.provinces}


def _unique_ids(data: MapFile) -> Iterator[Problem]:
    seen: set[str] = set()
    for province in data.provinces:
        if province.id in seen:
            yield province.id, "the id is used by two provinces"
        seen.add(province.id)


def _unique_names(data: MapFile) -> Iterator[Problem]:
    owner: dict[str, str] = {}
    for province in data.provinces:
        for word in {province.id, province.name, *province.aliases}:
            key = normalise(word)
            if not key:
                yield province.id, f"the name or alias '{word}' has no letters or digits"
            elif owner.setdefault(key, province.id) != province.id:
                yield province.id, f"the name or alias '{word}' is also a name of {owner[key]}"


def _types_fit_borders(data: MapFile) -> Iterator[Problem]:
    for p in data.provinces:
        if p.type is ProvinceType.LAND and (p.fleet or p.coasts):
            yield p.id, "a land province cannot have fleet borders or coasts"
        if p.type is ProvinceType.SEA and (p.army or p.bridges):
            yield p.id, "a sea province cannot have army borders or bridges"
        if p.type is ProvinceType.SEA and p.coasts:
            yield p.id, "a sea province has no coasts: a fleet stands on the whole of it"
        if p.coasts and p.fleet:
            yield p.id, "a province with split coasts lists its fleet borders under 'coasts', not 'fleet'"
        if p.coasts and len(p.coasts) < 2:
            yield p.id, "split coasts need at least two coasts"


def _army_borders(data: MapFile) -> Iterator[Problem]:
    provinces = _by_id(data)
    for p in data.provinces:
        for target in p.army:
            other = provinces.get(target)
            if other is None:
                yield p.id, f"army border to unknown province {target}"
            elif target == p.id:
                yield p.id, "army border to itself"
            elif other.type is ProvinceType.SEA:
                yield p.id, f"army border into sea province {target}"
            elif p.id not in other.army:
                yield p.id, f"one-way army border: {p.id} lists {target} but {target} does not list {p.id}"


def _fleet_locations(p: ProvinceEntry) -> dict[str, list[str]]:
    if p.coasts:
        return {f"{p.id}/{coast}": targets for coast, targets in p.coasts.items()}
    return {p.id: p.fleet} if p.type is not ProvinceType.LAND else {}


def _fleet_borders(data: MapFile) -> Iterator[Problem]:
    provinces = _by_id(data)
    borders = {loc: targets for p in data.provinces for loc, targets in _fleet_locations(p).items()}
    for p in data.provinces:
        for location, targets in _fleet_locations(p).items():
            for target in targets:
                other = provinces.get(province_of(target))
                if other is None:
                    yield p.id, f"fleet border to unknown province {target}"
                elif other.type is ProvinceType.LAND:
                    yield p.id, f"fleet border into land province {target}"
                elif province_of(target) == p.id:
                    yield p.id, "fleet border to itself"
                elif target not in borders:
                    coasts = ", ".join(_fleet_locations(other))
                    yield p.id, f"fleet border to {target}, which is not a fleet location (use one of {coasts})"
                elif location not in borders[target]:
                    yield p.id, f"one-way fleet border: {location} lists {target} but {target} does not list {location}"


def _bridges(data: MapFile) -> Iterator[Problem]:
    provinces = _by_id(data)
    for p in data.provinces:
        for target in p.bridges:
            other = provinces.get(target)
            if other is None:
                yield p.id, f"bridge to unknown province {target}"
            elif other.type is not ProvinceType.COAST or p.type is not ProvinceType.COAST:
                yield p.id, f"a bridge joins two coastal provinces; {p.id}-{target} does not"
            elif p.id not in other.bridges:
                yield p.id, f"one-way bridge: {p.id} lists {target} but {target} does not list {p.id}"
            elif target in p.army or target in p.fleet:
                yield p.id, f"{target} is listed both as a bridge and as an ordinary border"


def _powers(data: MapFile) -> Iterator[Problem]:
    provinces = _by_id(data)
    claimed: dict[str, str] = {}
    names: set[str] = set()
    words: dict[str, str] = {}
    for power in data.powers:
        if power.name in names:
            yield None, f"power {power.name} is listed twice"
        names.add(power.name)
        for word in (power.name, *power.aliases):
            if words.setdefault(word.casefold(), power.name) != power.name:
                yield None, f"power {power.name}: '{word}' is also a name of {words[word.casefold()]}"
        for centre in power.home_centres:
            province = provinces.get(centre)
            if province is None:
                yield centre, f"home centre of {power.name} is an unknown province"
            elif not province.supply_centre:
                yield centre, f"home centre of {power.name} is not a supply centre"
            elif claimed.setdefault(centre, power.name) != power.name:
                yield centre, f"home centre of both {claimed[centre]} and {power.name}"


def _start_units(data: MapFile) -> Iterator[Problem]:
    provinces = _by_id(data)
    occupied: set[str] = set()
    owners = [(p.name, u) for p in data.powers for u in p.units] + [("neutral", u) for u in data.neutral_units]
    for owner, text in owners:
        match = UNIT_PATTERN.match(text)
        assert match is not None  # the schema's pattern guarantees the shape
        unit_type, location = match["type"], match["location"]
        province = provinces.get(province_of(location))
        if province is None:
            yield province_of(location), f"start unit {text} ({owner}) is on an unknown province"
            continue
        problem = _placement_problem(unit_type, location, province)
        if problem:
            yield province.id, f"start unit {text} ({owner}): {problem}"
        if province.id in occupied:
            yield province.id, f"start unit {text} ({owner}): the province already has a unit"
        occupied.add(province.id)


def _placement_problem(unit_type: str, location: str, province: ProvinceEntry) -> str | None:
    if unit_type == "A":
        if province.type is ProvinceType.SEA:
            return "an army cannot stand on a sea province"
        if location != province.id:
            return "an army stands on the whole province, not a coast"
        return None
    if province.type is ProvinceType.LAND:
        return "a fleet cannot stand on a land province"
    if location not in _fleet_locations(province):
        coasts = ", ".join(_fleet_locations(province))
        return f"a fleet here must stand on one of {coasts}"
    return None


def _victory(data: MapFile) -> Iterator[Problem]:
    centres = sum(1 for p in data.provinces if p.supply_centre)
    if data.victory_centres > centres:
        yield None, f"victory needs {data.victory_centres} centres but the board has only {centres}"
