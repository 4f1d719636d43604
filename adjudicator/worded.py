"""A reason with a code and words: the code is what game files and JSON keep, the words what people read.

A reason's words may be improved (a clearer sentence, a new language of
the post) without a game file or a JSON client noticing: they store and
compare the code. Each member is written ``NAME = "code", "the words"``.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Worded"]


class Worded(StrEnum):
    """A StrEnum whose value is a stable code (``"no_unit"``) and whose :attr:`words` say it."""

    words: str

    def __new__(cls, code: str, words: str) -> Worded:
        member = str.__new__(cls, code)
        member._value_ = code
        member.words = words
        return member
