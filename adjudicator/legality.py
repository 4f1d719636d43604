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
from typing import Any, NamedTuple, Protocol

from adjudicator.convoys import has_route, necessary_fleets
from adjudicator.position import Position
from maps.board import Board
from maps.terms import Location, UnitType, province_of
from orders.model import Convoy, DPOrder, Hold, Move, Order, SupportHold, SupportMove

__all__ = ["Checked", "Piece", "UnitFacts", "check_each", "check_movement_orders", "pieces"]

# Enum members cost a metaclass lookup each in Python 3.11 (about 90 ns).
ARMY, FLEET = UnitType.ARMY, UnitType.FLEET


class Piece(Protocol):
    """A unit's facts, read once from its pydantic model: what the checker reads about a unit.

    Reading a pydantic field costs several times a plain attribute, so each
    unit is read once. Any record with these attributes will do: the
    movement phase passes the battle's entries, which carry them anyway.
    """

    @property
    def province(self) -> str: ...
    @property
    def type(self) -> UnitType: ...
    @property
    def location(self) -> Location: ...
    @property
    def power(self) -> str | None: ...


class UnitFacts(NamedTuple):
    """A :class:`Piece` for a check on its own (a submission, a DP order)."""

    province: str
    type: UnitType
    location: Location
    power: str | None


def pieces(board: Board, position: Position) -> list[UnitFacts]:
    """Every unit's facts, in the position's order."""
    where = board.location_provinces
    found = []
    for unit in position.units:
        location = unit.location
        found.append(UnitFacts(where.get(location) or province_of(location), unit.type, location, unit.power))
    return found


class Checked(NamedTuple):
    """An order after the legality check. ``problem`` is None for a legal order.

    For a legal move, ``destination`` is the exact location (the coast filled
    in where only one is reachable, DATC 4.B.2) and ``convoyed`` says whether
    it travels by convoy (DATC 4.A.3: non-adjacent, "via convoy", or an own
    fleet legally ordered to convoy it). For a legal support to a move,
    ``destination`` is the location as the order names it (a coast or not).

    An order also carries its unit and provinces, read once from the order:
    ``unit_index`` (the ordered unit's place in the position's units, -1 for
    none) and ``province`` (its province, None for none); ``target``
    (moved, supported or convoyed into) and ``subject`` (the supported or
    convoyed unit's) when the order is legal.

    A named tuple rather than a frozen dataclass: just as immutable, and
    several times cheaper to build, which matters at one per order per phase.
    """

    power: str | None
    order: Order
    problem: str | None = None
    destination: Location | None = None
    convoyed: bool = False
    unit_index: int = -1
    province: str | None = None
    target: str = ""
    subject: str = ""


# A named tuple's own constructor is a Python-level function (about 300 ns a
# call in CPython 3.11); tuple.__new__ given every field, in order, builds the
# same value in under 200 ns. Legal orders, one per unit a phase, are built so.
_new = tuple.__new__
assert Checked._fields[2:] == ("problem", "destination", "convoyed", "unit_index", "province", "target", "subject")


def _void(power: str | None, order: Order, piece: Piece, k: int, problem: str) -> Checked:
    return Checked(power, order, problem, None, False, k, piece.province)


_Rule = Callable[["_Checker", str | None, Any, Piece, int], Checked]


class _Checker:
    """Checks one phase's orders; the position's lookups are built once, not per order.

    ``intents`` collects the legal convoy orders as (power, army's province,
    target), for the convoy-intent rule applied once every order is checked.
    """

    __slots__ = ("board", "where", "pieces", "at", "fleets_at_sea", "intents", "_routes", "_needed")

    def __init__(self, board: Board, pieces: Sequence[Piece]) -> None:
        self.board = board
        self.where = board.location_provinces  # location -> province, without a call per lookup
        self.pieces = pieces
        self.at = {piece.province: k for k, piece in enumerate(pieces)}
        seas = board.seas
        self.fleets_at_sea = frozenset(p.province for p in pieces if p.type is FLEET and p.province in seas)
        self.intents: set[tuple[str | None, str, str]] = set()
        self._routes: dict[tuple[str, str, str | None], bool] = {}
        self._needed: dict[tuple[str, str], set[str]] = {}

    def province(self, location: Location) -> str:
        return self.where.get(location) or province_of(location)

    def check(self, power: str | None, order: Order) -> Checked:
        rule = _RULES.get(type(order))
        if rule is None:
            if isinstance(order, DPOrder):
                return Checked(power, order, "a DP order is settled before movement, not adjudicated as one")
            return Checked(power, order, "not an order for a movement phase")
        location = order.unit.location  # type: ignore[union-attr]
        province = self.where.get(location) or province_of(location)
        k = self.at.get(province)
        if k is None:
            return Checked(power, order, f"there is no unit in {self.board.display(province)}")
        piece = self.pieces[k]
        if piece.power != power:
            return _void(power, order, piece, k, _not_yours(self.board, power, piece))
        return rule(self, power, order, piece, k)

    def _hold(self, power: str | None, order: Hold, piece: Piece, k: int) -> Checked:
        return _new(Checked, (power, order, None, None, False, k, piece.province, "", ""))

    def route(self, origin: str, target: str, without: str | None = None) -> bool:
        """Whether the fleets at sea (less ``without``) could chain origin to target; memoised per phase."""
        key = (origin, target, without)
        known = self._routes.get(key)
        if known is None:
            fleets = self.fleets_at_sea - {without} if without else self.fleets_at_sea
            known = self._routes[key] = has_route(self.board, fleets, origin, target)
        return known

    # --- moves ------------------------------------------------------------------------

    def _move(self, power: str | None, order: Move, piece: Piece, k: int) -> Checked:
        board, origin = self.board, piece.province
        destination, via_convoy = order.destination, order.via_convoy
        target = self.where.get(destination) or province_of(destination)
        if target not in board.provinces:
            return _void(power, order, piece, k, _unknown(target))
        if target == origin:
            return _void(power, order, piece, k, "a unit cannot move to its own province")
        if piece.type is FLEET:
            if via_convoy or destination not in board.fleet_neighbours(piece.location):
                exact, problem = self._fleet_destination(destination, via_convoy, piece, target)
                if problem:
                    return _void(power, order, piece, k, problem)
                destination = exact
            return _new(Checked, (power, order, None, destination, False, k, origin, target, ""))
        if target in board.seas:
            return _void(power, order, piece, k, "an army cannot move to sea")
        adjacent = target in board.army_neighbours(origin)
        if via_convoy or not adjacent:
            if not self.route(origin, target):
                why = "no fleets stand where they could convoy it" if adjacent else "not adjacent, and no convoy route"
                return _void(power, order, piece, k, f"{board.display(origin)} to {board.display(target)}: {why}")
            return _new(Checked, (power, order, None, target, True, k, origin, target, ""))
        return _new(Checked, (power, order, None, target, False, k, origin, target, ""))

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

    def _support_hold(self, power: str | None, order: SupportHold, piece: Piece, k: int) -> Checked:
        supported = self.province(order.supported.location)
        problem = self._supported_unit(piece.province, supported)
        if problem is None and not self.board.reaches(piece.type, piece.location, supported):
            problem = self._unreachable(piece, supported)
        if problem:
            return _void(power, order, piece, k, problem)
        return _new(Checked, (power, order, None, None, False, k, piece.province, supported, supported))

    def _support_move(self, power: str | None, order: SupportMove, piece: Piece, k: int) -> Checked:
        supported, destination = self.province(order.supported.location), order.destination
        target = self.province(destination)
        problem = self._support_move_problem(piece, supported, target)
        if problem:
            return _void(power, order, piece, k, problem)
        return _new(Checked, (power, order, None, destination, False, k, piece.province, target, supported))

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
        if not self._could_move(self.pieces[self.at[supported]], target, helper=piece.province):
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

    def _convoy(self, power: str | None, order: Convoy, piece: Piece, k: int) -> Checked:
        origin, target = self.province(order.convoyed.location), self.province(order.destination)
        problem = self._convoy_problem(piece, origin, target)
        if problem:
            return _void(power, order, piece, k, problem)
        self.intents.add((power, origin, target))
        return _new(Checked, (power, order, None, None, False, k, piece.province, target, origin))

    def _convoy_problem(self, piece: Piece, origin: str, target: str) -> str | None:
        if target not in self.board.provinces:
            return _unknown(target)
        if piece.type is not FLEET or piece.province not in self.board.seas:
            return "only a fleet at sea can convoy"
        army = self.at.get(origin)
        if army is None:
            return f"there is no unit in {self.board.display(origin)} to convoy"
        if self.pieces[army].type is not ARMY:
            return "only armies can be convoyed"
        if origin == target:
            return "a unit cannot move to its own province"
        if target in self.board.seas:
            return "an army cannot move to sea"
        if not self.needed(piece.province, origin, target):
            route = f"{self.board.display(origin)} to {self.board.display(target)}"
            return f"this fleet is not needed for any convoy route from {route}"
        return None

    def needed(self, fleet: str, origin: str, target: str) -> bool:
        """Whether some convoy route from origin to target needs this fleet (DATC 6.G.19).

        A fleet touching both ends is such a route on its own, the usual case;
        only a longer chain calls for the search of every route, once a phase.
        """
        shores = self.board.shores(fleet)
        if origin in shores and target in shores:
            return True
        key = (origin, target)
        if key not in self._needed:
            self._needed[key] = necessary_fleets(self.board, self.fleets_at_sea, origin, target)
        return fleet in self._needed[key]


# Each order kind's rule, as plain functions: no bound methods to build for every phase.
_RULES: dict[type, _Rule] = {
    Hold: _Checker._hold,
    Move: _Checker._move,
    SupportHold: _Checker._support_hold,
    SupportMove: _Checker._support_move,
    Convoy: _Checker._convoy,
}


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

    ``facts`` may give the position's units, in order, as :class:`Piece` records when the
    caller has them already (the movement phase passes its battle entries); an order's
    ``unit_index`` is its unit's place among them.
    """
    checker = _Checker(board, pieces(board, position) if facts is None else facts)
    checked = [checker.check(power, order) for power, given in orders.items() for order in given]
    intents = checker.intents
    ordered = [item.province for item in checked if item.problem is None]
    if len(set(ordered)) < len(ordered):  # rare: a unit ordered twice
        checked = _one_order_per_unit(checked)
        intents = {(c.power, c.subject, c.target) for c in checked if c.problem is None and type(c.order) is Convoy}
    return _with_convoy_intent(checked, intents) if intents else checked


def check_each(board: Board, position: Position, orders: Sequence[tuple[str | None, Order]]) -> list[Checked]:
    """Each order checked as if it were the only one given (one checker, so its lookups are built once).

    For listing what a unit could be ordered to do (:mod:`adjudicator.options`):
    several candidate orders for one unit are alternatives here, not the
    "two orders for one unit" of a real submission.
    """
    checker = _Checker(board, pieces(board, position))
    return [checker.check(power, order) for power, order in orders]


def _one_order_per_unit(checked: list[Checked]) -> list[Checked]:
    """Two different orders for one unit: both void, the unit holds (DATC 4.D.3)."""
    by_unit: dict[str | None, list[int]] = {}
    for i, item in enumerate(checked):
        if item.problem is None:
            by_unit.setdefault(item.province, []).append(i)
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


def _with_convoy_intent(checked: list[Checked], intents: set[tuple[str | None, str, str]]) -> list[Checked]:
    """An army moving to an adjacent province goes by convoy if an own fleet legally convoys it (DATC 4.A.3)."""
    result = []
    for item in checked:
        if item.problem is None and not item.convoyed and type(item.order) is Move:
            if (item.power, item.province, item.target) in intents:
                item = item._replace(convoyed=True)
        result.append(item)
    return result
