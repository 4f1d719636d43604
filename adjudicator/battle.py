"""A movement phase settled: DATC 5.B's decisions, walked depth first, guessed only in a cycle.

A :class:`Battle` is one movement phase: its orders laid out by unit (its
``field``, :mod:`adjudicator.battlefield`), the decisions it asks
(:mod:`adjudicator.decisions`: 5.B.1-5.B.4, each a function of the battle
and a unit, weighing the strengths of :mod:`adjudicator.strengths`), and
what is settled: each decision's result and verdict, and the forces each
move met. This module settles them.

The decisions ask for each other through ``battle.resolve``. Most phases
have no cycle of decisions at all, and there no guessing is needed: each
decision is settled once the decisions it reads are (:meth:`Battle.decide`,
a plain depth-first walk in dependency order). When the walk comes back to
a decision it is still working on, the decision it started from is handed
to Kruijswijk's guess algorithm (:mod:`adjudicator.resolver`, DATC 5.F),
which settles it and everything it reaches; then the walk goes on.
Everything settled before met no cycle, so the guess algorithm would have
settled it the same way in the same order: the result is exactly the guess
algorithm's, at a fraction of the cost. Once every decision is settled,
``battle.resolve`` is a plain lookup in the list of results, so reading the
settled battle (strengths for the explanations, standoffs) costs no
resolver calls. A cycle no guess settles goes to the backup rule (5.B.9).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from adjudicator.battlefield import Battlefield
from adjudicator.checked import NOBODY, Checked, OrderKind
from adjudicator.decisions import DATC, Decisions, Rule
from adjudicator.outcomes import CARRIED, GIVEN, HOLDS, SUCCEEDS, SZYKMAN, UNDECIDABLE, Verdict
from adjudicator.pieces import Pieces
from adjudicator.resolver import BackupRule, Resolver
from adjudicator.strengths import support_given

__all__ = ["Battle"]


def _holds(battle: Battle, i: int) -> Verdict:
    """The rule of a unit without a legal order other than a hold: it holds (whether it is dislodged is
    not its decision)."""
    return HOLDS


class _Cycle(Exception):
    """:meth:`Battle.decide` came back to a decision it is still working on."""


class Battle:
    """One movement phase's decisions (DATC 5.B), settled by :meth:`resolve_all`.

    ``field`` is the phase's orders by unit; ``decisions`` the rules asked
    (:data:`adjudicator.decisions.DATC` unless a test asks others). Per unit
    ``i``, once settled: ``resolution[i]`` (its decision succeeded) and
    ``verdict[i]`` (why); for a move, ``attack[i]`` (its attack strength, -1
    until weighed), ``against[i]`` (the strongest force against it) and
    ``opposer[i]`` (whose unit brought it, or NOBODY). ``moved`` (the moves
    that succeeded) and ``arrivals`` (province -> the move that entered it)
    are filled once everything is settled. ``paradoxes`` and
    ``unresolvable`` are the decisions the backup rule settled (5.B.9).
    """

    __slots__ = (
        "field",
        "decisions",
        "rules",
        "resolve",
        "backing",
        "resolved",
        "resolution",
        "verdict",
        "busy",
        "resolver",
        "routes",
        "paradoxes",
        "unresolvable",
        "attack",
        "against",
        "opposer",
        "moved",
        "arrivals",
    )

    def __init__(self, pieces: Pieces, checked: Sequence[Checked], decisions: Decisions = DATC) -> None:
        self.field = field = Battlefield(pieces, checked)
        n = field.count
        self.decisions = decisions
        # Each order kind's rule, indexed by OrderKind (HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY).
        self.rules: tuple[Rule, ...] = (_holds, decisions.move, decisions.support, decisions.support, decisions.convoy)
        # How a decision is asked for, and how many supports a unit is given: both read differently once
        # every decision is settled.
        self.resolve: Callable[[int], bool] = self.decide
        self.backing: Callable[[int], int] = partial(support_given, self)
        self.resolved = [False] * n
        self.resolution = [False] * n
        self.verdict: list[Verdict] = [HOLDS] * n  # each decision's verdict, kept as it is settled
        self.busy = [False] * n
        self.resolver: Resolver | None = None  # the guess algorithm, made when a cycle needs it
        self.routes: dict[int, bool] = {}  # each convoyed move's path, once its convoys are settled
        self.paradoxes: set[int] = set()
        self.unresolvable: set[int] = set()
        self.attack = [-1] * n
        self.against = [0] * n
        self.opposer = [NOBODY] * n
        self.moved: set[int] = set()
        self.arrivals: dict[int, int] = {}

    def judge(self, i: int) -> Verdict:
        """Decision ``i`` by the rule of its kind: the verdict, with its reason and culprit."""
        return self.rules[self.field.kind[i]](self, i)

    def adjudicate(self, i: int) -> bool:
        """What the guess algorithm asks: only whether decision ``i`` succeeds."""
        return self.judge(i).succeeded

    def resolve_all(self, walk: bool = True) -> None:
        """Settle every decision, in the units' order, then note which moves succeeded.

        Supports and convoys no move attacks are settled first (5.B.2, 5.B.3:
        given, whatever else happens): settling them reads no other decision,
        so this leaves every other decision to be met in the same order.
        ``walk=False`` gives every decision to the guess algorithm (the tests
        check that the depth-first walk never changes a result).
        """
        field, resolved, resolution = self.field, self.resolved, self.resolution
        kind, prov, moves_into = field.kind, field.prov, field.moves_into
        verdict, convoy = self.verdict, OrderKind.CONVOY
        for i in field.backers:
            if prov[i] not in moves_into:
                resolution[i] = resolved[i] = True
                verdict[i] = CARRIED if kind[i] is convoy else GIVEN
        for i in field.ordered:
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
        target, moving = field.target, field.moving
        self.moved = moved = {i for i in field.ordered if moving[i] and resolution[i]}
        self.arrivals = {target[j]: j for j in moved}

    def _final_verdicts(self) -> None:
        """After guessing, judge each decision again on the settled results.

        A verdict (and a strength) noted while the guess algorithm tried a guess
        may be that guess's; the settled battle gives the real one. Decisions
        the backup rule settled keep the backup rule's verdict.
        """
        verdict, resolution, moving = self.verdict, self.resolution, self.field.moving
        for i in self.field.ordered:
            if i in self.paradoxes or i in self.unresolvable:
                continue
            judged = self.judge(i)
            if judged.succeeded == resolution[i]:
                verdict[i] = judged
            elif moving[i] and resolution[i]:
                verdict[i] = SUCCEEDS  # circular movement (5.B.9): it succeeds though no rule alone says so

    def _settled_backing(self) -> list[int]:
        """Each unit's number of supports given, once every decision is settled."""
        field, resolution = self.field, self.resolution
        counts = [0] * field.count
        kind, matched, at, subject = field.kind, field.matched, field.at, field.subject
        convoy = OrderKind.CONVOY
        for s in field.backers:
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
        verdict = self.rules[self.field.kind[i]](self, i)
        self.verdict[i] = verdict
        busy[i] = False
        value = self.resolution[i] = verdict.succeeded
        self.resolved[i] = True
        return value

    def _guess(self, i: int) -> None:
        """Decision ``i`` led to a cycle: settle it (and what it reaches) by the guess algorithm."""
        self.busy = [False] * self.field.count  # the walk's unfinished decisions start afresh
        if self.resolver is None:
            settled = (self.resolved, self.resolution)
            self.resolver = Resolver(self.field.count, self.adjudicate, _backup_rule(self), settled)
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
        kind = battle.field.kind
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
