"""A movement phase fought: every decision of DATC 5.B settled, and the moves that succeeded.

A :class:`Battle` lays the phase's orders out on a battlefield
(:mod:`adjudicator.battlefield`) with the decisions it asks
(:mod:`adjudicator.decisions`), asks the field's resolver for every
decision in the units' order, and notes which moves succeeded and where
they arrived. A cycle that no guess settles goes to the backup rule of
DATC 5.B.9 (:meth:`Battle.backup`): circular movement succeeds, a convoy
paradox fails its convoys (Szykman), anything else (only in variants) fails
as a whole and is reported as undecidable.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.battlefield import Battlefield, Decision, Decisions, Weighed
from adjudicator.checked import Checked
from adjudicator.decisions import DATC
from adjudicator.outcomes import SUCCEEDS, SZYKMAN, UNDECIDABLE
from adjudicator.pieces import Pieces
from adjudicator.resolver import Resolver

__all__ = ["Battle"]


class Battle:
    """One movement phase's decisions (DATC 5.B), settled when it is made.

    ``field`` holds the orders by unit and every decision's verdict
    (:meth:`Battlefield.verdict`); ``moved`` is the moves that succeeded and
    ``arrivals`` maps a province to the move that entered it. ``paradoxes``,
    ``unresolvable`` and ``circular`` are the decisions the backup rule
    settled (5.B.9).
    """

    __slots__ = ("field", "moved", "arrivals", "paradoxes", "unresolvable", "circular")

    def __init__(self, pieces: Pieces, checked: Sequence[Checked], decisions: Decisions = DATC) -> None:
        self.paradoxes: set[int] = set()
        self.unresolvable: set[int] = set()
        self.circular: list[int] = []
        self.field = field = Battlefield(pieces, checked, decisions, self.backup)
        resolve = field.resolve
        for i in field.ordered:
            resolve(i)
        for m in self.circular:
            # Circular movement: each move succeeds though no rule alone says so; its numbers are the forces
            # weighed on the settled battle.
            weighed = decisions.move(field, m)
            if isinstance(weighed, Weighed):
                field.resolver.settle(m, Weighed(SUCCEEDS, True, weighed.attack, weighed.against, weighed.opposer))
        resolution, target, moving = field.resolution, field.target, field.moving
        self.moved = moved = {i for i in field.ordered if moving[i] and resolution[i]}
        self.arrivals = {target[j]: j for j in moved}

    def backup(self, resolver: Resolver[Decision], members: Sequence[int]) -> None:
        """DATC 5.B.9: circular movement succeeds; a convoy paradox fails its convoys (Szykman).

        Any other undecidable cycle (possible only in variants) fails as a whole,
        as the DATC advises, and is reported as such rather than guessed.
        """
        field = self.field
        convoy = field.decisions.convoy
        if all(field.moving[m] for m in members):
            for m in members:
                self.circular.append(m)
                resolver.settle(m, Weighed(SUCCEEDS, True, 0, 0, None))
        elif any(field.rule[m] is convoy for m in members):
            for m in members:
                if field.rule[m] is convoy:
                    self.paradoxes.add(m)
                    resolver.settle(m, SZYKMAN)
        else:
            for m in members:
                self.unresolvable.add(m)
                resolver.settle(m, UNDECIDABLE)
