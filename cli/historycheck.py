"""A game file's history checked against its board: the phases a command reads, or all of them.

The history is what ``history``, ``replay`` and the results post read back:
each phase's starting position, the orders given and the report. A damaged
file could name a place that is not on the map, or hold an auction with no
bid, and break a command deep inside; found here instead, it is one line
naming the phase and the problem (exit 1), as for the current position.

A command checks only the phases it reads (most read none, or the last):
the phases a command never reads are never decoded (:mod:`game.history`),
so a long game costs what a new one does. ``replay`` and ``history --check``
check them all.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Iterator
from functools import cache

import msgspec

from adjudicator.positioncheck import check_position
from game.history import HistoryEntry, HistoryError
from game.records import LotRecord
from game.state import GameState
from maps import Board

__all__ = ["history_problems"]

_PLACES = ("location", "destination")


def history_problems(board: Board, state: GameState, phases: Iterable[int] | None = None) -> Iterator[str]:
    """Every problem of the stored phases (``phases``: those indices, negative from the end; None: all).

    Each problem names its phase; none: those phases can be read back.
    """
    count = len(state.history)
    indices = range(count) if phases is None else sorted({i % count for i in phases if -count <= i < count})
    powers = set(board.power_names)
    for index in indices:
        try:
            entry = state.history[index]
        except HistoryError as error:  # not a phase record at all (a field of the wrong type, a missing one)
            yield str(error)
            continue
        where = f"history phase {index + 1} ({entry.report.phase})"
        for problem in check_position(board, entry.before):
            yield f"{where}: {problem}"
        for power, orders in entry.orders.items():
            if power not in powers:
                yield f"{where}: orders for unknown power '{power}'"
            for place in (p for order in orders for p in _places(order)):
                if place not in board.location_provinces:
                    yield f"{where}: {power}'s orders name '{place}', which is not on the {board.name} map"
        yield from (f"{where}: the report {problem}" for problem in _report_problems(board, entry))


def _report_problems(board: Board, entry: HistoryEntry) -> Iterator[str]:
    report = entry.report
    for outcome in report.outcomes:
        for place in _places(outcome):
            if place not in board.location_provinces:
                yield f"names '{place}', which is not on the map"
    for dislodged in report.dislodged:
        places = [dislodged.unit.location, *dislodged.retreats]
        if dislodged.attacker_from is not None and dislodged.attacker_from not in board.provinces:
            places.append(dislodged.attacker_from)
        for place in places:
            if place not in board.location_provinces:
                yield f"names '{place}', which is not on the map"
    for lot in report.auction:
        if lot.unit not in board.location_provinces:
            yield f"holds an auction for '{lot.unit}', which is not on the map"
        elif not lot.bids:
            yield f"holds an auction for {lot.unit} with no bid"
        elif not _adds_up(lot):
            yield f"holds an auction for {lot.unit} whose bids do not add up to its result"


def _adds_up(lot: LotRecord) -> bool:
    """The winner was bid for, or (a tie, or nothing carried out) some order's bids make the total."""
    if lot.winner is not None:
        return any(bid.order == lot.winner for bid in lot.bids)
    totals: dict[bytes, int] = {}
    for bid in lot.bids:
        key = msgspec.json.encode(bid.order)
        totals[key] = totals.get(key, 0) + bid.points
    return lot.total in totals.values()


def _places(model: msgspec.Struct) -> list[str]:
    """The locations a record or an order names, however deep."""
    found: list[str] = []
    waiting = [model]
    while waiting:
        record = waiting.pop()
        places, inner = _plan(type(record))
        found += [value for value in (getattr(record, name) for name in places) if isinstance(value, str)]
        for name in inner:
            value = getattr(record, name)
            if isinstance(value, msgspec.Struct):
                waiting.append(value)
            elif isinstance(value, list | tuple):
                waiting += [item for item in value if isinstance(item, msgspec.Struct)]
    return found


@cache
def _plan(kind: type[msgspec.Struct]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A Struct type's fields that name a place, and those that may hold a Struct (read once per type).

    A long game's history holds tens of thousands of records: looking only where a place can be
    keeps checking it a small part of reading the file.
    """
    fields = msgspec.structs.fields(kind)
    places = tuple(f.name for f in fields if f.name in _PLACES)
    inner = tuple(f.name for f in fields if f.name not in _PLACES and _may_hold_struct(f.type))
    return places, inner


def _may_hold_struct(annotation: object) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, msgspec.Struct):
        return True
    return any(_may_hold_struct(arg) for arg in typing.get_args(annotation))
