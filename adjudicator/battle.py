"""A movement phase settled: DATC 5.B's decisions, walked depth first, guessed only in a cycle.

A :class:`Battle` is one movement phase: its orders laid out by unit
(:mod:`adjudicator.battlefield`), the decisions of 5.B.1-5.B.3
(:mod:`adjudicator.decisions`) and the path decision and strengths of
5.B.4-5.B.8 (:mod:`adjudicator.strengths`). This module settles them.

The decisions ask for each other through ``self.resolve``. Most phases
have no cycle of decisions at all, and there no guessing is needed: each
decision is settled once the decisions it reads are (:meth:`Battle.decide`,
a plain depth-first walk in dependency order). When the walk comes back to
a decision it is still working on, the decision it started from is handed
to Kruijswijk's guess algorithm (:mod:`adjudicator.resolver`, DATC 5.F),
which settles it and everything it reaches; then the walk goes on.
Everything settled before met no cycle, so the guess algorithm would have
settled it the same way in the same order: the result is exactly the guess
algorithm's, at a fraction of the cost. Once every decision is settled,
``self.resolve`` is a plain lookup in the list of results, so reading the
settled battle (strengths for the explanations, standoffs) costs no
resolver calls. A cycle no guess settles goes to the backup rule (5.B.9).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.checked import Checked, OrderKind
from adjudicator.decisions import Decisions
from adjudicator.outcomes import CARRIED, GIVEN, SUCCEEDS, SZYKMAN, UNDECIDABLE
from adjudicator.pieces import Pieces
from adjudicator.resolver import BackupRule, Resolver

__all__ = ["Battle"]


class _Cycle(Exception):
    """:meth:`Battle.decide` came back to a decision it is still working on."""


class Battle(Decisions):
    """One movement phase's decisions (DATC 5.B), settled by :meth:`resolve_all`."""

    __slots__ = ()

    def __init__(self, pieces: Pieces, checked: Sequence[Checked]) -> None:
        super().__init__(pieces)
        self.lay_out(checked, self.move, self.support, self.convoy)
        self.resolve = self.decide
        self.backing = self._backing_of

    def resolve_all(self, walk: bool = True) -> None:
        """Settle every decision, in the units' order, then note which moves succeeded.

        Supports and convoys no move attacks are settled first (5.B.2, 5.B.3:
        given, whatever else happens): settling them reads no other decision,
        so this leaves every other decision to be met in the same order.
        ``walk=False`` gives every decision to the guess algorithm (the tests
        check that the depth-first walk never changes a result).
        """
        kind, resolved, resolution = self.kind, self.resolved, self.resolution
        prov, moves_into = self.prov, self.moves_into
        verdict, convoy = self.verdict, OrderKind.CONVOY
        for i in self._backing:
            if prov[i] not in moves_into:
                resolution[i] = resolved[i] = True
                verdict[i] = CARRIED if kind[i] is convoy else GIVEN
        for i in self.ordered:
            if not resolved[i]:
                try:
                    if not walk:
                        raise _Cycle
                    self.decide(i)
                except _Cycle:
                    self._guess(i)
        self.resolve = resolution.__getitem__
        self.backing = self._settled_backing().__getitem__
        if self.resolver is not None:
            self._final_verdicts()
        target, moving = self.target, self.moving
        self.moved = moved = {i for i in self.ordered if moving[i] and resolution[i]}
        self.arrivals = {target[j]: j for j in moved}

    def _final_verdicts(self) -> None:
        """After guessing, judge each decision again on the settled results.

        A verdict (and a strength) noted while the guess algorithm tried a guess
        may be that guess's; the settled battle gives the real one. Decisions
        the backup rule settled keep the backup rule's verdict.
        """
        verdict, resolution, moving = self.verdict, self.resolution, self.moving
        for i in self.ordered:
            if i in self.paradoxes or i in self.unresolvable:
                continue
            judged = self.judge(i)
            if judged.succeeded == resolution[i]:
                verdict[i] = judged
            elif moving[i] and resolution[i]:
                verdict[i] = SUCCEEDS  # circular movement (5.B.9): it succeeds though no rule alone says so

    def _settled_backing(self) -> list[int]:
        """Each unit's number of supports given, once every decision is settled."""
        counts = [0] * self.count
        kind, resolution, matched, at, subject = self.kind, self.resolution, self.matched, self.at, self.subject
        convoy = OrderKind.CONVOY
        for s in self._backing:
            if resolution[s] and matched[s] and kind[s] is not convoy:
                counts[at[subject[s]]] += 1
        return counts

    def decide(self, i: int) -> bool:
        """Decision ``i``, settled after the decisions it reads (depth first); a cycle raises :class:`_Cycle`."""
        if self.resolved[i]:
            return self.resolution[i]
        busy = self.busy
        if busy[i]:
            raise _Cycle
        busy[i] = True
        verdict = self.rule[i](i)
        self.verdict[i] = verdict
        busy[i] = False
        value = self.resolution[i] = verdict.succeeded
        self.resolved[i] = True
        return value

    def _guess(self, i: int) -> None:
        """Decision ``i`` led to a cycle: settle it (and what it reaches) by the guess algorithm."""
        self.busy = [False] * self.count  # the walk's unfinished decisions start afresh
        if self.resolver is None:
            settled = (self.resolved, self.resolution)
            self.resolver = Resolver(self.count, self.adjudicate, _backup_rule(self), settled)
        self.resolve = self.resolver.resolve
        try:
            self.resolver.resolve(i)
        finally:
            self.resolve = self.decide


def _backup_rule(battle: Battle) -> BackupRule:
    """DATC 5.B.9: circular movement succeeds; a convoy paradox fails its convoys (Szykman).

    Any other undecidable cycle (possible only in variants) fails as a whole,
    as the DATC advises, and is reported as such rather than guessed.
    """

    def backup(resolver: Resolver, members: Sequence[int]) -> None:
        kind = battle.kind
        kinds = {kind[m] for m in members}
        verdict = battle.verdict
        if kinds == {OrderKind.MOVE}:
            for m in members:
                verdict[m] = SUCCEEDS
                resolver.settle(m, True)
        elif OrderKind.CONVOY in kinds:
            for m in members:
                if kind[m] is OrderKind.CONVOY:
                    battle.paradoxes.add(m)
                    verdict[m] = SZYKMAN
                    resolver.settle(m, False)
        else:
            for m in members:
                battle.unresolvable.add(m)
                verdict[m] = UNDECIDABLE
                resolver.settle(m, False)

    return backup
