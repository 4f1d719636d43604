"""Errors raised at the edge, where files come in.

Inside the engine a mistake is a verdict (a void order, a refused line);
exceptions are only for input that cannot be used at all::

    SengokuError
     └── MapFileError      a map file that is not a valid board
"""

from __future__ import annotations

__all__ = ["MapFileError", "SengokuError"]


class SengokuError(Exception):
    """Base of every error the project raises on bad input."""


class MapFileError(SengokuError):
    """A map file that cannot be loaded, with the file, the province and the problem."""

    def __init__(self, source: str, province: str | None, problem: str) -> None:
        self.source = source
        self.province = province
        self.problem = problem
        where = f"province {province}" if province else "(file)"
        super().__init__(f"{source}: {where}: {problem}")
