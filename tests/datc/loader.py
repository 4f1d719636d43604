"""Loading the project's DATC case files (format: FORMAT.md beside this file)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from adjudicator.position import DislodgedUnit, Phase, Position, Unit
from maps import Board, UnitType
from orders import Order, VerdictKind, parse_orders

CASES = Path(__file__).parent / "cases"


@dataclass(frozen=True)
class GivenOrder:
    """An order of a case with its expected fate: ``result``, the ``verdict``'s kind and its culprit ``by``."""

    power: str
    text: str
    result: str
    verdict: str | None = None
    by: str | None = None


@dataclass(frozen=True)
class ExpectedDislodged:
    power: str
    unit: str
    retreats: tuple[str, ...]


@dataclass(frozen=True)
class DatcCase:
    case: str
    title: str
    choice: str | None
    raw: dict[str, Any] = field(repr=False)

    @property
    def phase(self) -> Phase:
        return Phase.parse(self.raw["phase"])

    def position(self) -> Position:
        raw = self.raw
        centres = {c: power for power, owned in (raw.get("centres") or {}).items() for c in owned}
        dislodged = tuple(
            DislodgedUnit(
                unit=_unit(d["power"], d["unit"]),
                attacker_from=d.get("attacker_from"),
                via_convoy=bool(d.get("via_convoy", False)),
            )
            for d in raw.get("dislodged") or []
        )
        return Position(
            phase=self.phase,
            units=_units(raw.get("units") or {}),
            dislodged=dislodged,
            contested=tuple(raw.get("standoffs") or ()),
            centres=centres,
        )

    @property
    def given(self) -> list[GivenOrder]:
        return [
            GivenOrder(o["power"], o["order"], o["result"], o.get("verdict"), o.get("by"))
            for o in self.raw.get("orders") or []
        ]

    def parsed_orders(self, board: Board) -> dict[str | None, list[Order]]:
        grouped: dict[str | None, list[Order]] = {}
        for given in self.given:
            verdicts = parse_orders(given.text, board, phase=self.phase.type).verdicts
            verdict = verdicts[0]
            assert verdict.kind is VerdictKind.ORDER and verdict.order is not None, (
                f"{self.case}: cannot parse '{given.text}': {verdict.problem}"
            )
            grouped.setdefault(given.power, []).append(verdict.order)
        return grouped

    def expected_units(self) -> set[tuple[str | None, str]]:
        return {(u.power, str(u)) for u in _units(self.raw["expect"]["units"] or {})}

    def expected_dislodged(self) -> set[ExpectedDislodged]:
        return {
            ExpectedDislodged(d["power"], d["unit"], tuple(d.get("retreats") or ()))
            for d in self.raw["expect"].get("dislodged") or []
        }


def _unit(power: str, text: str) -> Unit:
    kind, location = text.split()
    return Unit(type=UnitType(kind), location=location, power=power)


def _units(by_power: dict[str, list[str]]) -> tuple[Unit, ...]:
    return tuple(_unit(power, text) for power, units in by_power.items() for text in units)


# libyaml's loader where PyYAML has it (it reads the cases ten times faster; every test process reads
# them while it collects), else the pure-Python one: both build the same plain data.
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.cache
def load_cases() -> list[DatcCase]:
    cases = []
    for path in sorted(CASES.glob("*.yaml")):
        for raw in yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER):
            cases.append(DatcCase(str(raw["case"]), raw["title"], raw.get("choice"), raw))
    return cases
