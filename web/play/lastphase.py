"""What the last phase did to one power, in a few lines, and the map's layer that draws it.

Read from the results post (:mod:`post`), which is read from the adjudicator's own outcomes: the page says
exactly what the post says, worded once, never worked out again.
"""

from __future__ import annotations

from dataclasses import dataclass

from post import build_post
from post.words import changes
from web.play import mapview
from web.storage.store import Snapshot

__all__ = ["LastPhase", "last_phase", "last_results_svg"]


@dataclass(frozen=True)
class LastPhase:
    phase: str
    number: int  # the phase's number in the history, from 1 (its page)
    lines: list[str]  # what happened to the power's units and centres, one line each


def last_phase(snapshot: Snapshot, power: str | None) -> LastPhase | None:
    """The last adjudicated phase, for ``power`` (None: every power's orders, for the public page)."""
    state = snapshot.state
    if not state.history:
        return None
    post = build_post(snapshot.board, state, -1, deadline=snapshot.deadline)
    mine = [o for o in post.orders if power is None or o.power == power]
    lines = [f"{o.order}: {o.annotation}" for o in mine if o.given or power is not None]
    lines += [f"{d.unit} {d.fate}" for d in post.dislodged if power is None or d.power == power]
    for holding in post.ownership:
        said = changes(holding)
        if said and (power is None or holding.power == power):
            lines.append(f"{holding.power}: {said}" if power is None else said[:1].upper() + said[1:])
    return LastPhase(phase=post.phase, number=len(state.history), lines=lines)


def last_results_svg(snapshot: Snapshot, svg: str) -> str:
    """``svg`` (the page's map of the position now) with the last phase's results drawn in ``g.results``."""
    if not snapshot.state.history:
        return svg
    entry = snapshot.state.history[-1]
    return mapview.with_last_results(svg, snapshot.board, entry.before, entry.report.outcomes)
