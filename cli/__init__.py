"""The ``sengoku`` command: a thin click shell over the engine.

Each command lives in its own module; this one only assembles the group.
Every command that changes a game reads the game file, asks the pure
:class:`~adjudicator.game.Game` to act, and writes the file back atomically
(:mod:`cli.gamefile`).
"""

from __future__ import annotations

import click

from cli.adjudicate import adjudicate
from cli.demo import demo
from cli.draw import concede, draw
from cli.errors import EXIT_CODES_HELP
from cli.history import history
from cli.map import map_command
from cli.names import names
from cli.new import new
from cli.orders_cmd import orders
from cli.players import players
from cli.replay import replay
from cli.rollback import rollback
from cli.serve import serve
from cli.status import status

_EPILOG = f"""\b
A game from the command line:
  sengoku new game.json            start at Spring 1570 (or --position FILE)
  sengoku players set game.json Oda nobunaga@example.org
  sengoku orders game.json FILE    paste orders (several powers under headers)
  sengoku status game.json         who has sent orders; units, centres, DP
  sengoku adjudicate game.json     resolve the phase, print the results post
  sengoku history game.json last   show a results post again
  sengoku rollback game.json       undo the last adjudication
  sengoku map game.json -o b.svg   the board as a picture

{EXIT_CODES_HELP}"""


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, epilog=_EPILOG)
@click.version_option(package_name="sengoku")
def main() -> None:
    """Sengoku Jidai (6DP) Diplomacy: adjudicate games from the command line."""


for _command in (
    new,
    players,
    orders,
    status,
    adjudicate,
    history,
    rollback,
    draw,
    concede,
    replay,
    map_command,
    names,
    demo,
):
    main.add_command(_command)

main.add_command(serve)  # `sengoku serve`: the web site

__all__ = ["main"]
