"""``sengoku adjudicate``: resolve the phase, save the game, print the results post."""

from __future__ import annotations

import json
from pathlib import Path

import click

from adjudicator.report import render_report
from cli.common import game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.report_json import report_document


@click.command(short_help="Resolve the phase and print the results post.")
@game_argument
@click.option("--explain", is_flag=True, help="Add the numbers behind each result (strengths, who cut what).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON instead of the text post.")
@cli_errors
def adjudicate(game: Path, explain: bool, as_json: bool) -> None:
    """Resolve the current phase of GAME.json and print the results post.

    Powers without orders fall under civil disorder (units hold, dislodged
    units disband, builds are waived, removals go farthest first). The game
    moves on to its next phase and is saved; 'sengoku rollback' undoes it.
    """
    loaded = load_game(game)
    loaded.adjudicate()
    save_game(game, loaded)
    entry = loaded.state.history[-1]
    if as_json:
        document = report_document(loaded.board, entry, loaded.state.position)
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        click.echo(render_report(loaded.board, entry, explain=explain), nl=False)
