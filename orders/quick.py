"""The common shapes of order lines, read in one pass without the general reader.

Most lines a GM pastes are the judge forms with one-word places:
``A Owari - Mino``, ``F MIK S A OWA - MIN``, ``2 : A Bizen H``. Reading
them with the general reader (:mod:`orders.parser`) costs a few
microseconds each in method calls; this module matches the shapes below
over the line's lower-cased words and builds the order directly, or answers
None and leaves the line to the general reader. It never refuses a line.

Shapes, in a movement phase (or with no phase), where ``u`` is an optional
unit word and ``P`` a place's whole name, id or alias (one or more words, the first no order word):
``u P [H]``, ``u P - [to] P``, ``u P S u P [H]``, ``u P S u P - [to] P``,
``u P C u P - [to] P``, ``u P - P via convoy``, each S or H form also after a DP count
(``2 :``, ``2 DP``, ``DP 2``). Anything else (coasts, abbreviations,
convoy paths, retreats, builds) goes to the general reader.
:mod:`tests.orders.test_quick` checks that both readers agree on every line
the quick one reads.
"""

from __future__ import annotations

from collections.abc import Callable

from maps.terms import PhaseType, UnitType
from orders import vocabulary as words
from orders.model import Convoy, DPOrder, Hold, Move, Order, SupportHold, SupportMove, UnitRef
from orders.places import Places

__all__ = ["UnitMaker", "quick_order"]

_ARMY, _FLEET = UnitType.ARMY, UnitType.FLEET
_UNIT = {**{w: _ARMY for w in words.ARMY}, **{w: _FLEET for w in words.FLEET}}
_MOVE = words.MOVE | words.TO
_TERMINATORS = words.TERMINATORS
_NOT_PLACES = words.TERMINATORS | words.DP | words.ARMY | words.FLEET | words.VIA | words.CONVOY


UnitMaker = Callable[[UnitType | None, str], UnitRef]


def quick_order(folded: list[str], places: Places, phase: PhaseType | None, unit_ref: UnitMaker) -> Order | None:
    """The order the lower-cased words give, if they are one of the common shapes; else None."""
    if phase is not None and phase is not PhaseType.MOVEMENT:
        return None
    n = len(folded)
    i = 0
    points: int | None = None
    if n > 2 and folded[0].isdigit() and folded[0].isascii() and len(folded[0]) <= 9:
        if folded[1] != ":" and folded[1] not in words.DP:
            return None
        points, i = int(folded[0]), 2
    elif n > 2 and folded[0] in words.DP and folded[1].isdigit() and folded[1].isascii() and len(folded[1]) <= 9:
        points, i = int(folded[1]), 2
    reader = _Walk(folded, places, unit_ref, i)
    unit = reader.unit()
    if unit is None:
        return None
    order = reader.after(unit)
    if order is None or reader.i != n:
        return None
    if points is None:
        return order
    if points < 1 or not isinstance(order, Hold | SupportHold | SupportMove):
        return None  # the general reader says why
    return DPOrder(points=points, order=order)


class _Walk:
    __slots__ = ("folded", "i", "names", "unit_ref")

    def __init__(self, folded: list[str], places: Places, unit_ref: UnitMaker, i: int) -> None:
        self.folded, self.names, self.unit_ref, self.i = folded, places.exact_names, unit_ref, i

    def place(self) -> str | None:
        """A place's words run to the next order word or the end, as in the general reader."""
        folded, start = self.folded, self.i
        if start >= len(folded) or folded[start] in _NOT_PLACES:
            return None
        end = start + 1
        while end < len(folded) and folded[end] not in _TERMINATORS:
            end += 1
        location = self.names.get(folded[start] if end == start + 1 else " ".join(folded[start:end]))
        if location is not None:
            self.i = end
        return location

    def unit(self) -> UnitRef | None:
        unit_type = _UNIT.get(self.folded[self.i]) if self.i < len(self.folded) else None
        if unit_type is not None:
            self.i += 1
        location = self.place()
        if location is None:
            return None
        return self.unit_ref(unit_type, location)

    def word(self, vocabulary: frozenset[str]) -> bool:
        if self.i < len(self.folded) and self.folded[self.i] in vocabulary:
            self.i += 1
            return True
        return False

    def destination(self) -> str | None:
        """After a move word: an optional 'to', then the place."""
        self.word(words.TO)
        return self.place()

    def after(self, unit: UnitRef) -> Order | None:
        if self.i == len(self.folded) or self.word(words.HOLD):
            return Hold(unit=unit)
        if self.word(_MOVE):
            destination = self.destination()
            if destination is None:
                return None
            if self.word(words.VIA):
                return Move(unit=unit, destination=destination, via_convoy=True) if self.word(words.CONVOY) else None
            return Move(unit=unit, destination=destination)
        if self.word(words.SUPPORT):
            other = self.unit()
            if other is None:
                return None
            if self.word(_MOVE):
                destination = self.destination()
                return None if destination is None else SupportMove(unit=unit, supported=other, destination=destination)
            self.word(words.HOLD)
            return SupportHold(unit=unit, supported=other)
        if self.word(words.CONVOY):
            other = self.unit()
            if other is None or not self.word(_MOVE):
                return None
            destination = self.destination()
            return None if destination is None else Convoy(unit=unit, convoyed=other, destination=destination)
        return None
