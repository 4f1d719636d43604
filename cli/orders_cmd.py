"""``sengoku orders``: pasted orders or mail in, one verdict per line out, the valid orders stored.

A GM pastes what players sent (one power's email, several powers' under
headers, a forum thread, three emails in a row) or points the command at a
mailbox. The mail reader gives every line a verdict (:mod:`orders.mail`),
the engine checks the orders against the position, and each power's message
is stored by the resend rule: replace (default) or ``--merge``
(:mod:`adjudicator.resend`). A bad line costs only itself, and a message
whose every line is refused stores nothing. The output ends with what each
power now has stored.
"""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import click

from adjudicator.game import Game
from adjudicator.resend import SendMode
from cli.common import game_argument, power_name
from cli.errors import ExitCode, cli_errors
from cli.gamefile import load_game, save_game
from cli.orders_show import line_report, mail_heading, notices, stored_report
from inbox.intake import MailRead, MailStatus, read_mail, read_paste
from orders import VerdictKind
from shellkit.files import FileRefused, open_regular_file, size_text

__all__ = ["MAX_PASTE_BYTES", "orders"]

MAX_PASTE_BYTES = 1024 * 1024  # a phase's mail, quotes and all, is a few kilobytes


@click.command(short_help="Read pasted orders or mail; store the valid ones.")
@game_argument
@click.argument("sources", metavar="[FILE|-]...", nargs=-1)
@click.option("--power", "default_power", metavar="POWER", help="The power for lines before any header.")
@click.option(
    "--merge",
    is_flag=True,
    help="A power's later orders for a unit replace its earlier ones; its other orders stand "
    "(default: a power's new message replaces all its orders for the phase).",
)
@click.option("--mbox", "kind", flag_value="mbox", help="The FILEs are mbox mailboxes (Thunderbird, mutt, Takeout).")
@click.option("--eml", "kind", flag_value="eml", help="The FILEs are mail messages saved one per file (.eml).")
@click.option("--maildir", "kind", flag_value="maildir", help="The FILEs are Maildir folders.")
@cli_errors
def orders(game: Path, sources: tuple[str, ...], default_power: str | None, merge: bool, kind: str | None) -> None:
    """Read orders pasted on standard input, from FILE, or from mail, and store the valid ones.

    \b
      sengoku orders game.json                  paste, then Ctrl-D
      sengoku orders game.json emails.txt       one power, or several under headers
      sengoku orders game.json --mbox game.mbox
      sengoku orders game.json --eml oda.eml takeda.eml
      sengoku orders game.json --maildir ~/Maildir/.sengoku

    Each line gets a verdict: ok, REFUSED (with the reason), header, or
    ignored (chatter, signature, quoted text, markup: never counted). A
    header ('Oda:', 'Orders for Oda', 'Oda orders for Spring 1570:') names
    the power for the lines below; mail from an address in the game's
    address book ('sengoku players') needs none, and mail from an unknown
    address is listed, not used. Mail already read (by Message-ID) is not
    read again. Each power's message replaces its earlier orders (or, with
    --merge, its orders for the same units); a message whose every line is
    refused stores nothing. Exit code 3 when any line was refused (the valid
    lines are stored all the same).
    """
    loaded = load_game(game)  # before the paste: a bad game file should not cost the GM the typing
    power = power_name(loaded.board, default_power) if default_power else None
    mode = SendMode.MERGE if merge else SendMode.REPLACE
    if kind is None:
        if len(sources) > 1:
            raise click.UsageError("give one FILE of pasted orders (or --mbox, --eml or --maildir for mail)")
        refused = _paste(loaded, _text(sources[0] if sources else "-"), power, mode)
    else:
        if not sources:
            raise click.UsageError(f"--{kind} needs at least one FILE")
        if power is not None:
            raise click.UsageError("--power is for pasted text; mail speaks for the power of its sender's address")
        refused = _mail(loaded, kind, [Path(source) for source in sources], mode, str(game))
    save_game(game, loaded)
    if refused:
        raise SystemExit(ExitCode.LINES_REFUSED)


def _paste(game: Game, text: str, power: str | None, mode: SendMode) -> bool:
    read = read_paste(game, text, power=power, mode=mode)
    for line in line_report(game, read.lines, read.messages):
        click.echo(line)
    for line in stored_report(game, read.sent) + notices(read.lines):
        click.echo(line)
    return bool(read.refused)


def _mail(game: Game, kind: str, paths: list[Path], mode: SendMode, game_file: str) -> bool:
    from inbox import sources  # the mail modules load only when mail is read

    try:
        if kind == "mbox":
            mails = [mail for path in paths for mail in sources.read_mbox(path)]
        elif kind == "eml":
            mails = sources.read_eml(paths)
        else:
            mails = [mail for path in paths for mail in sources.read_maildir(path)]
    except sources.MailboxError as error:
        raise click.ClickException(str(error)) from None
    results = read_mail(game, mails, mode=mode)
    shown = [result for result in results if result.status is not MailStatus.ALREADY_READ]
    for number, result in enumerate(shown, start=1):
        _show_mail(game, result, number, len(shown), game_file)
    skipped = len(results) - len(shown)
    if skipped:
        click.echo(f"Already read before, not read again: {skipped} message{'s' if skipped > 1 else ''}.")
    if not results:
        click.echo("No messages in it.")
    lines = [line for result in results for line in result.lines]
    for line in stored_report(game, [sent for result in results for sent in result.sent]) + notices(lines):
        click.echo(line)
    unused = any(result.status in (MailStatus.UNREADABLE, MailStatus.UNKNOWN_SENDER) for result in results)
    return unused or any(line.kind is VerdictKind.ERROR for line in lines)


def _show_mail(game: Game, result: MailRead, number: int, count: int, game_file: str) -> None:
    click.echo(mail_heading(result, number, count, game_file))
    for note in result.mail.notes:
        click.echo(f"  ({note})")
    for line in line_report(game, result.lines):
        click.echo(line)


def _text(source: str) -> str:
    """The pasted text: from a file or standard input, UTF-8, and of a size orders can have.

    A file is read only if it is a regular file (never a device or a named
    pipe, which could be read for ever); standard input is read to at most
    one byte over the limit, so an endless stream is refused, not swallowed.
    """
    if source == "-":
        if sys.stdin.isatty():
            click.echo("Paste the orders, then Ctrl-D:", err=True)
        data = sys.stdin.buffer.read(MAX_PASTE_BYTES + 1)
        name = "standard input"
    else:
        data, name = _file_bytes(Path(source)), source
    if len(data) > MAX_PASTE_BYTES:
        raise click.ClickException(
            f"{name}: more than {size_text(MAX_PASTE_BYTES)}, too long for pasted orders "
            "(for a mailbox use --mbox, --eml or --maildir); nothing was stored"
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise click.ClickException(f"{name}: UTF-16 text; save the orders as UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise click.ClickException(f"{name}: not UTF-8 text; save the orders as UTF-8") from None
    if "\x00" in text:
        raise click.ClickException(f"{name}: binary data, not text; nothing was stored")
    return text


def _file_bytes(path: Path) -> bytes:
    """A file of pasted orders, refused (exit 1, one line) unless it is a regular file of a paste's size."""
    try:
        with open_regular_file(path, "file of orders") as (handle, _):
            return handle.read(MAX_PASTE_BYTES + 1)
    except FileRefused as refused:
        problem = "is a folder, not a file of orders" if path.is_dir() else refused.problem
        if not refused.missing and stat.S_ISFIFO(path.stat().st_mode):  # `sengoku orders GAME <(...)`, say
            problem += " (send a pipe to standard input instead: ... | sengoku orders GAME)"
        raise click.ClickException(f"{path}: {problem}; nothing was stored") from None
