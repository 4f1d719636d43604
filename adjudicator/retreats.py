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

from adjudicator.outcomes import OrderOutcome, Result, Verdict, Void
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
    "RetreatVerdict",
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


class RetreatBounced(Verdict, frozen=True, tag="retreat_bounced"):
    """Two or more retreats to one province all fail, and their units are disbanded: ``rivals`` are the
    other units (where they were dislodged) that retreated there."""

    rivals: tuple[Location, ...]
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


RetreatVerdict = Retreated | RetreatBounced | Disbanded | Void
"""Every verdict of a retreat phase."""


class RetreatResult(msgspec.Struct, frozen=True):
    outcomes: tuple[OrderOutcome[RetreatVerdict], ...]
    units: tuple[Unit, ...]

    def position(self, before: Position) -> Position:
        return before.replace(units=self.units, dislodged=(), contested=())


# --- each order checked: its retreat phase's own form -------------------------------------------


class RetreatChecked(msgspec.Struct, frozen=True, gc=False):
    """A legal retreat: the dislodged ``unit`` goes to ``destination`` (the coast filled in)."""

    power: str | None
    order: Retreat
    unit: Unit
    destination: Location


class DisbandChecked(msgspec.Struct, frozen=True, gc=False):
    """A legal disband of the dislodged ``unit``."""

    power: str | None
    order: Disband
    unit: Unit


class VoidRetreat(msgspec.Struct, frozen=True, gc=False):
    """An order the retreat phase ignores (DATC 4.E.1), and why."""

    power: str | None
    order: Order
    verdict: Void


_Checked = RetreatChecked | DisbandChecked | VoidRetreat
_Options = Mapping[str, tuple[DislodgedUnit, tuple[Location, ...]]]  # province -> the unit there, where it may go


def adjudicate_retreats(
    board: Board, position: Position, orders: Mapping[str | None, Sequence[Order]]
) -> RetreatResult:
    """Resolve a retreat phase; dislodged units without a successful retreat are disbanded."""
    occupied = {u.province for u in position.units}
    options = {
        d.unit.province: (d, retreat_options(board, d, occupied, position.contested)) for d in position.dislodged
    }
    checked = _single_orders(
        [_check(board, options, power, order) for power, given in orders.items() for order in given]
    )
    going: dict[str, list[Unit]] = {}  # province -> the units retreating there
    for item in checked:
        if isinstance(item, RetreatChecked):
            going.setdefault(province_of(item.destination), []).append(item.unit)
    outcomes: list[OrderOutcome[RetreatVerdict]] = []
    retreated: list[Unit] = []
    done: set[str] = set()
    for item in checked:
        if isinstance(item, VoidRetreat):
            outcomes.append(OrderOutcome(item.power, item.order, item.verdict))
            continue
        unit = item.unit
        done.add(unit.province)
        if isinstance(item, DisbandChecked):
            outcomes.append(OrderOutcome(item.power, item.order, Disbanded()))
            continue
        rivals = tuple(other.location for other in going[province_of(item.destination)] if other is not unit)
        if rivals:
            outcomes.append(OrderOutcome(item.power, item.order, RetreatBounced(rivals)))
        else:
            retreated.append(unit.replace(location=item.destination))
            outcomes.append(OrderOutcome(item.power, item.order, Retreated(item.destination)))
    for dislodged, _ in options.values():
        if dislodged.unit.province not in done:
            unit = dislodged.unit
            disband = Disband(unit=UnitRef(type=unit.type, location=unit.location))
            unordered = NotRetreated.NEUTRAL if unit.is_neutral else NotRetreated.NOT_ORDERED
            outcomes.append(OrderOutcome(unit.power, disband, Disbanded(unordered), implicit=True))
    return RetreatResult(tuple(outcomes), (*position.units, *retreated))


def _void(power: str | None, order: Order, why: Why) -> VoidRetreat:
    return VoidRetreat(power, order, Void(*why))


def _check(board: Board, options: _Options, power: str | None, order: Order) -> _Checked:
    if not isinstance(order, Retreat | Disband):
        return _void(power, order, (VoidReason.NOT_A_RETREAT, ()))
    entry = options.get(order.unit.province)
    if entry is None or entry[0].unit.power != power:
        return _void(power, order, (VoidReason.NO_DISLODGED_UNIT, (str(power), board.display(order.unit.province))))
    dislodged, allowed = entry
    if isinstance(order, Disband):
        return DisbandChecked(power, order, dislodged.unit)
    target = province_of(order.destination)
    # A coast means nothing for an army (DATC 4.B.6): "A RUM R BUL/SC" retreats to Bulgaria, as a move would.
    destination = target if dislodged.unit.type is UnitType.ARMY else order.destination
    fits = [loc for loc in allowed if loc == destination or (destination == target and province_of(loc) == target)]
    if len(fits) == 1:
        return RetreatChecked(power, order, dislodged.unit, fits[0])
    if len(fits) > 1:
        return _void(power, order, (VoidReason.NAME_THE_COAST, (board.display(target),)))
    return _void(power, order, _why_not(board, dislodged, order.destination, allowed))


def _why_not(board: Board, dislodged: DislodgedUnit, destination: Location, allowed: Sequence[Location]) -> Why:
    target = province_of(destination)
    if target == dislodged.attacker_from and not dislodged.via_convoy:
        return VoidReason.WHERE_THE_ATTACKER_CAME_FROM, (board.display(target),)
    if not allowed:
        return VoidReason.NO_RETREAT_AT_ALL, (board.display(destination),)
    return VoidReason.NOT_A_RETREAT_OPTION, (board.display(destination), ", ".join(map(board.display, allowed)))


def _single_orders(checked: list[_Checked]) -> list[_Checked]:
    """Two different orders for one dislodged unit: both void, the unit is disbanded."""
    count = Counter(item.unit.province for item in checked if not isinstance(item, VoidRetreat))
    return [
        _void(item.power, item.order, (VoidReason.TWO_RETREAT_ORDERS, ()))
        if not isinstance(item, VoidRetreat) and count[item.unit.province] > 1
        else item
        for item in checked
    ]
