"""Words to places, memoised per board: the parser's only way to the name index.

A name lookup normalises the word (Unicode decomposition, a regular
expression) and, for a word that is no exact name, scans every name for a
prefix and looks for close names (:mod:`maps.fuzzy`) for suggestions: microseconds for a known name,
milliseconds for an unknown one. A GM's text names the same few dozen places
again and again (and the web page checks the whole text on every keystroke),
so each answer is kept: a board's memos (:func:`functools.lru_cache`) hold the
phrases it was asked last, up to a bound, and go with the board (:mod:`maps.perboard`).

Fuzzy suggestions are only worked out for short phrases: no province name is
longer than :data:`FUZZY_LIMIT` characters, so a longer phrase is simply
unknown, and a 20,000-character line costs one pass over its text, not a
comparison with every name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from maps.board import Board
from maps.fuzzy import close_matches
from maps.names import SUGGEST_LIMIT, Lookup, normalise
from maps.perboard import per_board
from maps.terms import Location
from orders import vocabulary as words

__all__ = ["FUZZY_LIMIT", "Place", "Places", "places_of"]

FUZZY_LIMIT = SUGGEST_LIMIT  # characters; the longest name on the shipped maps has 20
_NEAR_MISS = 0.75  # difflib likeness: 'owrai' ~ 'owari' (0.8), 'thanks' !~ 'tan' (0.67)
_MEMO_SIZE = 20_000  # phrases per board, each memo; the least recently asked go first


@dataclass(frozen=True, slots=True)
class Place:
    """A phrase read as a place: the location, or why not (with names to choose from, and ``unread``: the
    phrase as written when it names no province at all, not when it names several)."""

    location: Location | None
    problem: str = ""
    suggestions: tuple[str, ...] = ()
    unread: str | None = None


class Places:
    """One board's memoised answers: exact names, places, and whether a word could be a place."""

    def __init__(self, board: Board) -> None:
        self.board = board
        # each power by its name and its aliases (``武田``, ``たけだ``), any case
        self.powers = {word.casefold(): p.name for p in board.powers for word in (*p.aliases, p.name)}
        # Each answer memoised per board: the least recently asked go first when a memo is full.
        self.is_exact: Callable[[str], bool] = lru_cache(maxsize=_MEMO_SIZE)(board.names.is_exact)
        self.find: Callable[[str], Location | None] = lru_cache(maxsize=_MEMO_SIZE)(self._find)
        self.placeish: Callable[[str], bool] = lru_cache(maxsize=_MEMO_SIZE)(self._placeish)
        self._place = lru_cache(maxsize=_MEMO_SIZE)(self._read)
        # Every id, name and alias as written, any case, with the province the name index gives for it:
        # most phrases are one of these, read without a lookup.
        self._names: dict[str, Place] = {}
        for province in board:
            for word in (province.id, province.name, *province.aliases):
                found = board.names.lookup(word).province
                if found is not None:
                    self._names.setdefault(word.casefold(), Place(found.id))

    def place(self, phrase: list[str]) -> Place:
        """The location a phrase names (``["South", "Shinano"]``, ``["spa", "nc"]``, ``["stp/sc"]``)."""
        text = " ".join(phrase)
        return self._names.get(text.casefold()) or self._place(text)

    def _find(self, text: str) -> Location | None:
        """The province an exact name or unique prefix names; never fuzzy (for hints, not answers: ``find``)."""
        lookup = self._lookup(text, fuzzy=False)
        return lookup.province.id if lookup.province is not None else None

    def _placeish(self, word: str) -> bool:
        """``placeish``: could this word be meant as a place: a name, a prefix of one (3+ letters), or a near miss (4+)?

        Stricter than the suggestions a refusal offers: this decides whether a
        line is an order gone wrong or chatter, so "thanks" must not pass for
        "Tan" (a suggestion's 0.6 likeness), while "Owrai" passes for "Owari".
        """
        key = normalise(word)
        if len(key) < 3 or len(key) > FUZZY_LIMIT:
            return bool(key) and self.is_exact(word)
        lookup = self.board.names.lookup(key, suggest=False)
        if lookup.found or lookup.candidates:
            return True
        return len(key) >= 4 and bool(close_matches(key, self._keys, n=1, cutoff=_NEAR_MISS))

    @cached_property
    def _keys(self) -> list[str]:
        return sorted({normalise(w) for p in self.board for w in (p.id, p.name, *p.aliases)})

    def _read(self, text: str) -> Place:
        phrase = text.split(" ")  # the words ``place`` joined (none of them holds a space)
        if self.is_exact(text):
            lookup = self.board.names.lookup(text)
            if lookup.province is not None:
                return Place(lookup.province.id)
        name, coast = _split_coast(phrase)
        lookup = self._lookup(name, fuzzy=True)
        if lookup.province is None:
            shown = lookup.candidates or lookup.suggestions
            hint = self._missing_dash(phrase)
            unread = None if lookup.candidates else lookup.word
            return Place(None, lookup.problem + hint, tuple(f"{p.name} ({p.id})" for p in shown), unread)
        province = lookup.province
        if coast and coast in province.coasts:
            return Place(f"{province.id}/{coast}")
        return Place(province.id)  # a needless or unknown coast is ignored (DATC 4.B.6)

    def _lookup(self, text: str, *, fuzzy: bool) -> Lookup:
        return self.board.names.lookup(text, suggest=fuzzy and len(text) <= FUZZY_LIMIT)

    def _missing_dash(self, phrase: list[str]) -> str:
        """A hint for ``A Kai Suruga``: two names with no order word between them (short phrases only)."""
        if len(phrase) > 6:
            return ""
        for cut in range(1, len(phrase)):
            first, second = self.find(" ".join(phrase[:cut])), self.find(" ".join(phrase[cut:]))
            if first is not None and second is not None:
                names = self.board.provinces
                return f" (a '-' missing? '{names[first].name} - {names[second].name}')"
        return ""


def _split_coast(phrase: list[str]) -> tuple[str, str | None]:
    """``["stp/sc"]`` or ``["spa", "nc"]`` -> (name, coast code)."""
    last = phrase[-1]
    if "/" in last:
        name, _, coast = last.partition("/")
        code = words.COAST_WORDS.get(coast.casefold())
        return " ".join([*phrase[:-1], name]), code
    if len(phrase) > 1 and len(last) == 2 and last.casefold() in words.COAST_WORDS:
        return " ".join(phrase[:-1]), words.COAST_WORDS[last.casefold()]
    return " ".join(phrase), None


places_of = per_board(Places)  # the board's memo (made on first use, dropped with the board)
