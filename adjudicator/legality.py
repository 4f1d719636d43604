"""Which movement orders are legal, and why the others are not.

A *legal* order is one that, not knowing any other order yet, could be
carried out in this position (DATC 4.E.1): a move the unit can make (over
land, along a coast, or by a convoy route the fleets on the board could
form), a support the supporter can give to a move that could happen, a
convoy by a fleet that some convoy route needs. An illegal order is void:
it is ignored and the unit holds. Legality never raises; every refusal is a
sentence a GM can read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from adjudicator.convoys import has_route, necessary_fleets
from adjudicator.position import Position, Unit
from maps.board import Board
from maps.terms import Location, UnitType, province_of
from orders.model import Convoy, DPOrder, Hold, Move, Order, SupportHold, SupportMove

__all__ = ["Checked", "Piece", "check_movement_orders", "pieces"]

# Enum members cost a metaclass lookup each in Python 3.11 (about 90 ns).
ARMY, FLEET = UnitType.ARMY, UnitType.FLEET


class Piece(NamedTuple):
    """A unit's facts, read once from its pydantic model.

    Reading a pydantic field costs several times a plain attribute, so the
    checker and the battle read each unit once, here, and use these after.
    """

    unit: Unit
    province: str
    type: UnitType
    location: Location
    power: str | None


def pieces(board: Board, position: Position) -> list[Piece]:
    """Every unit's facts, in the position's order."""
    where = board.location_provinces
    found = []
    for unit in position.units:
        location = unit.location
        found.append(Piece(unit, where.get(location) or province_of(location), unit.type, location, unit.power))
    return found


class Checked(NamedTuple):
    """An order after the legality check. ``problem`` is None for a legal order.

    For a legal move, ``destination`` is the exact location (the coast filled
    in where only one is reachable, DATC 4.B.2) and ``convoyed`` says whether
    it travels by convoy (DATC 4.A.3: non-adjacent, "via convoy", or an own
    fleet legally ordered to convoy it). For a legal support to a move,
    ``destination`` is the location as the order names it (a coast or not).

    A legal order also carries its provinces, read once from the order:
    ``province`` (the ordered unit's), ``target`` (moved, supported or
    convoyed into) and ``subject`` (the supported or convoyed unit's).

    A named tuple rather than a frozen dataclass: just as immutable, and
    several times cheaper to build, which matters at one per order per phase.
    """

    power: str | None
    order: Order
    unit: Unit | None
    problem: str | None = None
    destination: Location | None = None
    convoyed: bool = False
    province: str | None = None
    target: str | None = None
    subject: str | None = None


class _Checker:
    """Checks one phase's orders; the position's lookups are built once, not per order."""

    def __init__(self, board: Board, pieces: Sequence[Piece]) -> None:
        self.board = board
        self.where = board.location_provinces  # location -> province, without a call per lookup
        self.at = {piece.province: piece for piece in pieces}
        self.fleets_at_sea = frozenset(p.province for p in pieces if p.type is FLEET and p.province in board.seas)
        self._routes: dict[tuple[str, str, str | None], bool] = {}
        self._needed: dict[tuple[str, str], set[str]] = {}
        self._rules: dict[type, Callable[[str | None, Any, Piece], Checked]] = {
            Hold: self._hold,
            Move: self._move,
            SupportHold: self._support_hold,
            SupportMove: self._support_move,
            Convoy: self._convoy,
        }

    def province(self, location: Location) -> str:
        return self.where.get(location) or province_of(location)

    def check(self, power: str | None, order: Order) -> Checked:
        rule = self._rules.get(type(order))
        if rule is None:
            if isinstance(order, DPOrder):
                return Checked(power, order, None, "a DP order is settled before movement, not adjudicated as one")
            return Checked(power, order, None, "not an order for a movement phase")
        location = order.unit.location  # type: ignore[union-attr]
        province = self.where.get(location) or province_of(location)
        piece = self.at.get(province)
        if piece is None:
            return Checked(power, order, None, f"there is no unit in {self.board.display(province)}")
        if piece.power != power:
            return Checked(power, order, piece.unit, _not_yours(self.board, power, piece))
        return rule(power, order, piece)

    @staticmethod
    def _hold(power: str | None, order: Hold, piece: Piece) -> Checked:
        return Checked(power, order, piece.unit, None, None, False, piece.province)

    def route(self, origin: str, target: str, without: str | None = None) -> bool:
        """Whether the fleets at sea (less ``without``) could chain origin to target; memoised per phase."""
        key = (origin, target, without)
        known = self._routes.get(key)
        if known is None:
            fleets = self.fleets_at_sea - {without} if without else self.fleets_at_sea
            known = self._routes[key] = has_route(self.board, fleets, origin, target)
        return known

    # --- moves ------------------------------------------------------------------------

    def _move(self, power: str | None, order: Move, piece: Piece) -> Checked:
        board, origin = self.board, piece.province
        destination, via_convoy = order.destination, order.via_convoy
        target = self.where.get(destination) or province_of(destination)
        if target not in board.provinces:
            return Checked(power, order, piece.unit, _unknown(target))
        if target == origin:
            return Checked(power, order, piece.unit, "a unit cannot move to its own province")
        if piece.type is FLEET:
            if via_convoy or destination not in board.fleet_neighbours(piece.location):
                exact, problem = self._fleet_destination(destination, via_convoy, piece, target)
                if problem:
                    return Checked(power, order, piece.unit, problem)
                destination = exact
            return Checked(power, order, piece.unit, None, destination, False, origin, target)
        if target in board.seas:
            return Checked(power, order, piece.unit, "an army cannot move to sea")
        adjacent = target in board.army_neighbours(origin)
        if via_convoy or not adjacent:
            if not self.route(origin, target):
                why = "no fleets stand where they could convoy it" if adjacent else "not adjacent, and no convoy route"
                return Checked(power, order, piece.unit, f"{board.display(origin)} to {board.display(target)}: {why}")
            return Checked(power, order, piece.unit, None, target, True, origin, target)
        return Checked(power, order, piece.unit, None, target, False, origin, target)

    def _fleet_destination(
        self, destination: Location, via_convoy: bool, piece: Piece, target: str
    ) -> tuple[Location, str | None]:
        """The exact location of a fleet move that does not name a reachable one itself."""
        if via_convoy:
            return destination, "only armies can be convoyed"
        if self.board.provinces[target].is_land:
            return destination, "a fleet cannot move inland"
        if destination != target:  # a coast was named, and it cannot be reached
            return (
                destination,
                f"a fleet in {self.board.display(piece.location)} cannot reach {self.board.display(destination)}",
            )
        reachable = self.board.reachable_coasts(piece.location, target)
        if len(reachable) == 1:
            return reachable[0], None
        if reachable:
            return destination, f"{self.board.display(target)} has several coasts this fleet can reach: name one"
        return destination, f"a fleet in {self.board.display(piece.location)} cannot reach {self.board.display(target)}"

    # --- supports -----------------------------------------------------------------------

    def _support_hold(self, power: str | None, order: SupportHold, piece: Piece) -> Checked:
        supported = self.province(order.supported.location)
        problem = self._supported_unit(piece.province, supported)
        if problem is None and not self.board.reaches(piece.type, piece.location, supported):
            problem = self._unreachable(piece, supported)
        if problem:
            return Checked(power, order, piece.unit, problem)
        return Checked(power, order, piece.unit, None, None, False, piece.province, supported, supported)

    def _support_move(self, power: str | None, order: SupportMove, piece: Piece) -> Checked:
        supported, destination = self.province(order.supported.location), order.destination
        target = self.province(destination)
        problem = self._support_move_problem(piece, supported, target)
        if problem:
            return Checked(power, order, piece.unit, problem)
        return Checked(power, order, piece.unit, None, destination, False, piece.province, target, supported)

    def _support_move_problem(self, piece: Piece, supported: str, target: str) -> str | None:
        if target not in self.board.provinces:
            return _unknown(target)
        problem = self._supported_unit(piece.province, supported)
        if problem:
            return problem
        if target == piece.province:
            return "a unit cannot support a move into its own province"
        if target == supported:
            return "a unit cannot move to its own province"
        if not self.board.reaches(piece.type, piece.location, target):
            return self._unreachable(piece, target)
        if not self._could_move(self.at[supported], target, helper=piece.province):
            return f"the unit in {self.board.display(supported)} could not move to {self.board.display(target)}"
        return None

    def _unreachable(self, piece: Piece, target: str) -> str:
        where, there = self.board.display(piece.location), self.board.display(target)
        return f"the unit in {where} cannot reach {there}, so it cannot support there"

    def _supported_unit(self, origin: str, supported: str) -> str | None:
        if supported == origin:
            return "a unit cannot support itself"
        if supported not in self.at:
            return f"there is no unit in {self.board.display(supported)} to support"
        return None

    def _could_move(self, mover: Piece, target: str, helper: str) -> bool:
        """Whether the move could be legal while ``helper`` supports it (a supporter cannot also convoy)."""
        if mover.type is FLEET:
            return self.board.reaches(FLEET, mover.location, target)
        if target in self.board.army_neighbours(mover.province):
            return True
        if target in self.board.seas:
            return False
        return self.route(mover.province, target, without=helper)

    # --- convoys ------------------------------------------------------------------------

    def _convoy(self, power: str | None, order: Convoy, piece: Piece) -> Checked:
        origin, target = self.province(order.convoyed.location), self.province(order.destination)
        problem = self._convoy_problem(piece, origin, target)
        if problem:
            return Checked(power, order, piece.unit, problem)
        return Checked(power, order, piece.unit, None, None, False, piece.province, target, origin)

    def _convoy_problem(self, piece: Piece, origin: str, target: str) -> str | None:
        if target not in self.board.provinces:
            return _unknown(target)
        if piece.type is not FLEET or piece.province not in self.board.seas:
            return "only a fleet at sea can convoy"
        army = self.at.get(origin)
        if army is None:
            return f"there is no unit in {self.board.display(origin)} to convoy"
        if army.type is not ARMY:
            return "only armies can be convoyed"
        if origin == target:
            return "a unit cannot move to its own province"
        if piece.province not in self.needed(origin, target):
            route = f"{self.board.display(origin)} to {self.board.display(target)}"
            return f"this fleet is not needed for any convoy route from {route}"
        return None

    def needed(self, origin: str, target: str) -> set[str]:
        key = (origin, target)
        if key not in self._needed:
            self._needed[key] = necessary_fleets(self.board, self.fleets_at_sea, origin, target)
        return self._needed[key]


def _not_yours(board: Board, power: str | None, piece: Piece) -> str:
    where = board.display(piece.province)
    if power is None:
        return f"the unit in {where} is not neutral"
    return f"the unit in {where} belongs to {piece.power or 'a neutral power'}"


def _unknown(province: str) -> str:
    return f"there is no province {province} on this map"


def check_movement_orders(
    board: Board,
    position: Position,
    orders: Mapping[str | None, Sequence[Order]],
    facts: Sequence[Piece] | None = None,
) -> list[Checked]:
    """Every order with its verdict, in submission order; ``None`` keys neutral units' orders.

    ``facts`` may give the position's :func:`pieces` when the caller has them already.
    """
    checker = _Checker(board, pieces(board, position) if facts is None else facts)
    checked = [checker.check(power, order) for power, given in orders.items() for order in given]
    checked = _one_order_per_unit(checked)
    return _with_convoy_intent(checked)


def _one_order_per_unit(checked: list[Checked]) -> list[Checked]:
    """Two different orders for one unit: both void, the unit holds (DATC 4.D.3).

    Orders are compared only in the rare case of a unit ordered twice.
    """
    by_unit: dict[str | None, list[int]] = {}
    legal = 0
    for i, item in enumerate(checked):
        if item.problem is None:
            by_unit.setdefault(item.province, []).append(i)
            legal += 1
    if len(by_unit) == legal:
        return checked
    result = list(checked)
    for indexes in by_unit.values():
        if len(indexes) == 1:
            continue
        first = checked[indexes[0]].order
        same = all(checked[i].order == first for i in indexes)
        for n, i in enumerate(indexes):
            if not same:
                result[i] = checked[i]._replace(problem="two different orders for one unit: it holds")
            elif n > 0:
                result[i] = checked[i]._replace(problem="the same order twice: counted once")
    return result


def _with_convoy_intent(checked: list[Checked]) -> list[Checked]:
    """An army moving to an adjacent province goes by convoy if an own fleet legally convoys it (DATC 4.A.3)."""
    intents = {
        (item.power, item.subject, item.target)
        for item in checked
        if item.problem is None and type(item.order) is Convoy
    }
    if not intents:
        return checked
    result = []
    for item in checked:
        if item.problem is None and not item.convoyed and type(item.order) is Move:
            if (item.power, item.province, item.target) in intents:
                item = item._replace(convoyed=True)
        result.append(item)
    return result
