"""How long a GM waits for each ``sengoku`` command, beside ``python -c pass``.

    .venv/bin/python -m bench.startup                  # 20 runs of each
    .venv/bin/python -m bench.startup --instructions   # callgrind's count for each, once (load-proof)

Each command runs as a GM runs it (a new process of the ``sengoku`` script
next to this Python), on a new Sengoku game and on a long one (30 years of
random orders, :mod:`bench.long_game`), and its wall time is measured from
start to exit. Commands that change the game file get a fresh copy before
each run (copied outside the timing). The runs go round the commands in
turn, so every command sees the same machine load, and ``python -c pass``
runs in the same rounds as the floor nothing can go below. The figures are
the minimum and median of the repeats, and each command's distance from
``python -c pass`` (min to min, median to median): the target is 100 ms at
most. The load average is printed before and after the runs.

The board comes from the CLI's board cache (:mod:`localfiles.boardcache`), as it does for
every run but the first after a map or code change: the bench builds it once
before timing. A script, not a test: timings depend on the machine and its
load (printed with the figures).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.gm_step import steps
from bench.long_game import play
from cli.gamefile import save_game
from cli.journal import journal_path
from maps import load_board

__all__ = ["main"]

SENGOKU = Path(sys.executable).with_name("sengoku")
TARGET_MS = 100
"""A command answers within this of ``python -c pass`` (median to median)."""

# label -> (arguments, the game file it works on, whether it changes that file)
COMMANDS: dict[str, tuple[list[str], str, bool]] = {
    "python -c pass": (["-c", "pass"], "", False),
    "sengoku --help": (["--help"], "", False),
    "sengoku names": (["names"], "", False),
    "status (new game)": (["status", "{game}"], "new.json", False),
    "players (new game)": (["players", "{game}"], "new.json", False),
    "deadline +48h (new game)": (["deadline", "{game}", "+48h"], "new.json", True),
    "orders FILE (new game)": (["orders", "{game}", "{orders}"], "new.json", True),
    "orders, pasted (new game)": (["orders", "{game}"], "new.json", True),  # the orders file on standard input
    "adjudicate (new game)": (["adjudicate", "{game}", "--yes"], "new.json", True),
    "history last (new game)": (["history", "{game}", "last"], "played.json", False),
    "rollback (new game)": (["rollback", "{game}"], "played.json", True),
    "map (new game)": (["map", "{game}", "--format", "svg", "-o", os.devnull], "new.json", False),
    "status (long game)": (["status", "{game}"], "long.json", False),
    "history last (long game)": (["history", "{game}", "last"], "long.json", False),
    "adjudicate (long game)": (["adjudicate", "{game}", "--yes"], "long.json", True),
    "adjudicate (new game, its journal)": (["adjudicate", "{game}", "--yes"], "new.json", True),
    "adjudicate (long game, its journal)": (["adjudicate", "{game}", "--yes"], "long.json", True),
}
ITS_JOURNAL = {label for label in COMMANDS if label.endswith("its journal)")}
"""Commands run on a copy of the game with a copy of its journal, as a GM runs them: the journal holds the file.
The others share one journal between runs, so each finds the file changed outside sengoku (a hand edit)."""


def prepare(folder: Path) -> str:
    """The game files and an orders file for a full Sengoku phase (all eight powers); returns the orders path."""
    board = load_board("sengoku")
    subprocess.run([SENGOKU, "new", folder / "new.json"], check=True, stdout=subprocess.DEVNULL)
    step = next(steps(board, 1, seed=1))
    orders = folder / "orders.txt"
    orders.write_text(step.text, encoding="utf-8")
    shutil.copy(folder / "new.json", folder / "played.json")
    subprocess.run([SENGOKU, "adjudicate", folder / "played.json", "--yes"], check=True, stdout=subprocess.DEVNULL)
    save_game(folder / "long.json", play("sengoku", years=30, seed=1))
    return str(orders)


def run_once(folder: Path, label: str, orders: str, under: Sequence[str] = ()) -> tuple[float, str]:
    """One run of a command: its wall time in ms and what it wrote on standard error."""
    arguments, game, changes = COMMANDS[label]
    program = sys.executable if label.startswith("python") else str(SENGOKU)
    path = folder / game
    if changes:
        work = folder / ("kept.json" if label in ITS_JOURNAL else "work.json")
        shutil.copy(path, work)
        if label in ITS_JOURNAL:
            shutil.rmtree(journal_path(work), ignore_errors=True)
            shutil.copytree(journal_path(path), journal_path(work))
        path = work
    argv = [*under, program, *(a.format(game=path, orders=orders) for a in arguments)]
    paste = Path(orders).read_bytes() if label.startswith("orders, pasted") else None
    start = time.perf_counter()
    done = subprocess.run(argv, input=paste, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode not in (0, 3):  # 3: `orders` refused some lines, and stored the rest
        raise SystemExit(f"{label}: exit code {done.returncode}: {' '.join(argv)}")
    return elapsed, done.stderr.decode(errors="replace")


CALLGRIND = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
_REFS = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(folder: Path, labels: Sequence[str], orders: str) -> None:
    """Each command's machine instructions, counted by callgrind: a figure no machine load moves."""
    counts = {}
    for label in labels:
        found = _REFS.search(run_once(folder, label, orders, CALLGRIND)[1])
        if found is None:
            raise SystemExit(f"{label}: callgrind printed no count (is valgrind installed?)")
        counts[label] = int(found[1])
    floor = counts["python -c pass"]
    print(f"python {sys.version.split()[0]}; machine instructions of one run of each (load does not move them)")
    print(f"  {'instructions (callgrind), M':<28} {'count':>7} {'x pass':>7}")
    for label in labels:
        print(f"  {label:<28} {counts[label] / 1e6:7.0f} {counts[label] / floor:7.2f}")


def _at(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.startup", description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="runs of each command (default 20)")
    parser.add_argument("--only", nargs="*", help="labels to run (default: all)")
    parser.add_argument(
        "--instructions", action="store_true", help="count each command's instructions with callgrind instead (once)"
    )
    args = parser.parse_args(argv)
    labels = args.only or list(COMMANDS)
    if "python -c pass" not in labels:
        labels.insert(0, "python -c pass")
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="sengoku-startup-") as name:
        folder = Path(name)
        orders = prepare(folder)
        for label in labels:  # one untimed run each: the board cache, the file system cache
            run_once(folder, label, orders)
        if args.instructions:
            return instructions(folder, labels, orders)
        times: dict[str, list[float]] = {label: [] for label in labels}
        for _ in range(args.repeat):
            for label in labels:
                times[label].append(run_once(folder, label, orders)[0])
    load_after = os.getloadavg()
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.repeat} runs each; load average"
        f" {load_before[0]:.2f} before, {load_after[0]:.2f} after (1 min), {load_after[1]:.2f} (5 min)"
    )
    if sys.flags.dont_write_bytecode:
        print("  (PYTHONDONTWRITEBYTECODE is set: modules compiled since the last `./run setup` are compiled anew)")
    floor = times["python -c pass"]
    print(f"  {'wall time, ms':<28} {'min':>6} {'median':>7}   {'- pass: min':>11} {'median':>7}")
    for label in labels:
        values = times[label]
        over = min(values) - min(floor), _at(values, 0.5) - _at(floor, 0.5)
        flag = "" if label.startswith("python") else ("  ok" if over[1] <= TARGET_MS else "  over 100 ms")
        print(f"  {label:<28} {min(values):6.0f} {_at(values, 0.5):7.0f}   {over[0]:+11.0f} {over[1]:+7.0f}{flag}")


if __name__ == "__main__":
    main()
