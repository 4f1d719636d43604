"""Kruijswijk's guess algorithm (DATC 5.F): a generic resolver for decisions that succeed or fail.

It knows nothing of Diplomacy. Each decision is an int with its rule:
``rules[n](n)`` computes decision ``n``, calling :meth:`Resolver.resolve` for
any decision it depends on, and returns the rule's value: anything with a
``succeeded`` flag (a verdict, with its reason). The resolver keeps, for
each settled decision, whether it succeeded and the value that said so.

Most decisions meet no cycle: each is settled the first time it is asked
for, once the decisions it reads are. When the recursion comes back to a
decision it is still working on, the resolver guesses (first "fails", then
"succeeds"); if both guesses give the same answer that answer stands, with
the value of the adjudication whose guess agreed with it, and if they
differ the cycle has zero or two solutions and the injected backup rule
settles it. This follows DATC v3.0 section 5.F, including the retreat to
the ancestor of the whole cycle (``_hits``) so that cycles nested in a
convoy paradox are handled as one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

__all__ = ["BackupRule", "Decided", "Resolver"]


class Decided(Protocol):
    """What a rule returns for a decision: the resolver reads only whether it succeeded."""

    @property
    def succeeded(self) -> bool: ...


V = TypeVar("V", bound=Decided)

BackupRule = Callable[["Resolver[V]", Sequence[int]], None]
"""Settles the decisions of a cycle that no guess settles (with :meth:`Resolver.settle`)."""


class Resolver(Generic[V]):
    """Resolves decisions ``0 .. size-1`` with guess-and-check.

    ``resolved[n]``, ``resolution[n]`` and ``value[n]`` are decision ``n``'s
    state once settled: readers may look there first, and ask
    :meth:`resolve` only for a decision not settled yet.
    """

    __slots__ = (
        "_rules",
        "_backup",
        "resolved",
        "resolution",
        "value",
        "visited",
        "cycle",
        "_guess_based",
        "_hits",
    )

    def __init__(self, rules: Sequence[Callable[[int], V]], backup: BackupRule[V]) -> None:
        self._rules = rules
        self._backup = backup
        size = len(rules)
        self.resolved = [False] * size
        self.resolution = [False] * size
        self.value: list[V | None] = [None] * size
        self.visited = [False] * size
        self.cycle: list[int] = []
        self._guess_based = False
        self._hits = 0

    def settle(self, decision: int, value: V) -> None:
        """Fix a decision: its value, and whether it succeeded (the backup rule's tool)."""
        self.value[decision] = value
        self.resolution[decision] = value.succeeded
        self.resolved[decision] = True

    def resolve(self, n: int) -> bool:
        """Whether decision ``n`` succeeds, settling it (and what it reads) first if need be."""
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
        first = self._rules[n](n)
        if self._guess_based:
            return self._after_guess(n, first, old_cycle, old_guess_based, old_hits)
        self._guess_based = old_guess_based  # no cycle below: the answer stands
        visited[n] = False
        self.value[n] = first
        succeeded = resolution[n] = first.succeeded
        self.resolved[n] = True
        return succeeded

    def _revisit(self, n: int) -> bool:
        self._guess_based = True
        if n not in self.cycle:
            # We came back to a decision we are working on: a cycle.
            self.cycle.append(n)
            self._hits += 1
        # Otherwise it is part of a cycle not yet settled: its last answer stands for now.
        return self.resolution[n]

    def _after_guess(self, n: int, first: V, old_cycle: int, old_guess_based: bool, old_hits: int) -> bool:
        """The answer rested on a guess somewhere below: settle the cycle here, or leave it to an ancestor."""
        if n in self.cycle:
            self._hits -= 1
        if self._hits == old_hits:
            return self._second_guess(n, first, old_cycle, old_guess_based, old_hits)
        # A cycle passes through here, but it started further up: retreat.
        if n not in self.cycle:
            self.cycle.append(n)
        self.resolution[n] = first.succeeded
        self.visited[n] = False
        return first.succeeded

    def _second_guess(self, n: int, first: V, old_cycle: int, old_guess_based: bool, old_hits: int) -> bool:
        del self.cycle[old_cycle:]
        self.resolution[n] = True
        second = self._rules[n](n)
        self._hits = old_hits  # every cycle met below is settled here, one way or the other
        if first.succeeded == second.succeeded:
            del self.cycle[old_cycle:]
            self._guess_based = old_guess_based
            self.visited[n] = False
            self.settle(n, second if second.succeeded else first)  # the value of the guess that held
            return second.succeeded
        members = self.cycle[old_cycle:]
        if n not in members:
            members = [n, *members]
        self._backup(self, members)
        del self.cycle[old_cycle:]
        self._guess_based = old_guess_based
        self.visited[n] = False
        return self.resolve(n)
