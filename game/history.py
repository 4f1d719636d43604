"""A game's adjudicated phases, each decoded from its stored JSON only when something reads it.

A game's history is most of its file (30 years: 110 phases, 2.3 MB), and
most commands and pages read none of it, or the last phase alone. Decoding
all of it into records on every read cost more than the rest of a command
(124 M of 687 M instructions for ``sengoku status`` on a 30-year game), so
a stored history is split into one JSON text per phase (cheap: nothing
inside a phase is decoded), and a phase becomes a :class:`HistoryEntry` when
first read, checked by msgspec as it decodes. A phase never read is written
back exactly as it was read.

The shells check a history when it is written from outside the engine (a
game imported) and when asked (``sengoku replay``, ``history --check``),
and each command checks the phases it reads; the engine itself only ever
appends phases it made.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from typing import overload

import msgspec

from adjudicator.position import Phase, Position
from game.errors import GameError
from game.records import PhaseReport
from orders.model import Order
from orders.structs import Struct

__all__ = ["History", "HistoryEntry", "HistoryError"]


class HistoryEntry(Struct, frozen=True, kw_only=True):
    """One adjudicated phase: the board before it, the orders given, and the report."""

    before: Position
    orders: dict[str, list[Order]]
    report: PhaseReport
    adjudicated_at: datetime | None = None
    """When the phase was adjudicated (UTC), so when the next one opened; none in older games."""
    deadline: datetime | None = None
    """The phase's own deadline when it was adjudicated (the post before it named it); none if unset."""
    previous: PhaseReport | None = None
    """The report this phase had before a rollback, when it was adjudicated anew to another (a correction)."""
    edits: list[str] = msgspec.field(default_factory=list)
    """The GM's edits made while this phase was open, in words (the post lists them as GM adjustments)."""
    edited_from: Position | None = None
    """The position before those edits: what the phase before led to (None: no edit)."""
    dp_set: dict[str, int] = msgspec.field(default_factory=dict)
    """Powers whose DP the GM set for this phase (their centres would have given other numbers)."""
    published: bool = True
    """Whether the players saw these results (mailed, posted to a chat channel or a forum, shown on the web
    site): results adjudicated anew after a rollback are a correction only of results they saw. A phase kept
    before this was known counts as published."""


_RAWS = msgspec.json.Decoder(list[msgspec.Raw])
_ENTRY = msgspec.json.Decoder(HistoryEntry)


class _Report(msgspec.Struct):
    phase: Phase


class _Phase(msgspec.Struct):
    report: _Report


_PHASE = msgspec.json.Decoder(_Phase)


class HistoryError(GameError):
    """A stored phase that is not a phase record: which one (counted from 1) and what is wrong, on one line."""

    def __init__(self, number: int, problem: str) -> None:
        self.number, self.problem = number, problem
        super().__init__(f"history phase {number}: {problem}")


class History(Sequence[HistoryEntry]):
    """The adjudicated phases, oldest first: a read-only sequence of :class:`HistoryEntry`.

    Its items are phases already decoded (or made by the engine) and phases
    still as their stored JSON (:class:`msgspec.Raw`); reading one decodes and
    keeps it. A new history is made by :meth:`appended` or slicing, never by
    changing one in place (a game state is a value).
    """

    __slots__ = ("_items",)

    def __init__(self, entries: Iterable[HistoryEntry | msgspec.Raw] = ()) -> None:
        self._items: list[HistoryEntry | msgspec.Raw] = list(entries)

    @classmethod
    def from_json(cls, data: bytes | str | msgspec.Raw) -> History:
        """A stored history (a JSON array of phases), split into one JSON text per phase; nothing else decoded.

        Raises :class:`msgspec.ValidationError` (at ``$``) when it is not an array.
        """
        return cls(_RAWS.decode(data))

    def stored(self) -> list[HistoryEntry | msgspec.Raw]:
        """What to write: each phase never read as the exact JSON it was read from, the others as records."""
        return list(self._items)

    def held(self) -> list[int]:
        """The indices of the phases held as records: made by the engine, or read (so decoded) since loading."""
        return [index for index, item in enumerate(self._items) if isinstance(item, HistoryEntry)]

    def appended(self, entry: HistoryEntry) -> History:
        return History([*self._items, entry])

    def published_at(self, index: int) -> History:
        """The history with phase ``index``'s results seen by the players (itself if they were)."""
        entry = self[index]
        if entry.published:
            return self
        items = list(self._items)
        items[index] = entry.replace(published=True)
        return History(items)

    def phases(self) -> list[Phase]:
        """Each phase's name (``Spring 1570 movement``), reading no more of a stored phase than its name."""
        items = enumerate(self._items)
        return [item.report.phase if isinstance(item, HistoryEntry) else self._phase(n) for n, item in items]

    def _phase(self, index: int) -> Phase:
        try:
            return _PHASE.decode(self._items[index]).report.phase  # type: ignore[arg-type]
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            raise HistoryError(index + 1, _problem(error)) from None

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    @overload
    def __getitem__(self, index: int) -> HistoryEntry: ...

    @overload
    def __getitem__(self, index: slice) -> History: ...

    def __getitem__(self, index: int | slice) -> HistoryEntry | History:
        if isinstance(index, slice):
            return History(self._items[index])
        item = self._items[index]
        if isinstance(item, HistoryEntry):
            return item
        number = index % len(self._items)
        try:
            entry = _ENTRY.decode(item)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            raise HistoryError(number + 1, _problem(error)) from None
        self._items[number] = entry  # decoded once: two threads may both decode it, to equal values
        return entry

    def __iter__(self) -> Iterator[HistoryEntry]:
        for index in range(len(self._items)):
            yield self[index]

    def __reversed__(self) -> Iterator[HistoryEntry]:
        for index in range(len(self._items) - 1, -1, -1):
            yield self[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list):
            other = History(other)
        if not isinstance(other, History):
            return NotImplemented
        if len(self) != len(other):
            return False
        return all(
            a == b or self[i] == other[i]  # the same stored text, or the same phase however it is held
            for i, (a, b) in enumerate(zip(self._items, other._items, strict=True))
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"History({len(self._items)} phases)"


def _problem(error: Exception) -> str:
    """msgspec's ``Expected `int`, got `str` - at `$.report.phase``` as ``report.phase: Expected ...``."""
    message, _, where = str(error).rpartition(" - at `$")
    if not message:
        return str(error)
    return f"{where.rstrip('`').lstrip('.')}: {message}"
