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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.convoys import has_route, necessary_fleets
from adjudicator.position import Position, Unit
from maps.board import Board
from maps.terms import Location, UnitType, province_of
from orders.model import Convoy, DPOrder, Hold, Move, Order, SupportHold, SupportMove

__all__ = ["Checked", "check_movement_orders"]

MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy


@dataclass(frozen=True, slots=True)
class Checked:
    """An order after the legality check. ``problem`` is None for a legal order.

    For a legal move, ``destination`` is the exact location (the coast filled
    in where only one is reachable, DATC 4.B.2) and ``convoyed`` says whether
    it travels by convoy (DATC 4.A.3: non-adjacent, "via convoy", or an own
    fleet legally ordered to convoy it).
    """

    power: str | None
    order: Order
    unit: Unit | None
    problem: str | None = None
    destination: Location | None = None
    convoyed: bool = False


class _Checker:
    def __init__(self, board: Board, position: Position) -> None:
        self.board = board
        self.position = position
        self.fleets_at_sea = frozenset(
            u.province for u in position.units if u.type is UnitType.FLEET and board.provinces[u.province].is_sea
        )
        self._needed: dict[tuple[str, str], set[str]] = {}

    def check(self, power: str | None, order: Order) -> Checked:
        if isinstance(order, DPOrder):
            return Checked(power, order, None, "a DP order is settled before movement, not adjudicated as one")
        if not isinstance(order, MovementOrder):
            return Checked(power, order, None, "not an order for a movement phase")
        unit = self.position.unit_at.get(order.unit.province)
        problem = self._ownership(power, order, unit)
        if problem or unit is None:
            return Checked(power, order, unit, problem)
        if isinstance(order, Move):
            return self._move(power, order, unit)
        return Checked(power, order, unit, self._problem(order, unit))

    def _ownership(self, power: str | None, order: MovementOrder, unit: Unit | None) -> str | None:
        if unit is None:
            return f"there is no unit in {order.unit.province}"
        if unit.power != power:
            if power is None:
                return f"the unit in {unit.province} is not neutral"
            owner = unit.power or "a neutral power"
            return f"the unit in {unit.province} belongs to {owner}"
        return None

    def _problem(self, order: MovementOrder, unit: Unit) -> str | None:
        if isinstance(order, SupportHold):
            return self._support_hold(order, unit)
        if isinstance(order, SupportMove):
            return self._support_move(order, unit)
        if isinstance(order, Convoy):
            return self._convoy(order, unit)
        return None

    # --- moves ------------------------------------------------------------------------

    def _move(self, power: str | None, order: Move, unit: Unit) -> Checked:
        target = province_of(order.destination)
        problem = self._unknown(target) or self._move_to_self(unit.province, target)
        if problem:
            return Checked(power, order, unit, problem)
        if unit.type is UnitType.FLEET:
            destination, problem = self._fleet_destination(order, unit)
            return Checked(power, order, unit, problem, destination)
        if self.board.provinces[target].is_sea:
            return Checked(power, order, unit, "an army cannot move to sea")
        adjacent = target in self.board.army_neighbours(unit.province)
        if order.via_convoy or not adjacent:
            if not has_route(self.board, self.fleets_at_sea, unit.province, target):
                why = "no fleets stand where they could convoy it" if adjacent else "not adjacent, and no convoy route"
                return Checked(power, order, unit, f"{unit.province} to {target}: {why}")
            return Checked(power, order, unit, None, target, convoyed=True)
        return Checked(power, order, unit, None, target)

    def _fleet_destination(self, order: Move, unit: Unit) -> tuple[Location | None, str | None]:
        target = province_of(order.destination)
        if order.via_convoy:
            return None, "only armies can be convoyed"
        if self.board.provinces[target].is_land:
            return None, "a fleet cannot move inland"
        if order.destination != target:  # a coast was named
            if order.destination in self.board.fleet_neighbours(unit.location):
                return order.destination, None
            return None, f"a fleet in {unit.location} cannot reach {order.destination}"
        reachable = self.board.reachable_coasts(unit.location, target)
        if len(reachable) == 1:
            return reachable[0], None
        if reachable:
            return None, f"{target} has several coasts this fleet can reach: name one"
        return None, f"a fleet in {unit.location} cannot reach {target}"

    # --- supports -----------------------------------------------------------------------

    def _support_hold(self, order: SupportHold, unit: Unit) -> str | None:
        supported = order.supported.province
        problem = self._supported_unit(unit, supported)
        if problem:
            return problem
        if not self.board.reaches(unit.type, unit.location, supported):
            return f"the unit in {unit.location} cannot reach {supported}, so it cannot support there"
        return None

    def _support_move(self, order: SupportMove, unit: Unit) -> str | None:
        supported, target = order.supported.province, province_of(order.destination)
        problem = self._unknown(target) or self._supported_unit(unit, supported)
        if problem:
            return problem
        if target == unit.province:
            return "a unit cannot support a move into its own province"
        if target == supported:
            return "a unit cannot move to its own province"
        if not self.board.reaches(unit.type, unit.location, target):
            return f"the unit in {unit.location} cannot reach {target}, so it cannot support there"
        if not self._could_move(self.position.unit_at[supported], target, helper=unit.province):
            return f"the unit in {supported} could not move to {target}"
        return None

    def _supported_unit(self, unit: Unit, supported: str) -> str | None:
        if supported == unit.province:
            return "a unit cannot support itself"
        if supported not in self.position.unit_at:
            return f"there is no unit in {supported} to support"
        return None

    def _could_move(self, mover: Unit, target: str, helper: str) -> bool:
        """Whether the move could be legal while ``helper`` supports it (a supporter cannot also convoy)."""
        if mover.type is UnitType.FLEET:
            return self.board.reaches(UnitType.FLEET, mover.location, target)
        if self.board.provinces[target].is_sea:
            return False
        if target in self.board.army_neighbours(mover.province):
            return True
        return has_route(self.board, self.fleets_at_sea - {helper}, mover.province, target)

    # --- convoys ------------------------------------------------------------------------

    def _convoy(self, order: Convoy, unit: Unit) -> str | None:
        origin, target = order.convoyed.province, province_of(order.destination)
        problem = self._unknown(target)
        if problem:
            return problem
        if unit.type is not UnitType.FLEET or not self.board.provinces[unit.province].is_sea:
            return "only a fleet at sea can convoy"
        army = self.position.unit_at.get(origin)
        if army is None:
            return f"there is no unit in {origin} to convoy"
        if army.type is not UnitType.ARMY:
            return "only armies can be convoyed"
        if origin == target:
            return "a unit cannot move to its own province"
        if unit.province not in self.needed(origin, target):
            return f"this fleet is not needed for any convoy route from {origin} to {target}"
        return None

    def needed(self, origin: str, target: str) -> set[str]:
        key = (origin, target)
        if key not in self._needed:
            self._needed[key] = necessary_fleets(self.board, self.fleets_at_sea, origin, target)
        return self._needed[key]

    # --- shared -------------------------------------------------------------------------

    def _unknown(self, province: str) -> str | None:
        return None if province in self.board.provinces else f"there is no province {province} on this map"

    @staticmethod
    def _move_to_self(origin: str, target: str) -> str | None:
        return "a unit cannot move to its own province" if origin == target else None


def check_movement_orders(
    board: Board, position: Position, orders: Mapping[str | None, Sequence[Order]]
) -> list[Checked]:
    """Every order with its verdict, in submission order; ``None`` keys neutral units' orders."""
    checker = _Checker(board, position)
    checked = [checker.check(power, order) for power, given in orders.items() for order in given]
    checked = _one_order_per_unit(checked)
    return _with_convoy_intent(checked)


def _one_order_per_unit(checked: list[Checked]) -> list[Checked]:
    """Two different orders for one unit: both void, the unit holds (DATC 4.D.3)."""
    by_unit: dict[str, set[Order]] = {}
    for item in checked:
        if item.problem is None and item.unit is not None:
            by_unit.setdefault(item.unit.province, set()).add(item.order)
    result: list[Checked] = []
    seen: set[tuple[str, Order]] = set()
    for item in checked:
        if item.problem is None and item.unit is not None:
            key = (item.unit.province, item.order)
            if len(by_unit[item.unit.province]) > 1:
                item = Checked(item.power, item.order, item.unit, "two different orders for one unit: it holds")
            elif key in seen:
                item = Checked(item.power, item.order, item.unit, "the same order twice: counted once")
            seen.add(key)
        result.append(item)
    return result


def _with_convoy_intent(checked: list[Checked]) -> list[Checked]:
    """An army moving to an adjacent province goes by convoy if an own fleet legally convoys it (DATC 4.A.3)."""
    intents = {
        (item.power, item.order.convoyed.province, province_of(item.order.destination))
        for item in checked
        if item.problem is None and isinstance(item.order, Convoy)
    }
    result = []
    for item in checked:
        if item.problem is None and isinstance(item.order, Move) and item.unit is not None and not item.convoyed:
            if (item.power, item.unit.province, item.destination) in intents:
                item = Checked(item.power, item.order, item.unit, None, item.destination, convoyed=True)
        result.append(item)
    return result
