"""Machine instructions one movement phase costs the engine, counted by callgrind: a figure load does not move.

    .venv/bin/python -m bench.phase_instructions --phases 400 --maps standard sengoku

``bench_movement`` times the engine against MILA's in turn, which holds on
a busy machine only roughly; this counts what our side does. Two runs under
callgrind with ``PYTHONHASHSEED=0`` make the same seeded random phases
(:mod:`bench.random_phases`) and check each power's orders as it submits
them (as ``bench_movement`` does, untimed); one then adjudicates every phase
and reads every outcome. The difference, divided by the phases, is one
phase as a game adjudicates it.

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

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def _run(name: str, phases: int, seed: int, adjudicate: bool) -> None:
    """One run: the phases made and submitted, and (``adjudicate``) adjudicated with every outcome read."""
    board = load_board(name)
    made = list(random_phases(board, phases, seed=seed))
    for phase in made:
        submit(board, phase)
    if adjudicate:
        for phase in made:
            adjudicate_movement(board, phase.position, phase.orders).outcomes  # noqa: B018 (read: built when read)


def _count(name: str, phases: int, seed: int, adjudicate: bool) -> int:
    argv = [sys.executable, "-m", "bench.phase_instructions", "--maps", name, "--phases", str(phases)]
    argv += ["--seed", str(seed), "--run", "adjudicate" if adjudicate else "submit"]
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=True,
    )
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit("callgrind printed no count (is valgrind installed?)")
    return int(found[1])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.phase_instructions", description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=400, help="random phases a map (default 400)")
    parser.add_argument("--maps", nargs="+", default=["standard"], help="maps (default standard)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--run", choices=["submit", "adjudicate"], help=argparse.SUPPRESS)  # one run under callgrind
    args = parser.parse_args(argv)
    if args.run is not None:
        return _run(args.maps[0], args.phases, args.seed, args.run == "adjudicate")
    print(f"python {sys.version.split()[0]}; callgrind, PYTHONHASHSEED=0, seed {args.seed}, {args.phases} phases a map")
    for name in args.maps:
        with_phases, without = (_count(name, args.phases, args.seed, adjudicate) for adjudicate in (True, False))
        print(f"  {name:<9} {(with_phases - without) / args.phases:>12,.0f} instructions a phase adjudicated")
    return None


if __name__ == "__main__":
    main()
