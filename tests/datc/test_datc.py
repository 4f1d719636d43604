"""Every DATC v3.0 test case of chapter 6, played on the standard map.

Each case checks the whole board afterwards (units, dislodged units and
their retreat options) and the result of every order, as the DATC states it,
with the verdict the rule gave and the unit it named (``verdict``, ``by``).
"""

from __future__ import annotations

import pytest

from adjudicator.adjustments import adjudicate_adjustments
from adjudicator.movement import adjudicate_movement
from adjudicator.outcomes import OrderOutcome
from adjudicator.retreats import adjudicate_retreats
from adjudicator.rules import STANDARD
from maps import Board, PhaseType
from tests.datc.loader import DatcCase, ExpectedDislodged, load_cases

CASES = load_cases()


def _given_outcomes(outcomes: tuple[OrderOutcome, ...]) -> list[OrderOutcome]:
    return [o for o in outcomes if not o.implicit]


def _in_case_order(case: DatcCase, grouped: dict[str | None, list]) -> list[int]:
    """Indexes that put outcomes (grouped by power) back into the case's order."""
    position_of: list[tuple[str | None, int]] = []
    counters: dict[str | None, int] = {}
    for given in case.given:
        position_of.append((given.power, counters.get(given.power, 0)))
        counters[given.power] = counters.get(given.power, 0) + 1
    flat = [(power, k) for power, orders in grouped.items() for k in range(len(orders))]
    return [flat.index(key) for key in position_of]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.case)
def test_datc(case: DatcCase, standard: Board) -> None:
    position = case.position()
    orders = case.parsed_orders(standard)
    if case.phase.type is PhaseType.MOVEMENT:
        result = adjudicate_movement(standard, position, orders)
        dislodged = {
            ExpectedDislodged(d.unit.power or "", str(d.unit), result.retreats[d.unit.location])
            for d in result.dislodged
        }
        assert dislodged == case.expected_dislodged()
    elif case.phase.type is PhaseType.RETREATS:
        result = adjudicate_retreats(standard, position, orders)
    else:
        result = adjudicate_adjustments(standard, position, orders, STANDARD)
    outcomes = _given_outcomes(result.outcomes)
    ordered = [outcomes[i] for i in _in_case_order(case, orders)]
    got = [
        (g.power, g.text, o.result.value, o.verdict.__struct_config__.tag, o.culprit)
        for g, o in zip(case.given, ordered, strict=True)
    ]
    want = [(g.power, g.text, g.result, g.verdict, g.by) for g in case.given]
    assert got == want
    assert {(u.power, str(u)) for u in result.units} == case.expected_units()
