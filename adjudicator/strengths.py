"""The path decision and the strengths of DATC 5.B.4-5.B.8: what the decisions of 5.B.1-5.B.3 weigh.

Named after *The Math of Adjudication* so each can be checked against the
article. A strength asks for the decisions it reads through
``self.resolve`` (:mod:`adjudicator.battle`), so the same code serves the
depth-first walk, the guess algorithm and the settled battle.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.battlefield import Battlefield
from adjudicator.checked import NOBODY
from adjudicator.routes import could_chain, route_through

__all__ = ["Strengths"]


class Strengths(Battlefield):
    """A phase's path decisions (5.B.4) and strengths (5.B.5-5.B.8)."""

    __slots__ = ()

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
        d = self.at.get(province, NOBODY)
        if d == NOBODY:
            return 0
        if self.moving[d]:
            return 0 if self.resolve(d) else 1
        return 1 + self.backing(d)

    def attack_strength(self, i: int) -> int:
        """DATC 5.B.8: no power dislodges its own unit or helps another power dislodge it."""
        if self.convoyed[i] and not self.path(i):
            return 0
        d = self.at.get(self.target[i], NOBODY)
        if d != NOBODY:
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
        if opponent != NOBODY and self.resolve(opponent):
            return 0
        return 1 + self.backing(i)
