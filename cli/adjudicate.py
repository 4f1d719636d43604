"""``sengoku adjudicate``: resolve the phase, save the game, print the results post (or only preview it)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import click

from adjudicator.game import Game
from cli.common import game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.postout import echo_post, post_options
from cli.when import parse_when
from post import build_post


@click.command(short_help="Resolve the phase and print the results post (or --preview it).")
@game_argument
@post_options
@click.option("--preview", is_flag=True, help="Print the post the stored orders would give; change nothing.")
@click.option(
    "--deadline",
    "next_deadline",
    metavar="WHEN",
    help="The next phase's deadline, shown in the post: '2026-12-01 20:00 UTC', '+48h', '+2d'.",
)
@cli_errors
def adjudicate(game: Path, fmt: str, explain: bool, as_json: bool, preview: bool, next_deadline: str | None) -> None:
    """Resolve the current phase of GAME.json and print the results post.

    Powers without orders fall under civil disorder (units hold, dislodged
    units disband, builds are waived, removals go farthest first). The game
    moves on to its next phase and is saved; 'sengoku rollback' undoes it.
    With --preview nothing is saved: the post says what the orders stored
    now would give.
    """
    deadline = parse_when(next_deadline) if next_deadline else None
    if preview:
        loaded = load_game(game)
        trial = Game(loaded.board, loaded.state, loaded.rules)
        trial.adjudicate()
        post = build_post(loaded.board, trial.state, -1, deadline=deadline, preview=True, rules=loaded.rules)
        echo_post(post, fmt, explain, as_json)
        return
    with game_lock(game):
        loaded = load_game(game)
        loaded.adjudicate(at=datetime.now(UTC))  # the next phase opens now: mail dated earlier is not for it
        if deadline is not None and not loaded.state.result.over:
            loaded.state = loaded.state.replace(deadline=deadline)
        save_game(game, loaded)
    post = build_post(loaded.board, loaded.state, -1, deadline=loaded.state.deadline, rules=loaded.rules)
    echo_post(post, fmt, explain, as_json)
