"""Machine instructions one movement phase costs the engine, counted by callgrind: a figure load does not move.

    .venv/bin/python -m bench.phase_instructions --phases 400 --maps standard sengoku
    .venv/bin/python -m bench.phase_instructions --phases 400 --cache   # and the caches' misses a phase

``bench_movement`` times the engine against MILA's in turn, which holds on
a busy machine only roughly; this counts what our side does. Two runs under
callgrind with ``PYTHONHASHSEED=0`` make the same seeded random phases
(:mod:`bench.random_phases`) and check each power's orders as it submits
them (as ``bench_movement`` does, untimed); one then adjudicates each phase
right after its submissions and reads every outcome. The difference,
divided by the phases, is one phase as a game adjudicates it: the orders
checked at submission, as ``bench_movement`` times it against MILA. (Before
2026-11-29 every phase was submitted first and all adjudicated after, when
the engine remembered only the last 32 positions' submissions: that figure
held the legality of most phases too.)

A script, not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Sequence

from adjudicator.movement import adjudicate_movement
from bench.bench_movement import submit
from bench.random_phases import random_phases
from maps import load_board

__all__ = ["main"]

_EVENTS = re.compile(r"^==\d+== Events\s*:(.*)$", re.M)
_COLLECTED = re.compile(r"^==\d+== Collected\s*:(.*)$", re.M)
_NAMES = {"Ir": "instructions", "Dr": "data reads", "Dw": "data writes", "I1mr": "L1 instruction misses",
          "D1mr": "L1 data read misses", "D1mw": "L1 data write misses", "ILmr": "LL instruction misses",
          "DLmr": "LL data read misses", "DLmw": "LL data write misses"}  # fmt: skip


def _run(name: str, phases: int, seed: int, adjudicate: bool) -> None:
    """One run: each phase made and its orders submitted, and (``adjudicate``) then adjudicated with every
    outcome read, phase after phase, as a game does (the position's submissions still remembered)."""
    board = load_board(name)
    for phase in random_phases(board, phases, seed=seed):
        submit(board, phase)
        if adjudicate:
            adjudicate_movement(board, phase.position, phase.orders).outcomes  # noqa: B018 (read: built when read)


def _count(name: str, phases: int, seed: int, adjudicate: bool, cache: bool) -> dict[str, int]:
    """Callgrind's events for one run (``Ir``, the instructions; with ``cache`` the cache simulation's too)."""
    argv = [sys.executable, "-m", "bench.phase_instructions", "--maps", name, "--phases", str(phases)]
    argv += ["--seed", str(seed), "--run", "adjudicate" if adjudicate else "submit"]
    options = ["--cache-sim=yes"] if cache else []
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *options, *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=True,
    )
    events, collected = _EVENTS.search(done.stderr), _COLLECTED.search(done.stderr)
    if events is None or collected is None:
        raise SystemExit("callgrind printed no count (is valgrind installed?)")
    return dict(zip(events[1].split(), map(int, collected[1].split()), strict=True))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.phase_instructions", description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=400, help="random phases a map (default 400)")
    parser.add_argument("--maps", nargs="+", default=["standard"], help="maps (default standard)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", action="store_true", help="simulate the caches too (slower): misses a phase")
    parser.add_argument("--run", choices=["submit", "adjudicate"], help=argparse.SUPPRESS)  # one run under callgrind
    args = parser.parse_args(argv)
    if args.run is not None:
        return _run(args.maps[0], args.phases, args.seed, args.run == "adjudicate")
    sim = ", cache simulation" if args.cache else ""
    run = f"seed {args.seed}, {args.phases} phases a map"
    print(f"python {sys.version.split()[0]}; callgrind{sim}, PYTHONHASHSEED=0, {run}")
    for name in args.maps:
        with_phases, without = (
            _count(name, args.phases, args.seed, adjudicate, args.cache) for adjudicate in (True, False)
        )
        a_phase = {event: (with_phases[event] - without[event]) / args.phases for event in with_phases}
        print(f"  {name:<9} {a_phase.pop('Ir'):>12,.0f} instructions a phase adjudicated")
        for event, count in a_phase.items():
            print(f"  {'':<9} {count:>12,.0f} {_NAMES.get(event, event)} a phase")
    return None


if __name__ == "__main__":
    main()
