"""What a corrected phase changed: the results post of a phase adjudicated again after a rollback says so.

A GM who rolls back and adjudicates a phase again sends its results a
second time; without a word, the players see two posts with the same title
and other content. So the new post says it is a correction and lists what
differs from the report it replaces (kept in the history entry as
``previous``): each result now and before, the centre counts, the end of
the game. Pure, like the rest of the post.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.position import Position
from game.records import OutcomeRecord, PhaseReport
from maps.board import Board
from orders.text import order_text
from post.wording import describe_outcome

__all__ = ["MOST", "what_changed"]

MOST = 12
"""Changes listed at most; the rest are counted (the post itself has every result)."""


def what_changed(board: Board, before: Position, previous: PhaseReport, report: PhaseReport) -> list[str]:
    """The differences between the report published before and this one, one line each ('' if none)."""
    old, new = _results(board, before, previous.outcomes), _results(board, before, report.outcomes)
    lines = []
    for key, now in new.items():
        was = old.get(key)
        if was is None:
            lines.append(f"{key}: {now} (not in the earlier results)")
        elif was != now:
            lines.append(f"{key}: {now} (was: {was})")
    lines += [f"{key}: no longer given (was: {was})" for key, was in old.items() if key not in new]
    if previous.centres and report.centres:  # counted here in both (a retreat phase may count them instead)
        for power in sorted(set(previous.centres) | set(report.centres)):
            was_count, count = previous.centres.get(power, 0), report.centres.get(power, 0)
            if was_count != count:
                lines.append(f"{power}: {count} centres (was: {was_count})")
    elif previous.centres and not report.centres:
        lines.append("the centres are counted after the retreats now (a unit was dislodged)")
    if previous.result != report.result:
        lines.append(f"the game: {report.result.describe()} (was: {previous.result.describe()})")
    if len(lines) > MOST:
        lines = [*lines[:MOST], f"and {len(lines) - MOST} more changes (every result is below)"]
    return lines


def _results(board: Board, before: Position, outcomes: Sequence[OutcomeRecord]) -> dict[str, str]:
    """``Oda: A Owari - Mino`` -> ``moved``, for every order of a report."""
    return {
        f"{o.power or 'neutral'}: {order_text(o.order, board)}": describe_outcome(board, before, o) for o in outcomes
    }
