"""The retreat phase: where a dislodged unit may go, and what happens when it tries.

Retreat options are settled by the movement phase (no retreat to the
attacker's province unless it came by convoy, DATC 4.A.5; none to an
occupied province or one left empty by a standoff). Two retreats to one
province both fail; a unit that does not retreat is disbanded. Each order
gets a verdict as movement's do (:mod:`adjudicator.outcomes`): it
:class:`Retreated`, :class:`RetreatBounced` with the units that went for the
same province, was :class:`Disbanded`, or is void.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import ClassVar

import msgspec

from adjudicator.outcomes import OrderOutcome, Reason, Result, Verdict, Void
from adjudicator.position import DislodgedUnit, Position, Unit
from adjudicator.refusals import VoidReason, Why
from adjudicator.worded import Worded
from maps.board import Board
from maps.terms import Location, UnitType, province_of
from orders.model import Disband, Order, Retreat, UnitRef

__all__ = [
    "Disbanded",
    "NotRetreated",
    "RetreatBounced",
    "RetreatResult",
    "Retreated",
    "adjudicate_retreats",
    "retreat_options",
]


class NotRetreated(Worded):
    """Why a dislodged unit that got no retreat order is disbanded."""

    NOT_ORDERED = "not_ordered", "no retreat ordered"
    NEUTRAL = "neutral", "neutral units never retreat"


class Retreated(Verdict, frozen=True, tag="retreated"):
    """The unit retreated ``to`` there."""

    to: Location
    succeeded: ClassVar[bool] = True
    result: ClassVar[Result] = Result.SUCCEEDS
    reason: ClassVar[Reason] = Reason.RETREATED


class RetreatBounced(Verdict, frozen=True, tag="retreat_bounced"):
    """Two or more retreats to one province all fail, and their units are disbanded: ``rivals`` are the
    other units (where they were dislodged) that retreated there."""

    rivals: tuple[Location, ...]
    reason: ClassVar[Reason] = Reason.RETREAT_BOUNCED
    noted: ClassVar[bool] = True

    @property
    def culprit(self) -> Location | None:
        return self.rivals[0] if self.rivals else None

    @property
    def note(self) -> str:
        return "disbanded"


class Disbanded(Verdict, frozen=True, tag="disbanded"):
    """The dislodged unit is disbanded: as ordered, or (``why``) for want of a retreat order."""

    why: NotRetreated | None = None
    succeeded: ClassVar[bool] = True
    result: ClassVar[Result] = Result.SUCCEEDS
    reason: ClassVar[Reason] = Reason.DISBANDED
    noted: ClassVar[bool] = True

    @property
    def note(self) -> str:
        return self.why.words if self.why is not None else ""


def retreat_options(
    board: Board, dislodged: DislodgedUnit, occupied: Collection[str], contested: Collection[str]
) -> tuple[Location, ...]:
    """The locations a dislodged unit may retreat to (none for a neutral: it is disbanded)."""
    unit = dislodged.unit
    if unit.is_neutral:
        return ()
    if unit.type is UnitType.ARMY:
        candidates: Collection[Location] = board.army_neighbours(unit.province)
    else:
        candidates = board.fleet_neighbours(unit.location)
    barred = {dislodged.attacker_from} if dislodged.attacker_from and not dislodged.via_convoy else set()
    return tuple(
        sorted(
            loc
            for loc in candidates
            if province_of(loc) not in occupied and province_of(loc) not in contested and province_of(loc) not in barred
        )
    )


class RetreatResult(msgspec.Struct, frozen=True):
    outcomes: tuple[OrderOutcome, ...]
    units: tuple[Unit, ...]

    def position(self, before: Position) -> Position:
        return before.replace(units=self.units, dislodged=(), contested=())


def adjudicate_retreats(
    board: Board, position: Position, orders: Mapping[str | None, Sequence[Order]]
) -> RetreatResult:
    """Resolve a retreat phase; dislodged units without a successful retreat are disbanded."""
    occupied = {u.province for u in position.units}
    options = {
        d.unit.province: (d, retreat_options(board, d, occupied, position.contested)) for d in position.dislodged
    }
    checked = [_check(board, options, power, order) for power, given in orders.items() for order in given]
    checked = _single_orders(checked)
    going: dict[str, list[Unit]] = {}  # province -> the units retreating there
    for _, order, destination, why in checked:
        if destination is not None and why is None:
            unit = options[order.unit.province][0].unit  # type: ignore[union-attr]
            going.setdefault(province_of(destination), []).append(unit)
    outcomes: list[OrderOutcome] = []
    retreated: list[Unit] = []
    done: set[str] = set()
    for power, order, destination, why in checked:
        if why is not None:
            outcomes.append(OrderOutcome.of(power, order, Void(*why)))
            continue
        done.add(order.unit.province)  # type: ignore[union-attr]
        if destination is None:
            outcomes.append(OrderOutcome.of(power, order, Disbanded()))
            continue
        unit = options[order.unit.province][0].unit  # type: ignore[union-attr]
        rivals = tuple(other.location for other in going[province_of(destination)] if other is not unit)
        if rivals:
            outcomes.append(OrderOutcome.of(power, order, RetreatBounced(rivals)))
        else:
            retreated.append(unit.replace(location=destination))
            outcomes.append(OrderOutcome.of(power, order, Retreated(destination)))
    for dislodged, _ in options.values():
        if dislodged.unit.province not in done:
            unit = dislodged.unit
            disband = Disband(unit=UnitRef(type=unit.type, location=unit.location))
            unordered = NotRetreated.NEUTRAL if unit.is_neutral else NotRetreated.NOT_ORDERED
            outcomes.append(OrderOutcome.of(unit.power, disband, Disbanded(unordered), implicit=True))
    return RetreatResult(tuple(outcomes), (*position.units, *retreated))


_Item = tuple[str | None, Order, Location | None, Why | None]  # power, order, destination, why it is void


def _check(
    board: Board, options: Mapping[str, tuple[DislodgedUnit, tuple[Location, ...]]], power: str | None, order: Order
) -> _Item:
    if not isinstance(order, Retreat | Disband):
        return power, order, None, (VoidReason.NOT_A_RETREAT, ())
    entry = options.get(order.unit.province)
    if entry is None or entry[0].unit.power != power:
        return power, order, None, (VoidReason.NO_DISLODGED_UNIT, (str(power), board.display(order.unit.province)))
    if isinstance(order, Disband):
        return power, order, None, None
    dislodged, allowed = entry
    target = province_of(order.destination)
    # A coast means nothing for an army (DATC 4.B.6): "A RUM R BUL/SC" retreats to Bulgaria, as a move would.
    destination = target if dislodged.unit.type is UnitType.ARMY else order.destination
    fits = [loc for loc in allowed if loc == destination or (destination == target and province_of(loc) == target)]
    if len(fits) == 1:
        return power, order, fits[0], None
    if len(fits) > 1:
        return power, order, None, (VoidReason.NAME_THE_COAST, (board.display(target),))
    return power, order, None, _why_not(board, dislodged, order.destination, allowed)


def _why_not(board: Board, dislodged: DislodgedUnit, destination: Location, allowed: Sequence[Location]) -> Why:
    target = province_of(destination)
    if target == dislodged.attacker_from and not dislodged.via_convoy:
        return VoidReason.WHERE_THE_ATTACKER_CAME_FROM, (board.display(target),)
    if not allowed:
        return VoidReason.NO_RETREAT_AT_ALL, (board.display(destination),)
    return VoidReason.NOT_A_RETREAT_OPTION, (board.display(destination), ", ".join(map(board.display, allowed)))


def _single_orders(checked: list[_Item]) -> list[_Item]:
    """Two different orders for one dislodged unit: both void, the unit is disbanded."""
    count = Counter(order.unit.province for _, order, _, why in checked if why is None)  # type: ignore[union-attr]
    return [
        (power, order, None, (VoidReason.TWO_RETREAT_ORDERS, ()))
        if why is None and count[order.unit.province] > 1  # type: ignore[union-attr]
        else (power, order, destination, why)
        for power, order, destination, why in checked
    ]
