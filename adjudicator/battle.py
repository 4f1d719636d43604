"""The movement rules as equations: DATC v3.0 section 5.B, one method each.

A :class:`Battle` holds one movement phase in plain structures (an entry per
unit, ints for everything the resolver touches) and answers the three
decisions the resolver asks about: does a move succeed, is a support given,
does a convoy work. Strengths are named after *The Math of Adjudication*
so each can be checked against the article.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from adjudicator.convoys import has_route
from adjudicator.position import Unit
from adjudicator.resolver import Resolver
from maps.board import Board
from maps.terms import Location

__all__ = ["Battle", "Entry", "Kind"]


class Kind(IntEnum):
    HOLD = 0
    MOVE = 1
    SUPPORT_HOLD = 2
    SUPPORT_MOVE = 3
    CONVOY = 4


# ``Kind.MOVE`` goes through the enum metaclass in Python 3.11 (about 90 ns a
# lookup); the decisions test kinds thousands of times a phase, so the rules
# below use these plain module names.
HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY = Kind


@dataclass(slots=True)
class Entry:
    """One unit and the legal order it carries out (HOLD when it has none).

    ``nation`` is the unit's power as an int; every neutral unit gets its own,
    so neutrals are never "the same power" as each other (Sengoku rule).
    ``target`` is the province moved, supported or convoyed into; ``subject``
    the province of the supported or convoyed unit.
    """

    unit: Unit
    province: str
    location: Location
    nation: int
    kind: Kind = Kind.HOLD
    target: str | None = None
    subject: str | None = None
    location_to: Location | None = None
    target_coast: Location | None = None
    convoyed: bool = False
    supports: list[int] = field(default_factory=list)
    convoys: list[int] = field(default_factory=list)
    opponent: int | None = None
    matched: bool = True


class Battle:
    """One movement phase's decisions (DATC 5.B), resolved by a :class:`Resolver`."""

    def __init__(self, board: Board, entries: Sequence[Entry]) -> None:
        self.board = board
        self.entries = list(entries)
        self.at = {e.province: i for i, e in enumerate(self.entries)}
        self.moves_into: dict[str, list[int]] = {}
        for i, e in enumerate(self.entries):
            if e.kind is MOVE:
                assert e.target is not None
                self.moves_into.setdefault(e.target, []).append(i)
        self.paradoxes: set[int] = set()
        self.unresolvable: set[int] = set()
        self.resolver = Resolver(len(self.entries), self.adjudicate, _backup_rule(self))
        self._link()

    # --- setup: who supports, convoys and fights whom ----------------------------------

    def _link(self) -> None:
        entries, at = self.entries, self.at
        for i, e in enumerate(entries):
            if e.kind in (SUPPORT_HOLD, SUPPORT_MOVE, CONVOY):
                other = at.get(e.subject or "")
                e.matched = other is not None and self._matches(e, entries[other])
                if e.matched and other is not None:
                    (entries[other].convoys if e.kind is CONVOY else entries[other].supports).append(i)
            elif e.kind is MOVE and not e.convoyed:
                other = at.get(e.target or "")
                if other is not None:
                    o = entries[other]
                    if o.kind is MOVE and not o.convoyed and o.target == e.province:
                        e.opponent = other

    @staticmethod
    def _matches(order: Entry, other: Entry) -> bool:
        if order.kind is SUPPORT_HOLD:
            return other.kind is not MOVE
        if other.kind is not MOVE or other.target != order.target:
            return False
        if order.kind is CONVOY:
            return other.convoyed
        # A support naming a coast must name the right one (DATC 4.B.4, 6.B.9).
        return order.target_coast is None or order.target_coast == other.location_to

    # --- the decisions ------------------------------------------------------------------

    def resolve_all(self) -> None:
        for i, e in enumerate(self.entries):
            if e.kind is not HOLD:
                self.resolver.resolve(i)

    def succeeded(self, i: int) -> bool:
        return self.resolver.resolve(i)

    def moved(self) -> set[int]:
        """The moves that succeeded (call after :meth:`resolve_all`)."""
        resolve = self.resolver.resolve
        return {i for i, e in enumerate(self.entries) if e.kind is MOVE and resolve(i)}

    def arrivals(self, moved: set[int]) -> dict[str, int]:
        """Province -> the move that entered it (at most one can)."""
        return {self.entries[j].target or "": j for j in moved}

    def adjudicate(self, i: int) -> bool:
        kind = self.entries[i].kind
        if kind is MOVE:
            return self.move_succeeds(i)
        if kind is CONVOY:
            return self.convoy_works(i)
        if kind is HOLD:
            return True
        return self.support_given(i)

    def move_succeeds(self, i: int) -> bool:
        """DATC 5.B.1: beat the hold (or, head to head, the defence) and every rival's prevent."""
        e = self.entries[i]
        attack = self.attack_strength(i)
        if attack == 0:
            return False
        if e.opponent is not None:
            if attack <= self.defend_strength(e.opponent):
                return False
        elif attack <= self.hold_strength(e.target or ""):
            return False
        for j in self.moves_into[e.target or ""]:
            if j != i and attack <= self.prevent_strength(j):
                return False
        return True

    def support_given(self, i: int) -> bool:
        """DATC 5.B.2: cut by an attack from another power with a path, except from the
        province the support is aimed at, which cuts only by dislodging (4.A.4: a
        convoyed attack comes from where the army started)."""
        e = self.entries[i]
        for j in self.moves_into.get(e.province, ()):
            attacker = self.entries[j]
            if attacker.nation == e.nation:
                continue
            if e.kind is SUPPORT_MOVE and attacker.province == e.target:
                if self.resolver.resolve(j):
                    return False
            elif not attacker.convoyed or self.path(j):
                return False
        return True

    def convoy_works(self, i: int) -> bool:
        """DATC 5.B.3: a convoy works while its fleet is not dislodged.

        The attacks on the fleet are adjudicated directly rather than resolved,
        so they never join a dependency cycle: every convoy paradox then forms
        one clean cycle the backup rule can settle (DATC 5.D, Pandin's paradox).
        """
        return not any(self.move_succeeds(j) for j in self.moves_into.get(self.entries[i].province, ()))

    def path(self, i: int) -> bool:
        """DATC 5.B.4: direct, or a chain of matching convoys that all still work (any one route, 4.A.1)."""
        e = self.entries[i]
        if not e.convoyed:
            return True
        fleets = {self.entries[c].province: c for c in e.convoys}
        resolve = self.resolver.resolve
        return has_route(self.board, fleets, e.province, e.target or "", works=lambda sea: resolve(fleets[sea]))

    # --- the strengths ------------------------------------------------------------------

    def hold_strength(self, province: str) -> int:
        """DATC 5.B.5."""
        d = self.at.get(province)
        if d is None:
            return 0
        defender = self.entries[d]
        if defender.kind is MOVE:
            return 0 if self.resolver.resolve(d) else 1
        return 1 + self._given(defender.supports) if defender.supports else 1

    def attack_strength(self, i: int) -> int:
        """DATC 5.B.8: no power dislodges its own unit or helps another power dislodge it."""
        e = self.entries[i]
        if e.convoyed and not self.path(i):
            return 0
        d = self.at.get(e.target or "")
        if d is None:
            return 1 + self._given(e.supports)
        defender = self.entries[d]
        if defender.kind is MOVE and e.opponent != d and self.resolver.resolve(d):
            return 1 + self._given(e.supports)
        if defender.nation == e.nation:
            return 0
        resolve = self.resolver.resolve
        return 1 + sum(1 for s in e.supports if self.entries[s].nation != defender.nation and resolve(s))

    def defend_strength(self, i: int) -> int:
        """DATC 5.B.7: every support counts in defence."""
        return 1 + self._given(self.entries[i].supports)

    def prevent_strength(self, i: int) -> int:
        """DATC 5.B.6: nothing without a path, nothing after losing a head-to-head battle."""
        e = self.entries[i]
        if e.convoyed and not self.path(i):
            return 0
        if e.opponent is not None and self.resolver.resolve(e.opponent):
            return 0
        return 1 + self._given(e.supports)

    def _given(self, supports: list[int]) -> int:
        resolve = self.resolver.resolve
        given = 0
        for s in supports:
            if resolve(s):
                given += 1
        return given


def _backup_rule(battle: Battle):  # type: ignore[no-untyped-def]
    """DATC 5.B.9: circular movement succeeds; a convoy paradox fails its convoys (Szykman).

    Any other undecidable cycle (possible only in variants) fails as a whole,
    as the DATC advises, and is reported as such rather than guessed.
    """

    def backup(resolver: Resolver, members: Sequence[int]) -> None:
        kinds = {battle.entries[m].kind for m in members}
        if kinds == {MOVE}:
            for m in members:
                resolver.settle(m, True)
        elif CONVOY in kinds:
            for m in members:
                if battle.entries[m].kind is CONVOY:
                    battle.paradoxes.add(m)
                    resolver.settle(m, False)
        else:
            for m in members:
                battle.unresolvable.add(m)
                resolver.settle(m, False)

    return backup
