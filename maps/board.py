"""The board: a validated map as a networkx graph behind a small query API.

Callers ask the board questions (may this fleet move there? which coasts of
that province can it reach?) and never read graph attributes themselves, so
the graph's layout can change without touching the rules.

Graph layout: one node per province and one per coast of a split-coast
province (``"SPA/NC"``). Edges carry ``army``, ``fleet`` and ``bridge`` flags:
army edges join provinces; fleet edges join the locations a fleet can stand
on; a land bridge is an army and fleet edge marked ``bridge``.

The board keeps its borders as plain records (:class:`~maps.province.Border`)
and builds the networkx graph the first time someone asks for it (analysis,
drawing): importing networkx costs a command that only reads a game about
60 ms, and the rules never need it (they read the tables derived below).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from maps.names import NameIndex
from maps.perboard import per_board
from maps.province import Border, PowerSetup, Province, StartUnit
from maps.rules import Rules
from maps.tables import BoardTables, build_tables
from maps.terms import Location, Season, UnitType, province_of

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["Board", "Border", "PowerSetup", "Province", "StartUnit"]

# What a board computes on demand and never pickles (a shell's board cache, localfiles.boardcache).
_ON_DEMAND = ("graph", "derived")

# The queries below run thousands of times a phase, and ``frozenset()`` is a call: the empty one is made once.
_NOWHERE: frozenset[str] = frozenset()


@dataclass(frozen=True, eq=False)
class Board:
    """A loaded map. Immutable; build it with :func:`maps.load_board`.

    Two lookups are public attributes because the adjudicator reads them
    thousands of times a phase, where a method call would cost more than the
    lookup: ``seas`` (the sea provinces) and ``location_provinces`` (every
    province id and every place a fleet can stand, to its province id).
    ``tables`` is the same geography by integer id (:mod:`maps.tables`), for
    the movement engine.
    """

    name: str
    title: str
    start_season: Season
    start_year: int
    victory_centres: int
    rules: Rules  # what the map file names: the variant's build sites, neutral units' orders, DP
    provinces: Mapping[str, Province]
    powers: tuple[PowerSetup, ...]
    neutral_units: tuple[StartUnit, ...]
    impassable: tuple[tuple[str, tuple[float, float] | None], ...]
    borders: tuple[Border, ...]
    drawing: str | None = None  # the shipped real-earth drawing the map file names (maps.drawing); None: a schematic
    names: NameIndex = field(init=False)
    _army: dict[str, frozenset[str]] = field(init=False, repr=False)
    _fleet: dict[Location, frozenset[Location]] = field(init=False, repr=False)
    _shores: dict[str, frozenset[str]] = field(init=False, repr=False)
    _locations: dict[str, tuple[Location, ...]] = field(init=False, repr=False)
    _fleet_reach: dict[Location, frozenset[str]] = field(init=False, repr=False)
    _links: dict[str, frozenset[str]] = field(init=False, repr=False)
    seas: frozenset[str] = field(init=False, repr=False)
    location_provinces: Mapping[Location, str] = field(init=False, repr=False)
    tables: BoardTables = field(init=False, repr=False)
    derived: dict[object, Any] = field(init=False, repr=False)  # values worked out from the board (maps.perboard)

    def __post_init__(self) -> None:
        army: dict[str, set[str]] = {p: set() for p in self.provinces}
        fleet: dict[Location, set[Location]] = {}
        for a, b, is_army, is_fleet, _ in self.borders:
            if is_army:
                army[a].add(b)
                army[b].add(a)
            if is_fleet:
                fleet.setdefault(a, set()).add(b)
                fleet.setdefault(b, set()).add(a)
        object.__setattr__(self, "_army", {k: frozenset(v) for k, v in army.items()})
        object.__setattr__(self, "_fleet", {k: frozenset(v) for k, v in fleet.items()})
        object.__setattr__(self, "names", NameIndex(self.provinces.values()))
        shores = {
            sea.id: frozenset(province_of(loc) for loc in fleet.get(sea.id, ()))
            for sea in self.provinces.values()
            if sea.is_sea
        }
        object.__setattr__(self, "_shores", shores)
        object.__setattr__(self, "derived", {})
        self._cache_queries(fleet, shores)

    def _cache_queries(self, fleet: dict[Location, set[Location]], shores: dict[str, frozenset[str]]) -> None:
        """Precompute what the adjudicator asks thousands of times a phase (the board never changes)."""
        locations = {province: self._fleet_locations(province) for province in self.provinces}
        reach = {loc: frozenset(province_of(other) for other in others) for loc, others in fleet.items()}
        links: dict[str, set[str]] = {province: set() for province in self.provinces}
        for sea, touched in shores.items():
            for other in touched:
                links[sea].add(other)
                links[other].add(sea)
        object.__setattr__(self, "_locations", locations)
        object.__setattr__(self, "_fleet_reach", reach)
        object.__setattr__(self, "_links", {k: frozenset(v) for k, v in links.items()})
        object.__setattr__(self, "seas", frozenset(shores))
        every = {province: province for province in self.provinces}
        every.update((loc, province) for province, locs in locations.items() for loc in locs)
        object.__setattr__(self, "location_provinces", every)
        object.__setattr__(
            self, "tables", build_tables(self.provinces, locations, self._army, self._fleet, self._links)
        )

    # --- provinces -------------------------------------------------------------

    def __contains__(self, province: object) -> bool:
        return province in self.provinces

    def province(self, location: Location) -> Province:
        return self.provinces[province_of(location)]

    def display(self, location: Location) -> str:
        """A location as players write it: ``Kai``, ``Spain (nc)``; an unknown id as it is."""
        province, _, coast = location.partition("/")
        info = self.provinces.get(province)
        name = info.name if info is not None else province
        return f"{name} ({coast.lower()})" if coast else name

    def __iter__(self) -> Iterator[Province]:
        return iter(self.provinces.values())

    @property
    def supply_centres(self) -> frozenset[str]:
        return frozenset(p.id for p in self if p.supply_centre)

    @cached_property
    def power_names(self) -> tuple[str, ...]:
        """The powers in the map file's order (kept: the post and the parser ask for them on every phase)."""
        return tuple(p.name for p in self.powers)

    def home_centres(self, power: str) -> tuple[str, ...]:
        for setup in self.powers:
            if setup.name == power:
                return setup.home_centres
        return ()

    def fleet_locations(self, province: str) -> tuple[Location, ...]:
        """Where a fleet can stand in a province: its coasts, itself, or nowhere (land)."""
        return self._locations[province]

    def _fleet_locations(self, province: str) -> tuple[Location, ...]:
        info = self.provinces[province]
        if info.is_land:
            return ()
        if info.coasts:
            return tuple(f"{province}/{coast}" for coast in info.coasts)
        return (province,)

    def can_stand(self, unit_type: UnitType, location: Location) -> bool:
        """Whether a unit of this type may occupy exactly this location."""
        province = province_of(location)
        if province not in self.provinces:
            return False
        if unit_type is UnitType.ARMY:
            return location == province and not self.provinces[province].is_sea
        return location in self.fleet_locations(province)

    # --- movement --------------------------------------------------------------

    def army_neighbours(self, province: str) -> frozenset[str]:
        return self._army.get(province, _NOWHERE)

    def fleet_neighbours(self, location: Location) -> frozenset[Location]:
        return self._fleet.get(location, _NOWHERE)

    def reaches(self, unit_type: UnitType, origin: Location, province: str) -> bool:
        """Whether the unit can move in one step to some part of the province.

        This is the test for supports: a fleet may support into a split-coast
        province through either coast (DATC 6.B.4).
        """
        if unit_type is UnitType.ARMY:
            return province in self._army.get(self.location_provinces.get(origin) or province_of(origin), _NOWHERE)
        return province in self._fleet_reach.get(origin, _NOWHERE)

    def fleet_reach(self, location: Location) -> frozenset[str]:
        """The provinces a fleet at ``location`` can move to (through some coast)."""
        return self._fleet_reach.get(location, _NOWHERE)

    def shores(self, sea: str) -> frozenset[str]:
        """The provinces (coasts and seas) a fleet in this sea touches: the links of a convoy chain."""
        return self._shores.get(sea, _NOWHERE)

    def convoy_links(self, province: str) -> frozenset[str]:
        """The provinces next to this one in a convoy chain: a sea's shores, or the seas touching a coast."""
        return self._links.get(province, _NOWHERE)

    @property
    def bridges(self) -> tuple[tuple[str, str], ...]:
        pairs = {(min(a, b), max(a, b)) for a, b, _, _, bridge in self.borders if bridge}
        return tuple(sorted(pairs))

    # --- the graph -------------------------------------------------------------

    @cached_property
    def graph(self) -> nx.Graph[str]:
        """The map as a networkx graph (layout in the module docstring), built once, when first asked for.

        Nodes and edges go in in the map file's order, so the graph iterates
        the same way every time it is built.
        """
        import networkx as nx

        graph: nx.Graph[str] = nx.Graph()
        for province in self.provinces.values():
            graph.add_node(province.id, kind="province")
            for coast in province.coasts:
                graph.add_node(f"{province.id}/{coast}", kind="coast", province=province.id)
        for a, b, is_army, is_fleet, bridge in self.borders:
            graph.add_edge(a, b, army=is_army, fleet=is_fleet, bridge=bridge)
        return graph

    def distances(self, sources: Iterable[str]) -> dict[str, int]:
        """Each province's fewest border crossings from the nearest of ``sources``, wherever any unit could cross
        (2023 civil disorder); a province no crossing reaches is left out.

        A breadth-first walk over the borders (what :meth:`province_graph`'s shortest paths give), so the
        rules never load networkx: its import alone costs more than replaying a long game's adjustments.
        """
        neighbours = _neighbours(self)
        distance = dict.fromkeys(sources, 0)
        frontier, steps = list(distance), 0
        while frontier:
            steps += 1
            reached = [q for p in frontier for q in neighbours.get(p, ()) if q not in distance]
            distance.update(dict.fromkeys(reached, steps))
            frontier = list(dict.fromkeys(reached))
        return distance

    def province_graph(self) -> nx.Graph[str]:
        """Provinces joined wherever any unit could cross: for distances (2023 civil disorder)."""
        import networkx as nx

        graph: nx.Graph[str] = nx.Graph()
        graph.add_nodes_from(self.provinces)
        graph.add_edges_from((province_of(a), province_of(b)) for a, b in self.graph.edges)
        return graph

    # --- pickling (the board cache) ---------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        """Everything but what is built on demand (the networkx graph): a cached board stays small
        and loads without importing networkx."""
        return {k: v for k, v in self.__dict__.items() if k not in _ON_DEMAND}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, derived={})


@per_board
def _neighbours(board: Board) -> dict[str, frozenset[str]]:
    """Each province's neighbours across any border, coasts folded into their provinces."""
    found: dict[str, set[str]] = {province: set() for province in board.provinces}
    for a, b, *_ in board.borders:
        found[province_of(a)].add(province_of(b))
        found[province_of(b)].add(province_of(a))
    return {province: frozenset(others) for province, others in found.items()}
