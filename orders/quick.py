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
_TO, _HOLD, _SUPPORT, _CONVOY, _VIA, _DP = words.TO, words.HOLD, words.SUPPORT, words.CONVOY, words.VIA, words.DP
_TERMINATORS = words.TERMINATORS
_NOT_PLACES = words.TERMINATORS | words.DP | words.ARMY | words.FLEET | words.VIA | words.CONVOY


UnitMaker = Callable[[UnitType | None, str], UnitRef]


def quick_order(folded: list[str], places: Places, phase: PhaseType | None, unit_ref: UnitMaker) -> Order | None:
    """The order the lower-cased words give, if they are one of the common shapes; else None.

    One flat pass with index arithmetic: this runs for nearly every line a GM
    pastes, so it avoids the method calls the general reader makes per word.
    """
    if phase is not None and phase is not PhaseType.MOVEMENT:
        return None
    n = len(folded)
    names = places.exact_names
    points: int | None = None
    i = 0
    if n > 2:
        first = folded[0]
        if first.isdigit() and first.isascii() and len(first) <= 9:
            if folded[1] != ":" and folded[1] not in _DP:
                return None
            points, i = int(first), 2
        elif first in _DP and folded[1].isdigit() and folded[1].isascii() and len(folded[1]) <= 9:
            points, i = int(folded[1]), 2
    unit, i = _unit(folded, i, n, names, unit_ref)
    if unit is None:
        return None
    order: Order | None = None
    word = folded[i] if i < n else ""
    if not word or word in _HOLD:
        order, i = Hold(unit=unit), i + (1 if word else 0)
    elif word in _MOVE:
        destination, i = _place(folded, i + 1 + (i + 1 < n and folded[i + 1] in _TO), n, names)
        if destination is not None:
            if i + 1 < n and folded[i] in _VIA and folded[i + 1] in _CONVOY:
                order, i = Move(unit=unit, destination=destination, via_convoy=True), i + 2
            else:
                order = Move(unit=unit, destination=destination)
    elif word in _SUPPORT or word in _CONVOY:
        other, i = _unit(folded, i + 1, n, names, unit_ref)
        if other is None:
            return None
        if i < n and folded[i] in _MOVE:
            destination, i = _place(folded, i + 1 + (i + 1 < n and folded[i + 1] in _TO), n, names)
            if destination is not None:
                if word in _SUPPORT:
                    order = SupportMove(unit=unit, supported=other, destination=destination)
                else:
                    order = Convoy(unit=unit, convoyed=other, destination=destination)
        elif word in _SUPPORT:
            i += i < n and folded[i] in _HOLD
            order = SupportHold(unit=unit, supported=other)
    if order is None or i != n:
        return None
    if points is None:
        return order
    if points < 1 or not isinstance(order, Hold | SupportHold | SupportMove):
        return None  # the general reader says why
    return DPOrder(points=points, order=order)


def _place(folded: list[str], start: int, n: int, names: dict[str, str]) -> tuple[str | None, int]:
    """A place's words run to the next order word or the end, as in the general reader."""
    if start >= n or folded[start] in _NOT_PLACES:
        return None, start
    end = start + 1
    while end < n and folded[end] not in _TERMINATORS:
        end += 1
    location = names.get(folded[start] if end == start + 1 else " ".join(folded[start:end]))
    return (location, end) if location is not None else (None, start)


def _unit(folded: list[str], i: int, n: int, names: dict[str, str], unit_ref: UnitMaker) -> tuple[UnitRef | None, int]:
    """An optional unit word, then a place."""
    unit_type = _UNIT.get(folded[i]) if i < n else None
    location, i = _place(folded, i + (unit_type is not None), n, names)
    return (unit_ref(unit_type, location), i) if location is not None else (None, i)
