"""``sengoku map``: the board as an SVG picture, now or at any adjudicated phase, to post beside the results."""

from __future__ import annotations

from pathlib import Path

import click

from adjudicator.diplomacy_points import dp_allowance
from adjudicator.game import Game
from adjudicator.position import Position
from cli.common import game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game
from cli.history import find_phase
from maps.terms import PhaseType


@click.command(name="map", short_help="Draw the board as an SVG picture.")
@game_argument
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default="-",
    show_default=True,
    help="The SVG file to write ('-': standard output).",
)
@click.option("--phase", "phase", metavar="PHASE", help="An adjudicated phase, drawn with its orders and results.")
@click.option("--orders", "show_orders", is_flag=True, help="Draw the orders stored so far (secret: GM only).")
@cli_errors
def map_command(game: Path, output: Path, phase: str | None, show_orders: bool) -> None:
    """Draw GAME.json's board as a standalone SVG picture.

    Without --phase: the position now (with --orders, the orders stored
    for it). With --phase (a number from 'sengoku history', 'last', or a
    phase such as 'fall 1570'): the position that phase started from, with
    every order drawn as it succeeded or failed.
    """
    from render import render_svg  # the picture code loads only for this command

    loaded = load_game(game)
    state = loaded.state
    title = f"{loaded.board.title}: {state.name}" if state.name else None
    if phase is not None:
        if show_orders:
            raise click.UsageError("--orders draws the current phase's orders; a past --phase shows its own")
        entry = state.history[find_phase(state, phase)]
        position, outcomes, orders = entry.before, entry.report.outcomes, []
    else:
        position, outcomes = state.position, []
        orders = [(power, order) for power, given in state.orders.items() for order in given] if show_orders else []
    svg = render_svg(loaded.board, position, orders=orders, outcomes=outcomes, dp=_dp(loaded, position), title=title)
    if str(output) == "-":
        click.echo(svg)
        return
    output.write_text(svg + "\n", encoding="utf-8")
    click.echo(f"{output}: {position.phase}" + (" with its results" if phase else ""))


def _dp(game: Game, position: Position) -> dict[str, int] | None:
    """Each power's Diplomacy Points in a movement phase of a variant that has them, for the legend."""
    if position.phase.type is not PhaseType.MOVEMENT:
        return None
    points = {power: dp_allowance(position, power, game.rules) for power in game.board.power_names}
    return points if any(points.values()) else None
