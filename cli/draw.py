"""``sengoku draw`` and ``sengoku concede``: the two ways a game ends without a solo win."""

from __future__ import annotations

from pathlib import Path

import click

from cli.common import game_argument, power_name
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note


@click.command(short_help="Record a power's vote for a draw.")
@game_argument
@click.argument("voter", metavar="POWER")
@click.argument("members", metavar="[MEMBER]...", nargs=-1)
@click.option("--withdraw", is_flag=True, help="Withdraw POWER's vote.")
@cli_errors
def draw(game: Path, voter: str, members: tuple[str, ...], withdraw: bool) -> None:
    """Record POWER's vote for a draw between MEMBERs (default: every surviving power).

    Any kind of draw is allowed; it passes when every surviving power has
    voted for the same members.
    """
    if withdraw and members:
        raise click.UsageError("--withdraw takes no MEMBERs")
    with game_lock(game):
        loaded = load_game(game)
        power = power_name(loaded.board, voter)
        chosen = None if withdraw else [power_name(loaded.board, m) for m in members] or loaded.survivors()
        result = loaded.vote_draw(power, chosen)
        note(loaded, f"{power} withdrew its draw vote" if chosen is None else f"{power} voted for a draw")
        save_game(game, loaded)
    if chosen is None:
        click.echo(f"{power} withdraws its draw vote. The game goes on.")
    elif result.over:
        click.echo(result.describe().upper())
    else:
        proposal = sorted(set(chosen))
        click.echo(f"{power} votes for a draw between {', '.join(proposal)}.")
        votes = loaded.state.draw_votes
        _waiting("to vote for this draw", [p for p in loaded.survivors() if votes.get(p) != proposal])


@click.command(short_help="Record a power conceding the game to another (or --withdraw it).")
@game_argument
@click.argument("conceder", metavar="POWER")
@click.option("--to", "winner", metavar="WINNER", help="The power POWER concedes the game to.")
@click.option("--withdraw", is_flag=True, help="POWER takes its concession back (a game it ended goes on).")
@cli_errors
def concede(game: Path, conceder: str, winner: str | None, withdraw: bool) -> None:
    """Record that POWER concedes the game to WINNER; when every other survivor has, WINNER wins.

    With --withdraw, POWER takes its concession back: recorded by mistake,
    or a game that concessions ended goes on again.
    """
    if withdraw == (winner is not None):
        raise click.UsageError("give --to WINNER, or --withdraw" if not withdraw else "--withdraw takes no --to")
    with game_lock(game):
        loaded = load_game(game)
        power = power_name(loaded.board, conceder)
        if winner is None:
            was = loaded.state.concessions.get(power)
            result = loaded.withdraw_concession(power)
            note(loaded, f"{power} withdrew its concession to {was}")
            save_game(game, loaded)
            click.echo(f"{power} withdraws its concession to {was}. {result.describe()}")
            return
        to = power_name(loaded.board, winner)
        if power == to:
            raise click.ClickException(f"{power} cannot concede to itself")
        result = loaded.concede(power, to)
        note(loaded, f"{power} conceded the game to {to}")
        save_game(game, loaded)
    click.echo(f"{power} concedes the game to {to}.")
    if result.over:
        click.echo(result.describe().upper())
    else:
        given = loaded.state.concessions
        _waiting(f"to concede to {to}", [p for p in loaded.survivors() if p != to and given.get(p) != to])


def _waiting(what: str, powers: list[str]) -> None:
    click.echo(f"The game goes on; still {what}: {', '.join(powers)}.")
