"""The movement rules as equations: DATC v3.0 section 5.B, one method each.

A :class:`Battle` holds one movement phase in flat lists indexed by unit
(the unit's place in the position; provinces are integer ids, see
:mod:`maps.tables`) and answers the three decisions the resolver asks
about: does a move succeed, is a support given, does a convoy work.
Strengths are named after *The Math of Adjudication* so each can be checked
against the article.

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
resolver calls.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from adjudicator.checked import (
    Checked,
    ConvoyChecked,
    MoveChecked,
    OrderKind,
    SupportHoldChecked,
    SupportMoveChecked,
)
from adjudicator.outcomes import (
    CARRIED,
    GIVEN,
    HOLDS,
    NO_PATH,
    SUCCEEDS,
    SZYKMAN,
    UNDECIDABLE,
    Bounced,
    ConvoyGap,
    Cut,
    CutByDislodgement,
    Defended,
    Disrupted,
    FriendlyFire,
    LostHeadToHead,
    NoConvoy,
    Verdict,
)
from adjudicator.pieces import Pieces
from adjudicator.resolver import BackupRule, Resolver
from adjudicator.routes import could_chain, route_through

__all__ = ["Battle"]


# A verdict is an immutable value: one per culprit is built and shared, phase after phase
# (a frozen dataclass costs about half a microsecond to build; a cache hit a fifth of that).
_lost_to = lru_cache(maxsize=1024)(LostHeadToHead)
_defended_by = lru_cache(maxsize=1024)(Defended)
_bounced_by = lru_cache(maxsize=1024)(Bounced)
_own_unit = lru_cache(maxsize=1024)(FriendlyFire)
_cut_by = lru_cache(maxsize=1024)(Cut)
_dislodged_by = lru_cache(maxsize=1024)(CutByDislodgement)
_disrupted_by = lru_cache(maxsize=1024)(Disrupted)
_Backing = SupportHoldChecked | SupportMoveChecked | ConvoyChecked
_Ordered = MoveChecked | _Backing  # what the battle decides: a legal order other than a hold
_NOT_ORDERED, _NO_ROUTE = NoConvoy(ConvoyGap.NOT_ORDERED), NoConvoy(ConvoyGap.NO_ROUTE)


class _Cycle(Exception):
    """:meth:`Battle.decide` came back to a decision it is still working on."""


class Battle:
    """One movement phase's decisions (DATC 5.B).

    Per unit ``i``: ``kind[i]`` (:class:`OrderKind`; HOLD when it has no
    legal order), ``moving[i]`` (its order is a legal move), ``rule[i]`` (the
    rule that decides its order), ``target[i]`` (the province moved,
    supported or convoyed into, -1), ``subject[i]`` (the supported or
    convoyed unit's province), ``goes[i]`` (a move's exact destination),
    ``convoyed[i]``, ``opponent[i]`` (the unit it meets head to head, -1),
    ``matched[i]``, and ``supports[i]`` / ``convoys[i]``: the units whose
    matching support or convoy it gets. ``ordered`` lists the units with a
    legal order other than a hold, ``moves_into`` the moves into each
    province, both in the units' order.

    Slotted: the decisions read these fields thousands of times a phase.
    """

    __slots__ = (
        "pieces",
        "tables",
        "count",
        "prov",
        "nation",
        "location",
        "at",
        "kind",
        "moving",
        "rule",
        "ordered",
        "target",
        "subject",
        "goes",
        "convoyed",
        "opponent",
        "matched",
        "supports",
        "convoys",
        "moves_into",
        "paradoxes",
        "unresolvable",
        "resolved",
        "resolution",
        "verdict",
        "busy",
        "resolver",
        "resolve",
        "backing",
        "attack",
        "against",
        "opposer",
        "moved",
        "arrivals",
        "_routes",
        "_backing",
    )

    def __init__(self, pieces: Pieces, checked: Sequence[Checked]) -> None:
        n = pieces.count
        self.pieces, self.tables, self.count = pieces, pieces.tables, n
        self.prov, self.nation, self.location, self.at = pieces.prov, pieces.nation, pieces.location, pieces.at
        self.kind = [OrderKind.HOLD] * n
        self.moving = [False] * n
        self.rule: list[Callable[[int], Verdict]] = [self._holds] * n
        self.ordered: list[int] = []
        self.target = [-1] * n
        self.subject = [-1] * n
        self.goes = [-1] * n
        self.convoyed = [False] * n
        self.opponent = [-1] * n
        self.matched = [True] * n
        self.supports: list[tuple[int, ...]] = [()] * n
        self.convoys: list[tuple[int, ...]] = [()] * n
        self.moves_into: dict[int, list[int]] = {}
        self.paradoxes: set[int] = set()
        self.unresolvable: set[int] = set()
        self._routes: dict[int, bool] = {}  # each convoyed move's path, once its convoys are settled
        self._backing: list[int] = []  # the supports and convoys
        self.moved: set[int] = set()  # once settled: the moves that succeeded
        self.arrivals: dict[int, int] = {}  # once settled: province -> the move that entered it
        self._link(self._carry_out(checked))
        self.resolved = [False] * n
        self.resolution = [False] * n
        self.verdict: list[Verdict] = [HOLDS] * n  # each decision's verdict, kept as it is settled
        self.busy = [False] * n
        # Each move's attack strength, the strongest force against it and whose it was (-1: nobody's),
        # noted as it is judged: final once every decision is settled (see _final_verdicts).
        self.attack = [-1] * n
        self.against = [0] * n
        self.opposer = [-1] * n
        self.resolver: Resolver | None = None  # the guess algorithm, made when a cycle needs it
        self.resolve: Callable[[int], bool] = self.decide
        self.backing: Callable[[int], int] = self._backing_of

    # --- setup: who supports, convoys and fights whom ----------------------------------

    def _carry_out(self, checked: Sequence[Checked]) -> list[_Ordered | None]:
        """Write each legal order into its unit's lists (a unit without one keeps holding); by unit, the
        orders that are not holds."""
        kind, moving, rule, target, subject, goes, convoyed = (
            self.kind,
            self.moving,
            self.rule,
            self.target,
            self.subject,
            self.goes,
            self.convoyed,
        )
        move, support, convoy = self.move, self.support, self.convoy
        by_unit: list[_Ordered | None] = [None] * self.count
        for item in checked:
            if type(item) is MoveChecked:
                i = item.unit
                moving[i], rule[i], target[i], goes[i], convoyed[i] = (
                    True,
                    move,
                    item.target,
                    item.destination,
                    item.convoyed,
                )
            elif type(item) is SupportMoveChecked:
                i = item.unit
                rule[i], target[i], subject[i] = support, item.target, item.supported
            elif type(item) is SupportHoldChecked:
                i = item.unit
                rule[i], target[i], subject[i] = support, item.supported, item.supported
            elif type(item) is ConvoyChecked:
                i = item.unit
                rule[i], target[i], subject[i] = convoy, item.target, item.army
            else:  # a hold, or void: the unit holds
                continue
            kind[i], by_unit[i] = item.kind, item
        return by_unit

    def _link(self, by_unit: list[_Ordered | None]) -> None:
        """Who meets whom head to head, and which supports and convoys match a unit's order."""
        target, prov, at, moving = self.target, self.prov, self.at, self.moving
        convoyed, moves_into, backing, ordered = self.convoyed, self.moves_into, self._backing, self.ordered
        for i, item in enumerate(by_unit):
            if item is None:
                continue
            ordered.append(i)
            if type(item) is MoveChecked:
                t = item.target
                movers = moves_into.get(t)
                if movers is None:
                    moves_into[t] = [i]
                else:
                    movers.append(i)
                if not item.convoyed:
                    other = at.get(t, -1)
                    if other >= 0 and moving[other] and not convoyed[other] and target[other] == prov[i]:
                        self.opponent[i] = other
                continue
            backing.append(i)
            other = at.get(self.subject[i], -1)
            if other >= 0 and self._matches(item, other):
                if type(item) is ConvoyChecked:
                    self.convoys[other] += (i,)
                else:
                    self.supports[other] += (i,)
            else:
                self.matched[i] = False

    def _matches(self, item: _Backing, other: int) -> bool:
        """Whether the support or convoy ``item`` matches the order of the unit it names, ``other``."""
        if type(item) is SupportHoldChecked:
            return not self.moving[other]
        if not self.moving[other] or self.target[other] != item.target:
            return False
        if type(item) is ConvoyChecked:
            return self.convoyed[other]
        # A support naming a coast must name the right one (DATC 4.B.4, 6.B.9).
        return item.coast is None or item.coast == self.goes[other]

    # --- the decisions ------------------------------------------------------------------

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

    def judge(self, i: int) -> Verdict:
        """Decision ``i`` by the rule of its kind: the verdict, with its reason and culprit."""
        return self.rule[i](i)

    def adjudicate(self, i: int) -> bool:
        """What the guess algorithm asks: only whether decision ``i`` succeeds."""
        return self.judge(i).succeeded

    def _holds(self, i: int) -> Verdict:
        """A unit without a legal order other than a hold: it holds (whether it is dislodged is not this decision)."""
        return HOLDS

    def move(self, i: int) -> Verdict:
        """DATC 5.B.1: beat the hold (or, head to head, the defence) and every rival's prevent.

        Every opposing force is weighed, so a move that fails names the
        strongest (the first met, on a tie): hold or defence first, then the
        rivals in the units' order.
        """
        self.attack[i] = attack = self.attack_strength(i)
        if attack == 0:
            return self._powerless(i)
        opponent, target = self.opponent[i], self.target[i]
        failure: Callable[[str], Verdict]  # what beat the move, by the kind of force that did
        if opponent >= 0:
            against, by, failure = 1 + self.backing(opponent), opponent, _lost_to
        else:
            against, by, failure = self.hold_strength(target), self.at.get(target, -1), _defended_by
        movers = self.moves_into[target]
        if len(movers) > 1:
            for j in movers:
                if j != i:
                    prevent = self.prevent_strength(j)
                    if prevent > against:
                        against, by, failure = prevent, j, _bounced_by
        self.against[i], self.opposer[i] = against, by
        if attack > against:
            return SUCCEEDS
        return failure(self.location[by])

    def _powerless(self, i: int) -> Verdict:
        """Why a move has attack strength 0 (5.B.8): no convoy route, or its own power's unit in the way."""
        if self.convoyed[i] and not self.path(i):
            convoys = self.convoys[i]
            if not convoys:
                return _NOT_ORDERED
            ordered = sum(1 << self.prov[c] for c in convoys)
            if not could_chain(self.tables, ordered, self.prov[i], self.target[i]):
                return _NO_ROUTE
            return NO_PATH
        return _own_unit(self.location[self.at[self.target[i]]])

    def support(self, i: int) -> Verdict:
        """DATC 5.B.2: cut by an attack from another power with a path, except from the
        province the support is aimed at, which cuts only by dislodging (4.A.4: a
        convoyed attack comes from where the army started).

        Whether the support counts (it matches a move or a hold) is :attr:`matched`;
        this decision is only whether it is cut.
        """
        nation, prov = self.nation, self.prov
        aimed = self.target[i] if self.kind[i] is OrderKind.SUPPORT_MOVE else -1
        for j in self.moves_into.get(prov[i], ()):
            if nation[j] == nation[i]:
                continue
            if prov[j] == aimed:
                if self.resolve(j):
                    return _dislodged_by(self.location[j])
            elif not self.convoyed[j] or self.path(j):
                return _cut_by(self.location[j])
        return GIVEN

    def convoy(self, i: int) -> Verdict:
        """DATC 5.B.3: a convoy works while its fleet is not dislodged.

        The attacks on the fleet are adjudicated directly rather than resolved,
        so they never join a dependency cycle: every convoy paradox then forms
        one clean cycle the backup rule can settle (DATC 5.D, Pandin's paradox;
        DATC.md, "Departures from the 5.B decision graph").
        """
        for j in self.moves_into.get(self.prov[i], ()):
            if self.move(j) is SUCCEEDS:
                return _disrupted_by(self.location[j])
        return CARRIED

    def path(self, i: int) -> bool:
        """DATC 5.B.4: direct, or a chain of matching convoys that all still work (any one route, 4.A.1).

        While some convoy on the way is unsettled, its decision is asked for
        fleet by fleet, in the route's order (that order is part of how a
        paradox is met). Once all are settled the answer cannot change: it is
        searched once, through the fleets whose convoy works, and kept.
        """
        if not self.convoyed[i]:
            return True
        known = self._routes.get(i)
        if known is None:
            convoys, prov, resolved = self.convoys[i], self.prov, self.resolved
            if not all(resolved[c] for c in convoys):
                fleets = {prov[c]: c for c in convoys}
                resolve = self.resolve
                return route_through(
                    self.tables, list(fleets), prov[i], self.target[i], works=lambda sea: resolve(fleets[sea])
                )
            working = sum(1 << prov[c] for c in convoys if self.resolve(c))  # one fleet a province: a sum is a union
            known = self._routes[i] = could_chain(self.tables, working, prov[i], self.target[i])
        return known

    # --- the strengths ------------------------------------------------------------------

    def given(self, supports: Sequence[int]) -> int:
        """How many of these supports are given (each one resolved, in order)."""
        resolved, resolution = self.resolved, self.resolution
        total = 0
        for s in supports:
            total += resolution[s] if resolved[s] else self.resolve(s)
        return total

    def _backing_of(self, i: int) -> int:
        """How many supports unit ``i`` is given (:attr:`backing` while resolving)."""
        supports = self.supports[i]
        return self.given(supports) if supports else 0

    def hold_strength(self, province: int) -> int:
        """DATC 5.B.5."""
        d = self.at.get(province, -1)
        if d < 0:
            return 0
        if self.moving[d]:
            return 0 if self.resolve(d) else 1
        return 1 + self.backing(d)

    def attack_strength(self, i: int) -> int:
        """DATC 5.B.8: no power dislodges its own unit or helps another power dislodge it."""
        if self.convoyed[i] and not self.path(i):
            return 0
        d = self.at.get(self.target[i], -1)
        if d >= 0:
            if not self.moving[d] or self.opponent[i] == d or not self.resolve(d):  # it stays to be dislodged
                nation = self.nation
                defender = nation[d]
                if defender == nation[i]:
                    return 0
                supports = self.supports[i]
                if supports:
                    return 1 + self.given(tuple(s for s in supports if nation[s] != defender))
                return 1
        return 1 + self.backing(i)

    def defend_strength(self, i: int) -> int:
        """DATC 5.B.7: every support counts in defence."""
        return 1 + self.backing(i)

    def prevent_strength(self, i: int) -> int:
        """DATC 5.B.6: nothing without a path, nothing after losing a head-to-head battle."""
        if self.convoyed[i] and not self.path(i):
            return 0
        opponent = self.opponent[i]
        if opponent >= 0 and self.resolve(opponent):
            return 0
        return 1 + self.backing(i)


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
