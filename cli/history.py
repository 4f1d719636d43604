"""``sengoku history``: any past results post again, exactly as it was first reported."""

from __future__ import annotations

import json
from pathlib import Path

import click
import msgspec

from cli.common import find_phase, game_argument
from cli.errors import ExitCode, cli_errors, echo_lines
from cli.gamefile import board_for, check_phases, game_problems, load_game, read_state
from cli.postout import destination_of, echo_post, markup_of, post_options
from game.state import GameState
from post import build_post


@click.command(short_help="List past phases, show one's results post again, or the GM's --log.")
@game_argument
@click.argument("phase", required=False, nargs=-1)
@post_options
@click.option("--log", "show_log", is_flag=True, help="What the GM did to the game: when, by whom, through what.")
@click.option("--check", "check", is_flag=True, help="Read back every stored phase; exit 1 naming each damaged one.")
@cli_errors
def history(
    game: Path,
    phase: tuple[str, ...],
    fmt: str | None,
    place: str | None,
    explain: bool,
    as_json: bool,
    show_log: bool,
    check: bool,
) -> None:
    """List the adjudicated phases, or show one phase's results post again.

    PHASE is a number from the list, 'last', or a phase such as 'fall 1570'
    or 'Spring 1571 retreats' (a season alone means its movement phase).
    With --log: every change the GM made to the game (adjudications,
    rollbacks, orders read or cleared, deadlines, concessions...), when,
    and whether from the command line or the web site. With --check: every
    stored phase read back and checked against the map (commands read only
    the phases they use), each problem on a line of its own.
    """
    if check:
        if phase or show_log:
            raise click.UsageError("--check reads the whole history: give no PHASE and no --log")
        _check(game)
        return
    loaded = load_game(game)
    state = loaded.state
    if show_log:
        if phase:
            raise click.UsageError("--log lists the whole log: give no PHASE")
        _log(state, as_json or (fmt or "").lower() == "json")
        return
    if not phase:
        if as_json or (fmt or "").lower() == "json":
            _list_json(state)
        else:
            _list(state)
        return
    index = find_phase(state, " ".join(phase))
    check_phases(game, loaded, [index, index + 1])  # the post reads the next phase's start and deadline
    post = build_post(loaded.board, state, index, deadline=state.deadline, rules=loaded.rules)
    echo_post(post, markup_of(fmt, destination_of(place, state), as_json), explain)


def _list(state: GameState) -> None:
    if not state.history:
        click.echo(f"No phase adjudicated yet; the game is at {state.position.phase}.")
        return
    for number, named in enumerate(state.history.phases(), start=1):
        click.echo(f"{number:>3}  {named}")
    click.echo(f"Now: {state.position.phase}" + (f" ({state.result.describe()})" if state.result.over else ""))


def _log(state: GameState, as_json: bool) -> None:
    """The GM's log, oldest first: ``2026-11-25 21:40 UTC  command line (gm)  Spring 1570 movement: ...``."""
    if as_json:
        click.echo(json.dumps(msgspec.to_builtins(state.log), indent=2))
        return
    if not state.log:
        click.echo("Nothing in the GM's log yet (it starts with the first change made by this version).")
        return
    for entry in state.log:
        at = f"{entry.at:%Y-%m-%d %H:%M} UTC" if entry.at else "(no time)"
        click.echo(f"{at}  {entry.by}  {entry.phase}: {entry.action}")


def _list_json(state: GameState) -> None:
    """The list as data, for a script: each adjudicated phase with its number, and the phase now."""
    phases = [{"number": number, "phase": str(named)} for number, named in enumerate(state.history.phases(), start=1)]
    now = {"phase": str(state.position.phase), "result": state.result.describe() if state.result.over else None}
    click.echo(json.dumps({"phases": phases, "now": now}, indent=2))


def _check(game: Path) -> None:
    """Every problem of the game file: its position, then each stored phase; exit 1 if there is any."""
    state = read_state(game)
    board = board_for(game, state.variant)
    problems = list(game_problems(board, state, phases=None))
    if problems:
        echo_lines([f"{game}: {problem}" for problem in problems], ExitCode.ERROR)
    count = len(state.history)
    click.echo(f"{game}: the position and all {count} stored phase{'' if count == 1 else 's'} read back whole.")
