"""One movement phase's orders laid out by unit: who supports, convoys and fights whom.

The battle (:mod:`adjudicator.battle`) decides a phase on flat lists
indexed by unit (the unit's place in the position; provinces are integer
ids, see :mod:`maps.tables`). A :class:`Battlefield` is those lists, filled
once from the checked orders (:mod:`adjudicator.checked`): each legal order
written into its unit's lists, then the links 5.B reads: the moves into
each province, who meets whom head to head, and which supports and convoys
match the order of the unit they name (DATC 4.B.4, 6.B.9). Nothing here
decides anything, and nothing changes once it is laid out: the decisions
and what they settle are the battle's.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.checked import (
    NOBODY,
    NOWHERE,
    Checked,
    ConvoyChecked,
    MoveChecked,
    OrderKind,
    SupportHoldChecked,
    SupportMoveChecked,
)
from adjudicator.pieces import Pieces

__all__ = ["Battlefield"]


_Backing = SupportHoldChecked | SupportMoveChecked | ConvoyChecked
_Ordered = MoveChecked | _Backing  # what the battle decides: a legal order other than a hold


class Battlefield:
    """One movement phase's orders by unit (DATC 5.B).

    Per unit ``i``: ``kind[i]`` (:class:`OrderKind`; HOLD when it has no
    legal order), ``moving[i]`` (its order is a legal move), ``target[i]``
    (the province moved, supported or convoyed into, or NOWHERE),
    ``subject[i]`` (the supported or convoyed unit's province), ``goes[i]``
    (a move's exact destination), ``convoyed[i]``, ``opponent[i]`` (the unit
    it meets head to head, or NOBODY), ``matched[i]`` (a support or convoy
    matches the order of the unit it names), and ``supports[i]`` /
    ``convoys[i]``: the units whose matching support or convoy it gets.
    ``ordered`` lists the units with a legal order other than a hold,
    ``backers`` the supports and convoys among them, ``moves_into`` the
    moves into each province, all in the units' order. The position's own
    lists (``prov``, ``nation``, ``location``, ``at``) are the pieces'.

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
    )

    def __init__(self, pieces: Pieces, checked: Sequence[Checked]) -> None:
        n = pieces.count
        self.pieces, self.tables, self.count = pieces, pieces.tables, n
        self.prov, self.nation, self.location, self.at = pieces.prov, pieces.nation, pieces.location, pieces.at
        self.kind = [OrderKind.HOLD] * n
        self.moving = [False] * n
        self.ordered: list[int] = []
        self.backers: list[int] = []
        self.target = [NOWHERE] * n
        self.subject = [NOWHERE] * n
        self.goes = [NOWHERE] * n
        self.convoyed = [False] * n
        self.opponent = [NOBODY] * n
        self.matched = [True] * n
        self.supports: list[tuple[int, ...]] = [()] * n
        self.convoys: list[tuple[int, ...]] = [()] * n
        self.moves_into: dict[int, list[int]] = {}
        self._link(self._carry_out(checked))

    def _carry_out(self, checked: Sequence[Checked]) -> list[_Ordered | None]:
        """Write each legal order into its unit's lists (a unit without one keeps holding); by unit, the
        orders that are not holds."""
        kind, moving, target, subject, goes, convoyed = (
            self.kind,
            self.moving,
            self.target,
            self.subject,
            self.goes,
            self.convoyed,
        )
        by_unit: list[_Ordered | None] = [None] * self.count
        for item in checked:
            if type(item) is MoveChecked:
                i = item.unit
                moving[i], target[i], goes[i], convoyed[i] = True, item.target, item.destination, item.convoyed
            elif type(item) is SupportMoveChecked:
                i = item.unit
                target[i], subject[i] = item.target, item.supported
            elif type(item) is SupportHoldChecked:
                i = item.unit
                target[i], subject[i] = item.supported, item.supported
            elif type(item) is ConvoyChecked:
                i = item.unit
                target[i], subject[i] = item.target, item.army
            else:  # a hold, or void: the unit holds
                continue
            kind[i], by_unit[i] = item.kind, item
        return by_unit

    def _link(self, by_unit: list[_Ordered | None]) -> None:
        """Who meets whom head to head, and which supports and convoys match a unit's order."""
        target, prov, at, moving = self.target, self.prov, self.at, self.moving
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
                    other = at.get(t, NOBODY)
                    if other != NOBODY and moving[other] and not convoyed[other] and target[other] == prov[i]:
                        self.opponent[i] = other
                continue
            backers.append(i)
            other = at.get(self.subject[i], NOBODY)
            if other != NOBODY and self._matches(item, other):
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
