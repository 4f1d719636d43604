"""Words to places, memoised per board: the parser's only way to the name index.

A name lookup normalises the word (Unicode decomposition, a regular
expression) and, for a word that is no exact name, scans every name for a
prefix and looks for close names (:mod:`maps.fuzzy`) for suggestions: microseconds for a known name,
milliseconds for an unknown one. A GM's text names the same few dozen places
again and again (and the web page checks the whole text on every keystroke),
so each answer is kept: a board's memo holds every phrase it has been asked,
up to a bound, and is dropped with the board.

Fuzzy suggestions are only worked out for short phrases: no province name is
longer than :data:`FUZZY_LIMIT` characters, so a longer phrase is simply
unknown, and a 20,000-character line costs one pass over its text, not a
comparison with every name.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TypeVar

from maps.board import Board
from maps.fuzzy import close_matches
from maps.names import SUGGEST_LIMIT, Lookup, normalise
from maps.terms import Location
from orders import vocabulary as words

__all__ = ["FUZZY_LIMIT", "Place", "Places", "places_of"]

FUZZY_LIMIT = SUGGEST_LIMIT  # characters; the longest name on the shipped maps has 20
V = TypeVar("V")
_NEAR_MISS = 0.75  # difflib likeness: 'owrai' ~ 'owari' (0.8), 'thanks' !~ 'tan' (0.67)
_MEMO_SIZE = 20_000  # phrases per board; a full memo starts afresh rather than grow


@dataclass(frozen=True, slots=True)
class Place:
    """A phrase read as a place: the location, or why not (with names to choose from)."""

    location: Location | None
    problem: str = ""
    suggestions: tuple[str, ...] = ()


class Places:
    """One board's memoised answers: exact names, places, and whether a word could be a place."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.powers = {name.casefold(): name for name in board.power_names}
        self._exact: dict[str, bool] = {}
        self._places: dict[str, Place] = {}
        self._found: dict[str, Location | None] = {}
        self._placeish: dict[str, bool] = {}
        self._all_keys: list[str] | None = None
        # Every id, name and alias as written, any case, with the province the name index gives for it:
        # most phrases are one of these, read without a lookup.
        self._names: dict[str, Place] = {}
        for province in board:
            for word in (province.id, province.name, *province.aliases):
                found = board.names.lookup(word).province
                if found is not None:
                    self._names.setdefault(word.casefold(), Place(found.id))
        self.exact_names = {w: place.location for w, place in self._names.items() if place.location}

    def is_exact(self, word: str) -> bool:
        """Is ``word`` (any case) exactly an id, name or alias?"""
        known = self._exact.get(word)
        if known is None:
            known = self._exact[word] = self.board.names.is_exact(word)
            _bound(self._exact)
        return known

    def place(self, phrase: list[str]) -> Place:
        """The location a phrase names (``["South", "Shinano"]``, ``["spa", "nc"]``, ``["stp/sc"]``)."""
        text = " ".join(phrase)
        known = self._names.get(text.casefold()) or self._places.get(text)
        if known is None:
            known = self._places[text] = self._read(phrase, text)
            _bound(self._places)
        return known

    def find(self, text: str) -> Location | None:
        """The province an exact name or unique prefix names; never fuzzy (for hints, not answers)."""
        if text in self._found:
            return self._found[text]
        lookup = self._lookup(text, fuzzy=False)
        found = self._found[text] = lookup.province.id if lookup.province is not None else None
        _bound(self._found)
        return found

    def placeish(self, word: str) -> bool:
        """Could this word be meant as a place: a name, a prefix of one (3+ letters), or a near miss (4+)?

        Stricter than the suggestions a refusal offers: this decides whether a
        line is an order gone wrong or chatter, so "thanks" must not pass for
        "Tan" (a suggestion's 0.6 likeness), while "Owrai" passes for "Owari".
        """
        known = self._placeish.get(word)
        if known is None:
            key = normalise(word)
            if len(key) < 3 or len(key) > FUZZY_LIMIT:
                known = bool(key) and self.is_exact(word)
            else:
                lookup = self.board.names.lookup(key, suggest=False)
                known = lookup.found or bool(lookup.candidates)
                if not known and len(key) >= 4:
                    known = bool(close_matches(key, self._keys(), n=1, cutoff=_NEAR_MISS))
            self._placeish[word] = known
            _bound(self._placeish)
        return known

    def _keys(self) -> list[str]:
        if self._all_keys is None:
            self._all_keys = sorted({normalise(w) for p in self.board for w in (p.id, p.name, *p.aliases)})
        return self._all_keys

    def _read(self, phrase: list[str], text: str) -> Place:
        if self.is_exact(text):
            lookup = self.board.names.lookup(text)
            if lookup.province is not None:
                return Place(lookup.province.id)
        name, coast = _split_coast(phrase)
        lookup = self._lookup(name, fuzzy=True)
        if lookup.province is None:
            shown = lookup.candidates or lookup.suggestions
            hint = self._missing_dash(phrase)
            return Place(None, lookup.problem + hint, tuple(f"{p.name} ({p.id})" for p in shown))
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


def _bound(memo: dict[str, V]) -> None:
    if len(memo) > _MEMO_SIZE:
        memo.clear()


_BOARDS: weakref.WeakKeyDictionary[Board, Places] = weakref.WeakKeyDictionary()


def places_of(board: Board) -> Places:
    """The board's memo (made on first use, dropped with the board)."""
    places = _BOARDS.get(board)
    if places is None:
        places = _BOARDS[board] = Places(board)
    return places
