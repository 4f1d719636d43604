"""Where a movement phase's time goes: each step of :func:`adjudicate_movement` timed alone.

The steps are the ones ``adjudicate_movement`` runs, called one by one
(this module reaches into :mod:`adjudicator.movement`'s private helpers, so
it must follow that function when it changes). Each phase is run several
times and the fastest run of each step kept, which filters out a busy
machine's interruptions better than one run would.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence

from adjudicator import movement
from adjudicator.battle import Battle
from adjudicator.battlefield import Battlefield
from adjudicator.decisions import DATC
from adjudicator.movement import read_outcomes
from adjudicator.phase_orders import check_orders
from adjudicator.pieces import Pieces
from bench.random_phases import RandomPhase
from maps import Board

__all__ = ["STAGES", "stage_breakdown"]

STAGES = ("read units", "legality", "battle lists", "battle, resolved", "new board", "outcomes", "whole phase")


def _no_backup(resolver: object, members: object) -> None:
    """The battlefield laid out alone is never resolved: no cycle to settle."""


def _run_once(board: Board, phase: RandomPhase) -> list[int]:
    clock = time.perf_counter_ns
    position = phase.position.replace()  # a new position object: nothing remembered from an earlier run
    marks = [clock()]
    pieces = Pieces(board, position)
    marks.append(clock())
    checked = check_orders(pieces, phase.orders)
    marks.append(clock())
    Battlefield(pieces, checked, DATC, _no_backup)
    marks.append(clock())
    battle = Battle(pieces, checked)
    marks.append(clock())
    movement._after(battle)
    movement._contested(battle)
    marks.append(clock())
    read_outcomes(battle, checked)
    marks.append(clock())
    steps = [b - a for a, b in zip(marks, marks[1:], strict=False)]
    return [*steps, marks[-1] - marks[0]]


def _fastest(runs: Sequence[list[int]]) -> list[int]:
    return [min(run[k] for run in runs) for k in range(len(runs[0]))]


def stage_breakdown(board: Board, phases: Sequence[RandomPhase], repeat: int = 5) -> dict[str, float]:
    """Median over phases of each step's fastest run, in microseconds."""
    per_stage: list[list[int]] = [[] for _ in STAGES]
    run: Callable[[Board, RandomPhase], list[int]] = _run_once
    gc.disable()
    try:
        for phase in phases:
            for stage, ns in enumerate(_fastest([run(board, phase) for _ in range(repeat)])):
                per_stage[stage].append(ns)
    finally:
        gc.enable()
    return {name: sorted(ns)[len(ns) // 2] / 1000 for name, ns in zip(STAGES, per_stage, strict=True)}
