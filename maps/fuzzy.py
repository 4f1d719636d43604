"""Close names, as ``difflib.get_close_matches`` finds them, without comparing with every name in Python.

``difflib`` scores a pair by Ratcliff-Obershelp (twice the matched characters
over both lengths); a paste of many misspelt names made it compare each with
every name on the board, about half a millisecond a word. rapidfuzz's Indel
similarity (twice the longest common subsequence over both lengths, in C) is
never below that score, so the names it keeps at the same cutoff hold every
name ``difflib`` would keep: ``difflib`` then scores only those few, and the
answer is exactly ``difflib``'s, in its order.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["close_matches"]


def close_matches(word: str, names: Sequence[str], n: int, cutoff: float) -> list[str]:
    """What ``difflib.get_close_matches(word, names, n, cutoff)`` returns."""
    if not word:
        return []
    import difflib  # only when a name is unknown: commands that never meet one never load these

    from rapidfuzz import process
    from rapidfuzz.distance import Indel

    floor = cutoff - 0.02  # rapidfuzz turns the cutoff into a distance, rounding: keep a margin (difflib decides)
    kept = process.extract(word, names, scorer=Indel.normalized_similarity, score_cutoff=floor, limit=None)
    return difflib.get_close_matches(word, [name for name, _, _ in kept], n=n, cutoff=cutoff)
