"""What the last phases did to one power, in a few lines, and the map's layers that draw them.

"The last phases": every phase adjudicated since the last movement phase, that one included (at most three:
movement, retreats, adjustments), so the Fall's results stay on the page once its retreats are done. Read
from the results post (:mod:`post`), which is read from the adjudicator's own outcomes: the page says exactly
what the post says, worded once, never worked out again.
"""

from __future__ import annotations

from dataclasses import dataclass

from maps.terms import PhaseType
from post import build_post
from post.words import changes
from web.play import mapview
from web.storage.store import Snapshot

__all__ = ["LastPhase", "last_phase", "last_phases", "last_results_svg"]

_MOST = 3


@dataclass(frozen=True)
class LastPhase:
    phase: str
    number: int  # the phase's number in the history, from 1 (its page)
    lines: list[str]  # what happened to the power's units and centres, one line each

    @property
    def layer(self) -> str:
        """The name of its layer on the page's map (``data-view`` of the figure)."""
        return f"results-{self.number}"


def _chain(snapshot: Snapshot) -> list[int]:
    """The history indexes of the last phases, oldest first."""
    history = snapshot.state.history
    chain: list[int] = []
    for index in range(len(history) - 1, -1, -1):
        chain.insert(0, index)
        if history[index].before.phase.type is PhaseType.MOVEMENT or len(chain) == _MOST:
            break
    return chain


def last_phases(snapshot: Snapshot, power: str | None) -> list[LastPhase]:
    """The last phases (oldest first), for ``power`` (None: every power's orders, for the public page)."""
    return [_summary(snapshot, index, power) for index in _chain(snapshot)]


def last_phase(snapshot: Snapshot, power: str | None) -> LastPhase | None:
    """The last adjudicated phase alone."""
    return _summary(snapshot, len(snapshot.state.history) - 1, power) if snapshot.state.history else None


def _summary(snapshot: Snapshot, index: int, power: str | None) -> LastPhase:
    state = snapshot.state
    post = build_post(snapshot.board, state, index, deadline=snapshot.deadline)
    mine = [o for o in post.orders if power is None or o.power == power]
    lines = [f"{o.order}: {o.annotation}" for o in mine if o.given or power is not None]
    lines += [f"{d.unit} {d.fate}" for d in post.dislodged if power is None or d.power == power]
    for holding in post.ownership:
        said = changes(holding)
        if said and (power is None or holding.power == power):
            lines.append(f"{holding.power}: {said}" if power is None else said[:1].upper() + said[1:])
    return LastPhase(phase=post.phase, number=index + 1, lines=lines)


def last_results_svg(snapshot: Snapshot, svg: str) -> str:
    """``svg`` (the page's map of the position now) with each last phase's results drawn in a layer of its own
    (``g.results``, ``data-phase`` its number), which the page shows one at a time or not at all ("Now"); the
    latest is shown first."""
    chain = _chain(snapshot)
    for index in chain:
        entry = snapshot.state.history[index]
        svg = mapview.with_last_results(
            svg, snapshot.board, entry.before, entry.report.outcomes, number=index + 1, shown=index == chain[-1]
        )
    return svg
