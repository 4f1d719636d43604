"""Seeded random movement phases: positions and legal orders, dense in supports and convoys.

A benchmark that only times quiet holds measures nothing, and a comparison
with another engine only finds disagreements where the rules get busy. So
each phase here is crowded: most units move or support, supports go both to
orders that were really given (matched) and to moves nobody made
(unmatched), and armies on the coast ride real convoy chains through the
fleets at sea. Every order is legal by construction (DATC 4.E.1), built from
:class:`maps.Board` queries alone; the adjudicator is never asked.

Same seed, same phases: a disagreement found in a run can be replayed.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from adjudicator.adjustments import adjustment_counts, build_sites
from adjudicator.position import Phase, Position, Unit
from adjudicator.rules import Rules
from maps.board import Board
from maps.terms import Location, PhaseType, Season, UnitType, province_of
from orders.model import Build, Convoy, Hold, Move, Order, SupportHold, SupportMove, UnitRef

__all__ = ["RandomPhase", "random_builds", "random_phases", "random_position", "random_orders"]

SPRING = Phase(season=Season.SPRING, year=1901, type=PhaseType.MOVEMENT)


@dataclass(frozen=True, slots=True)
class RandomPhase:
    """One generated movement phase: a position and every power's orders (``None``: neutral units)."""

    number: int
    position: Position
    orders: dict[str | None, list[Order]]


def random_phases(board: Board, count: int, seed: int = 1) -> Iterator[RandomPhase]:
    """``count`` phases on ``board``; the standard map gets 10-34 units, Sengoku a full 8-power board."""
    rng = random.Random(seed)
    for number in range(count):
        position = random_position(board, rng)
        yield RandomPhase(number, position, random_orders(board, position, rng))


# --- positions ------------------------------------------------------------------------


def random_position(board: Board, rng: random.Random) -> Position:
    """Units on random legal locations, at most one per province.

    Standard: 10-34 units shared at random among the seven powers. Sengoku
    (any map with neutral units): the seven neutral armies on their home
    provinces and 2-5 units for each of the eight powers.
    """
    free = sorted(board.provinces)
    rng.shuffle(free)
    units: list[Unit] = []
    for start in board.neutral_units:
        units.append(Unit(type=start.type, location=start.location))
        free.remove(province_of(start.location))
    powers = board.power_names
    if board.neutral_units:
        owners = [power for power in powers for _ in range(rng.randint(2, 5))]
    else:
        owners = [rng.choice(powers) for _ in range(rng.randint(10, 34))]
    for power, province in zip(owners, free, strict=False):
        unit_type, location = _placement(board, province, rng)
        units.append(Unit(type=unit_type, location=location, power=power))
    return Position(phase=SPRING, units=tuple(units))


def _placement(board: Board, province: str, rng: random.Random) -> tuple[UnitType, Location]:
    info = board.provinces[province]
    if info.is_land or (not info.is_sea and rng.random() < 0.5):
        return UnitType.ARMY, province
    return UnitType.FLEET, rng.choice(board.fleet_locations(province))


# --- orders ---------------------------------------------------------------------------


class _Orders:
    """The orders of one phase while they are being drawn (one per unit at most)."""

    def __init__(self, board: Board, position: Position, rng: random.Random) -> None:
        self.board = board
        self.rng = rng
        self.units = list(position.units)
        self.at = {u.province: u for u in self.units}
        self.fleets_at_sea = {
            u.province for u in self.units if u.type is UnitType.FLEET and board.provinces[u.province].is_sea
        }
        self.given: dict[str, Order] = {}
        self.moves: dict[str, str] = {}  # origin province -> target province, for supports to match

    def give(self, unit: Unit, order: Order) -> None:
        self.given[unit.province] = order
        if isinstance(order, Move):
            self.moves[unit.province] = province_of(order.destination)

    def free(self) -> list[Unit]:
        return [u for u in self.units if u.province not in self.given]

    def grouped(self) -> dict[str | None, list[Order]]:
        """Orders by power in the position's unit order; some units get no order at all (they hold)."""
        grouped: dict[str | None, list[Order]] = {}
        for unit in self.units:
            order = self.given.get(unit.province)
            if order is not None:
                grouped.setdefault(unit.power, []).append(order)
        return grouped


def random_orders(board: Board, position: Position, rng: random.Random) -> dict[str | None, list[Order]]:
    """Legal orders for ``position``: convoys first, then moves, then supports, convoys and holds.

    Neutral units (Sengoku) only hold or support, as Diplomacy Point orders do.
    """
    draft = _Orders(board, position, rng)
    for army in draft.free():
        if army.power is not None and army.type is UnitType.ARMY and rng.random() < 0.35:
            _convoy_chain(draft, army)
    for unit in draft.free():
        if unit.power is not None and rng.random() < 0.45:
            _move(draft, unit)
    for unit in draft.free():
        roll = rng.random()
        if roll < 0.75:
            _support(draft, unit)
        elif roll < 0.85 and unit.province in draft.fleets_at_sea:
            _unmatched_convoy(draft, unit)
        elif roll < 0.92:
            draft.give(unit, Hold(unit=_ref(unit)))
    return draft.grouped()


def _ref(unit: Unit) -> UnitRef:
    return UnitRef(type=unit.type, location=unit.location)


def _move(draft: _Orders, unit: Unit) -> None:
    """A move to a neighbour, more often into an occupied province (attacks make the phase busy)."""
    board, rng = draft.board, draft.rng
    if unit.type is UnitType.ARMY:
        options = sorted(board.army_neighbours(unit.province))
    else:
        options = sorted(board.fleet_neighbours(unit.location))
    if not options:
        return
    attacks = [loc for loc in options if province_of(loc) in draft.at]
    destination = rng.choice(attacks if attacks and rng.random() < 0.6 else options)
    draft.give(unit, Move(unit=_ref(unit), destination=destination))


def _convoy_chain(draft: _Orders, army: Unit) -> None:
    """Send an army along a shortest chain of free fleets at sea (shortest, so every fleet is needed, 6.G.19)."""
    free_fleets = {p for p in draft.fleets_at_sea if p not in draft.given}
    parents = _sea_tree(draft.board, free_fleets, army.province)
    landings = _landings(draft.board, parents, army.province)
    if not landings:
        return
    target = draft.rng.choice(sorted(landings))
    chain = _chain(parents, landings[target])
    adjacent = target in draft.board.army_neighbours(army.province)
    via = not adjacent or draft.rng.random() < 0.5
    draft.give(army, Move(unit=_ref(army), destination=target, via_convoy=via))
    for sea in chain:
        if draft.rng.random() < 0.93:  # now and then a fleet lets the convoy down
            fleet = draft.at[sea]
            draft.give(fleet, Convoy(unit=_ref(fleet), convoyed=_ref(army), destination=target))


def _sea_tree(board: Board, fleets: set[str], origin: str) -> dict[str, str | None]:
    """Breadth-first tree of the fleets an army at ``origin`` could be carried through: sea -> previous sea."""
    parents: dict[str, str | None] = {}
    queue: deque[str] = deque()
    for sea in sorted(fleets):
        if origin in board.shores(sea):
            parents[sea] = None
            queue.append(sea)
    while queue:
        sea = queue.popleft()
        for other in sorted(fleets & board.shores(sea)):
            if other not in parents:
                parents[other] = sea
                queue.append(other)
    return parents


def _landings(board: Board, parents: dict[str, str | None], origin: str) -> dict[str, str]:
    """Each coast the tree reaches, with the first (so nearest) sea that reaches it."""
    landings: dict[str, str] = {}
    for sea in parents:  # insertion order is breadth-first order
        for shore in sorted(board.shores(sea)):
            if shore != origin and not board.provinces[shore].is_sea and shore not in landings:
                landings[shore] = sea
    return landings


def _support(draft: _Orders, unit: Unit) -> None:
    """A support: mostly to an order really given (matched), sometimes to one nobody gave."""
    rng = draft.rng
    matched_moves = _matched_move_supports(draft, unit)
    holds = [
        other for other in draft.units if other.province != unit.province and _reaches(draft, unit, other.province)
    ]
    roll = rng.random()
    if matched_moves and roll < 0.55:
        mover, target = rng.choice(matched_moves)
        draft.give(unit, SupportMove(unit=_ref(unit), supported=_ref(mover), destination=target))
    elif holds and roll < 0.8:
        other = rng.choice(holds)  # matched if it stays, unmatched if it moves
        draft.give(unit, SupportHold(unit=_ref(unit), supported=_ref(other)))
    else:
        imagined = _imagined_moves(draft, unit)
        if imagined:
            mover, target = rng.choice(imagined)
            draft.give(unit, SupportMove(unit=_ref(unit), supported=_ref(mover), destination=target))


def _matched_move_supports(draft: _Orders, unit: Unit) -> list[tuple[Unit, str]]:
    return [
        (draft.at[origin], target)
        for origin, target in draft.moves.items()
        if origin != unit.province
        and target != unit.province
        and _reaches(draft, unit, target)
        and _could_move(draft, draft.at[origin], target, helper=unit.province)
    ]


def _imagined_moves(draft: _Orders, unit: Unit) -> list[tuple[Unit, str]]:
    """Moves some unit could make into a province the supporter reaches (usually not the move it was given)."""
    board = draft.board
    found = []
    for target in sorted(_reach(draft, unit)):
        for other in draft.units:
            if other.province in (unit.province, target):
                continue
            if other.type is UnitType.ARMY:
                possible = target in board.army_neighbours(other.province)
            else:
                possible = board.reaches(UnitType.FLEET, other.location, target)
            if possible:
                found.append((other, target))
    return found


def _reach(draft: _Orders, unit: Unit) -> set[str]:
    if unit.type is UnitType.ARMY:
        return set(draft.board.army_neighbours(unit.province))
    return {province_of(loc) for loc in draft.board.fleet_neighbours(unit.location)}


def _reaches(draft: _Orders, unit: Unit, province: str) -> bool:
    return draft.board.reaches(unit.type, unit.location, province)


def _could_move(draft: _Orders, mover: Unit, target: str, helper: str) -> bool:
    """Whether a support for this move would be legal: the move must be possible without the supporter's help."""
    board = draft.board
    if mover.type is UnitType.FLEET:
        return board.reaches(UnitType.FLEET, mover.location, target)
    if target in board.army_neighbours(mover.province):
        return True
    parents = _sea_tree(board, draft.fleets_at_sea - {helper}, mover.province)
    return target in _landings(board, parents, mover.province)


def _unmatched_convoy(draft: _Orders, fleet: Unit) -> None:
    """A convoy order for a route this fleet lies on, though the army may go elsewhere (or nowhere)."""
    board = draft.board
    options = []
    for army in draft.units:
        if army.type is not UnitType.ARMY or army.power is None:
            continue
        parents = _sea_tree(board, draft.fleets_at_sea, army.province)
        for target, last in _landings(board, parents, army.province).items():
            chain = _chain(parents, last)
            if fleet.province in chain:
                options.append((army, target))
    if options:
        army, target = draft.rng.choice(options)
        draft.give(fleet, Convoy(unit=_ref(fleet), convoyed=_ref(army), destination=target))


def _chain(parents: dict[str, str | None], last: str) -> Sequence[str]:
    chain = []
    sea: str | None = last
    while sea is not None:
        chain.append(sea)
        sea = parents[sea]
    return chain


def random_builds(board: Board, position: Position, rules: Rules) -> dict[str, list[Order]]:
    """A winter's builds: every power due some builds an army on each vacant build site, up to its due.

    Games played with random orders (the long-game and GM-step benches)
    would otherwise waste away: a build nobody orders is waived.
    """
    builds: dict[str, list[Order]] = {}
    for power, due in adjustment_counts(board, position).items():
        sites = build_sites(board, position, rules, power)[:due] if due > 0 else []
        if sites:
            builds[power] = [Build(unit=UnitRef(type=UnitType.ARMY, location=site)) for site in sites]
    return builds
