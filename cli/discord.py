"""``sengoku discord register``: put the site's slash commands into Discord, through its REST API.

The site answers Discord's interactions itself (``POST /discord/interactions``, docs/discord.md); Discord
shows a command only once the application has told it about it. This command sends the definitions
(:mod:`web.discord.definitions`) with the application's id and its bot token, both from the environment, and
never prints the token.
"""

from __future__ import annotations

import os

import click

from cli.errors import ExitCode, cli_errors

__all__ = ["discord"]

_NEEDED = {
    "SENGOKU_DISCORD_APPLICATION_ID": "the Application ID (General Information)",
    "SENGOKU_DISCORD_BOT_TOKEN": "the bot's token (Bot, Reset Token)",
}


class _Refused(click.ClickException):
    exit_code = ExitCode.ERROR


@click.group(short_help="The site's Discord application: register its slash commands.")
def discord() -> None:
    """The site's Discord application (docs/discord.md): a game played in a Discord channel with slash commands.

    \b
      export SENGOKU_DISCORD_APPLICATION_ID=...  SENGOKU_DISCORD_BOT_TOKEN=...
      sengoku discord register                   every server the application is in (up to an hour)
      sengoku discord register --guild ID        one server, at once (to try them)
    """


@discord.command()
@click.option("--guild", metavar="ID", help="A server's ID: the commands appear there at once.")
@cli_errors
def register(guild: str | None) -> None:
    """Put the slash commands (/orders, /map, /ready...) into Discord for the application."""
    from outbox.discord import DEFAULT_API, DiscordApiError, put_commands
    from web.discord.definitions import COMMANDS

    missing = [f"{name} ({where})" for name, where in _NEEDED.items() if not os.environ.get(name, "").strip()]
    if missing:
        raise _Refused(
            "set " + " and ".join(missing) + ", from the application's page in Discord's developer portal "
            "(https://discord.com/developers/applications; docs/discord.md)"
        )
    application = os.environ["SENGOKU_DISCORD_APPLICATION_ID"].strip()
    token = os.environ["SENGOKU_DISCORD_BOT_TOKEN"].strip()
    api = os.environ.get("SENGOKU_DISCORD_API_URL", "").strip() or DEFAULT_API
    try:
        names = put_commands(api, application, token, COMMANDS, guild)
    except DiscordApiError as error:
        raise _Refused(f"the commands were not registered: {error}") from None
    where = f"server {guild}" if guild else "every server the application is in (Discord may take up to an hour)"
    click.echo(f"Registered {len(names)} commands for application {application} in {where}:")
    click.echo("  " + " ".join(f"/{name}" for name in names))
