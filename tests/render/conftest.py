"""Positions to draw, built by hand from a board (no game machinery needed)."""

from __future__ import annotations

import pytest

from adjudicator.position import Phase, Position, Unit
from maps import Board


def start_position(board: Board) -> Position:
    """The board's first phase: each power's start units and home centres, the neutral armies in place."""
    units = [Unit(type=u.type, location=u.location, power=p.name) for p in board.powers for u in p.units]
    neutrals = [Unit(type=u.type, location=u.location) for u in board.neutral_units]
    return Position(
        phase=Phase.parse(f"{board.start_season.value} {board.start_year} movement"),
        units=(*units, *neutrals),
        centres={centre: p.name for p in board.powers for centre in p.home_centres},
        neutral_centres=tuple(sorted(u.location for u in board.neutral_units)),
    )


@pytest.fixture(scope="session")
def sengoku_start(sengoku: Board) -> Position:
    return start_position(sengoku)


@pytest.fixture(scope="session")
def standard_start(standard: Board) -> Position:
    return start_position(standard)
