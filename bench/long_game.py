"""A game with a long history, played with random legal orders: for timing commands on a big game file.

    .venv/bin/python -m bench.long_game /tmp/long.json --years 30

Every power orders every unit each movement phase (:func:`bench.random_phases.random_orders`:
dense moves, supports and convoys, all legal); retreats and adjustments are
left to the rules for missing orders (disbands, waived builds, civil
disorder), which keeps the board busy. The same seed gives the same game.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path

from bench.random_phases import random_builds, random_orders
from cli.gamefile import save_game
from game.game import Game
from maps import PhaseType, load_board

__all__ = ["play", "main"]


def play(variant: str, years: int, seed: int = 1) -> Game:
    """A game of ``years`` years (or fewer, if someone wins first) on the named board."""
    board = load_board(variant)
    game = Game.new(board, name=f"random orders, seed {seed}")
    rng = random.Random(seed)
    last_year = game.state.position.phase.year + years - 1
    while not game.state.result.over and game.state.position.phase.year <= last_year:
        position = game.state.position
        if position.phase.type is PhaseType.MOVEMENT:
            for power, orders in random_orders(board, position, rng).items():
                if power is not None:
                    game.submit(power, orders)
        elif position.phase.type is PhaseType.ADJUSTMENTS:
            for power, orders in random_builds(board, position, game.rules).items():
                game.submit(power, orders)
        game.adjudicate()
    return game


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.long_game", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the game file to write")
    parser.add_argument("--variant", default="sengoku")
    parser.add_argument("--years", type=int, default=30, help="years to play (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = play(args.variant, args.years, args.seed)
    save_game(args.out, game)
    size = args.out.stat().st_size
    print(f"{args.out}: {len(game.state.history)} phases adjudicated, now {game.phase}, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
