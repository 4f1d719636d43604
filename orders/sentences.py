"""Orders written as sentences: ``Please move Owari into Mino``, ``Hold Owari``, ``Owari: hold``.

The parser tries these readings only after the line as written was refused, so a sentence never changes how a
plain order reads.
"""

from __future__ import annotations

from orders import vocabulary as words

__all__ = ["in_order_words"]

_UNIT_WORDS = words.ARMY | words.FLEET
_LEAD_IN = frozenset({"please", "pls", "plz", "kindly", "and", "then", "also", "now", "ok", "okay", "so"})
_TRAILING = frozenset({"please", "pls", "plz", "thanks", "thx", "ty"})
_MOVE_VERBS = frozenset({"move", "moves", "attack", "attacks", "go", "goes", "send"})
_HOLD_VERBS = frozenset({"hold", "holds"})
_VERBS = _MOVE_VERBS | _HOLD_VERBS | {"retreat", "retreats", "build", "remove", "disband"}


def in_order_words(tokens: list[str]) -> list[list[str]]:
    """The same line written as an order, where a player wrote it as a sentence (tried only after a refusal).

    ``Please move Owari into Mino`` (a verb first), ``Hold Owari`` (the hold
    before its unit), ``Owari: hold``, ``Mikawa fleet holds``, ``... please``.
    """
    found: list[list[str]] = []
    rest = tokens
    while rest and rest[0].casefold() in _LEAD_IN:
        rest = rest[1:]
    if rest and (rest is not tokens or rest[0].casefold() in _VERBS):  # a sentence: "Retreat Ise to Omi please"
        while rest and rest[-1].casefold() in _TRAILING:
            rest = rest[:-1]
    if rest and rest[0].casefold() in _MOVE_VERBS:
        found.append(rest[1:])
    elif rest and rest[0].casefold() in _HOLD_VERBS and len(rest) >= 2:
        found.append([*rest[1:], "H"])
    elif len(rest) >= 3 and rest[1] == ":":  # "Owari: hold"
        found.append([rest[0], *rest[2:]])
    elif len(rest) >= 3 and rest[1].casefold() in _UNIT_WORDS:  # "Mikawa fleet holds"
        found.append([rest[1], rest[0], *rest[2:]])
    elif rest is not tokens:
        found.append(rest)
    return [f for f in found if f]
