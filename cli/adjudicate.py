"""``sengoku adjudicate``: resolve the phase, save the game, print the results post (or only preview it).

Adjudicating a phase in which no power has stored orders puts every power
in civil disorder: usually the command run twice by mistake, once for the
phase meant and once more for the next. So it asks first on a terminal and
is refused elsewhere (a script, cron), unless ``--yes`` or ``--phase``
says the GM means this phase. ``--phase`` also refuses to adjudicate any
other phase than the one named, so a repeated command does nothing.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

import click

from adjudicator.position import Phase
from cli.common import game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note
from cli.postout import destination_of, echo_post, markup_of, post_options
from cli.when import parse_when
from game.game import Game
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
@click.option(
    "--phase",
    "named",
    metavar="PHASE",
    help="The phase meant ('Fall 1570'): refused if the game is at another; no question if nobody sent orders.",
)
@click.option("--yes", "-y", is_flag=True, help="Adjudicate even if no power has stored orders (no question).")
@cli_errors
def adjudicate(
    game: Path,
    fmt: str | None,
    place: str | None,
    explain: bool,
    as_json: bool,
    preview: bool,
    next_deadline: str | None,
    named: str | None,
    yes: bool,
) -> None:
    """Resolve the current phase of GAME.json and print the results post.

    Powers without orders fall under civil disorder (units hold, dislodged
    units disband, builds are waived, removals go farthest first). The game
    moves on to its next phase and is saved; 'sengoku rollback' undoes it.
    With --preview nothing is saved: the post says what the orders stored
    now would give. If no power has stored orders for the phase, it asks
    first (on a terminal) or refuses (elsewhere), unless --yes, or
    --phase names the phase.
    """
    wanted = _phase(named) if named else None
    if preview:
        loaded = load_game(game)
        deadline = _deadline(next_deadline, loaded)
        _check_phase(loaded, wanted)
        trial = Game(loaded.board, loaded.state, loaded.rules)
        trial.adjudicate()
        post = build_post(loaded.board, trial.state, -1, deadline=deadline, preview=True, rules=loaded.rules)
        echo_post(post, markup_of(fmt, destination_of(place, loaded.state), as_json), explain)
        return
    asks = not (yes or wanted) and sys.stdin.isatty()
    if asks:  # a question is asked before the game is locked: a GM thinking holds up no other command
        first = load_game(game)
        _deadline(next_deadline, first)  # a time that cannot be read is said before the question
        _check_ongoing(first, wanted)
        if not any(first.state.orders.values()):
            _confirm_civil_disorder(first)
        wanted = first.state.position.phase  # if another command moved the game on meanwhile, nothing is done
    with game_lock(game):
        loaded = load_game(game)
        deadline = _deadline(next_deadline, loaded)
        _check_ongoing(loaded, wanted)
        if not (yes or wanted) and not any(loaded.state.orders.values()):
            _confirm_civil_disorder(loaded)  # off a terminal: refused
        phase = loaded.phase
        note(loaded, f"adjudicated {phase}")
        where = destination_of(place, loaded.state)
        markup = markup_of(fmt, where, as_json)
        # printed for a forum or a chat, the post is published; the plain text is the GM's own, until mailed
        published = where is not None and where.pasted and markup == where.markup
        loaded.adjudicate(at=datetime.now(UTC), published=published)  # mail dated before now is not for it
        if deadline is not None and not loaded.state.result.over:
            loaded.state = loaded.state.replace(deadline=deadline)
        save_game(game, loaded)
    click.echo(f"Adjudicated {phase}; {_now(loaded)}", err=True)
    post = build_post(loaded.board, loaded.state, -1, deadline=loaded.state.deadline, rules=loaded.rules)
    echo_post(post, markup, explain)


def _deadline(text: str | None, game: Game) -> datetime | None:
    """The next phase's deadline as typed, a time without a zone in the game's zone."""
    return parse_when(text, zone=game.state.zone) if text else None


def _phase(text: str) -> Phase:
    try:
        return Phase.parse(text)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--phase'") from None


def _check_phase(game: Game, wanted: Phase | None) -> None:
    if wanted is not None and wanted != game.state.position.phase:
        raise click.ClickException(f"the game is at {game.phase}, not {wanted}: nothing adjudicated")


def _check_ongoing(game: Game, wanted: Phase | None) -> None:
    _check_phase(game, wanted)
    if game.state.result.over:
        raise click.ClickException(f"the game is over: {game.state.result.describe()}")


def _confirm_civil_disorder(game: Game) -> None:
    """Ask on a terminal; refuse elsewhere: adjudicating with no orders at all is rarely what was meant."""
    why = f"no power has stored orders for {game.phase}: adjudicating it puts every power in civil disorder"
    if not sys.stdin.isatty():  # a script, cron: nobody to ask
        raise click.ClickException(
            f"{why}; nothing adjudicated (if that is what you mean: --yes, or --phase '{game.phase}')"
        )
    if not click.confirm(f"{why[0].upper()}{why[1:]}. Adjudicate {game.phase}?", default=False, err=True):
        raise click.ClickException(f"{game.phase} not adjudicated")


def _now(game: Game) -> str:
    """``the game is now at Fall 1570 movement.``, or ``THE GAME IS OVER: Oda wins the game.``"""
    return (
        f"THE GAME IS OVER: {game.state.result.describe()}"
        if game.state.result.over
        else f"the game is now at {game.phase}."
    )
