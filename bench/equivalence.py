"""Does a change to the movement engine keep every result? Record once, check after each change.

    .venv/bin/python -m bench.equivalence record          # before: phases and results to /tmp
    .venv/bin/python -m bench.equivalence check           # after: same phases, byte-identical results?
    .venv/bin/python -m bench.equivalence check --boards  # after a change of words: the same boards?

Speed work must not change a single result, including the parts no test
looks at (reasons, notes, strengths, who opposed a move, the order of the
outcomes). ``record`` generates the phases once, pickles them with the
current engine's full output, and ``check`` replays the pickled phases (so a
change to the generator or to :class:`maps.Board` cannot shift them) and
compares each phase's output as text.

The phases: seeded random phases on both maps (:mod:`bench.random_phases`:
dense supports, convoy chains, split coasts, neutrals on Sengoku), the same
phases with random extra orders (illegal ones, orders for other powers'
units, two orders for one unit), and every DATC movement case (paradoxes and
circular movement, which random phases rarely reach).
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from adjudicator.movement import MovementResult, adjudicate_movement
from adjudicator.position import Position, Unit
from bench.random_phases import random_phases
from maps import Board, PhaseType, load_board
from maps.terms import UnitType
from orders.model import Convoy, Hold, Move, Order, SupportHold, SupportMove, UnitRef
from orders.structs import convert

__all__ = ["fingerprint", "main"]

DEFAULT = Path("/tmp/sengoku-equivalence.pkl")
Orders = dict[str | None, list[Order]]
Case = tuple[str, str, Position, Orders]  # (label, map name, position, orders)


def fingerprint(result: MovementResult) -> str:
    """Everything a movement phase returns, as text: equal text, equal result.

    An outcome's verdict is written as the game file keeps it (its kind and what it names, as JSON),
    beside what is derived from it (the result, the note and the culprit) and the numbers behind it,
    so a verdict's words may change in the post without a phase differing here.
    """
    encode = msgspec.json.encode
    outcomes = [
        (o.power, encode(o.order).decode(), encode(o.verdict).decode(), o.result.value, o.note,
         type(o.detail).__name__, msgspec.structs.astuple(o.detail), o.implicit, o.culprit)
        for o in result.outcomes
    ]  # fmt: skip
    return f"{board_text(result)}, {outcomes!r})"


def board_text(result: MovementResult) -> str:
    """The new board alone as text, the way :func:`fingerprint` begins: units, dislodged units
    (attacker, convoy flag), standoffs and retreat options."""
    units = [(u.type.value, u.location, u.power) for u in result.units]
    dislodged = [
        (d.unit.type.value, d.unit.location, d.unit.power, d.attacker_from, d.via_convoy) for d in result.dislodged
    ]
    retreats = list(result.retreats.items())
    return "(" + ", ".join(map(repr, (units, dislodged, list(result.contested), retreats)))


# --- the phases -------------------------------------------------------------------------


def _random_cases(board: Board, seeds: Sequence[int], count: int) -> Iterator[Case]:
    for seed in seeds:
        for phase in random_phases(board, count, seed=seed):
            yield f"{board.name} seed {seed} #{phase.number}", board.name, phase.position, phase.orders


def _noisy(board: Board, case: Case, rng: random.Random) -> Case:
    """The phase with 1-6 random extra orders: mostly illegal, some for units already ordered or not owned."""
    label, name, position, orders = case
    units = list(position.units)
    locations = sorted(board.location_provinces)
    noisy: Orders = {power: list(given) for power, given in orders.items()}
    for _ in range(rng.randint(1, 6)):
        unit = rng.choice(units)
        power = unit.power if rng.random() < 0.7 else rng.choice([None, *board.power_names])
        ref = UnitRef(type=unit.type if rng.random() < 0.9 else None, location=unit.location)
        if rng.random() < 0.1:
            ref = UnitRef(type=UnitType.ARMY, location=rng.choice(locations))  # often no unit there
        noisy.setdefault(power, []).append(_random_order(rng, ref, units, locations))
    return f"{label} noisy", name, position, noisy


def _random_order(rng: random.Random, ref: UnitRef, units: list[Unit], locations: list[str]) -> Order:
    other = rng.choice(units)
    other_ref = UnitRef(type=other.type, location=other.location)
    roll = rng.random()
    if roll < 0.4:
        return Move(unit=ref, destination=rng.choice(locations), via_convoy=rng.random() < 0.2)
    if roll < 0.6:
        return SupportHold(unit=ref, supported=other_ref)
    if roll < 0.8:
        return SupportMove(unit=ref, supported=other_ref, destination=rng.choice(locations))
    if roll < 0.95:
        return Convoy(unit=ref, convoyed=other_ref, destination=rng.choice(locations))
    return Hold(unit=ref)


def _datc_cases(board: Board) -> Iterator[Case]:
    from tests.datc.loader import load_cases  # the project's DATC files; a bench-only import

    for case in load_cases():
        if case.phase.type is PhaseType.MOVEMENT:
            yield f"DATC {case.case}", board.name, case.position(), case.parsed_orders(board)


def build_cases(count: int, seeds: Sequence[int]) -> list[Case]:
    """``count`` random phases per seed on the standard map, half as many on Sengoku, a noisy copy
    of every third one, and the DATC movement cases."""
    cases: list[Case] = []
    rng = random.Random(0)
    for name, per_seed in (("standard", count), ("sengoku", count // 2)):
        board = load_board(name)
        plain = list(_random_cases(board, seeds, per_seed))
        cases += plain
        cases += [_noisy(board, case, rng) for case in plain[::3]]
    cases += _datc_cases(load_board("standard"))
    return cases


# --- record and check -------------------------------------------------------------------


def _run(cases: Sequence[Case], boards: Mapping[str, Board]) -> list[str]:
    return [fingerprint(adjudicate_movement(boards[name], position, orders)) for _, name, position, orders in cases]


def record(path: Path, count: int, seeds: Sequence[int]) -> None:
    cases = build_cases(count, seeds)
    boards = {name: load_board(name) for name in ("standard", "sengoku")}
    results = _run(cases, boards)
    plain = [
        (label, name, msgspec.to_builtins(position), msgspec.to_builtins(orders))
        for label, name, position, orders in cases
    ]
    path.write_bytes(pickle.dumps({"cases": plain, "results": results}))  # plain data: any later types read it
    print(f"recorded {len(cases)} phases to {path}")


def check(path: Path, boards_only: bool = False) -> bool:
    """Replay the recorded phases; with ``boards_only``, compare the new boards alone (for a change
    that means to change the outcomes' words, not the adjudication)."""
    saved: dict[str, Any] = pickle.loads(path.read_bytes())
    cases = [(label, name, convert(p, Position), convert(o, Orders)) for label, name, p, o in saved["cases"]]
    expected = saved["results"]
    boards = {name: load_board(name) for name in ("standard", "sengoku")}
    start = time.perf_counter()
    if boards_only:
        got = [board_text(adjudicate_movement(boards[name], position, orders)) for _, name, position, orders in cases]
        expected = [text[: len(board)] for text, board in zip(expected, got, strict=True)]
    else:
        got = _run(cases, boards)
    elapsed = time.perf_counter() - start
    differ = [k for k, (a, b) in enumerate(zip(got, expected, strict=True)) if a != b]
    what = "boards" if boards_only else "phases"
    print(f"{len(cases) - len(differ)} of {len(cases)} {what} identical ({elapsed:.1f} s)")
    for k in differ[:3]:
        print(f"  differs: {cases[k][0]}\n    was {expected[k][:600]}\n    now {got[k][:600]}")
    return not differ


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.equivalence", description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["record", "check"])
    parser.add_argument("--file", type=Path, default=DEFAULT, help=f"where the recording is kept (default {DEFAULT})")
    parser.add_argument("--phases", type=int, default=1500, help="random standard phases per seed (default 1500)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3], help="seeds (default 1 2 3)")
    parser.add_argument("--boards", action="store_true", help="check: compare the new boards alone, not the outcomes")
    args = parser.parse_args(argv)
    if args.action == "record":
        record(args.file, args.phases, args.seeds)
    elif not check(args.file, boards_only=args.boards):
        sys.exit(1)


if __name__ == "__main__":
    main()
