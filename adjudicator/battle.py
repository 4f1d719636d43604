"""The movement rules as equations: DATC v3.0 section 5.B, one method each.

A :class:`Battle` holds one movement phase in plain structures (an entry per
unit, ints for everything the resolver touches) and answers the three
decisions the resolver asks about: does a move succeed, is a support given,
does a convoy work. Strengths are named after *The Math of Adjudication*
so each can be checked against the article.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from adjudicator.convoys import has_route
from adjudicator.position import Unit
from adjudicator.resolver import BackupRule, Resolver
from maps.board import Board
from maps.terms import Location, UnitType, province_of

__all__ = ["Battle", "Entry", "Kind", "unit_entries"]


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

    The unit's facts (``province``, ``type``, ``location``, ``power``) are
    read once from its pydantic model, where a field costs several times a
    plain attribute; the legality checker reads them here too.

    ``nation`` is the unit's power as an int; every neutral unit gets its own,
    so neutrals are never "the same power" as each other (Sengoku rule).
    ``target`` is the province moved, supported or convoyed into, ``subject``
    the province of the supported or convoyed unit ("" for none).
    ``supports`` and ``convoys`` start as one shared empty tuple and grow
    only for the few units that get any, rather than two new lists a unit.

    Slotted, as :class:`Battle` is: the decisions read these fields thousands
    of times a phase, and a slot reads faster than an instance dictionary (a
    phase took 14% longer with a plain class).
    """

    unit: Unit
    province: str
    type: UnitType
    location: Location
    power: str | None
    nation: int
    kind: Kind = Kind.HOLD
    target: str = ""
    subject: str = ""
    location_to: Location | None = None
    target_coast: Location | None = None
    convoyed: bool = False
    supports: tuple[int, ...] = ()
    convoys: tuple[int, ...] = ()
    opponent: int | None = None
    matched: bool = True


def unit_entries(board: Board, units: Iterable[Unit]) -> list[Entry]:
    """One holding entry per unit, in the position's order; orders are written into them later."""
    where = board.location_provinces
    nations: dict[str, int] = {}
    entries: list[Entry] = []
    for unit in units:
        location, power = unit.location, unit.power
        nation = nations.setdefault(power, len(nations)) if power is not None else -1 - len(entries)
        province = where.get(location) or province_of(location)
        entries.append(Entry(unit, province, unit.type, location, power, nation))
    return entries


class Battle:
    """One movement phase's decisions (DATC 5.B), resolved by a :class:`Resolver`.

    The decisions ask for each other through ``self.resolve``: the resolver
    while the battle is being resolved, then, once every decision is settled
    (:meth:`resolve_all`), a plain lookup in the resolver's list of results,
    so reading the settled battle (strengths for the explanations, standoffs)
    costs no resolver calls.
    """

    __slots__ = (
        "board",
        "entries",
        "at",
        "moves_into",
        "paradoxes",
        "unresolvable",
        "resolver",
        "resolve",
        "moved",
        "arrivals",
        "_routes",
        "_backing",
    )

    def __init__(self, board: Board, entries: Sequence[Entry]) -> None:
        self.board = board
        self.entries = list(entries)
        self.at = {e.province: i for i, e in enumerate(self.entries)}
        self.moves_into: dict[str, list[int]] = {}
        self.paradoxes: set[int] = set()
        self.unresolvable: set[int] = set()
        self.resolver = Resolver(len(self.entries), self.adjudicate, _backup_rule(self))
        self.resolve: Callable[[int], bool] = self.resolver.resolve
        self._routes: dict[int, bool] = {}  # each convoyed move's path, once its convoys are settled
        self.moved: set[int] = set()  # once settled: the moves that succeeded
        self.arrivals: dict[str, int] = {}  # once settled: province -> the move that entered it
        self._backing: list[int] = []  # the supports and convoys
        self._link()

    # --- setup: who supports, convoys and fights whom ----------------------------------

    def _link(self) -> None:
        entries, at, moves_into = self.entries, self.at, self.moves_into
        for i, e in enumerate(entries):
            kind = e.kind
            if kind is MOVE:
                moves_into.setdefault(e.target, []).append(i)
                if not e.convoyed:
                    other = at.get(e.target)
                    if other is not None:
                        o = entries[other]
                        if o.kind is MOVE and not o.convoyed and o.target == e.province:
                            e.opponent = other
            elif kind is not HOLD:
                self._backing.append(i)
                other = at.get(e.subject)
                e.matched = other is not None and self._matches(e, entries[other])
                if e.matched and other is not None:
                    o = entries[other]
                    if kind is CONVOY:
                        o.convoys += (i,)
                    else:
                        o.supports += (i,)

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
        """Settle every decision, in the entries' order, then note which moves succeeded."""
        entries, resolver = self.entries, self.resolver
        self._settle_unopposed()
        resolve, resolved = self.resolve, resolver.resolved
        for i, e in enumerate(entries):
            if e.kind is not HOLD and not resolved[i]:
                resolve(i)
        self.resolve = resolve = resolver.resolution.__getitem__
        self.moved = {i for i, e in enumerate(entries) if e.kind is MOVE and resolve(i)}
        self.arrivals = {entries[j].target: j for j in self.moved}

    def _settle_unopposed(self) -> None:
        """Settle first the supports and convoys that no move attacks: often half the decisions.

        Such a support or convoy is given (5.B.2, 5.B.3) whatever else happens,
        and settling it early leaves the resolver exactly as resolving it in
        turn would: resolving it reads no other decision and makes no guess.
        """
        entries, moves_into = self.entries, self.moves_into
        self.resolver.settle_all([i for i in self._backing if entries[i].province not in moves_into], True)

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
        elif attack <= self.hold_strength(e.target):
            return False
        for j in self.moves_into[e.target]:
            if j != i and attack <= self.prevent_strength(j):
                return False
        return True

    def support_given(self, i: int) -> bool:
        """DATC 5.B.2: cut by an attack from another power with a path, except from the
        province the support is aimed at, which cuts only by dislodging (4.A.4: a
        convoyed attack comes from where the army started)."""
        entries = self.entries
        e = entries[i]
        for j in self.moves_into.get(e.province, ()):
            attacker = entries[j]
            if attacker.nation == e.nation:
                continue
            if e.kind is SUPPORT_MOVE and attacker.province == e.target:
                if self.resolve(j):
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
        """DATC 5.B.4: direct, or a chain of matching convoys that all still work (any one route, 4.A.1).

        While some convoy on the way is unsettled, its decision is asked for
        fleet by fleet, in the route's order (that order is part of how a
        paradox is met). Once all are settled the answer cannot change: it is
        searched once, through the fleets whose convoy works, and kept.
        """
        e = self.entries[i]
        if not e.convoyed:
            return True
        known = self._routes.get(i)
        if known is None:
            resolved, entries = self.resolver.resolved, self.entries
            if not all(resolved[c] for c in e.convoys):
                fleets = {entries[c].province: c for c in e.convoys}
                resolve = self.resolve
                return has_route(self.board, fleets, e.province, e.target, works=lambda sea: resolve(fleets[sea]))
            working = [entries[c].province for c in e.convoys if self.resolve(c)]
            known = self._routes[i] = has_route(self.board, working, e.province, e.target)
        return known

    # --- the strengths ------------------------------------------------------------------

    def hold_strength(self, province: str) -> int:
        """DATC 5.B.5."""
        d = self.at.get(province)
        if d is None:
            return 0
        defender = self.entries[d]
        if defender.kind is MOVE:
            return 0 if self.resolve(d) else 1
        return 1 + sum(map(self.resolve, defender.supports)) if defender.supports else 1

    def attack_strength(self, i: int) -> int:
        """DATC 5.B.8: no power dislodges its own unit or helps another power dislodge it."""
        entries = self.entries
        e = entries[i]
        if e.convoyed and not self.path(i):
            return 0
        resolve, supports = self.resolve, e.supports
        d = self.at.get(e.target)
        if d is not None:
            defender = entries[d]
            if defender.kind is not MOVE or e.opponent == d or not resolve(d):  # it stays to be dislodged
                if defender.nation == e.nation:
                    return 0
                supports = tuple(s for s in supports if entries[s].nation != defender.nation)
        return 1 + sum(map(resolve, supports)) if supports else 1

    def defend_strength(self, i: int) -> int:
        """DATC 5.B.7: every support counts in defence."""
        supports = self.entries[i].supports
        return 1 + sum(map(self.resolve, supports)) if supports else 1

    def prevent_strength(self, i: int) -> int:
        """DATC 5.B.6: nothing without a path, nothing after losing a head-to-head battle."""
        e = self.entries[i]
        if e.convoyed and not self.path(i):
            return 0
        if e.opponent is not None and self.resolve(e.opponent):
            return 0
        return 1 + sum(map(self.resolve, e.supports)) if e.supports else 1


def _backup_rule(battle: Battle) -> BackupRule:
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
