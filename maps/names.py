"""Turning a player's word into a province.

The Sengoku rules warn that abbreviations are treacherous (Echigo/Echizen,
Izumo/Izu, Yamashiro/Yamato, Tosa/Tosa Bay), so a lookup never guesses: a word
resolves only by an exact id, name or alias, or by a prefix that fits one
province alone. Anything else is an answer that lists the candidates or the
closest names, for the player to choose.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterable

import msgspec

from maps.fuzzy import close_matches
from maps.province import Province

__all__ = ["SUGGEST_LIMIT", "Lookup", "NameIndex", "normalise"]

# Letters and digits are kept, and the Japanese scripts: a province's own name in kanji (石見) is a name too.
# A pattern string, compiled by ``re``'s own cache on the first name read: compiling its ranges costs a
# command that reads no name (``status``) about a fifteenth of its start.
_NON_ALNUM = r"[^a-z0-9\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
SUGGEST_LIMIT = 40  # characters; the longest name on the shipped maps has 20


def normalise(word: str) -> str:
    """Case-, accent- and punctuation-blind key: ``"Tōtōmi Sea"`` -> ``"totomisea"``; kanji and kana stay."""
    decomposed = unicodedata.normalize("NFKD", word)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(_NON_ALNUM, "", plain.casefold())


class Lookup(msgspec.Struct, frozen=True):
    """The answer to a lookup: one province, or why not, with names to offer."""

    word: str
    province: Province | None
    candidates: tuple[Province, ...] = ()
    suggestions: tuple[Province, ...] = ()

    @property
    def found(self) -> bool:
        return self.province is not None

    @property
    def problem(self) -> str:
        if self.province is not None:
            return ""
        if self.candidates:
            names = ", ".join(f"{p.name} ({p.id})" for p in self.candidates)
            return f"'{self.word}' is ambiguous: it could be {names}"
        message = f"unknown province '{self.word}'"
        if self.suggestions:
            names = ", ".join(f"{p.name} ({p.id})" for p in self.suggestions)
            message += f"; did you mean {names}?"
        return message


class NameIndex:
    """Every id, name and alias of a board, normalised, for lookups and listings."""

    def __init__(self, provinces: Iterable[Province]) -> None:
        self._keys: dict[str, Province] = {}
        self._provinces = tuple(provinces)
        for province in self._provinces:
            for word in (province.id, province.name, *province.aliases):
                self._keys.setdefault(normalise(word), province)
        self._key_list = list(self._keys)
        self._sorted_keys = sorted(self._keys)  # prefixes by bisection, not a scan of every name
        self._sorted_parts = sorted({(normalise(w), p.id): p for p in self._provinces for w in word_parts(p)}.items())

    def is_exact(self, word: str) -> bool:
        return normalise(word) in self._keys

    def lookup(self, word: str, *, suggest: bool = True) -> Lookup:
        """The province ``word`` names; else candidates (a prefix of several) or, if ``suggest``, close names.

        Close names are only looked for in words no longer than :data:`SUGGEST_LIMIT`
        (each is compared with every name (:mod:`maps.fuzzy`): a long text would make it slow,
        and no name is that long).
        """
        key = normalise(word)
        if not key:
            return Lookup(word, None)
        if key in self._keys:
            return Lookup(word, self._keys[key])
        by_prefix = _unique(self._keys[k] for k in _with_prefix(self._sorted_keys, key))
        if len(by_prefix) == 1:
            return Lookup(word, by_prefix[0])
        if by_prefix:
            return Lookup(word, None, candidates=_sorted(by_prefix))
        if not suggest or len(key) > SUGGEST_LIMIT:
            return Lookup(word, None)
        return Lookup(word, None, suggestions=self._suggest(word, key))

    def matches(self, word: str) -> tuple[Province, ...]:
        """Every province the word could mean (the names feature): exact, prefix or any name word."""
        key = normalise(word)
        if not key:
            return ()
        found = [p for k, p in self._keys.items() if k.startswith(key)]
        found += [p for p in self._provinces if any(normalise(w).startswith(key) for w in p.name.split())]
        return _sorted(_unique(found))

    def _suggest(self, word: str, key: str) -> tuple[Province, ...]:
        close = close_matches(key, self._key_list, n=8, cutoff=0.6)
        at = bisect.bisect_left(self._sorted_parts, ((key, ""),))
        words = []
        for (part, _), province in self._sorted_parts[at:]:
            if not part.startswith(key):
                break
            words.append(province)
        words.sort(key=self._provinces.index)  # the board's order, as before
        return tuple(_unique([*words, *(self._keys[k] for k in close)]))[:5]


def _with_prefix(keys: list[str], prefix: str) -> list[str]:
    """The keys (sorted) that start with ``prefix``."""
    found = []
    for key in keys[bisect.bisect_left(keys, prefix) :]:
        if not key.startswith(prefix):
            break
        found.append(key)
    return found


def word_parts(province: Province) -> list[str]:
    return [w for name in (province.name, *province.aliases) for w in name.split()]


def _unique(provinces: Iterable[Province]) -> list[Province]:
    seen: dict[str, Province] = {}
    for province in provinces:
        seen.setdefault(province.id, province)
    return list(seen.values())


def _sorted(provinces: Iterable[Province]) -> tuple[Province, ...]:
    return tuple(sorted(provinces, key=lambda p: p.name))
