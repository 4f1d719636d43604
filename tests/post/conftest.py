"""A scripted game for the results post: the first two Sengoku phases of the CLI's game, and its victory."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from cli.gamefile import load_game
from game.game import Game
from tests.cli.conftest import GAMES, Cli, cli, game  # noqa: F401  (fixtures for the CLI tests here)

FIRST = GAMES / "first-years"
DEADLINE = datetime(2099, 12, 1, 20, 0, tzinfo=UTC)  # far ahead: a deadline in the past is refused


@pytest.fixture(scope="module")
def kyoto(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """'Kyoto 1570' through Winter 1570: a won and a tied DP auction, a retreat, NMRs, the year's captures.

    The last phase leaves a deadline for Spring 1571 in the game, as a GM sets it.
    """
    folder = tmp_path_factory.mktemp("kyoto")
    run = Cli(folder)
    path = folder / "game.json"
    run("new", path, "--name", "Kyoto 1570")
    run("orders", path, FIRST / "01-spring-1570.txt", code=3)
    run("orders", path, FIRST / "02-spring-1570-oda-again.txt")
    run("adjudicate", path, "--yes")
    run("orders", path, FIRST / "03-fall-1570.txt")
    run("adjudicate", path, "--yes")
    run("orders", path, FIRST / "04-fall-1570-retreats.txt", code=3)
    run("adjudicate", path, "--yes")
    run("orders", path, FIRST / "05-winter-1570.txt", code=3)
    run("orders", path, FIRST / "06-winter-1570-hojo.txt")
    run("adjudicate", path, "--yes", "--deadline", DEADLINE.strftime("%Y-%m-%d %H:%M UTC"))
    return load_game(path)


@pytest.fixture(scope="module")
def spring_orders(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """'Kyoto 1570' at Spring 1570 with the orders of its first phase stored (DP bids too), not adjudicated."""
    folder = tmp_path_factory.mktemp("spring")
    run = Cli(folder)
    path = folder / "game.json"
    run("new", path, "--name", "Kyoto 1570")
    run("orders", path, FIRST / "01-spring-1570.txt", code=3)
    run("orders", path, FIRST / "02-spring-1570-oda-again.txt")
    return load_game(path)


@pytest.fixture(scope="module")
def victory(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """Oda takes its 21st centre in the Fall 1580 retreats (tests/cli/test_endings.py)."""
    folder = tmp_path_factory.mktemp("victory")
    run = Cli(folder)
    path = folder / "game.json"
    run("new", path, "--position", GAMES / "oda-at-twenty.yaml")
    run("orders", path, GAMES / "oda-at-twenty-fall.txt", code=3)
    run("adjudicate", path, "--yes")
    run("orders", path, input="Hojo:\nA Musashi - Shimotsuke\n")
    run("adjudicate", path, "--yes")
    return load_game(path)


@pytest.fixture(scope="module")
def kanto(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """'Kanto 1572': a cut support, a tied DP auction, a dislodged unit whose power sent nothing (Oda: its
    retreat missed, then a removal in civil disorder), a removal and a build ordered, then a draw voted."""
    folder = tmp_path_factory.mktemp("kanto")
    run = Cli(folder)
    path = folder / "game.json"
    run("new", path, "--name", "Kanto 1572", "--position", GAMES / "kanto" / "position.yaml")
    run("orders", path, GAMES / "kanto" / "fall-1572.txt")
    run("adjudicate", path, "--yes")
    run("adjudicate", path, "--yes")  # the retreats: Oda sent none
    run("orders", path, GAMES / "kanto" / "winter-1572.txt")
    run("adjudicate", path, "--yes")
    for power in ("Asakura", "Hojo", "Oda", "Takeda", "Uesugi"):
        run("draw", path, power)
    return load_game(path)


def golden(name: str) -> Path:
    return Path(__file__).parent / "golden" / name
