"""``sengoku demo``: a first look at the engine for a newcomer."""

from __future__ import annotations

import click

from cli.common import load_variant
from orders import VerdictKind, order_text, parse_orders

_SAMPLE = """Oda:
A Owari - Mino
F Mikawa S A Owari - Mino
Takeda:
A Kai - Suruga
A South Shinano - Echi
2 : A Mino H
"""


@click.command()
def demo() -> None:
    """Show the Sengoku board and how pasted orders are read."""
    board = load_variant("sengoku")
    click.echo(f"{board.title}: {len(board.provinces)} provinces, {len(board.supply_centres)} supply centres,")
    click.echo(f"{len(board.powers)} powers, {len(board.neutral_units)} neutral armies, {len(board.bridges)} bridges.")
    click.echo(
        f"First phase: {board.start_season.value.title()} {board.start_year}; {board.victory_centres} centres win.\n"
    )
    click.echo("Pasted orders:\n" + _SAMPLE)
    for verdict in parse_orders(_SAMPLE, board).verdicts:
        if verdict.kind is VerdictKind.ORDER and verdict.order is not None:
            click.echo(f"  {verdict.power}: {order_text(verdict.order, board)}")
        elif verdict.kind is VerdictKind.ERROR:
            click.echo(f"  refused: {verdict.describe()}")
