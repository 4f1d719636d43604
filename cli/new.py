"""``sengoku new``: start a game file, at the variant's start or from any position a GM writes down."""

from __future__ import annotations

from pathlib import Path

import click

from cli.common import game_argument, load_variant
from cli.errors import cli_errors
from cli.gamefile import write_state
from cli.gamelock import game_lock
from cli.gmlog import note
from cli.positionfile import read_document, read_position, variant_of
from game.game import Game
from maps import DEFAULT_VARIANT, available_maps, is_map_path


@click.command(short_help="Start a game, at the start or at any position.")
@game_argument
@click.option(
    "--variant",
    metavar="|".join(available_maps()) + "|FILE",
    help="The variant: a name, or a map file's path (with a folder in it, or ending in .yaml). "
    "Default: the position file's, else sengoku.",
)
@click.option(
    "--position",
    "position_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Start from this position (YAML with province names; see docs/position-format.md).",
)
@click.option("--name", default="", help="The game's name, shown in reports.")
@click.option("--force", is_flag=True, help="Overwrite GAME.json if it exists.")
@cli_errors
def new(game: Path, variant: str | None, position_file: Path | None, name: str, force: bool) -> None:
    """Start a new game in GAME.json.

    At the variant's first phase, or with --position at any position: units
    per power, centre owners, still-neutral centres, the phase and, for a
    retreat phase, the dislodged units. GMs use it to re-create a game in
    progress or a disputed situation.
    """
    document = read_document(position_file) if position_file else None
    variant = variant or variant_of(document) or DEFAULT_VARIANT
    board = load_variant(variant)
    started = Game.new(board, name=name)
    note(started, "started the game" + (" at a given position" if position_file else ""))
    state = started.state
    if position_file is not None:
        state = state.replace(position=read_position(position_file, board, document))
    if is_map_path(variant):  # a map file: keep a path that still works from elsewhere
        state = state.replace(variant=str(Path(variant).resolve()))
    with game_lock(game):  # a command changing the game there now must not have its save overwritten unseen
        if game.exists() and not force:
            raise click.ClickException(f"{game}: a file is already there (use --force to replace it)")
        write_state(game, state, board.rules)
    position = state.position
    units = len(position.units)
    click.echo(f"{game}: new {board.title} game{f' {state.name!r}' if state.name else ''} at {position.phase}.")
    click.echo(f"{len(board.power_names)} powers, {units} units, {len(position.centres)} owned centres.")
