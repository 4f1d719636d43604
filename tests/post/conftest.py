"""A scripted game for the results post: the first two Sengoku phases of the CLI's game, and its victory."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from adjudicator.game import Game
from cli.gamefile import load_game
from tests.cli.conftest import GAMES, Cli, cli, game  # noqa: F401  (fixtures for the CLI tests here)

FIRST = GAMES / "first-years"
DEADLINE = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def kyoto(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """'Kyoto 1570' through Winter 1570: a won and a tied DP auction, a retreat, NMRs, the year's captures.

    The last phase leaves a deadline for Spring 1571 in the game, as a GM sets it.
    """
    folder = tmp_path_factory.mktemp("kyoto")
    cli = Cli(folder)
    game = folder / "game.json"
    cli("new", game, "--name", "Kyoto 1570")
    cli("orders", game, FIRST / "01-spring-1570.txt", code=3)
    cli("orders", game, FIRST / "02-spring-1570-oda-again.txt")
    cli("adjudicate", game)
    cli("orders", game, FIRST / "03-fall-1570.txt")
    cli("adjudicate", game)
    cli("orders", game, FIRST / "04-fall-1570-retreats.txt", code=3)
    cli("adjudicate", game)
    cli("orders", game, FIRST / "05-winter-1570.txt", code=3)
    cli("orders", game, FIRST / "06-winter-1570-hojo.txt")
    cli("adjudicate", game, "--deadline", DEADLINE.strftime("%Y-%m-%d %H:%M UTC"))
    return load_game(game)


@pytest.fixture(scope="module")
def victory(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """Oda takes its 21st centre in the Fall 1580 retreats (tests/cli/test_endings.py)."""
    folder = tmp_path_factory.mktemp("victory")
    cli = Cli(folder)
    game = folder / "game.json"
    cli("new", game, "--position", GAMES / "oda-at-twenty.yaml")
    cli("orders", game, GAMES / "oda-at-twenty-fall.txt", code=3)
    cli("adjudicate", game)
    cli("orders", game, input="Hojo:\nA Musashi - Shimotsuke\n")
    cli("adjudicate", game)
    return load_game(game)


def path(name: str) -> Path:
    return Path(__file__).parent / "golden" / name
