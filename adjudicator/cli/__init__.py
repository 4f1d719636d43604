"""The ``sengoku`` command: a thin click shell over the engine.

Each command lives in its own module; this one only assembles the group.
"""

from __future__ import annotations

import click

from adjudicator.cli.demo import demo
from adjudicator.cli.names import names


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sengoku")
def main() -> None:
    """Sengoku Jidai (6DP) Diplomacy: adjudicate games from the command line."""


main.add_command(names)
main.add_command(demo)

__all__ = ["main"]
