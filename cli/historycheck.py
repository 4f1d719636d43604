"""A game file's history checked against its board before any command uses it.

The history is what ``history``, ``replay`` and the results post read back:
each phase's starting position, the orders given and the report. A damaged
file could name a place that is not on the map, or hold an auction with no
bid, and break a command deep inside; found here instead, it is one line
naming the phase and the problem (exit 1), as for the current position.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from adjudicator.positioncheck import check_position
from adjudicator.records import LotRecord
from adjudicator.state import GameState, HistoryEntry
from maps import Board

__all__ = ["history_problems"]

_PLACES = ("location", "destination")


def history_problems(board: Board, state: GameState) -> Iterator[str]:
    """Every problem of the stored phases, each naming its phase (none: the history can be read back)."""
    powers = set(board.power_names)
    for number, entry in enumerate(state.history, 1):
        where = f"history phase {number} ({entry.report.phase})"
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


def _places(model: msgspec.Struct) -> Iterator[str]:
    """The locations a record or an order names, however deep."""
    for name in model.__struct_fields__:
        value = getattr(model, name)
        if name in _PLACES and isinstance(value, str):
            yield value
        elif isinstance(value, msgspec.Struct):
            yield from _places(value)
        elif isinstance(value, list | tuple):
            for item in value:
                if isinstance(item, msgspec.Struct):
                    yield from _places(item)
