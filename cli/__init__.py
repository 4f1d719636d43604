"""The ``sengoku`` command: a thin click shell over the engine.

Each command lives in its own module, imported only when that command runs
(a GM waits for every command, and most need a fraction of the engine); this
module only names them. Every command that changes a game reads the game
file, asks the pure :class:`~game.game.Game` to act, and writes the
file back atomically (:mod:`cli.gamefile`).

To add a command: write its module, then add one line to ``_COMMANDS``.
"""

from __future__ import annotations

import importlib

import click

from cli.errors import EXIT_CODES_HELP, interrupted

# name -> (module:attribute, the one line `sengoku --help` shows), in the order --help lists them.
_COMMANDS: dict[str, tuple[str, str]] = {
    "new": ("cli.new:new", "Start a game, at the start or at any position."),
    "players": ("cli.players:players", "Show, add, remove or set the players' email addresses."),
    "orders": ("cli.orders_cmd:orders", "Read pasted orders or mail; store the valid ones."),
    "clear": ("cli.clear:clear", "Forget the orders one power has stored for the open phase."),
    "status": ("cli.status:status", "Phase, units, centres, DP and missing orders."),
    "deadline": ("cli.deadline:deadline", "Show or set the open phase's deadline."),
    "adjudicate": ("cli.adjudicate:adjudicate", "Resolve the phase and print the results post (or --preview it)."),
    "history": ("cli.history:history", "List past phases, show one's results post again, or the GM's --log."),
    "rollback": ("cli.rollback:rollback", "Undo the last adjudication (or back to any phase)."),
    "rollforward": ("cli.rollback:rollforward", "Adjudicate again the phases a rollback took back, as they were."),
    "undo": ("cli.undo:undo", "Undo the last change to a game file (any command's)."),
    "redo": ("cli.undo:redo", "Redo the change the last undo took back."),
    "journal": ("cli.undo:journal", "List the versions of a game file kept for undo."),
    "mail": ("cli.mail:mail", "Mail the players the results post, a reminder, or their links."),
    "channel": ("cli.channel:channel", "Post results and notices to a chat channel (Discord, Slack)."),
    "discord": ("cli.discord:discord", "The site's Discord application: register its slash commands."),
    "edit": ("cli.edit:edit", "Edit a game: units, centre owners, DP, its name, zone or destination."),
    "draw": ("cli.draw:draw", "Record a power's vote for a draw."),
    "concede": ("cli.draw:concede", "Record a power conceding the game to another (or --withdraw it)."),
    "replay": ("cli.replay:replay", "Re-adjudicate the whole game to check it."),
    "map": ("cli.map:map_command", "Draw the board as a picture (SVG or PNG)."),
    "story": ("cli.story:story", "The whole game as an animation (GIF, WebP, APNG), a chart, and a summary post."),
    "names": ("cli.names:names", "List every province with its abbreviations, or the ones WORD could mean."),  # noqa: E501
    "demo": ("cli.demo:demo", "Show the Sengoku board and how pasted orders are read."),
    "serve": ("cli.serve:serve", "Start the web site for GMs and players (Ctrl-C stops it)."),
    "db": ("cli.db:db", "The web site's database: make or upgrade its tables."),
    "site": ("cli.site:site", "The web site's operator: who may create games, invitations, every game's mail."),
}

_EPILOG = f"""\b
A game from the command line:
  sengoku new game.json            start at Spring 1570 (or --position FILE)
  sengoku players game.json add Oda nobunaga@example.org
  sengoku orders game.json FILE    paste orders (several powers under headers; or --mbox FILE)
  sengoku status game.json         who has sent orders; units, centres, DP
  sengoku deadline game.json +48h  set the deadline posts and reminders show
  sengoku adjudicate game.json     resolve the phase, print the results post
  sengoku mail game.json results   mail the post to every player (SMTP)
  sengoku history game.json last   show a results post again
  sengoku rollback game.json       undo the last adjudication (--to PHASE: back to any)
  sengoku undo game.json           undo the last change of any command (sengoku journal lists them)
  sengoku edit game.json add Takeda A Kai   the GM's edit: units, owners, DP, name
  sengoku history game.json --log  what the GM did to the game, when, and how
  sengoku map game.json -o b.png   the board as a picture (PNG or SVG)
  sengoku story game.json -o g.gif the whole game as an animation (--chart, --post: the summary)

{EXIT_CODES_HELP}"""


class _LazyGroup(click.Group):
    """A group that imports a command's module only when that command is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in _COMMANDS:
            return None
        module, _, attribute = _COMMANDS[cmd_name][0].partition(":")
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command)
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """A mistyped command gets "Did you mean ...?" with the names near it (click's own, from the table)."""
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as error:
            raise click.exceptions.NoSuchCommand(error.command_name, possibilities=_COMMANDS, ctx=ctx) from None
    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Note the command line first: the game's journal says which command made each version."""
        from cli.runinfo import begin_run

        begin_run(list(args))
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; Ctrl-C at any moment (a prompt, a paste, a write) is one line and exit 130."""
        try:
            return super().invoke(ctx)
        except (KeyboardInterrupt, click.Abort):  # click turns Ctrl-C at its own prompts into Abort
            raise interrupted() from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the table, without importing every command for ``--help``."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, help) for name, (_, help) in _COMMANDS.items()])


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=_EPILOG)
@click.version_option(package_name="sengoku")
def main() -> None:
    """Sengoku Jidai (6DP) Diplomacy: adjudicate games from the command line."""
    from cli.cleanout import clean_output  # players' text reaches this terminal: nothing in it may act here

    clean_output()


__all__ = ["main"]
