"""What a power may order now: every legal order for each of its units, for a player to choose from.

A web page offers these as clicks and lists, so the choices must be the
rules' own, never a copy of them in JavaScript. Candidates come from the
board (the places a unit reaches, the units standing near it), and each one
passes the check a submitted order meets before it is listed:

* movement orders and a neutral unit's DP order: :func:`legality.check_each`,
  the adjudicator's legality check (DATC 4.E.1), each order on its own;
* retreats: :func:`retreats.retreat_options` (the movement phase settled
  them), and disband;
* adjustments: :func:`submission.check_submission` on each build, removal
  and waive.

So every order listed is accepted when submitted, and every order the engine
would accept is listed (the tests check both, by brute force over every
order that can be written), with one exception: a support of a neutral
unit's move, or a convoy of a neutral army, is never listed. It is legal
(docs/rules.md: a support whose supported unit does something else simply
has no effect), but a neutral never moves, so such an order can never
matter and offering it would only mislead.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.adjustments import adjustment_counts, build_sites
from adjudicator.checked import VoidOrder
from adjudicator.legality import check_each
from adjudicator.position import DislodgedUnit, Position, Unit
from adjudicator.retreats import retreat_options
from adjudicator.rules import BuildSites, Rules
from game.submission import check_submission
from maps.board import Board
from maps.perboard import per_board
from maps.terms import PhaseType, UnitType
from orders.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    NeutralOrder,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
)

__all__ = [
    "AdjustmentChoices",
    "UnitChoices",
    "adjustment_choices",
    "movement_choices",
    "neutral_choices",
    "retreat_choices",
    "unit_choices",
]


@dataclass(frozen=True, slots=True)
class UnitChoices:
    """One unit and every order it may be given this phase (a dislodged unit's retreats and disband)."""

    unit: Unit
    orders: tuple[Order, ...]
    dislodged: bool = False


@dataclass(frozen=True, slots=True)
class AdjustmentChoices:
    """A power's winter: ``due`` builds (positive) or removals (negative), and the orders that would count.

    ``sites`` are the vacant centres it may build on: its home centres, or
    with chaos builds (Sengoku) every centre it owns. ``waive`` says whether
    a build may be given up.
    """

    due: int
    sites: tuple[str, ...]
    home_only: bool
    builds: tuple[Build, ...]
    removals: tuple[Remove, ...]
    waive: bool


def unit_choices(board: Board, position: Position, power: str) -> list[UnitChoices]:
    """The power's units that take orders this phase, each with its choices (none in adjustments)."""
    kind = position.phase.type
    if kind is PhaseType.MOVEMENT:
        return [UnitChoices(u, movement_choices(board, position, u)) for u in position.units_of(power)]
    if kind is PhaseType.RETREATS:
        return [
            UnitChoices(d.unit, retreat_choices(board, position, d), dislodged=True)
            for d in position.dislodged
            if d.unit.power == power
        ]
    return []


def movement_choices(board: Board, position: Position, unit: Unit) -> tuple[Order, ...]:
    """Every legal movement order for a unit: hold, moves, supports, convoys."""
    return _legal(board, position, unit, _movement_candidates(board, position, unit))


def neutral_choices(board: Board, position: Position, unit: Unit) -> tuple[NeutralOrder, ...]:
    """What DP can buy a neutral unit: hold, and each support its position allows (never a move)."""
    candidates = [order for order in _movement_candidates(board, position, unit) if _buyable(order)]
    return tuple(order for order in _legal(board, position, unit, candidates) if isinstance(order, _BUYABLE))


def retreat_choices(board: Board, position: Position, dislodged: DislodgedUnit) -> tuple[Order, ...]:
    """A dislodged unit's retreats (where the movement phase allows) and its disband."""
    occupied = {u.province for u in position.units}
    ref = _ref(dislodged.unit)
    places = retreat_options(board, dislodged, occupied, position.contested)
    return (*(Retreat(unit=ref, destination=place) for place in places), Disband(unit=ref))


def adjustment_choices(board: Board, position: Position, rules: Rules, power: str) -> AdjustmentChoices:
    """The builds, removals and waive the power may order this winter."""
    due = adjustment_counts(board, position).get(power, 0)
    sites = tuple(build_sites(board, position, rules, power)) if due > 0 else ()
    builds: list[Order] = []
    for site in sites:
        if board.can_stand(UnitType.ARMY, site):
            builds.append(Build(unit=UnitRef(type=UnitType.ARMY, location=site)))
        builds += [Build(unit=UnitRef(type=UnitType.FLEET, location=loc)) for loc in board.fleet_locations(site)]
    removals: list[Order] = [Remove(unit=_ref(u)) for u in position.units_of(power)] if due < 0 else []
    accepted = [_accepted(board, position, rules, power, order) for order in (*builds, *removals, Waive())]
    return AdjustmentChoices(
        due=due,
        sites=sites,
        home_only=rules.build_sites is BuildSites.HOME_CENTRES,
        builds=tuple(o for o in builds if o in accepted and isinstance(o, Build)),
        removals=tuple(o for o in removals if o in accepted and isinstance(o, Remove)),
        waive=accepted[-1] is not None,
    )


def _accepted(board: Board, position: Position, rules: Rules, power: str, order: Order) -> Order | None:
    (verdict,) = check_submission(board, position, rules, power, [order])
    return order if verdict.accepted else None


def _ref(unit: Unit) -> UnitRef:
    return UnitRef(type=unit.type, location=unit.location)


_BUYABLE = (Hold, SupportHold, SupportMove)


def _buyable(order: Order) -> bool:
    return isinstance(order, _BUYABLE)


def _legal(board: Board, position: Position, unit: Unit, candidates: list[Order]) -> tuple[Order, ...]:
    checked = check_each(board, position, [(unit.power, order) for order in candidates])
    return tuple(item.order for item in checked if type(item) is not VoidOrder)


def _movement_candidates(board: Board, position: Position, unit: Unit) -> list[Order]:
    """Orders the unit might be given, generously: the legality check decides which stand.

    Only the plainly impossible are left out before the check (a support for
    a unit that could never reach the place, a convoy with no fleet at sea
    nearby), since a Sengoku board offers a unit some 2,000 combinations;
    and the pointless: a support or convoy of a neutral unit's move, which never comes.
    """
    me = _ref(unit)
    fleets = _fleets_at_sea(board, position)
    reach = _reach(board, unit)
    candidates: list[Order] = [Hold(unit=me)]
    candidates += [Move(unit=me, destination=place) for place in _destinations(board, unit, fleets)]
    if _by_sea(board, unit, fleets):
        candidates += [Move(unit=me, destination=p, via_convoy=True) for p in _coasts(board) if p != unit.province]
    for other in position.units:
        if other.province == unit.province:
            continue
        if other.province in reach:
            candidates.append(SupportHold(unit=me, supported=_ref(other)))
        if other.is_neutral:  # a neutral never moves: a support of its move can never matter
            continue
        targets = _reach(board, other) | (set(_coasts(board)) if _by_sea(board, other, fleets) else set())
        candidates += [SupportMove(unit=me, supported=_ref(other), destination=p) for p in sorted(reach & targets)]
    if unit.type is UnitType.FLEET and unit.province in fleets:
        candidates += _convoy_candidates(board, position, unit, fleets)
    return candidates


def _reach(board: Board, unit: Unit) -> set[str]:
    """The provinces the unit could move to in one step."""
    if unit.type is UnitType.FLEET:
        return set(board.fleet_reach(unit.location))
    return set(board.army_neighbours(unit.province))


def _fleets_at_sea(board: Board, position: Position) -> frozenset[str]:
    return frozenset(u.province for u in position.units if u.type is UnitType.FLEET and u.province in board.seas)


def _by_sea(board: Board, unit: Unit, fleets: frozenset[str]) -> bool:
    """Whether an army stands on a shore with a fleet at sea beside it: a convoy could start here."""
    return unit.type is UnitType.ARMY and not fleets.isdisjoint(board.convoy_links(unit.province))


def _destinations(board: Board, unit: Unit, fleets: frozenset[str]) -> list[str]:
    """Where the unit might move: next door (to the exact coast, for a fleet), or any shore for a convoyed army."""
    if unit.type is UnitType.FLEET:
        return sorted(board.fleet_neighbours(unit.location))
    near = set(board.army_neighbours(unit.province))
    if _by_sea(board, unit, fleets):
        near |= set(_coasts(board))
    return sorted(near - {unit.province})


def _convoy_candidates(board: Board, position: Position, fleet: Unit, fleets: frozenset[str]) -> list[Order]:
    """Convoys a fleet at sea might give: each player's army on a shore of its chain of fleets, to each other shore."""
    chain, frontier = {fleet.province}, {fleet.province}
    while frontier:
        frontier = {sea for near in frontier for sea in board.convoy_links(near) if sea in fleets} - chain
        chain |= frontier
    shores = sorted({p for sea in chain for p in board.convoy_links(sea) if p not in board.seas})
    armies = [u for u in position.units if u.type is UnitType.ARMY and u.province in shores and not u.is_neutral]
    me = _ref(fleet)
    return [Convoy(unit=me, convoyed=_ref(a), destination=p) for a in armies for p in shores if p != a.province]


@per_board
def _coasts(board: Board) -> tuple[str, ...]:
    """The land provinces on a shore: where a convoy may take an army (boards are immutable: kept per board)."""
    return tuple(sorted(p.id for p in board if not p.is_sea and board.fleet_locations(p.id)))
