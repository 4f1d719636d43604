"""Kruijswijk's guess algorithm: a generic resolver for boolean decisions.

It knows nothing of Diplomacy. Each decision is an int; ``adjudicate(n)``
computes decision ``n`` from the rules, calling :meth:`Resolver.resolve` for
any decision it depends on. When the recursion meets a decision it is still
working on, the resolver guesses (first "fails", then "succeeds"); if both
guesses give the same answer that answer stands, and if they differ the
cycle has zero or two solutions and the injected backup rule settles it.
This follows DATC v3.0 section 5.F, including the retreat to the ancestor of
the whole cycle (``recursion_hits``) so that cycles nested in a convoy
paradox are handled as one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

__all__ = ["BackupRule", "Resolver"]

BackupRule = Callable[["Resolver", Sequence[int]], None]


class Resolver:
    """Resolves decisions ``0 .. size-1`` with guess-and-check."""

    __slots__ = ("_adjudicate", "_backup", "resolved", "resolution", "visited", "cycle", "_guess_based", "_hits")

    def __init__(
        self,
        size: int,
        adjudicate: Callable[[int], bool],
        backup: BackupRule,
        settled: tuple[list[bool], list[bool]] | None = None,
    ) -> None:
        """``settled`` may give the ``resolved`` and ``resolution`` lists to work in (and share), when
        some decisions were settled before the resolver was needed."""
        self._adjudicate = adjudicate
        self._backup = backup
        self.resolved, self.resolution = settled or ([False] * size, [False] * size)
        self.visited = [False] * size
        self.cycle: list[int] = []
        self._guess_based = False
        self._hits = 0

    def settle(self, decision: int, value: bool) -> None:
        """Fix a decision's result (the backup rule's tool)."""
        self.resolution[decision] = value
        self.resolved[decision] = True

    def settle_all(self, decisions: Iterable[int], value: bool) -> None:
        """Fix several decisions' results at once."""
        resolution, resolved = self.resolution, self.resolved
        for decision in decisions:
            resolution[decision] = value
            resolved[decision] = True

    def resolve(self, n: int) -> bool:
        if self.resolved[n]:
            return self.resolution[n]
        cycle = self.cycle
        if self.visited[n] or (cycle and n in cycle):
            return self._revisit(n)
        # The first visit, inline: resolving is mostly this, and mostly without a cycle.
        visited, resolution = self.visited, self.resolution
        visited[n] = True
        old_cycle, old_guess_based, old_hits = len(cycle), self._guess_based, self._hits
        self._guess_based = False
        resolution[n] = False  # the guess seen deeper in the recursion
        first = self._adjudicate(n)
        if self._guess_based:
            return self._after_guess(n, first, old_cycle, old_guess_based, old_hits)
        self._guess_based = old_guess_based  # no cycle below: the answer stands
        visited[n] = False
        resolution[n] = first
        self.resolved[n] = True
        return first

    def _revisit(self, n: int) -> bool:
        self._guess_based = True
        if n not in self.cycle:
            # We came back to a decision we are working on: a cycle.
            self.cycle.append(n)
            self._hits += 1
        # Otherwise it is part of a cycle not yet settled: its last answer stands for now.
        return self.resolution[n]

    def _after_guess(self, n: int, first: bool, old_cycle: int, old_guess_based: bool, old_hits: int) -> bool:
        """The answer rested on a guess somewhere below: settle the cycle here, or leave it to an ancestor."""
        if n in self.cycle:
            self._hits -= 1
        if self._hits == old_hits:
            return self._second_guess(n, first, old_cycle, old_guess_based, old_hits)
        # A cycle passes through here, but it started further up: retreat.
        if n not in self.cycle:
            self.cycle.append(n)
        self.resolution[n] = first
        self.visited[n] = False
        return first

    def _second_guess(self, n: int, first: bool, old_cycle: int, old_guess_based: bool, old_hits: int) -> bool:
        del self.cycle[old_cycle:]
        self.resolution[n] = True
        second = self._adjudicate(n)
        self._hits = old_hits  # every cycle met below is settled here, one way or the other
        if first == second:
            del self.cycle[old_cycle:]
            self._guess_based = old_guess_based
            self.visited[n] = False
            self.settle(n, first)
            return first
        members = self.cycle[old_cycle:]
        if n not in members:
            members = [n, *members]
        self._backup(self, members)
        del self.cycle[old_cycle:]
        self._guess_based = old_guess_based
        self.visited[n] = False
        return self.resolve(n)
