"""Does a line the parser refused still look like an order someone meant to give?

The mail reader asks this of every line the parser cannot read: such a line
is refused and counted (the GM must see it), any other is chatter (listed,
never counted). A line looks like an order when it starts like one: a unit
word and a place (``A Owrai - Mino``), a place and an order word or a second
place (``Kai to Suruga``, ``Owari Mino``), an adjustment word (``Biuld A
Owari`` too), or a DP count (``2 A Bizen H``); or when a ``-`` stands between
two places. Places include prefixes and near misses (``Owrai``), never
common words (``thanks`` is not ``Tan``): see :meth:`orders.places.Places.placeish`.
An order in words counts too: a whole order verb and a place (``Move
Mikawa to Totomi Sea``, ``Please move Owari into Mino``), or a place with
its unit or a colon before the order (``Mikawa fleet holds``, ``Owari:
hold``): the parser may not read it, but the GM must see it.
So "Hi GM,", "Thanks - see you next turn" and "I'll attack Suruga next turn"
are chatter.
"""

from __future__ import annotations

from orders import vocabulary as words
from orders.places import Places

__all__ = ["looks_like_order"]

_UNIT_WORDS = words.ARMY | words.FLEET
_ORDER_WORDS = (
    words.HOLD | words.MOVE | words.TO | words.SUPPORT | words.CONVOY | words.RETREAT | words.DISBAND | words.VIA
)
_ADJUSTMENT_WORDS = words.BUILD | words.REMOVE | words.DISBAND | words.WAIVE
# Whole verbs (no one-letter abbreviations): a line that starts with one and names a place is an order in words.
_VERBS = frozenset(
    w
    for w in (words.HOLD - {"stand", "stands"})
    | words.MOVE
    | words.SUPPORT
    | words.CONVOY
    | words.RETREAT
    | words.DISBAND
    if len(w) > 2
)
_LEAD_IN = frozenset({"please", "pls", "plz", "kindly", "and", "then", "also", "now", "ok", "okay", "so"})


def looks_like_order(tokens: list[str], places: Places) -> bool:
    """``tokens``: the first words of the line, as the parser splits them."""
    if len(tokens) >= 2 and tokens[1] == ":" and tokens[0].casefold() in places.powers:
        tokens = tokens[2:]  # "Oda: ..."
    folded = [t.casefold() for t in tokens]
    if folded and _is_number(folded[0]):  # "2 A Bizen H": a DP order without its colon
        folded = folded[1:]
        if not folded or folded[0] == ":" or folded[0] in words.DP:
            return True
    while folded and folded[0] in _LEAD_IN:  # "Please move Owari into Mino"
        folded = folded[1:]
    if not folded:
        return False
    first, second = folded[0], folded[1] if len(folded) > 1 else ""
    third = folded[2] if len(folded) > 2 else ""
    placeish = places.placeish
    if first in _UNIT_WORDS and second and (second in _ORDER_WORDS or placeish(second) or third in _ORDER_WORDS):
        return True
    if first in _ADJUSTMENT_WORDS:
        return not second or second in _UNIT_WORDS or placeish(second)
    if first in words.DP and _is_number(second):
        return True
    if second and first not in words.TERMINATORS and placeish(first) and (second in _ORDER_WORDS or placeish(second)):
        return True
    if first in _VERBS and second and (placeish(second) or any(len(w) > 3 and places.is_exact(w) for w in folded[2:5])):
        return True  # "Move Mikawa to Totomi Sea", "Hold Owari if Mino falls through"
    if placeish(first) and (second == ":" or second in _UNIT_WORDS) and third in _ORDER_WORDS | _UNIT_WORDS:
        return True  # "Owari: hold", "Mikawa fleet holds"
    for index, word in enumerate(folded[1:-1], start=1):
        before, after = folded[index - 1], folded[index + 1]
        if word == "-" and placeish(before) and placeish(after):
            return True  # "Amry Kai - Suruga" (but not "a change of plan - South Shinano goes...")
        if word in _UNIT_WORDS and places.is_exact(after):
            return True  # "Biuld A Owari"
    return False


def _is_number(token: str) -> bool:
    return token.isascii() and token.isdigit() and len(token) <= 9
