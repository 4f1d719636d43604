"""The summary's figures, each against the game file read another way.

NMR: a power owed orders in a phase (the rule the results post's "No orders received" reads) and the phase
was adjudicated without any from it; in a movement phase, a power with units and no orders.
"""

from __future__ import annotations

import msgspec
import pytest

from cli.gamefile import load_game
from game.game import Game
from game.records import ResultKind
from maps.terms import PhaseType
from post import build_post
from story.summary import SWING, summarise
from story.years import years
from tests.cli.conftest import Cli
from tests.story.games import long_game, readme_game


def test_the_nmr_counts_are_the_phases_in_which_a_power_owed_orders_and_sent_none() -> None:
    game = long_game()
    state = game.state
    summary = summarise(game.board, state, game.rules)
    posts = [build_post(game.board, state, index) for index in range(len(state.history))]
    for story in summary.powers:
        missing = [post.phase for post in posts if story.power in {m.power for m in post.missing}]
        assert story.missed == missing and story.nmr == len(missing), story.power
        assert story.given + story.nmr == story.owed
    assert sum(story.nmr for story in summary.powers) > 0, "the random game leaves retreats to the rules"


def test_in_a_movement_phase_an_nmr_is_a_power_with_units_and_no_orders() -> None:
    game = long_game()
    state = game.state
    summary = summarise(game.board, state, game.rules)
    for story in summary.powers:
        silent = [
            str(e.report.phase)
            for e in state.history
            if e.report.phase.type is PhaseType.MOVEMENT
            and e.before.units_of(story.power)
            and not e.orders.get(story.power)
        ]
        assert [p for p in story.missed if p.endswith("movement")] == silent


def test_peaks_and_eliminations_follow_the_year_end_counts_and_the_board() -> None:
    game = long_game()
    state = game.state
    chart = years(game.board, state, game.rules)
    summary = summarise(game.board, state, game.rules, chart)
    counts = {s.power: s.centres for s in chart.series}
    for story in summary.powers:
        line = counts[story.power]
        assert story.peak == max(line) and chart.years[line.index(story.peak)] == story.peak_year
        assert story.centres == line[-1] == len(state.position.centres_of(story.power))
    out = {s.power: s.eliminated for s in summary.powers if s.eliminated}
    assert out == {"Hojo": "Winter 1582 adjustments", "Mori": "Fall 1599 retreats"}
    for power, phase in out.items():
        index = next(i for i, e in enumerate(state.history) if str(e.report.phase) == phase)
        after = state.history[index + 1].before if index + 1 < len(state.history) else state.position
        assert not after.centres_of(power) and not after.units_of(power)
        before = state.history[index].before
        assert before.centres_of(power) or before.units_of(power)


def test_the_powers_are_ranked_by_centres_then_the_boards_order() -> None:
    game = long_game()
    ranked = [(s.centres, s.power) for s in summarise(game.board, game.state, game.rules).powers]
    order = list(game.board.power_names)
    assert ranked == sorted(ranked, key=lambda pair: (-pair[0], order.index(pair[1])))


def test_a_year_with_three_centres_lost_is_a_swing_with_its_phase() -> None:
    game = long_game()
    state = game.state
    # Oda's Fall 1590 report says it fell four centres below its 1589 count (a report as a GM's file may hold).
    at = next(i for i, e in enumerate(state.history) if e.report.centres and e.report.phase.year == 1590)
    entry = state.history[at]
    oda = next(s for s in years(game.board, state, game.rules).series if s.power == "Oda")
    before = oda.centres[1589 - 1569]
    changed = entry.report.replace(centres={**entry.report.centres, "Oda": before - SWING - 1})
    history = [*state.history[:at], entry.replace(report=changed), *state.history[at + 1 :]]
    summary = summarise(game.board, state.replace(history=history), game.rules)
    swing = next(s for s in summary.swings if s.power == "Oda")
    assert (swing.year, swing.phase, swing.before, swing.lost) == (1590, str(entry.report.phase), before, SWING + 1)
    assert summary.swings[0].lost >= summary.swings[-1].lost


def test_the_result_and_its_winners_when_the_game_is_over() -> None:
    game = long_game()
    ongoing = summarise(game.board, game.state, game.rules)
    assert (ongoing.kind, ongoing.winners, ongoing.now) == (ResultKind.ONGOING, [], "Spring 1600 movement")
    assert ongoing.title.endswith("the story so far, at Spring 1600 movement")
    for power in game.survivors():
        if power != "Oda":
            game.concede(power, "Oda")
    over = summarise(game.board, game.state, game.rules)
    assert (over.kind, over.winners) == (ResultKind.CONCEDED, ["Oda"])
    assert over.title == "random orders, seed 1, Sengoku Jidai (6DP): The game is conceded to Oda"


@pytest.mark.clock
def test_the_readme_games_dp_bid_and_won(cli: Cli) -> None:
    game: Game = load_game(readme_game(cli))
    summary = summarise(game.board, game.state, game.rules)
    oda = next(s for s in summary.powers if s.power == "Oda")
    assert (oda.dp_bid, oda.dp_won) == (2, 2), "2 DP for A Yamashiro H, carried out"
    assert all((s.dp_bid, s.dp_won) == (0, 0) for s in summary.powers if s.power != "Oda")
    missed = {s.power: s.missed for s in summary.powers}
    assert missed["Asakura"] == missed["Mori"] == ["Spring 1570 movement"]
    assert missed["Oda"] == missed["Hojo"] == []
    assert summary.phases == 1 and summary.first == "Spring 1570 movement" and summary.now == "Fall 1570 movement"
    msgspec.json.encode(summary)  # the JSON form is the summary itself
