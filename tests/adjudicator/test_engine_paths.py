"""The engine's shortcut never changes a result.

An order checked at submission is not checked again at adjudication:
adjudicating orders submitted first must equal adjudicating them cold, down
to the numbers behind every outcome.

The phases: every DATC movement case (the paradoxes and circular moves
live there) and seeded random phases on both maps (dense supports, convoy
chains, neutrals).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import pytest

from adjudicator.movement import adjudicate_movement
from adjudicator.phase_orders import check_movement_orders
from adjudicator.position import Position
from bench.random_phases import random_phases
from maps import PhaseType, load_board
from orders.model import Order
from tests.datc.loader import load_cases

Orders = Mapping[str | None, Sequence[Order]]


def phases() -> Iterator[tuple[str, str, Position, Orders]]:
    for case in load_cases():
        if case.phase.type is PhaseType.MOVEMENT:
            yield case.case, "standard", case.position(), case.parsed_orders(load_board("standard"))
    for name in ("standard", "sengoku"):
        for phase in random_phases(load_board(name), 150, seed=7):
            yield f"{name} #{phase.number}", name, phase.position, phase.orders


PHASES = list(phases())


@pytest.mark.parametrize(("label", "name", "position", "orders"), PHASES, ids=[p[0] for p in PHASES])
def test_orders_checked_at_submission_adjudicate_as_if_checked_cold(
    label: str, name: str, position: Position, orders: Orders
) -> None:
    board = load_board(name)
    cold = adjudicate_movement(board, position.replace(), orders)  # a new object: nothing remembered
    for power, given in orders.items():
        check_movement_orders(board, position, {power: given})  # each power submits
    assert adjudicate_movement(board, position, orders) == cold
