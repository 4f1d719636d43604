"""What becomes of the phases a rollback took back when the game is adjudicated again (:class:`RolledBack`).

A phase adjudicated anew to the report it had leaves the list, and the next
phase comes back as it stood (its orders, deadline and the GM's edits, as a
rollback to it would give them back): so ``rollforward`` is adjudicating
again, and a GM who rolls back, looks, and adjudicates the same orders again
loses nothing. A phase adjudicated to another report keeps the old one as
``previous`` (the post then says it is a correction), if the players saw it; the phases after it
stay listed, for their own corrections, but no longer roll forward (their
starting positions are gone another way).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from adjudicator.position import Position
from game.records import PhaseReport
from game.state import GameState, RolledBack

__all__ = ["TakenBack", "kept_for_rollback", "reopened", "taken_back"]


def kept_for_rollback(state: GameState) -> RolledBack:
    """Nothing taken back yet, and the open phase as it stands: what the first rollback keeps."""
    return RolledBack(
        entries=[],
        orders=state.orders,
        deadline=state.deadline,
        concessions=state.concessions,
        position=state.position,
        edits=state.edits,
        edited_from=state.edited_from,
        dp_set=state.dp_set,
    )


class TakenBack(NamedTuple):
    previous: PhaseReport | None
    """The results the players saw that this phase's new ones replace (None: the same, or none seen)."""
    left: RolledBack | None
    """What stays taken back after it."""
    seen: bool
    """The players saw these very results before the rollback: they are published already."""
    same: bool = False
    """The phase came out as before the rollback, to the same position: the next one opens as it stood."""


def taken_back(held: RolledBack | None, report: PhaseReport, after: Position) -> TakenBack:
    """The report a phase adjudicated anew replaces, and what stays taken back after it.

    The phase taken back for this one leaves the list either way; the rest
    stay, to be rolled forward (when this phase came out the same) or to
    tell their own corrections. Only results the players saw are corrected:
    those of the phase taken back if they were published, else the ones it
    corrected in its turn (none: the players never saw this phase's results,
    and the new ones are no correction).
    """
    if held is None or not held.entries or held.entries[0].report.phase != report.phase:
        return TakenBack(None, held, False)
    first, rest = held.entries[0], held.entries[1:]
    if rest:
        led_to = rest[0].edited_from or rest[0].before
    else:
        led_to = (held.edited_from or held.position) if held.position is not None else after
    same = first.report == report and led_to == after
    left = held.replace(entries=rest) if rest else None
    if first.published:
        return TakenBack(None if same else first.report, left, first.report == report, same)
    shown = first.previous
    return TakenBack(None if shown is None or shown == report else shown, left, shown == report, same)


def reopened(held: RolledBack | None, back: TakenBack, after: Position) -> dict[str, Any]:
    """The open phase after an adjudication: a new one, or (the phase came out as it did before a rollback) the
    next phase as it stood then: its orders, deadline and the GM's edits, as a rollback to it gives them back."""
    left = back.left
    if held is None or not back.same or left is held:
        return {"position": after, "orders": {}, "deadline": None, "edits": [], "edited_from": None, "dp_set": {}}
    if left is not None:
        nxt = left.entries[0]
        return {
            "position": nxt.before,
            "orders": nxt.orders,
            "deadline": nxt.deadline,
            "edits": nxt.edits,
            "edited_from": nxt.edited_from,
            "dp_set": nxt.dp_set,
        }
    return {
        "position": held.position or after,
        "orders": held.orders,
        "deadline": held.deadline,
        "concessions": held.concessions,
        "edits": held.edits,
        "edited_from": held.edited_from,
        "dp_set": held.dp_set,
    }
