"""One movement phase: its orders laid out by unit, and its decisions as the resolver settles them.

The decisions of DATC 5.B (:mod:`adjudicator.decisions`, weighing the
strengths of :mod:`adjudicator.strengths`) are plain functions of a
:class:`Battlefield` and a unit. The field holds what they read: the
phase's legal orders by unit (the unit's place in the position; provinces
are integer ids, see :mod:`maps.tables`), filled once from the checked
orders (:mod:`adjudicator.checked`), then the links 5.B reads: the moves
into each province, who meets whom head to head, and which supports and
convoys match the order of the unit they name (DATC 4.B.4, 6.B.9). None of
that changes once it is laid out.

A decision asks for another through :meth:`Battlefield.resolve`: the
field's one resolver, Kruijswijk's guess algorithm (:mod:`adjudicator.resolver`),
which settles each decision once and keeps the verdict its rule returned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

from msgspec import Struct

from adjudicator.checked import (
    NOWHERE,
    Checked,
    ConvoyChecked,
    MoveChecked,
    SupportHoldChecked,
    SupportMoveChecked,
)
from adjudicator.outcomes import HOLDS, MovementVerdict
from adjudicator.pieces import Pieces
from adjudicator.resolver import BackupRule, Resolver

__all__ = ["Battlefield", "Decisions", "Rule", "Weighed"]


_Backing = SupportHoldChecked | SupportMoveChecked | ConvoyChecked
_Ordered = MoveChecked | _Backing  # what the battle decides: a legal order other than a hold


class Weighed(Struct, frozen=True, gc=False):
    """A move's decision as its rule made it: the verdict, and the forces weighed (5.B.1).

    ``attack`` is its attack strength, ``against`` the strongest force
    against it and ``opposer`` the unit that brought it (None: nobody, or
    the move was not weighed, its attack strength being 0).
    """

    verdict: MovementVerdict
    succeeded: bool
    attack: int
    against: int
    opposer: int | None


Decision = MovementVerdict | Weighed
"""What a rule returns for a decision: a verdict, or for a move the verdict with the forces weighed."""
Rule = Callable[["Battlefield", int], Decision]


class Decisions(NamedTuple):
    """The decisions a battle asks: 5.B.1 ``move``, 5.B.2 ``support``, 5.B.3 ``convoy``, 5.B.4 ``path``."""

    move: Rule
    support: Rule
    convoy: Rule
    path: Callable[[Battlefield, int], bool]


def _holds(field: Battlefield, i: int) -> Decision:
    """The rule of a unit without a legal order other than a hold: it holds (whether it is dislodged is
    not its decision)."""
    return HOLDS


class Battlefield:
    """One movement phase's orders by unit (DATC 5.B), and its decisions.

    Per unit ``i``: ``moving[i]`` (its order is a legal move), ``target[i]``
    (the province moved, supported or convoyed into, or NOWHERE),
    ``subject[i]`` (the supported or convoyed unit's province), ``goes[i]``
    (a move's exact destination), ``convoyed[i]``, ``opponent[i]`` (the unit
    it meets head to head, or None), ``matched[i]`` (a support or convoy
    matches the order of the unit it names), ``supports[i]`` / ``convoys[i]``
    (the units whose matching support or convoy it gets) and ``rule[i]``
    (the decision asked of it). ``ordered`` lists the units with a legal
    order other than a hold, ``backers`` the supports and convoys among
    them, ``moves_into`` the moves into each province, all in the units'
    order. The position's own lists (``prov``, ``nation``, ``location``,
    ``at``) are the pieces'.

    ``decisions`` are the rules asked (:data:`adjudicator.decisions.DATC`
    unless a test asks others); ``resolver`` settles them, and its lists
    ``resolved`` and ``resolution`` are read directly where a decision is
    likely settled already. ``routes`` keeps each convoyed move's path once
    its convoys are settled. Slotted: the decisions read these fields
    thousands of times a phase.
    """

    __slots__ = (
        "pieces",
        "tables",
        "count",
        "prov",
        "nation",
        "location",
        "at",
        "moving",
        "ordered",
        "backers",
        "target",
        "subject",
        "goes",
        "convoyed",
        "opponent",
        "matched",
        "supports",
        "convoys",
        "moves_into",
        "rule",
        "decisions",
        "resolver",
        "resolve",
        "resolved",
        "resolution",
        "routes",
    )

    def __init__(
        self, pieces: Pieces, checked: Sequence[Checked], decisions: Decisions, backup: BackupRule[Decision]
    ) -> None:
        n = pieces.count
        self.pieces, self.tables, self.count = pieces, pieces.tables, n
        self.prov, self.nation, self.location, self.at = pieces.prov, pieces.nation, pieces.location, pieces.at
        self.moving = [False] * n
        self.ordered: list[int] = []
        self.backers: list[int] = []
        self.target = [NOWHERE] * n
        self.subject = [NOWHERE] * n
        self.goes = [NOWHERE] * n
        self.convoyed = [False] * n
        self.opponent: list[int | None] = [None] * n
        self.matched = [True] * n
        self.supports: list[tuple[int, ...]] = [()] * n
        self.convoys: list[tuple[int, ...]] = [()] * n
        self.moves_into: dict[int, list[int]] = {}
        self.rule: list[Rule] = [_holds] * n
        self.decisions = decisions
        self._link(self._carry_out(checked))
        bound = {rule: partial(rule, self) for rule in set(self.rule)}  # each rule, asked of this field
        self.resolver: Resolver[Decision] = Resolver([bound[rule] for rule in self.rule], backup)
        self.resolve = self.resolver.resolve
        self.resolved, self.resolution = self.resolver.resolved, self.resolver.resolution
        self.routes: dict[int, bool] = {}

    def verdict(self, i: int) -> MovementVerdict:
        """The verdict of unit ``i``'s decision, once settled (HOLDS for a unit that only holds)."""
        value = self.resolver.value[i]
        if value is None:
            return HOLDS
        return value.verdict if isinstance(value, Weighed) else value

    def _carry_out(self, checked: Sequence[Checked]) -> list[_Ordered | None]:
        """Write each legal order into its unit's lists (a unit without one keeps holding); by unit, the
        orders that are not holds."""
        moving, target, subject, goes, convoyed = (
            self.moving,
            self.target,
            self.subject,
            self.goes,
            self.convoyed,
        )
        decisions, rule = self.decisions, self.rule
        by_unit: list[_Ordered | None] = [None] * self.count
        for item in checked:
            if type(item) is MoveChecked:
                i = item.unit
                moving[i], target[i], goes[i], convoyed[i] = True, item.target, item.destination, item.convoyed
                rule[i] = decisions.move
            elif type(item) is SupportMoveChecked:
                i = item.unit
                target[i], subject[i], rule[i] = item.target, item.supported, decisions.support
            elif type(item) is SupportHoldChecked:
                i = item.unit
                target[i], subject[i], rule[i] = item.supported, item.supported, decisions.support
            elif type(item) is ConvoyChecked:
                i = item.unit
                target[i], subject[i], rule[i] = item.target, item.army, decisions.convoy
            else:  # a hold, or void: the unit holds
                continue
            by_unit[i] = item
        return by_unit

    def _link(self, by_unit: list[_Ordered | None]) -> None:
        """Who meets whom head to head, and which supports and convoys match a unit's order."""
        target, prov, at, moving, subject = self.target, self.prov, self.at, self.moving, self.subject
        convoyed, moves_into, backers, ordered = self.convoyed, self.moves_into, self.backers, self.ordered
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
                    other = at.get(t)
                    if other is not None and moving[other] and not convoyed[other] and target[other] == prov[i]:
                        self.opponent[i] = other
                continue
            backers.append(i)
            other = at.get(subject[i])
            if other is None or not self._matches(item, other):
                self.matched[i] = False
            elif type(item) is ConvoyChecked:
                self.convoys[other] += (i,)
            else:
                self.supports[other] += (i,)

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
