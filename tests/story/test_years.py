"""The chart's figures: each power's centres at each year's end, read from the game as it was played.

The chart reads the Fall reports; these tests count the centres again from the positions themselves (the
position that opened the next year, or the position now), so a report and a board that disagreed would show.
"""

from __future__ import annotations

from adjudicator.position import Position
from game.state import GameState
from maps.terms import PhaseType, Season
from story.years import ends_year, years
from tests.story.games import long_game


def counted(state: GameState) -> dict[int, dict[str, int]]:
    """Each year's end, counted on the board: the centres owned when its Winter (or the next Spring) began."""
    openings: list[Position] = [entry.before for entry in state.history] + [state.position]
    ends: dict[int, dict[str, int]] = {}
    for position in openings:
        phase = position.phase
        year = phase.year - 1 if phase.season is Season.SPRING else phase.year
        if phase.type is PhaseType.ADJUSTMENTS or (phase.season is Season.SPRING and year not in ends):
            owners = list(position.centres.values())
            ends[year] = {power: owners.count(power) for power in set(owners)}
    return ends


def test_the_30_year_games_chart_holds_every_powers_centres_at_every_years_end() -> None:
    game = long_game()
    chart = years(game.board, game.state, game.rules)
    on_board = counted(game.state)
    assert chart.years == list(range(1569, 1600)), "the start, then each of the 30 years"
    for series in chart.series:
        assert series.centres == [on_board[year].get(series.power, 0) for year in chart.years], series.power
    assert [s.power for s in chart.series] == list(game.board.power_names)
    assert chart.victory == 21 and chart.has_dp


def test_the_start_is_the_home_centres() -> None:
    game = long_game()
    chart = years(game.board, game.state, game.rules)
    homes = {p.name: len(p.home_centres) for p in game.board.powers}
    assert {s.power: s.centres[0] for s in chart.series} == homes


def test_dp_bid_in_a_year_are_the_auctions_bids_of_that_year() -> None:
    game = long_game()
    state = game.state
    chart = years(game.board, state, game.rules)
    for series in chart.series:
        for i, year in enumerate(chart.years[1:], start=1):
            bids = [
                bid.points
                for entry in state.history
                if entry.report.phase.year == year
                for lot in entry.report.auction
                for bid in lot.bids
                if bid.power == series.power
            ]
            assert series.dp_bid[i] == sum(bids)


def test_a_year_ends_at_its_last_phase() -> None:
    game = long_game()
    ending = [str(e.report.phase) for e in game.state.history if ends_year(e.report)]
    assert len(ending) == 30
    assert all(phase.startswith(("Winter", "Fall")) for phase in ending)
