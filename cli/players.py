"""``sengoku players``: the game's address book (which email addresses speak for which power).

The mail commands read it: a message from a known address needs no power
header, and results and reminders go to these addresses. An address in the
book is not proof of who wrote a mail (anyone can write any ``From:``):
``verify HOST...`` makes the game use mail only when the Authentication-Results
of a mail server the GM trusts verify its sender (docs/security.md).
"""

from __future__ import annotations

from pathlib import Path

import click

from cli.common import game_argument, power_name
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note
from game.game import Game

_USAGE = (
    "usage: sengoku players GAME.json [add POWER ADDRESS... | remove POWER ADDRESS... | set POWER ADDRESS... | "
    "clear POWER | verify HOST... | verify off]"
)


@click.command(short_help="Show, add, remove or set the players' email addresses.")
@game_argument
@click.argument("action", metavar="[add|remove|set|clear|verify]", required=False)
@click.argument("words", metavar="[POWER [ADDRESS...] | HOST...]", nargs=-1)
@cli_errors
def players(game: Path, action: str | None, words: tuple[str, ...]) -> None:
    """The address book: list it; 'add POWER ADDRESS...' (beside the power's others), 'remove POWER ADDRESS...',
    'set POWER ADDRESS...' (replacing the power's addresses: it says which went) or 'clear POWER'.

    An address says where results go and whose mail speaks for a power, but
    anyone can forge a From: line. 'verify HOST...' uses mail only when the
    Authentication-Results header written by HOST (your mail provider's
    receiving server, e.g. mx.google.com) verifies the sender, or a DKIM
    signature checked here ('verify dkim', then read mail with 'orders
    --dkim'); 'verify off' stops requiring it.

    \b
      sengoku players game.json
      sengoku players game.json add Oda nobunaga@example.org
      sengoku players game.json remove Oda old@example.org
      sengoku players game.json set Oda nobunaga@example.org
      sengoku players game.json clear Oda
      sengoku players game.json verify mx.google.com
    """
    if action is None:
        if words:
            raise click.UsageError(_USAGE)
        _list(load_game(game))
        return
    if action == "verify" and words:
        _verify(game, [] if words == ("off",) else list(words))
        return
    if action not in ("add", "remove", "set", "clear") or not words or (action != "clear") != (len(words) > 1):
        raise click.UsageError(_USAGE)
    with game_lock(game):
        loaded = load_game(game)
        power = power_name(loaded.board, words[0])
        before = list(loaded.state.addresses.get(power, []))
        given = _given(action, before, words[1:])
        stored = loaded.set_addresses(power, given)
        gone = [address for address in before if address not in stored]
        if action == "remove":
            _check_removed(power, before, words[1:], stored)
        if stored != before:
            note(loaded, _noted(power, stored, gone))
            save_game(game, loaded)
    click.echo(f"{power}: {', '.join(stored) or '(no address)'}")
    if gone:
        click.echo(f"  (no longer {power}'s: {', '.join(gone)})")


def _given(action: str, before: list[str], words: tuple[str, ...]) -> list[str]:
    """The power's addresses the action asks for (checked and cleaned by the game)."""
    if action == "add":
        return [*before, *words]
    if action == "remove":
        from game.addresses import AddressError, normalise_address

        try:
            removed = {normalise_address(word) for word in words}
        except AddressError as error:
            raise click.ClickException(str(error)) from None
        return [address for address in before if address not in removed]
    return list(words)


def _check_removed(power: str, before: list[str], words: tuple[str, ...], stored: list[str]) -> None:
    if len(stored) == len(before):
        raise click.ClickException(
            f"{power} has no address {', '.join(words)}; its addresses: {', '.join(before) or 'none'}"
        )


def _noted(power: str, stored: list[str], gone: list[str]) -> str:
    now = f"{power}'s addresses: {', '.join(stored)}" if stored else f"cleared {power}'s addresses"
    return now + (f" (removed: {', '.join(gone)})" if gone and stored else "")


def _verify(game: Path, hosts: list[str]) -> None:
    with game_lock(game):
        loaded = load_game(game)
        loaded.require_verified_senders(hosts)
        save_game(game, loaded)
    click.echo(_verification(loaded))


def _verification(game: Game) -> str:
    if not game.state.require_verified_sender:
        return "Senders: not verified (the address book is trusted as written; 'verify HOST' to require it)"
    hosts = ", ".join(host for host in game.state.mail_auth_hosts if host != "dkim")
    by = f"the Authentication-Results of {hosts} or " if hosts else ""
    return f"Senders: mail used only when verified by {by}a DKIM signature checked here (orders --dkim)"


def _list(game: Game) -> None:
    book = game.state.addresses
    for power in game.board.power_names:
        click.echo(f"{power}: {', '.join(book[power]) if power in book else '(no address)'}")
    click.echo(_verification(game))
