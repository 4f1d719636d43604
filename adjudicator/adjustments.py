"""The winter adjustment phase: builds, removals, waives and civil disorder.

Orders are handled one by one and the first legal ones count (DATC 4.D.4 to
4.D.6); builds may be waived (4.D.7); a power that removes too few loses its
units farthest from its owned supply centres, counting through land and sea
alike, fleets before armies at equal distance, then by province name (the
2023 rule, DATC 4.D.8). Each order gets a verdict as movement's do
(:mod:`adjudicator.outcomes`): :class:`Built`, :class:`Removed`,
:class:`Waived`, :class:`TooMany` (beyond what is due), removed in
:class:`CivilDisorder`, or void.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Literal

import msgspec

from adjudicator.outcomes import OrderOutcome, Result, Verdict, Void
from adjudicator.position import Position, Unit
from adjudicator.refusals import VoidReason, Why
from adjudicator.rules import BuildSites, Rules
from adjudicator.worded import Worded
from maps.board import Board
from maps.terms import UnitType, coast_of, province_of
from orders.model import Build, Order, Remove, UnitRef, Waive

__all__ = [
    "AdjustmentResult",
    "AdjustmentVerdict",
    "Built",
    "CivilDisorder",
    "Removed",
    "TooMany",
    "Unbuilt",
    "Waived",
    "adjudicate_adjustments",
    "adjustment_counts",
    "build_sites",
]


class Unbuilt(Worded):
    """Why a build due was waived without a waive order (DATC 4.D.7)."""

    NOT_ORDERED = "not_ordered", "not ordered"
    NO_SITE = "no_site", "no vacant owned centre"


class Built(Verdict, frozen=True, tag="built"):
    """The unit was built."""

    succeeded: ClassVar[bool] = True
    result: ClassVar[Result] = Result.SUCCEEDS


class Removed(Verdict, frozen=True, tag="removed"):
    """The unit was removed, as ordered."""

    succeeded: ClassVar[bool] = True
    result: ClassVar[Result] = Result.SUCCEEDS


class Waived(Verdict, frozen=True, tag="waived"):
    """A build was waived: as ordered, or (``why``) for want of an order or a site."""

    why: Unbuilt | None = None
    succeeded: ClassVar[bool] = True
    result: ClassVar[Result] = Result.SUCCEEDS
    noted: ClassVar[bool] = True

    @property
    def note(self) -> str:
        return self.why.words if self.why is not None else ""


class TooMany(Verdict, frozen=True, tag="too_many"):
    """A build or removal beyond the ``due`` ones: the first orders count (DATC 4.D.4-4.D.6)."""

    due: int
    of: Literal["build", "removal"]
    noted: ClassVar[bool] = True

    @property
    def note(self) -> str:
        return f"only {self.due} {self.of}" + ("" if self.due == 1 else "s") + " due"


class CivilDisorder(Verdict, frozen=True, tag="civil_disorder"):
    """A power that ordered too few removals lost this unit by the civil disorder rule (DATC 4.D.8)."""

    succeeded: ClassVar[bool] = True
    result: ClassVar[Result] = Result.SUCCEEDS


_BUILT, _REMOVED, _WAIVED, _CIVIL_DISORDER = Built(), Removed(), Waived(), CivilDisorder()

AdjustmentVerdict = Built | Removed | Waived | TooMany | CivilDisorder | Void
"""Every verdict of an adjustment phase."""
_Outcome = OrderOutcome[AdjustmentVerdict]


class AdjustmentResult(msgspec.Struct, frozen=True):
    outcomes: tuple[_Outcome, ...]
    units: tuple[Unit, ...]

    def position(self, before: Position) -> Position:
        return before.replace(units=self.units)


def adjustment_counts(board: Board, position: Position) -> dict[str, int]:
    """Per power: builds due (positive) or removals due (negative)."""
    return {power: len(position.centres_of(power)) - len(position.units_of(power)) for power in board.power_names}


def build_sites(board: Board, position: Position, rules: Rules, power: str) -> list[str]:
    """The vacant centres where the power may build this winter."""
    owned = set(position.centres_of(power))
    if rules.build_sites is BuildSites.HOME_CENTRES:
        owned &= set(board.home_centres(power))
    return sorted(c for c in owned if c not in position.unit_at)


def adjudicate_adjustments(
    board: Board, position: Position, orders: Mapping[str | None, Sequence[Order]], rules: Rules
) -> AdjustmentResult:
    counts = adjustment_counts(board, position)
    ledgers: dict[str | None, _Ledger] = {}
    outcomes: list[_Outcome] = []
    for power, given in orders.items():
        ledger = ledgers[power] = _Ledger(board, position, rules, power, counts.get(power, 0) if power else 0)
        outcomes += [ledger.handle(order) for order in given]
    for power, due in counts.items():
        ledger = ledgers.setdefault(power, _Ledger(board, position, rules, power, due))
        outcomes += ledger.unordered()
    built = [unit for ledger in ledgers.values() for unit in ledger.built]
    removed = {province for ledger in ledgers.values() for province in ledger.removed}
    units = tuple(u for u in position.units if u.province not in removed) + tuple(built)
    return AdjustmentResult(tuple(outcomes), units)


class _Ledger:
    """One power's adjustment orders, taken in the order written."""

    def __init__(self, board: Board, position: Position, rules: Rules, power: str | None, due: int) -> None:
        self.board, self.position, self.power, self.due = board, position, power, due
        self.sites = set(build_sites(board, position, rules, power)) if power is not None else set()
        self.built: list[Unit] = []
        self.removed: set[str] = set()
        self.waived = 0

    def outcome(self, order: Order, verdict: AdjustmentVerdict) -> _Outcome:
        return OrderOutcome(self.power, order, verdict)

    def void(self, order: Order, why: Why) -> _Outcome:
        """An illegal order: void (DATC 4.E.1), and why."""
        return self.outcome(order, Void(*why))

    def handle(self, order: Order) -> _Outcome:
        if isinstance(order, Build | Waive):
            if self.due <= 0:
                return self.void(order, (VoidReason.NO_BUILDS_DUE, ()))
            why = self._build_problem(order) if isinstance(order, Build) else None
            if why is not None:  # a build that could never be (not a site, no such place) says so first
                return self.void(order, why)
            if len(self.built) + self.waived >= self.due:
                return self.outcome(order, TooMany(self.due, "build"))
            if isinstance(order, Waive):
                self.waived += 1
                return self.outcome(order, _WAIVED)
            return self._build(order)
        if isinstance(order, Remove):
            return self._remove(order)
        return self.void(order, (VoidReason.NOT_AN_ADJUSTMENT, ()))

    def _build_problem(self, order: Build) -> Why | None:
        """Why this build could not be made whatever the count (no such place, not a site...), else None."""
        province = order.unit.province
        if province not in self.board.provinces:
            return VoidReason.UNKNOWN_PROVINCE, (province,)
        if any(u.province == province for u in self.built):
            return VoidReason.ALREADY_BUILDING, (self.board.display(province),)
        if province not in self.sites:
            return self._why_not_site(province)
        unit_type, location = self._placed(order)
        if not self.board.can_stand(unit_type, location):
            return _placement_problem(self.board, unit_type, location)
        return None

    def _placed(self, order: Build) -> tuple[UnitType, str]:
        unit_type = order.unit.type or (UnitType.FLEET if coast_of(order.unit.location) else UnitType.ARMY)
        return unit_type, order.unit.province if unit_type is UnitType.ARMY else order.unit.location

    def _build(self, order: Build) -> _Outcome:
        unit_type, location = self._placed(order)
        self.built.append(Unit(type=unit_type, location=location, power=self.power))
        return self.outcome(order, _BUILT)

    def unordered(self) -> list[_Outcome]:
        """What happens to builds and removals the power did not order: waived; removed in civil disorder."""
        if self.due > 0:
            missing = self.due - len(self.built) - self.waived
            vacant = len(self.sites) - len(self.built)
            return [
                OrderOutcome(
                    self.power, Waive(), Waived(Unbuilt.NOT_ORDERED if k < vacant else Unbuilt.NO_SITE), implicit=True
                )
                for k in range(missing)
            ]
        missing = -self.due - len(self.removed)
        if self.power is None or missing <= 0:
            return []
        outcomes: list[_Outcome] = []
        for unit in _civil_disorder(self.board, self.position, self.power, missing, self.removed):
            self.removed.add(unit.province)
            order = Remove(unit=UnitRef(type=unit.type, location=unit.location))
            outcomes.append(OrderOutcome(self.power, order, _CIVIL_DISORDER, implicit=True))
        return outcomes

    def _why_not_site(self, province: str) -> Why:
        """Why a build cannot go there: a centre the power does not own is the first reason (a neutral army
        in it is beside the point), then a unit in the way, then the home-centre rule where it applies."""
        shown = self.board.display(province)
        if self.position.centres.get(province) != self.power:
            return VoidReason.CENTRE_NOT_OWNED, (str(self.power), shown)
        if province in self.position.unit_at:
            return VoidReason.SITE_OCCUPIED, (shown,)
        return VoidReason.NOT_A_HOME_CENTRE, (shown, str(self.power))

    def _remove(self, order: Remove) -> _Outcome:
        unit = self.position.unit_at.get(order.unit.province)
        if self.due >= 0:
            return self.void(order, (VoidReason.NO_REMOVALS_DUE, ()))
        if unit is None or unit.power != self.power:
            return self.void(
                order, (VoidReason.NO_UNIT_TO_REMOVE, (str(self.power), self.board.display(order.unit.province)))
            )
        if unit.province in self.removed:
            return self.void(order, (VoidReason.ALREADY_REMOVED, ()))
        if len(self.removed) >= -self.due:
            return self.outcome(order, TooMany(-self.due, "removal"))
        self.removed.add(unit.province)
        return self.outcome(order, _REMOVED)


def _placement_problem(board: Board, unit_type: UnitType, location: str) -> Why:
    province = board.provinces[province_of(location)]
    if unit_type is UnitType.FLEET and province.is_land:
        return VoidReason.FLEET_BUILT_INLAND, (province.name,)
    if unit_type is UnitType.FLEET and province.coasts:
        return VoidReason.NAME_THE_COAST_TO_BUILD, (province.name,)
    cannot = VoidReason.FLEET_CANNOT_STAND if unit_type is UnitType.FLEET else VoidReason.ARMY_CANNOT_STAND
    return cannot, (board.display(location),)


def _civil_disorder(board: Board, position: Position, power: str, count: int, removed: set[str]) -> list[Unit]:
    """The units a power in civil disorder loses: farthest from its owned centres first (2023 rule)."""
    distance = board.distances(position.centres_of(power))
    candidates = [u for u in position.units_of(power) if u.province not in removed]

    def key(unit: Unit) -> tuple[float, int, str]:
        far = distance.get(unit.province, float("inf"))
        return (-far, 0 if unit.type is UnitType.FLEET else 1, board.provinces[unit.province].name)

    return sorted(candidates, key=key)[:count]
