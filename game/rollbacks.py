"""What becomes of the phases a rollback took back when the game is adjudicated again (:class:`RolledBack`).

A phase adjudicated anew to the report it had leaves the list, and the next
phase comes back as it stood (its orders, deadline and the GM's edits, as a
rollback to it would give them back): so ``rollforward`` is adjudicating
again, and a GM who rolls back, looks, and adjudicates the same orders again
loses nothing. A phase adjudicated to another report keeps the old one as
``previous`` (the post then says it is a correction); the phases after it
stay listed, for their own corrections, but no longer roll forward (their
starting positions are gone another way).
"""

from __future__ import annotations

from typing import Any

from adjudicator.position import Position
from game.records import PhaseReport
from game.state import GameState, RolledBack

__all__ = ["kept_for_rollback", "reopened", "taken_back"]


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


def taken_back(
    held: RolledBack | None, report: PhaseReport, after: Position
) -> tuple[PhaseReport | None, RolledBack | None]:
    """The report a phase adjudicated anew replaces (None if the same), and what stays taken back after it.

    The phase taken back for this one leaves the list either way; the rest
    stay, to be rolled forward (when this phase came out the same) or to
    tell their own corrections.
    """
    if held is None or not held.entries or held.entries[0].report.phase != report.phase:
        return None, held
    first, rest = held.entries[0], held.entries[1:]
    if rest:
        led_to = rest[0].edited_from or rest[0].before
    else:
        led_to = (held.edited_from or held.position) if held.position is not None else after
    same = first.report == report and led_to == after
    return (None if same else first.report), (held.replace(entries=rest) if rest else None)


def reopened(
    held: RolledBack | None, left: RolledBack | None, previous: PhaseReport | None, after: Position
) -> dict[str, Any]:
    """The open phase after an adjudication: a new one, or (the phase came out as it did before a rollback) the
    next phase as it stood then: its orders, deadline and the GM's edits, as a rollback to it gives them back."""
    if held is None or previous is not None or left is held:
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
