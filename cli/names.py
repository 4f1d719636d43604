"""``sengoku names``: the names feature GMs rely on to decode abbreviations."""

from __future__ import annotations

import click

from cli.common import board_option
from cli.errors import cli_errors
from maps import Board, Province


@click.command()
@click.argument("word", required=False)
@board_option
@cli_errors
def names(word: str | None, board: Board) -> None:
    """List every province with its abbreviations, or the ones WORD could mean.

    Abbreviations are treacherous on the Sengoku map (Echigo/Echizen,
    Izumo/Izu, Yamashiro/Yamato, Tosa/Tosa Bay): check a word here first.
    """
    if word is None:
        _table(list(board), board)
        return
    lookup = board.names.lookup(word)
    matches = board.names.matches(word)
    if lookup.province is not None:
        click.echo(f"'{word}' means {lookup.province.name} ({lookup.province.id}).")
        others = [p for p in matches if p is not lookup.province]
        if others:
            click.echo("It is also the start of: " + ", ".join(f"{p.name} ({p.id})" for p in others))
        _table([lookup.province, *others], board)
        return
    click.echo(lookup.problem)
    shown = matches or lookup.suggestions
    if shown:
        _table(list(shown), board)
    if not lookup.candidates:
        raise SystemExit(1)  # unknown word: refused input


def _table(provinces: list[Province], board: Board) -> None:
    width = max(len(p.name) for p in provinces)
    homes = max((len(p.home or "") for p in provinces), default=0)
    centre_width = max(homes, 6)
    click.echo(f"{'ID':<5} {'Name':<{width}}  {'Type':<5}  {'Centre':<{centre_width}}  Other names")
    for p in provinces:
        centre = p.home or ("SC" if p.supply_centre else "")
        aliases = ", ".join(a for a in p.aliases) or "-"
        click.echo(f"{p.id:<5} {p.name:<{width}}  {p.type.value:<5}  {centre:<{centre_width}}  {aliases}")
    click.echo(f"({len(provinces)} province{'s' if len(provinces) != 1 else ''} of {board.title})")
