"""``sengoku replay``: re-adjudicate a whole game's history and check every stored report.

After an engine upgrade, or when a player disputes an old turn, a GM can
check that each stored phase still adjudicates to the report that was
posted and leads to the position the next phase started from. Nothing is
written: the game file is only read.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import click

from cli.common import game_argument
from cli.errors import ExitCode, cli_errors
from cli.gamefile import load_game
from game.game import Game
from game.history import History
from game.records import GameResult
from game.state import GameState, HistoryEntry
from post import build_post, position_after, render


@click.command(short_help="Re-adjudicate the whole game to check it.")
@game_argument
@cli_errors
def replay(game: Path) -> None:
    """Re-adjudicate every phase of GAME.json from its stored orders and compare the results.

    Prints a difference for each phase whose report or resulting position
    is not what was stored; exit code 4 if there is any. GAME.json is not
    changed.
    """
    loaded = load_game(game, phases=None)  # every phase is read back: every one is checked
    state = loaded.state
    if not state.history:
        click.echo("Nothing to replay: no phase has been adjudicated yet.")
        return
    differing = 0
    with click.progressbar(
        list(enumerate(state.history)),
        label="Re-adjudicating",
        item_show_func=_label,
        file=sys.stderr,  # the report lines on stdout stay clean for pasting
    ) as phases:
        for index, entry in phases:
            problems = _check(loaded, state, index, entry)
            differing += bool(problems)
            for line in problems:
                click.echo(line)
    count = len(state.history)
    if differing:
        click.echo(f"{differing} of {count} phases re-adjudicate differently.")
        raise SystemExit(ExitCode.REPLAY_DIFFERS)
    click.echo(f"All {count} phase{'s' if count > 1 else ''} re-adjudicate to their stored reports.")


def _label(item: tuple[int, HistoryEntry] | None) -> str | None:
    return str(item[1].report.phase) if item is not None else None


def _check(original: Game, state: GameState, index: int, entry: HistoryEntry) -> list[str]:
    """What differs when this phase is adjudicated again from its own start (empty: nothing)."""
    replayed = Game(original.board, _state_before(state, entry), original.rules)
    report = replayed.adjudicate()
    same_report = report == entry.report
    if same_report and replayed.state.position == position_after(state, index):
        return []
    if same_report:
        return [f"{entry.report.phase}: same report, but it leads to a different position than the stored one"]
    old = render(build_post(original.board, state, index)).splitlines()
    new = render(build_post(original.board, replayed.state, -1)).splitlines()
    diff = difflib.unified_diff(old, new, "stored report", "replayed report", lineterm="", n=1)
    return [f"{entry.report.phase}: the report differs", *diff]


def _state_before(state: GameState, entry: HistoryEntry) -> GameState:
    """The game as it stood just before this phase was adjudicated (still going on, or it could not have been)."""
    return state.replace(
        position=entry.before,
        orders=entry.orders,
        result=GameResult(),
        history=History(),
        draw_votes={},
        dp_set=entry.dp_set,
        edits=[],
        edited_from=None,
        rolled_back=None,
    )
