"""Words misspelt where a name or an order word belongs: headers that name a power that does not exist
(``Odda:``, ``TAKDA``, ``Orders for Takdea``), and order words (``Biuld F Kai``).

Such a line is neither chatter nor a header: the mail reader refuses it with
the powers it could mean, found by the same fuzzy matching as the provinces
(:mod:`maps.fuzzy`), and refuses the orders under it too, rather than
reading them for the power of the header above or for none.

A misspelt order word is refused too, never guessed: the line stays refused,
with the word meant, when the line reads as an order with it.

Pure: names in, names out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from maps.fuzzy import close_matches
from orders import vocabulary as words
from orders.mailtext import unknown_power_of_header

__all__ = ["MISSPELT", "misspelt_power", "misspelt_verb"]

MISSPELT = 0.75
"""How like a power's name the word must be (``Odda``/Oda 0.86, ``Takdea``/Takeda 0.83; ``Hello`` is like none)."""


def misspelt_power(
    content: str, below: str, powers: Mapping[str, str], is_order: Callable[[str], bool]
) -> tuple[str, tuple[str, ...]] | None:
    """``("Odda", ("Oda",))``: the word a header line has in a power's place and the powers it could be; else None.

    ``content`` is the line (markup stripped), ``below`` the next line with
    text, ``powers`` maps casefolded names to names, ``is_order`` says
    whether a line reads as an order. A word alone on its line without a
    colon (``Toda`` signing a mail, ``TAKDA`` heading orders) is a header
    only when an order follows it.
    """
    bare = content.rstrip(":").strip()
    word = unknown_power_of_header(bare, powers)
    if word is None or len(word) < 3:
        return None
    if word == bare and not content.endswith(":") and not (below and is_order(below)):
        return None
    close = close_matches(word.casefold(), list(powers), n=3, cutoff=MISSPELT)
    return (word, tuple(dict.fromkeys(powers[name] for name in close))) if close else None  # a power once


# The order words a misspelt one is compared with ("Biuld" -> build), the full words only.
_VERBS = (
    *("build", "remove", "disband", "retreat", "waive", "move", "hold", "support", "convoy", "attack"),
    *("army", "fleet"),
)
_KNOWN = words.TERMINATORS | words.DP | words.ARMY | words.FLEET | {"via", "by", "convoy", "coast"}


def misspelt_verb(
    tokens: list[str], is_place: Callable[[str], bool], reads: Callable[[list[str]], bool]
) -> tuple[str, tuple[str, ...]] | None:
    """``Biuld F Kai``: the problem to say and the word meant, when a word where an order word goes (the first
    three) is close to one and the line reads as an order with it (``reads``); else None."""
    for at in (0, 1, 2):
        if at >= len(tokens) or len(tokens[at]) < 3 or (tokens[at].isascii() and tokens[at].isdigit()):
            continue
        word = tokens[at].casefold()
        if word in _KNOWN or is_place(word):
            continue
        close = close_matches(word, _VERBS, n=1, cutoff=0.7)
        if not close:
            continue
        shown = close[0].title() if at == 0 else close[0]
        fixed = [*tokens[:at], shown, *tokens[at + 1 :]]
        if reads(fixed):
            return f"'{tokens[at]}' is not an order word: did you mean '{shown}'? ({' '.join(fixed)})", (shown,)
    return None
