"""How fast the order parser reads what GMs paste: a whole Sengoku phase, and one very long line.

    .venv/bin/python -m bench.bench_parser                # both figures, 500 phases
    .venv/bin/python -m bench.bench_parser --phases 2000 --seed 2
    .venv/bin/python -m bench.bench_parser --profile      # cProfile of the new-text case

**A Sengoku phase.** Seeded random 8-power movement phases
(:mod:`bench.random_phases`, about 27 orders) are written as a GM pastes
them: each power under a header, its orders in canonical text, with full
province names in half the phases and ids in the other half (about 35
lines). The whole text goes through :func:`orders.parse_orders` (the mail
reader and the parser), timed per phase with ``time.perf_counter_ns``, the
garbage collector held off during each call. Three cases:

* *new text*: each phase's text is read for the first time (the memo of
  lines read is emptied before each phase; the board's memo of names stays,
  as in a running server or a GM's session after the first phase);
* *same text again*: the web page checks the whole text on every keystroke;
* *fresh process*: the first phase read after the board's memos are made
  again (once per process).

Adjudicating the same phases (:func:`adjudicator.movement.adjudicate_movement`)
is timed in the same run, so the ratio holds on a busy machine.

**A long line.** A 20,000-character line, in the shapes that once made the
parser quadratic (an order with 10,000 unknown words after it; 4,000
province names; a paragraph of prose), each read as new text; and a
20,000-character paste of order lines whose every name is new and
misspelt, so each asks for suggestions.

A script, not a test: timings depend on the machine and its load (printed
with the figures), so none is asserted anywhere.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import random
import string
import time
from collections.abc import Callable, Sequence

from adjudicator.movement import adjudicate_movement
from bench.random_phases import RandomPhase, random_phases
from maps import Board, load_board
from orders import order_text, parse_orders
from orders import parser as parser_module
from orders.parser import grammar_of

__all__ = ["main", "phase_text"]


def phase_text(board: Board, phase: RandomPhase, names: bool) -> str:
    """A phase's orders as a GM pastes them: each power under a header, one order a line."""
    lines = []
    for power, orders in phase.orders.items():
        if power is None:
            continue
        lines.append(f"{power}:")
        lines += [order_text(order, board if names else None) for order in orders]
    return "\n".join(lines)


def timed(calls: Sequence[Callable[[], object]], before: Callable[[int], object] = lambda index: None) -> list[int]:
    """Nanoseconds per call (``before(index)`` runs first, untimed), the garbage collector off during each."""
    out = []
    for index, call in enumerate(calls):
        before(index)
        gc.disable()
        start = time.perf_counter_ns()
        call()
        out.append(time.perf_counter_ns() - start)
        gc.enable()
    return sorted(out)


def summary(label: str, ns: list[int]) -> float:
    median, p90 = ns[len(ns) // 2] / 1e6, ns[min(len(ns) - 1, int(len(ns) * 0.9))] / 1e6
    print(f"  {label:<44} median {median:8.4f} ms   p90 {p90:8.4f} ms   ({len(ns)} runs)")
    return median


def forget_lines(board: Board) -> Callable[[int], None]:
    memo = grammar_of(board).read
    return lambda index: memo.cache_clear()  # type: ignore[attr-defined]  # an lru_cache


def forget_board(board: Board) -> None:
    """Drop the board's memos (names, lines, shared units), as a fresh process starts."""
    board.derived.clear()  # every per-board value (maps.perboard): the grammar and the places among them
    parser_module._unit_ref.cache_clear()


def bench_phase(board: Board, count: int, seed: int, warmup: int) -> None:
    phases = list(random_phases(board, count + warmup, seed))
    texts = [phase_text(board, phase, names=number % 2 == 0) for number, phase in enumerate(phases)]
    lines = sum(len(text.splitlines()) for text in texts) / len(texts)
    orders = sum(len(o) for phase in phases for p, o in phase.orders.items() if p is not None) / len(phases)
    print(f"A Sengoku phase: {count} random phases, {orders:.1f} orders and {lines:.1f} lines each (seed {seed})")
    for text in texts[:warmup]:
        parse_orders(text, board)
    texts, phases = texts[warmup:], phases[warmup:]
    new = summary(
        "parse, new text (board memo warm)",
        timed([lambda t=t: parse_orders(t, board) for t in texts], forget_lines(board)),
    )
    calls = [lambda t=t: parse_orders(t, board) for t in texts]
    again = summary("parse, same text again", timed(calls, lambda index: parse_orders(texts[index], board)))
    fresh = timed([lambda t=t: parse_orders(t, board) for t in texts[:50]], lambda index: forget_board(board))
    summary("parse, first phase in a fresh process", fresh)
    adjudicate = summary(
        "adjudicate the same phases",
        timed([lambda p=p: adjudicate_movement(board, p.position, p.orders) for p in phases]),
    )
    print(
        f"  parse (new text) / adjudicate = {new / adjudicate:.2f}; "
        f"same text again / adjudicate = {again / adjudicate:.2f}"
    )


LONG_LINES = {
    "order, then 10,000 unknown words": lambda n: "A Owari - " + "x " * 9994 + f"x{n}",
    "order, then 4,000 province names": lambda n: "A Owari - Mino" + " Mino" * 3999 + f" Mino{n}",
    "a paragraph of prose": lambda n: (f"{n} I have been thinking about the alliance, and what we do next. " * 320)[
        :20_000
    ],
}


def bench_long_lines(board: Board, runs: int) -> None:
    print("A 20,000-character line (each run a new line):")
    for label, make in LONG_LINES.items():
        texts = [make(n) for n in range(runs)]
        assert all(len(text) >= 19_990 for text in texts)
        verdict = parse_orders(texts[0], board).verdicts[0]
        why = verdict.problem or (verdict.ignored.value if verdict.ignored else verdict.kind.value)
        summary(label, timed([lambda t=t: parse_orders(t, board) for t in texts]))
        print(f"    -> {why}")


def misspelt_paste(n: int) -> str:
    """20,000 characters of order lines, each naming two places nobody has seen (every lookup fuzzy)."""
    rng = random.Random(n)

    def word() -> str:
        return "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(4, 10))).title()

    return ("Oda:\n" + "\n".join(f"A {word()} - {word()}" for _ in range(1_200)))[:20_000]


def bench_misspelt(board: Board, runs: int) -> None:
    print("A 20,000-character paste of misspelt orders (each run new words; a suggestion looked for each):")
    texts = [misspelt_paste(n) for n in range(runs)]
    lines = len(texts[0].splitlines())
    median = summary(f"{lines} lines", timed([lambda t=t: parse_orders(t, board) for t in texts]))
    print(f"    -> {median * 1e3 / lines:.0f} us a line, each refused with its suggestions")


def main(argv: Sequence[str] | None = None) -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--phases", type=int, default=500)
    options.add_argument("--seed", type=int, default=1)
    options.add_argument("--warmup", type=int, default=50)
    options.add_argument("--long-runs", type=int, default=30)
    options.add_argument("--profile", action="store_true", help="profile parsing new text instead of timing")
    args = options.parse_args(argv)
    board = load_board("sengoku")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}  ({os.cpu_count()} cores)\n")
    if args.profile:
        texts = [phase_text(board, p, names=True) for p in random_phases(board, args.phases, args.seed)]
        clear = forget_lines(board)
        profile = cProfile.Profile()
        profile.enable()
        for index, text in enumerate(texts):
            clear(index)
            parse_orders(text, board)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
        return
    bench_phase(board, args.phases, args.seed, args.warmup)
    print()
    bench_long_lines(board, args.long_runs)
    print()
    bench_misspelt(board, max(3, args.long_runs // 5))


if __name__ == "__main__":
    main()
