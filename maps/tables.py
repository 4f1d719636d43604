"""The board as integer tables: what the adjudicator's hot path reads.

Every location gets an id: the provinces first, in the map file's order
(so a province's id is also the id of the location that is the whole
province), then the coasts of split-coast provinces. A set of provinces or
locations is a bitmask (an ``int`` with bit ``k`` set for id ``k``), so
"the provinces an army here can reach" is one int and "could these fleets
chain here to there" is a few ``&`` and ``|`` on ints rather than a search
through sets of strings.

Built once per board (and pickled with it, :mod:`localfiles.boardcache`); the board's
string queries stay the API everything else uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from maps.province import Province

__all__ = ["BoardTables", "bits", "build_tables"]


@dataclass(frozen=True, slots=True)
class BoardTables:
    """A board's geography by location id (see the module docstring).

    ``army[p]``: the provinces an army in province ``p`` can move to.
    ``fleet[l]``: the locations a fleet at location ``l`` can move to;
    ``fleet_reach[l]``: the same as provinces. ``links[p]``: the provinces
    next to ``p`` in a convoy chain (a sea's shores, the seas along a coast).
    ``coasts[p]``: the locations a fleet can stand on in ``p``.
    """

    names: tuple[str, ...]
    ids: Mapping[str, int]
    province: tuple[int, ...]
    provinces: int
    seas: int
    land: int
    army: tuple[int, ...]
    fleet: tuple[int, ...]
    fleet_reach: tuple[int, ...]
    links: tuple[int, ...]
    coasts: tuple[tuple[int, ...], ...]


def bits(mask: int) -> Iterator[int]:
    """The ids in a bitmask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _union(masks: Iterable[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def build_tables(
    provinces: Mapping[str, Province],
    locations: Mapping[str, tuple[str, ...]],
    army: Mapping[str, frozenset[str]],
    fleet: Mapping[str, frozenset[str]],
    links: Mapping[str, frozenset[str]],
) -> BoardTables:
    """The tables for a board's provinces, fleet locations per province, and borders by kind."""
    names = list(provinces)
    names += [loc for p in provinces for loc in locations[p] if loc != p]
    ids = {name: k for k, name in enumerate(names)}
    province = tuple(ids[name.split("/", 1)[0]] for name in names)

    def mask(items: frozenset[str]) -> int:
        return _union(1 << ids[item] for item in items)

    def reach(loc: str) -> int:  # two coasts of one province are one province
        return _union(1 << province[ids[other]] for other in fleet.get(loc, ()))

    return BoardTables(
        names=tuple(names),
        ids=ids,
        province=province,
        provinces=len(provinces),
        seas=_union(1 << ids[p] for p, info in provinces.items() if info.is_sea),
        land=_union(1 << ids[p] for p, info in provinces.items() if info.is_land),
        army=tuple(mask(army.get(p, frozenset())) for p in provinces),
        fleet=tuple(mask(fleet.get(loc, frozenset())) for loc in names),
        fleet_reach=tuple(reach(loc) for loc in names),
        links=tuple(mask(links.get(p, frozenset())) for p in provinces),
        coasts=tuple(tuple(ids[loc] for loc in locations[p]) for p in provinces),
    )
