"""Regular expressions compiled when first used, not when their module is imported.

Python compiles a pattern in Python code, a few hundred microseconds each, and
the mail reader has dozens (quotes, signatures, forum markup, phase names),
most of which a plain paste of orders never reaches: a clean order line is
split on its spaces and read by the grammar alone. Compiled at import, they cost every `sengoku orders`
run (a GM waits for each one); compiled on first use, only the run whose text
needs them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

__all__ = ["LazyPattern"]


class LazyPattern:
    """A :class:`re.Pattern` with the same methods, compiled on the first call of any of them."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def match(self, string: str) -> re.Match[str] | None:
        return self.compiled.match(string)

    def search(self, string: str) -> re.Match[str] | None:
        return self.compiled.search(string)

    def fullmatch(self, string: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(string)

    def findall(self, string: str) -> list[str]:
        return self.compiled.findall(string)

    def finditer(self, string: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def __repr__(self) -> str:
        return f"LazyPattern({self._source!r}, {self._flags!r})"
