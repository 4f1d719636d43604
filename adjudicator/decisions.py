"""The decisions of DATC 5.B.1-5.B.3, one method each: does a move succeed, is a support cut, does a convoy
work.

Each returns a verdict (:mod:`adjudicator.outcomes`) with its reason and
culprit; the resolver reads only whether it succeeded. The strengths they
weigh and the path decision are :mod:`adjudicator.strengths`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from adjudicator.checked import NOBODY, NOWHERE, OrderKind
from adjudicator.outcomes import (
    CARRIED,
    GIVEN,
    NO_PATH,
    SUCCEEDS,
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
from adjudicator.routes import could_chain
from adjudicator.strengths import Strengths

__all__ = ["Decisions"]


# A verdict is an immutable value: one per culprit is built and shared, phase after phase
# (a frozen dataclass costs about half a microsecond to build; a cache hit a fifth of that).
_lost_to = lru_cache(maxsize=1024)(LostHeadToHead)
_defended_by = lru_cache(maxsize=1024)(Defended)
_bounced_by = lru_cache(maxsize=1024)(Bounced)
_own_unit = lru_cache(maxsize=1024)(FriendlyFire)
_cut_by = lru_cache(maxsize=1024)(Cut)
_dislodged_by = lru_cache(maxsize=1024)(CutByDislodgement)
_disrupted_by = lru_cache(maxsize=1024)(Disrupted)
_NOT_ORDERED, _NO_ROUTE = NoConvoy(ConvoyGap.NOT_ORDERED), NoConvoy(ConvoyGap.NO_ROUTE)


class Decisions(Strengths):
    """A phase's move, support and convoy decisions (5.B.1-5.B.3)."""

    __slots__ = ()

    def judge(self, i: int) -> Verdict:
        """Decision ``i`` by the rule of its kind: the verdict, with its reason and culprit."""
        return self.rule[i](i)

    def adjudicate(self, i: int) -> bool:
        """What the guess algorithm asks: only whether decision ``i`` succeeds."""
        return self.judge(i).succeeded

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
        if opponent != NOBODY:
            against, by, failure = 1 + self.backing(opponent), opponent, _lost_to
        else:
            against, by, failure = self.hold_strength(target), self.at.get(target, NOBODY), _defended_by
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
        aimed = self.target[i] if self.kind[i] is OrderKind.SUPPORT_MOVE else NOWHERE
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
