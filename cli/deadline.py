"""``sengoku deadline``: when the open phase is due, kept in the game file and shown in posts and reminders."""

from __future__ import annotations

from pathlib import Path

import click

from cli.common import game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note
from cli.when import parse_when
from post.words import deadline_text


@click.command(short_help="Show or set the open phase's deadline.")
@game_argument
@click.argument("when", required=False, nargs=-1)
@click.option("--clear", is_flag=True, help="Remove the deadline.")
@cli_errors
def deadline(game: Path, when: tuple[str, ...], clear: bool) -> None:
    """Show, set or clear the deadline of the open phase of GAME.json.

    WHEN is a time such as '2026-12-01 20:00 UTC' (a time without a zone is
    UTC), '2026-12-01T20:00+01:00', or from now: '+48h', '+2d'. The results
    post and 'sengoku mail GAME reminder' show it; adjudicating clears it
    (give the next one with 'adjudicate --deadline WHEN', or set it here).
    """
    if when and clear:
        raise click.UsageError("give a time or --clear, not both")
    if not (when or clear):
        loaded = load_game(game)
    else:
        moment = None if clear else parse_when(" ".join(when))
        with game_lock(game):
            loaded = load_game(game)
            state = loaded.state
            if state.result.over:
                raise click.ClickException(f"the game is over: {state.result.describe()}")
            loaded.state = state.replace(deadline=moment)
            note(loaded, f"set the deadline: {deadline_text(moment)}" if moment else "cleared the deadline")
            save_game(game, loaded)
    current = loaded.state.deadline
    shown = deadline_text(current) if current else "none (set one with 'sengoku deadline GAME WHEN')"
    click.echo(f"Deadline for {loaded.phase}: {shown}")
