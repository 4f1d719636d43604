"""The game in one page: the result, and each power's centres, peak, fall, orders missed and DP, and the swings.

Every figure is read from the game's history as it was adjudicated: the
year-end counts from the Fall reports (:mod:`story.years`), the orders a
power owed in a phase from the same rule the results post's "No orders
received" reads (:func:`game.duty.powers_to_order`), the DP from the
auctions' records. A power "missed" a phase (an NMR) when it owed orders
there and the phase was adjudicated without any from it.
"""

from __future__ import annotations

import msgspec

from adjudicator.position import Position
from adjudicator.rules import Rules
from game.duty import powers_to_order
from game.records import ResultKind
from game.state import GameState
from maps.board import Board
from story.years import Years, years

__all__ = ["SWING", "PowerStory", "Summary", "Swing", "summarise"]

SWING = 3
"""A year in which a power lost this many centres or more is one of the game's swings."""


class PowerStory(msgspec.Struct, frozen=True, kw_only=True):
    """One power's game in figures."""

    power: str
    centres: int
    """Centres now (at the end, for a finished game)."""
    units: int
    peak: int
    peak_year: int
    """The first year at whose end it held its peak (the year before the first: the start)."""
    eliminated: str | None
    """The phase that took its last centre and unit, or None while it stands."""
    owed: int
    """Phases in which it had orders to give (:func:`game.duty.powers_to_order`)."""
    given: int
    """Of those, the phases it gave orders in before the phase was adjudicated."""
    nmr: int
    """Phases it owed orders in and gave none: its NMR count (no moves received)."""
    missed: list[str]
    """Those phases, in order."""
    dp_bid: int
    dp_won: int
    """DP on bids that carried their neutral unit's auction."""


class Swing(msgspec.Struct, frozen=True, kw_only=True):
    """A year in which a power lost :data:`SWING` centres or more: from ``before`` to ``after``, at ``phase``."""

    power: str
    year: int
    phase: str
    before: int
    after: int
    lost: int


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    """Everything the summary page and post say."""

    game: str
    variant: str
    kind: ResultKind
    winners: list[str]
    """The winner, or the powers in the draw (none while the game goes on)."""
    result: str
    """The result in words: 'Oda wins the game.', or 'The game goes on.'"""
    first: str
    """The first phase played."""
    now: str
    """The phase the game is at (its end, for a finished game)."""
    phases: int
    """Phases adjudicated."""
    powers: list[PowerStory]
    """Most centres first (then the board's order)."""
    swings: list[Swing]
    """Largest loss first (then the earliest)."""
    has_dp: bool
    start_year: int
    """The year before the first: a peak "in" it is the start."""

    @property
    def title(self) -> str:
        """``Kyoto 1570, Sengoku Jidai (6DP): Oda wins the game``; ``...: the story so far, at Fall 1580 movement``."""
        name = f"{self.game}, {self.variant}" if self.game else self.variant
        if self.kind is ResultKind.ONGOING:
            return f"{name}: the story so far, at {self.now}"
        return f"{name}: {self.result.rstrip('.')}"


def summarise(board: Board, state: GameState, rules: Rules, chart: Years | None = None) -> Summary:
    """The summary of the game so far (``chart``: its :func:`story.years.years`, if the caller has it)."""
    chart = chart or years(board, state, rules)
    order = {power: i for i, power in enumerate(board.power_names)}
    duty = [frozenset(powers_to_order(board, entry.before, rules)) for entry in state.history]
    stories = sorted(
        (_power_story(state, duty, chart, line.power, line.centres) for line in chart.series),
        key=lambda s: (-s.centres, order[s.power]),
    )
    swings = sorted(_swings(state, chart), key=lambda s: (-s.lost, s.year, order[s.power]))
    first = state.history[0].before.phase if state.history else state.position.phase
    # a game that is over ended with its last adjudicated phase: the phase it stands at was never played
    now = state.history[-1].report.phase if state.result.over and state.history else state.position.phase
    return Summary(
        game=state.name,
        variant=board.title,
        kind=state.result.kind,
        winners=list(state.result.powers) if state.result.over else [],
        result=state.result.describe(),
        first=str(first),
        now=str(now),
        phases=len(state.history),
        powers=stories,
        swings=swings,
        has_dp=rules.max_dp > 0,
        start_year=chart.years[0],
    )


def _power_story(
    state: GameState, duty: list[frozenset[str]], chart: Years, power: str, counts: list[int]
) -> PowerStory:
    """``duty``: the powers that owed orders in each history entry."""
    peak = max(counts)
    owed = given = 0
    missed: list[str] = []
    bid = won = 0
    eliminated = None
    for index, entry in enumerate(state.history):
        if power in duty[index]:
            owed += 1
            if entry.orders.get(power):
                given += 1
            else:
                missed.append(str(entry.report.phase))
        for lot in entry.report.auction:
            for b in lot.bids:
                if b.power == power:
                    bid += b.points
                    won += b.points if lot.winner is not None and b.order == lot.winner else 0
        if eliminated is None and _stands(entry.before, power) and not _stands(_after(state, index), power):
            eliminated = str(entry.report.phase)
    now = state.position
    return PowerStory(
        power=power,
        centres=len(now.centres_of(power)),
        units=len(now.units_of(power)),
        peak=peak,
        peak_year=chart.years[counts.index(peak)],
        eliminated=eliminated,
        owed=owed,
        given=given,
        nmr=len(missed),
        missed=missed,
        dp_bid=bid,
        dp_won=won,
    )


def _stands(position: Position, power: str) -> bool:
    """Still in the game: a centre, a unit, or a dislodged unit that may yet retreat."""
    dislodged = any(d.unit.power == power for d in position.dislodged)
    return bool(position.centres_of(power) or position.units_of(power) or dislodged)


def _after(state: GameState, index: int) -> Position:
    """The position history entry ``index`` led to."""
    return state.history[index + 1].before if index + 1 < len(state.history) else state.position


def _swings(state: GameState, chart: Years) -> list[Swing]:
    """Each year-end at which a power held :data:`SWING` or more centres fewer than a year before."""
    updates = [str(e.report.phase) for e in state.history if e.report.centres]  # one per year, in order
    found = []
    for line in chart.series:
        for i in range(1, len(chart.years)):
            before, after = line.centres[i - 1], line.centres[i]
            if before - after >= SWING:
                found.append(
                    Swing(
                        power=line.power,
                        year=chart.years[i],
                        phase=updates[i - 1],
                        before=before,
                        after=after,
                        lost=before - after,
                    )
                )
    return found
