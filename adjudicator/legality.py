"""Which movement orders are legal, and why the others are not.

A *legal* order is one that, not knowing any other order yet, could be
carried out in this position (DATC 4.E.1): a move the unit can make (over
land, along a coast, or by a convoy route the fleets on the board could
form), a support the supporter can give to a move that could happen, a
convoy by a fleet that some convoy route needs. An illegal order is void:
it is ignored and the unit holds. Legality never raises; every refusal is a
:class:`~adjudicator.refusals.VoidReason` with the places it names, which
make a sentence a GM can read when it is read.

An order's legality depends on the position alone, so it is checked once,
when it is submitted (:func:`check_order`), and kept with the position's
:class:`~adjudicator.pieces.Pieces`; adjudication reuses that verdict for
the very same order object and checks only what it has not seen. What
depends on several orders (a unit ordered twice, DATC 4.D.3; an army an own
fleet convoys, 4.A.3) is :mod:`adjudicator.phase_orders`' business.

The checks read the board's integer tables (:mod:`maps.tables`): provinces
are ids and "can reach" is a bit in a mask.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from adjudicator.checked import (
    NOBODY,
    NOWHERE,
    UNKNOWN_COAST,
    Checked,
    ConvoyChecked,
    HoldChecked,
    MoveChecked,
    SupportHoldChecked,
    SupportMoveChecked,
    VoidOrder,
)
from adjudicator.convoys import necessary_fleets
from adjudicator.pieces import Pieces, pieces_of
from adjudicator.position import Position
from adjudicator.refusals import VoidReason, Why
from adjudicator.routes import could_chain
from maps.board import Board
from maps.tables import bits
from maps.terms import Location, province_of
from orders.model import Convoy, DPOrder, Hold, Move, MovementOrder, Order, SupportHold, SupportMove

__all__ = ["check_each", "check_order"]


_Rule = Callable[["_Checker", str | None, Any, int], Checked]


class _Checker:
    """The rules for one position; ``pieces`` holds the position and what is learnt about it."""

    __slots__ = ("board", "pieces", "tables", "ids", "province_of_loc")

    def __init__(self, pieces: Pieces) -> None:
        self.board, self.pieces, self.tables = pieces.board, pieces, pieces.tables
        self.ids, self.province_of_loc = self.tables.ids, self.tables.province

    def province(self, location: Location) -> int:
        """A location's province id; NOWHERE when the map has no such province."""
        loc = self.ids.get(location)
        if loc is not None:
            return self.province_of_loc[loc]
        return self.ids.get(province_of(location), NOWHERE)

    def name(self, location: Location) -> str:
        """A location's province as the board shows it (an unknown one as written)."""
        p = self.province(location)
        return self.board.display(self.tables.names[p] if p != NOWHERE else province_of(location))

    def display(self, place: int) -> str:
        return self.board.display(self.tables.names[place])

    def check(self, power: str | None, order: Order) -> Checked:
        if not isinstance(order, MovementOrder):
            reason = VoidReason.DP_ORDER if isinstance(order, DPOrder) else VoidReason.NOT_MOVEMENT
            return VoidOrder(power, order, None, reason)
        location = order.unit.location
        pieces = self.pieces
        k = pieces.at.get(self.province(location), NOBODY)
        if k == NOBODY:
            return VoidOrder(power, order, None, VoidReason.NO_UNIT, (self.name(location),))
        if pieces.power[k] != power:
            return VoidOrder(power, order, k, *self._not_yours(power, k))
        return _RULES[type(order)](self, power, order, k)

    def _not_yours(self, power: str | None, k: int) -> Why:
        where = self.display(self.pieces.prov[k])
        if power is None:
            return VoidReason.NOT_NEUTRAL, (where,)
        owner = self.pieces.power[k]
        if owner is None:
            return VoidReason.NOT_YOURS_BUT_NEUTRAL, (where,)
        return VoidReason.NOT_YOURS, (where, owner)

    def _hold(self, power: str | None, order: Hold, k: int) -> Checked:
        return HoldChecked(power, order, k, self.pieces.prov[k])

    def route(self, origin: int, target: int, without: int = NOWHERE) -> bool:
        """Whether the fleets at sea (less the one in ``without``) could chain origin to target; memoised."""
        routes = self.pieces.routes
        key = (origin, target, without)
        known = routes.get(key)
        if known is None:
            fleets = self.pieces.fleets_at_sea
            if without != NOWHERE:
                fleets &= ~(1 << without)
            known = routes[key] = could_chain(self.tables, fleets, origin, target)
        return known

    # --- moves ------------------------------------------------------------------------

    def _move(self, power: str | None, order: Move, k: int) -> Checked:
        pieces, tables = self.pieces, self.tables
        origin, destination, via_convoy = pieces.prov[k], order.destination, order.via_convoy
        target = self.province(destination)
        if target == NOWHERE:
            return VoidOrder(power, order, k, *_unknown(destination))
        if target == origin:
            return VoidOrder(power, order, k, VoidReason.OWN_PROVINCE)
        if pieces.is_fleet[k]:
            exact = self.ids.get(destination, NOWHERE)
            if via_convoy or exact == NOWHERE or not tables.fleet[pieces.loc[k]] >> exact & 1:
                reached = self._fleet_destination(destination, via_convoy, k, target)
                if isinstance(reached, tuple):  # refused: the reason and the places it names
                    return VoidOrder(power, order, k, *reached)
                exact = reached
            return MoveChecked(power, order, k, origin, target, exact, False)
        if tables.seas >> target & 1:
            return VoidOrder(power, order, k, VoidReason.ARMY_TO_SEA)
        adjacent = tables.army[origin] >> target & 1
        if via_convoy or not adjacent:
            if not self.route(origin, target):
                reason = VoidReason.NO_CONVOYING_FLEETS if adjacent else VoidReason.NO_CONVOY_ROUTE
                return VoidOrder(power, order, k, reason, (self.display(origin), self.display(target)))
            return MoveChecked(power, order, k, origin, target, target, True)
        return MoveChecked(power, order, k, origin, target, target, False)

    def _fleet_destination(self, destination: Location, via_convoy: bool, k: int, target: int) -> int | Why:
        """The exact location of a fleet move that does not name a reachable one itself, or why there is none."""
        board, tables, here = self.board, self.tables, self.pieces.location[k]
        if via_convoy:
            return VoidReason.FLEET_CONVOYED, ()
        if tables.land >> target & 1:
            return VoidReason.FLEET_INLAND, ()
        if destination != tables.names[target]:  # a coast was named, and it cannot be reached
            return VoidReason.FLEET_CANNOT_REACH, (board.display(here), board.display(destination))
        neighbours = tables.fleet[self.pieces.loc[k]]
        reachable = [loc for loc in tables.coasts[target] if neighbours >> loc & 1]
        if len(reachable) == 1:
            return reachable[0]
        if reachable:
            return VoidReason.NAME_THE_COAST, (self.display(target),)
        return VoidReason.FLEET_CANNOT_REACH, (board.display(here), self.display(target))

    # --- supports -----------------------------------------------------------------------

    def _support_hold(self, power: str | None, order: SupportHold, k: int) -> Checked:
        origin, location = self.pieces.prov[k], order.supported.location
        supported = self.province(location)
        why = self._supported_unit(origin, supported, location)
        if why is None and not self._reaches(k, supported):
            why = self._unreachable(k, supported)
        if why:
            return VoidOrder(power, order, k, *why)
        return SupportHoldChecked(power, order, k, origin, supported)

    def _support_move(self, power: str | None, order: SupportMove, k: int) -> Checked:
        origin, location, destination = self.pieces.prov[k], order.supported.location, order.destination
        supported, target = self.province(location), self.province(destination)
        why = self._support_move_problem(k, supported, location, target, destination)
        if why:
            return VoidOrder(power, order, k, *why)
        coast: int | None = self.ids.get(destination, UNKNOWN_COAST)
        if coast == target:  # the order names the province, not one of its coasts
            coast = None
        return SupportMoveChecked(power, order, k, origin, supported, target, coast)

    def _support_move_problem(
        self, k: int, supported: int, location: Location, target: int, destination: Location
    ) -> Why | None:
        if target == NOWHERE:
            return _unknown(destination)
        origin = self.pieces.prov[k]
        why = self._supported_unit(origin, supported, location)
        if why:
            return why
        if target == origin:
            return VoidReason.SUPPORT_INTO_OWN_PROVINCE, ()
        if target == supported:
            return VoidReason.OWN_PROVINCE, ()
        if not self._reaches(k, target):
            return self._unreachable(k, target)
        if not self._could_move(self.pieces.at[supported], target, helper=origin):
            return VoidReason.SUPPORTED_CANNOT_MOVE, (self.display(supported), self.display(target))
        return None

    def _reaches(self, k: int, province: int) -> bool:
        """Whether unit ``k`` could move to some part of the province (the test for supports, DATC 6.B.4)."""
        pieces, tables = self.pieces, self.tables
        if pieces.is_fleet[k]:
            return bool(tables.fleet_reach[pieces.loc[k]] >> province & 1)
        return bool(tables.army[pieces.prov[k]] >> province & 1)

    def _unreachable(self, k: int, target: int) -> Why:
        return VoidReason.CANNOT_SUPPORT_THERE, (self.board.display(self.pieces.location[k]), self.display(target))

    def _supported_unit(self, origin: int, supported: int, location: Location) -> Why | None:
        if supported == origin:
            return VoidReason.SUPPORT_ITSELF, ()
        if supported not in self.pieces.at:
            return VoidReason.NO_UNIT_TO_SUPPORT, (self.name(location),)
        return None

    def _could_move(self, mover: int, target: int, helper: int) -> bool:
        """Whether the move could be legal while ``helper`` supports it (a supporter cannot also convoy)."""
        if self.pieces.is_fleet[mover]:
            return self._reaches(mover, target)
        origin = self.pieces.prov[mover]
        if self.tables.army[origin] >> target & 1:
            return True
        if self.tables.seas >> target & 1:
            return False
        return self.route(origin, target, without=helper)

    # --- convoys ------------------------------------------------------------------------

    def _convoy(self, power: str | None, order: Convoy, k: int) -> Checked:
        here, location, destination = self.pieces.prov[k], order.convoyed.location, order.destination
        origin, target = self.province(location), self.province(destination)
        why = self._convoy_problem(k, origin, location, target, destination)
        if why:
            return VoidOrder(power, order, k, *why)
        return ConvoyChecked(power, order, k, here, origin, target)

    def _convoy_problem(
        self, k: int, origin: int, location: Location, target: int, destination: Location
    ) -> Why | None:
        pieces = self.pieces
        if target == NOWHERE:
            return _unknown(destination)
        if not pieces.is_fleet[k] or not self.tables.seas >> pieces.prov[k] & 1:
            return VoidReason.NOT_AT_SEA, ()
        army = pieces.at.get(origin, NOBODY)
        if army == NOBODY:
            return VoidReason.NO_UNIT_TO_CONVOY, (self.name(location),)
        if pieces.is_fleet[army]:
            return VoidReason.FLEET_CONVOYED, ()
        if origin == target:
            return VoidReason.OWN_PROVINCE, ()
        if self.tables.seas >> target & 1:
            return VoidReason.ARMY_TO_SEA, ()
        if not self.needed(pieces.prov[k], origin, target):
            return VoidReason.FLEET_NOT_NEEDED, (self.display(origin), self.display(target))
        return None

    def needed(self, fleet: int, origin: int, target: int) -> bool:
        """Whether some convoy route from origin to target needs this fleet (DATC 6.G.19).

        A fleet touching both ends is such a route on its own, the usual case;
        only a longer chain calls for the search of every route, once a position.
        """
        shores = self.tables.links[fleet]
        if shores >> origin & 1 and shores >> target & 1:
            return True
        names, needed, key = self.tables.names, self.pieces.needed, (origin, target)
        found = needed.get(key)
        if found is None:
            fleets = self.pieces.fleet_names
            if fleets is None:  # the fleets at sea by name, read once a position
                fleets = self.pieces.fleet_names = frozenset(names[sea] for sea in bits(self.pieces.fleets_at_sea))
            found = needed[key] = frozenset(necessary_fleets(self.board, fleets, names[origin], names[target]))
        return names[fleet] in found


# Each order kind's rule, as plain functions: no bound methods to build for every order.
_RULES: dict[type, _Rule] = {
    Hold: _Checker._hold,
    Move: _Checker._move,
    SupportHold: _Checker._support_hold,
    SupportMove: _Checker._support_move,
    Convoy: _Checker._convoy,
}


def _unknown(destination: Location) -> Why:
    return VoidReason.UNKNOWN_PROVINCE, (province_of(destination),)


_CHECKED_KEPT = 4096  # orders remembered checked, per position: a phase has a few dozen, resent a few times


def check_order(pieces: Pieces, power: str | None, order: Order) -> Checked:
    """One order's verdict in this position, checked once and remembered with the position's pieces."""
    known = pieces.checked.get(id(order))
    if known is not None and known[0] is order and known[1] == power:
        return known[2]
    checker = pieces.checker
    if checker is None:
        checker = pieces.checker = _Checker(pieces)
    checked: Checked = checker.check(power, order)
    if len(pieces.checked) >= _CHECKED_KEPT:  # a page checked again and again makes new order objects each time
        pieces.checked.clear()
    pieces.checked[id(order)] = (order, power, checked)
    return checked


def check_each(board: Board, position: Position, orders: Sequence[tuple[str | None, Order]]) -> list[Checked]:
    """Each order checked as if it were the only one given, and not remembered.

    For listing what a unit could be ordered to do (:mod:`game.options`):
    several candidate orders for one unit are alternatives here, not the
    "two orders for one unit" of a real submission, and there are thousands
    of them, so unlike a submission's orders they are not kept with the position.
    """
    pieces = pieces_of(board, position)
    checker = pieces.checker
    if checker is None:
        checker = pieces.checker = _Checker(pieces)
    return [checker.check(power, order) for power, order in orders]
