"""Each power's supply centres at the end of each year, and the Diplomacy Points it bid in the year.

Centres change hands only at the Fall update (:mod:`game.cycle`), whose
phase report keeps every power's count (``PhaseReport.centres``): the year's
end is that report, read as it was posted, never counted again. The first
point is the start (the centres before the first year's Spring), put at the
year before it so the lines begin where the game did.
"""

from __future__ import annotations

import msgspec

from adjudicator.rules import Rules
from game.records import PhaseReport
from game.state import GameState
from maps.board import Board
from render.palette import power_colours

__all__ = ["Series", "Years", "ends_year", "years"]


class Series(msgspec.Struct, frozen=True, kw_only=True):
    """One power's line: its colour on the map, centres at each year's end, DP bid in each year."""

    power: str
    colour: str
    centres: list[int]
    dp_bid: list[int]
    """Diplomacy Points the power put into the year's auctions (the first point, the start, is 0)."""


class Years(msgspec.Struct, frozen=True, kw_only=True):
    """The chart's data: the years (the first is the start), one series per power, the victory line."""

    title: str
    years: list[int]
    series: list[Series]
    victory: int
    has_dp: bool
    """Whether the variant has Diplomacy Points (a chart of them is drawn only then)."""


def years(board: Board, state: GameState, rules: Rules) -> Years:
    """The centre counts at the start and at every year's end so far (an unfinished year is left out)."""
    powers = list(board.power_names)
    start = state.history[0].before if state.history else state.position
    counts = {p: [len(start.centres_of(p))] for p in powers}
    bids = {p: [0] for p in powers}
    marks = [start.phase.year - 1]
    spent: dict[str, int] = {}
    for entry in state.history:
        for lot in entry.report.auction:
            for bid in lot.bids:
                spent[bid.power] = spent.get(bid.power, 0) + bid.points
        if entry.report.centres:  # the Fall update: the year's end
            marks.append(entry.report.phase.year)
            for p in powers:
                counts[p].append(entry.report.centres.get(p, 0))
                bids[p].append(spent.get(p, 0))
            spent = {}
    colours = power_colours(powers)
    series = [Series(power=p, colour=colours[p], centres=counts[p], dp_bid=bids[p]) for p in powers]
    title = f"{state.name}, {board.title}" if state.name else board.title
    return Years(title=title, years=marks, series=series, victory=board.victory_centres, has_dp=rules.max_dp > 0)


def ends_year(report: PhaseReport) -> bool:
    """Whether this phase's results close a year (its Winter, or the Fall when no Winter follows, or the end):
    the chart of the centres goes with them to a chat channel."""
    return report.next_phase is None or report.next_phase.year > report.phase.year
