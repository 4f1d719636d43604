"""Helpers for playing Sengoku scenarios through the engine API, as a GM would."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from adjudicator.position import Phase, Position, Unit
from game.game import Game
from game.state import GameState
from game.submission import OrderVerdict
from maps import Board, UnitType
from orders import parse_orders


class Table:
    """A game on the Sengoku board with one-line helpers for orders and checks."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.board = game.board

    def orders(self, text: str) -> dict[str, list[OrderVerdict]]:
        """Submit pasted orders (power headers inside); returns each power's verdicts."""
        parsed = parse_orders(text, self.board, phase=self.game.state.position.phase.type)
        assert not parsed.errors, [e.describe() for e in parsed.errors]
        verdicts = {}
        for power, given in parsed.by_power().items():
            assert power is not None
            verdicts[power] = self.game.submit(power, given)
        return verdicts

    def play(self, text: str = "") -> None:
        """Submit orders that must all be accepted, then adjudicate."""
        for power, verdicts in self.orders(text).items():
            refused = [(v.order, v.problem) for v in verdicts if not v.accepted]
            assert not refused, (power, refused)
        self.game.adjudicate()

    @property
    def position(self) -> Position:
        return self.game.state.position

    @property
    def phase(self) -> str:
        return str(self.position.phase)

    def units(self, power: str | None = None) -> set[str]:
        """``{"A MIN", ...}`` for a power (None: the neutral units)."""
        return {str(u) for u in self.position.units if u.power == power}

    def last_outcome(self, text: str) -> str:
        """The result of the order written ``text`` (ids) in the last adjudicated phase."""
        from orders import order_text

        for outcome in self.game.state.history[-1].report.outcomes:
            if order_text(outcome.order) == text:
                return outcome.result.value
        raise AssertionError(f"no order {text!r} in the last phase")


@pytest.fixture()
def table(sengoku: Board) -> Table:
    """The Sengoku start, Spring 1570."""
    return Table(Game.new(sengoku))


def units(power: str | None, *texts: str) -> list[Unit]:
    return [Unit(type=UnitType(t.split()[0]), location=t.split()[1], power=power) for t in texts]


def custom(
    board: Board,
    phase: str,
    unit_list: Iterable[Unit],
    centres: dict[str, Iterable[str]],
    neutral_centres: Iterable[str] = (),
) -> Table:
    """A game from a made-up position (as a GM re-creating a situation would)."""
    owners = {c: power for power, owned in centres.items() for c in owned}
    position = Position(
        phase=Phase.parse(phase), units=tuple(unit_list), centres=owners, neutral_centres=tuple(neutral_centres)
    )
    return Table(Game(board, GameState(variant=board.name, position=position)))
